/** qarx perturb trap: each passage with a trap sentence (AddSent-like, the dataset's own, or typed) as SQuAD JSON. */
import { NO_ANSWER_OPTIONS, noAnswerOf } from '../no-answer.ts';
import { parseArgs } from 'node:util';
import type { Instance } from '../../core/data/types.ts';
import { prepareTraps, TRAP_SOURCES, type TrapConfig, type TrapItem, type TrapSkipped, type TrapSource } from '../../core/trap/experiment.ts';
import { insertTrap, POSITION_LABELS, TRAP_POSITIONS, type TrapPosition } from '../../core/trap/insert.ts';
import { checkOutputFile, err, seedOpt, UsageError } from '../io.ts';
import { writeTrapSquad } from '../trap-out.ts';
import { drain } from '../gc.ts';
import { readDataset } from '../data.ts';
import { applyScope, SCOPE_OPTIONS } from '../scope-opts.ts';

/** The typed sentence in every answerable passage, and the others counted. */
function typedTraps(instances: readonly Instance[], sentence: string, position: TrapPosition): { items: TrapItem[]; skipped: TrapSkipped } {
  const items: TrapItem[] = [];
  const skipped: TrapSkipped = {};
  for (const inst of instances) {
    const why = inst.isImpossible || inst.answers.length === 0 ? 'unanswerable' : null;
    const variant = why ? null : insertTrap(inst, sentence, position);
    if (variant) {
      items.push({ inst, variant, sentence: sentence.replace(/\s+/g, ' ').trim() });
      continue;
    }
    const s = (skipped[why ?? 'insertion point inside an answer'] ??= { count: 0, ids: [] });
    s.count++;
    if (s.ids.length < 5) s.ids.push(inst.id);
  }
  return { items, skipped };
}

/** "8 no rewriting rule (q1, q2)" per reason, for stderr. */
function describeSkipped(skipped: TrapSkipped): string {
  return Object.entries(skipped)
    .map(([why, s]) => `${s.count} ${why} (${s.ids.join(', ')}${s.count > s.ids.length ? ', …' : ''})`)
    .join(', ');
}

/** `perturb trap`: runs it and returns the exit code. */
export async function perturbTrap(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { position: { type: 'string', default: 'after' }, source: { type: 'string', default: 'generated' }, seed: { type: 'string', default: '1' }, sentence: { type: 'string' }, lang: { type: 'string' }, ids: SCOPE_OPTIONS.ids, ...NO_ANSWER_OPTIONS },
  });
  const [input, output] = positionals;
  if (!input || !output || positionals.length > 2) throw new UsageError('perturb trap needs <in> <out>.');
  const position = values.position as TrapPosition;
  if (!TRAP_POSITIONS.includes(position)) throw new UsageError(`--position must be one of ${TRAP_POSITIONS.join(', ')}, got "${values.position}".`);
  const source = values.source as TrapSource;
  if (!TRAP_SOURCES.includes(source)) throw new UsageError(`--source must be one of ${TRAP_SOURCES.join(', ')}, got "${values.source}".`);
  const sentence = values.sentence;
  if (sentence !== undefined && !sentence.trim()) throw new UsageError('--sentence is empty.');
  const seed = seedOpt(values.seed);
  if (values.lang !== undefined && values.lang !== 'en' && values.lang !== 'zh') throw new UsageError(`--lang must be en or zh, got "${values.lang}".`);
  const lang = values.lang as Instance['lang'] | undefined;
  checkOutputFile(output);
  // The data's language (guessed from each passage) picks the generator; --lang overrides it.
  const read = await readDataset(input);
  // The written file keeps the source's no-answer decision (a SQuAD 2.0 source stays v2.0).
  const noAnswer = noAnswerOf('perturb trap', values, read.evidence);
  const instances = applyScope(read.instances, { ids: values.ids }).instances.map((i) => (lang ? { ...i, lang } : i));
  const config: TrapConfig = { source, position, seed };
  const { items, skipped } = sentence !== undefined ? typedTraps(instances, sentence, position) : prepareTraps(instances, config);
  const trapped = items.length;
  // Written and let go one paragraph at a time: every question's trapped passage is its own copy.
  writeTrapSquad(output, drain<TrapItem>(items), sentence !== undefined ? { ...config, sentence } : config, noAnswer.versionTwo);
  const why = describeSkipped(skipped);
  const what = sentence !== undefined ? 'typed sentence' : source === 'dataset' ? "the dataset's trap variants" : `generated, seed ${seed}`;
  err(`qarx: trap (${what}, ${POSITION_LABELS[position]}): ${trapped} of ${instances.length} questions trapped${why ? `; left out: ${why}` : ''}; wrote ${output}\n`);
  return 0;
}
