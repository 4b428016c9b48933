/** qarx perturb entity | synthetic | trap: renamed or noisy copies of a dataset as SQuAD JSON. */
import { parseArgs } from 'node:util';
import { ENTITY_CHOICES, NAME_SOURCES, ORIGINS, poolFor, RENAME_TARGETS, renameAll, renamedToSquad, SOURCE_LABELS, type EntityChoice, type NameSource, type Origin, type RenameOptions, type RenameTarget } from '../../core/entity/index.ts';
import type { Instance } from '../../core/data/types.ts';
import { instancesToSquad } from '../../core/formats/index.ts';
import { addNoise, NOISE_KINDS, NOISE_LABELS, type NoiseKind } from '../../core/natural/noise.ts';
import { checkOutputFile, err, seedOpt, UsageError } from '../io.ts';
import { writeJsonFile } from '../json-out.ts';
import { describeGroups, groupBy } from '../report.ts';
import { collectGarbage, GC_EVERY } from '../gc.ts';
import { readInstances } from '../data.ts';

/** Runs `qarx perturb entity|synthetic …` and returns the exit code. */
export async function perturb(argv: string[]): Promise<number> {
  const [kind, ...rest] = argv;
  if (kind === 'synthetic') return perturbSynthetic(rest);
  if (kind === 'paraphrase') return (await import('./perturb-paraphrase.ts')).perturbParaphrase(rest);
  if (kind === 'trap') return (await import('./perturb-trap.ts')).perturbTrap(rest);
  if (kind !== 'entity') throw new UsageError(`perturb needs a kind: qarx perturb entity …, synthetic …, paraphrase … or trap … (got "${kind ?? ''}").`);
  return perturbEntity(rest);
}

/** Yields each item and drops it from the array, so a big input's originals can be freed while their perturbed copies are built. */
function* drain<T>(items: (T | null)[]): Generator<T> {
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    items[k] = null;
    if (item !== null && item !== undefined) yield item;
  }
}

/** Imports `input` for perturbing (see readInstances), reporting what was read and skipped; throws when nothing is usable. */
export const readInput = readInstances;

/** `perturb entity`: renames each question's answer entity (or, with --target question-person, the person its question names). */
async function perturbEntity(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { type: { type: 'string', default: 'MIX' }, target: { type: 'string', default: 'answer' }, source: { type: 'string', default: 'db' }, origin: { type: 'string', default: 'us' }, seed: { type: 'string', default: '1' } },
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
  const instances = await readInput(input);
  const opts: RenameOptions = { type, target, source, origin, seed };
  // The pool is every question of the file (the app's: every question of the dataset).
  const pool = poolFor(instances, source);
  const total = instances.length;
  const { kept, skipped } = renameAll(drain<Instance>(instances), opts, pool, (seen) => {
    if (seen % GC_EVERY === 0) collectGarbage();
  });
  writeJsonFile(output, renamedToSquad(kept, opts), 1);
  const why = describeGroups(groupBy(skipped));
  const what = target === 'question-person' ? 'person in the question' : type;
  err(`qarx: renamed ${kept.length} of ${total} questions (${what}, ${SOURCE_LABELS[source]}${source === 'db' ? `, ${origin}` : ''}, seed ${seed})${why ? `; left out: ${why}` : ''}; wrote ${output}\n`);
  return 0;
}

/** `perturb synthetic`: NLPAug-style noise outside the gold answers. */
async function perturbSynthetic(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { kind: { type: 'string' }, rate: { type: 'string', default: '0.3' }, seed: { type: 'string', default: '1' } } });
  const [input, output] = positionals;
  if (!input || !output || positionals.length > 2) throw new UsageError('perturb synthetic needs <in> <out>.');
  const kind = values.kind as NoiseKind;
  if (!NOISE_KINDS.includes(kind)) throw new UsageError(`--kind must be one of ${NOISE_KINDS.join(', ')}, got "${values.kind ?? ''}".`);
  const rate = Number(values.rate);
  if (!(rate > 0 && rate <= 1)) throw new UsageError(`--rate must be a number in (0, 1], got "${values.rate}".`);
  const seed = seedOpt(values.seed);
  checkOutputFile(output);
  const instances = await readInstances(input);
  const total = instances.length;
  const kept: Instance[] = [];
  const dropped: [string, string][] = [];
  let changed = 0;
  let seen = 0;
  for (const inst of drain<Instance>(instances)) {
    // A big input: collect now and then, so the garbage of the walk never doubles the heap.
    if (++seen % GC_EVERY === 0) collectGarbage();
    const n = addNoise(inst, { kind, rate, seed });
    if (!n) {
      dropped.push(['with nothing outside the answers to change', inst.id]);
      continue;
    }
    kept.push(n.perturbed);
    changed += n.changed;
  }
  writeJsonFile(output, { ...instancesToSquad(kept), perturbation: { kind: 'synthetic', noise: kind, rate, seed } }, 1);
  const why = describeGroups(groupBy(dropped));
  err(`qarx: ${NOISE_LABELS[kind]} at rate ${rate}, seed ${seed}: ${kept.length} of ${total} questions kept (${changed} edits)${why ? `; dropped ${why}` : ''}; wrote ${output}\n`);
  return 0;
}
