/** qarx perturb entity: renamed copies of a dataset as SQuAD JSON (loads the entity lexicon and name lists). */
import { NO_ANSWER_OPTIONS, noAnswerOf } from '../no-answer.ts';
import { parseArgs } from 'node:util';
import { ENTITY_CHOICES, NAME_SOURCES, ORIGINS, poolFor, RENAME_TARGETS, renameAll, renamedToSquad, SOURCE_LABELS, type EntityChoice, type NameSource, type Origin, type RenameOptions, type RenameTarget } from '../../core/entity/index.ts';
import type { Instance } from '../../core/data/types.ts';
import { checkOutputFile, err, seedOpt, UsageError } from '../io.ts';
import { writeJsonFile } from '../json-out.ts';
import { describeGroups, groupBy } from '../report.ts';
import { collectGarbage, drain, GC_EVERY } from '../gc.ts';
import { readDataset } from '../data.ts';
import { tagWithModel } from '../model.ts';
import { reportCoverage } from '../coverage.ts';

/** `perturb entity`: renames each question's answer entity (or, with --target question-person, the person its question names). */
export async function perturbEntity(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { type: { type: 'string', default: 'MIX' }, target: { type: 'string', default: 'answer' }, source: { type: 'string', default: 'db' }, origin: { type: 'string', default: 'us' }, seed: { type: 'string', default: '1' }, tagger: { type: 'string' }, 'hub-host': { type: 'string' }, 'cache-dir': { type: 'string' }, ...NO_ANSWER_OPTIONS },
  });
  const [input, output] = positionals;
  if (!input || !output || positionals.length > 2) throw new UsageError('perturb entity needs <in> <out>.');
  const target = values.target?.toLowerCase() as RenameTarget;
  if (!RENAME_TARGETS.includes(target)) throw new UsageError(`--target must be answer or question-person, got "${values.target}".`);
  const type = (target === 'question-person' ? 'PER' : values.type?.toUpperCase()) as EntityChoice;
  if (!ENTITY_CHOICES.includes(type)) throw new UsageError(`--type must be PER, ORG, GPE or MIX, got "${values.type}".`);
  const source = values.source?.toLowerCase() as NameSource;
  if (!NAME_SOURCES.includes(source)) throw new UsageError(`--source must be indist, db or randstr, got "${values.source}".`);
  const origin = values.origin?.toLowerCase() as Origin;
  if (!ORIGINS.includes(origin)) throw new UsageError(`--origin must be one of ${ORIGINS.join(', ')}, got "${values.origin}".`);
  const seed = seedOpt(values.seed);
  checkOutputFile(output);
  const file = await readDataset(input);
  const read = file.instances;
  // The written file keeps the source's no-answer decision (core/data/no-answer.ts).
  const noAnswer = noAnswerOf('perturb entity', values, file.evidence);
  // A file's own entity spans come first; a Hub NER model (--tagger) tags the other passages.
  const { instances, passages: tagged } = values.tagger ? await tagWithModel(read, values.tagger, values) : { instances: read, passages: 0 };
  reportCoverage('perturb entity', instances, values.tagger);
  const opts: RenameOptions = { type, target, source, origin, seed };
  // The pool is every question of the file as read (the app's: every question of the dataset, built-in tagger).
  const pool = poolFor(read, source);
  const total = instances.length;
  const { kept, skipped } = renameAll(drain<Instance>(instances), opts, pool, (seen) => {
    if (seen % GC_EVERY === 0) collectGarbage();
  });
  writeJsonFile(output, renamedToSquad(kept, opts, noAnswer.versionTwo), 1);
  const why = describeGroups(groupBy(skipped));
  const what = target === 'question-person' ? 'person in the question' : type;
  const tagger = values.tagger ? `, tagger ${values.tagger} (${tagged} passages)` : '';
  err(`qarx: renamed ${kept.length} of ${total} questions (${what}, ${SOURCE_LABELS[source]}${source === 'db' ? `, ${origin}` : ''}, seed ${seed}${tagger})${why ? `; left out: ${why}` : ''}; wrote ${output}\n`);
  return 0;
}
