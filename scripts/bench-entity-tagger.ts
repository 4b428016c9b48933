/**
 * How well the built-in entity tagger finds answer entities (issue 42.2): per type coverage on every
 * answerable question, MIX-renamable share, and precision/recall against the hand labels in
 * scripts/data/answer-entity-labels.json, for compromise alone, the tagger before issue 42 and today's.
 * The passages are read from ../shared when present (never copied into the repository):
 * `npx tsx scripts/bench-entity-tagger.ts [squad.json]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnswerEntityType, Instance } from '../src/core/data/types.ts';
import { buildNamePool, renameInstance } from '../src/core/entity/rename.ts';
import { importFile } from '../src/core/formats/index.ts';
import { answerEntityType, compromiseAnswerType, compromiseType } from '../src/core/ner/answer-type.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const labelFile = JSON.parse(readFileSync(join(root, 'scripts/data/answer-entity-labels.json'), 'utf8')) as { source: string; labels: Record<string, string>; heldOut: Record<string, string>; gpePredictions: { tune: Record<string, string>; heldOut: Record<string, string> } };
const file = process.argv[2] ?? resolve(root, '../shared/data', labelFile.source);
if (!existsSync(file)) {
  console.log(`No ${file}: the benchmark reads real SQuAD dev passages from ../shared/data, which this machine lacks.`);
  process.exit(0);
}

type Tagger = (x: Instance) => AnswerEntityType;
const ctx = (x: Instance) => (x.answers[0]?.start !== undefined ? { text: x.context, start: x.answers[0].start } : undefined);
const TAGGERS: [string, Tagger][] = [
  ['compromise alone', (x) => compromiseType(x.answers[0]?.text ?? '')],
  ['before (compromise + typing.ts)', (x) => compromiseAnswerType(x.answers[0]?.text ?? '', ctx(x))],
  ['now (rules + compromise + question)', (x) => answerEntityType(x.answers[0]?.text ?? '', ctx(x), x.question)],
];
const TYPES = ['PER', 'ORG', 'GPE'] as const;
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');

const { instances } = await importFile(file, new Uint8Array(readFileSync(file)), { dataset: basename(file) });
const answerable = instances.filter((x) => !x.isImpossible && x.answers[0]);
/** The label sets: the one the rules were tuned on, the held-out one labelled after, and both. */
const SPLITS: [string, Record<string, string>][] = [
  ['tuning sample', labelFile.labels],
  ['held-out sample', labelFile.heldOut],
  ['both', { ...labelFile.labels, ...labelFile.heldOut }],
];
console.log(`${basename(file)}: ${answerable.length} answerable questions; ${SPLITS.map(([n, l]) => `${n} ${Object.keys(l).length}`).join(', ')} hand-labelled`);

for (const [name, tag] of TAGGERS) {
  const t0 = performance.now();
  const typed = answerable.map((x) => ({ ...x, answerType: tag(x) }));
  const ms = performance.now() - t0;
  const count = (t: string) => typed.filter((x) => x.answerType === t).length;
  const pool = buildNamePool(typed);
  const mix = typed.filter((x) => typeof renameInstance(x, { type: 'MIX', source: 'db', origin: 'us', seed: 1 }, pool) !== 'string').length;
  console.log(`\n${name} (${(ms / 1000).toFixed(1)} s)`);
  console.log(`  coverage: ${TYPES.map((t) => `${t} ${count(t)}`).join(', ')}; any ${pct(typed.length - count('other'), typed.length)}; MIX-renamable ${mix} (${pct(mix, typed.length)})`);
  const byId = new Map(typed.map((x) => [x.id, x.answerType]));
  for (const [split, labels] of SPLITS) {
    console.log(`  ${split}: ${TYPES.map((t) => scores(t, labels, byId)).join('; ')}`);
  }
  // A precision sample: the answers one frozen version of the rules typed GPE (recall means nothing there).
  for (const split of ['tune', 'heldOut'] as const) {
    console.log(`  GPE-prediction sample, ${split === 'tune' ? 'tuning half' : 'held-out half'}: ${scores('GPE', labelFile.gpePredictions[split], byId).replace(/ R \S+ \(\d+\/\d+\)/, '')}`);
  }
}

/** Precision and recall of one type against one label set (with the slipped ids when SLIPS is set). */
function scores(t: string, labels: Record<string, string>, byId: Map<string, AnswerEntityType>): string {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const slips: string[] = [];
  for (const [id, gold] of Object.entries(labels)) {
    const got = byId.get(id);
    if (got === t && gold === t) tp++;
    else if (got === t) {
      fp++;
      slips.push(`+${id}`);
    } else if (gold === t) {
      fn++;
      slips.push(`-${id}`);
    }
  }
  return `${t} P ${pct(tp, tp + fp)} (${tp}/${tp + fp}) R ${pct(tp, tp + fn)} (${tp}/${tp + fn})${process.env.SLIPS ? ` ${slips.join(' ')}` : ''}`;
}
