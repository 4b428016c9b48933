/**
 * How well the built-in entity tagger finds answer entities (issues 42.2–42.4): per type coverage on
 * every answerable question, MIX-renamable share, and precision/recall against the hand labels in
 * scripts/data/answer-entity-labels.json, for compromise alone, the tagger before issue 42 and today's;
 * then the Chinese tagger (zh.ts) on two labelled Chinese samples of our own text (a substitute for
 * DuReader-robust, which this machine lacks): scripts/data/zh-entity-sample.json (tuned on) and
 * zh-entity-fresh.json (labelled before the tagger ran, never tuned on), with Wilson 95% intervals; on a real
 * DuReader-robust file when one is given (coverage only: it has no labels); and GPE precision and
 * recall with Wilson 95% intervals on the fresh sample scripts/data/gpe-fresh-sample.json (labelled
 * after the rules were frozen, never tuned on).
 * The English passages are read from ../shared when present (never copied into the repository):
 * `npx tsx scripts/bench-entity-tagger.ts [squad.json] [--zh dureader-robust.json]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnswerEntityType, Instance } from '../src/core/data/types.ts';
import { buildNamePool, renameInstance } from '../src/core/entity/rename.ts';
import { importFile } from '../src/core/formats/index.ts';
import { answerEntityType, compromiseAnswerType, compromiseType } from '../src/core/ner/answer-type.ts';
import { wilson } from '../src/core/stats/wilson.ts';
import { hashString } from '../src/core/text/random.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const labelFile = JSON.parse(readFileSync(join(root, 'scripts/data/answer-entity-labels.json'), 'utf8')) as { source: string; labels: Record<string, string>; heldOut: Record<string, string>; gpePredictions: { tune: Record<string, string>; heldOut: Record<string, string> } };
const ZH_SAMPLE = join(root, 'scripts/data/zh-entity-sample.json');
/** The fresh Chinese sample (issue 42.4, h14-zh): labelled before the tagger ran on it, never tuned on. */
const ZH_FRESH = join(root, 'scripts/data/zh-entity-fresh.json');
/** The fresh GPE sample (issue 42.2, h14): labelled after the rules were frozen, never tuned on. */
const FRESH = JSON.parse(readFileSync(join(root, 'scripts/data/gpe-fresh-sample.json'), 'utf8')) as { frozenAt: string; sources: Record<string, string>; labels: Record<string, string> };
const args = process.argv.slice(2);
const zhAt = args.indexOf('--zh');
/** A real DuReader-robust file (`--zh path`): its coverage is printed beside the Chinese sample's figures. */
const zhFile = zhAt >= 0 ? args.splice(zhAt, 2)[1] : undefined;
const file = args[0] ?? resolve(root, '../shared/data', labelFile.source);

type Tagger = (x: Instance) => AnswerEntityType;
const ctx = (x: Instance) => (x.answers[0]?.start !== undefined ? { text: x.context, start: x.answers[0].start } : undefined);
const TAGGERS: [string, Tagger][] = [
  ['compromise alone', (x) => compromiseType(x.answers[0]?.text ?? '')],
  ['before (compromise + typing.ts)', (x) => compromiseAnswerType(x.answers[0]?.text ?? '', ctx(x))],
  ['now (rules + compromise + question)', (x) => answerEntityType(x.answers[0]?.text ?? '', ctx(x), x.question)],
];
const TYPES = ['PER', 'ORG', 'GPE'] as const;
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');

/** A file's answerable questions (those with a first gold answer). */
async function answerableOf(path: string): Promise<Instance[]> {
  const { instances } = await importFile(path, new Uint8Array(readFileSync(path)), { dataset: basename(path) });
  return instances.filter((x) => !x.isImpossible && x.answers[0]);
}

/** Coverage per type and MIX-renamable share of typed questions, e.g. 'PER 3, ORG 1, GPE 2; any 60.0%; MIX-renamable 5 (50.0%)'. */
function coverageLine(typed: Instance[]): string {
  const count = (t: string) => typed.filter((x) => x.answerType === t).length;
  const pool = buildNamePool(typed);
  const mix = typed.filter((x) => typeof renameInstance(x, { type: 'MIX', source: 'db', origin: 'us', seed: 1 }, pool) !== 'string').length;
  return `${TYPES.map((t) => `${t} ${count(t)}`).join(', ')}; any ${pct(typed.length - count('other'), typed.length)}; MIX-renamable ${mix} (${pct(mix, typed.length)})`;
}

/** The English figures: coverage and P/R per type for each tagger against the hand-labelled SQuAD answers. */
function english(answerable: Instance[]): void {
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
    console.log(`\n${name} (${(ms / 1000).toFixed(1)} s)`);
    console.log(`  coverage: ${coverageLine(typed)}`);
    const byId = new Map(typed.map((x) => [x.id, x.answerType]));
    for (const [split, labels] of SPLITS) console.log(`  ${split}: ${TYPES.map((t) => scores(t, labels, byId)).join('; ')}`);
    // A precision sample: the answers one frozen version of the rules typed GPE (recall means nothing there).
    for (const split of ['tune', 'heldOut'] as const) {
      console.log(`  GPE-prediction sample, ${split === 'tune' ? 'tuning half' : 'held-out half'}: ${scores('GPE', labelFile.gpePredictions[split], byId).replace(/ R \S+ \(\d+\/\d+\)/, '')}`);
    }
  }
}

/** The Chinese figures (issue 42.4): each labelled sample's coverage and P/R per type with Wilson 95% intervals, and a real DuReader-robust file's coverage when given. */
async function chinese(): Promise<void> {
  const SAMPLES: [string, string][] = [
    [ZH_SAMPLE, 'our own text, a substitute for DuReader-robust; the rules were tuned on it'],
    [ZH_FRESH, 'our own text, labelled before the tagger ran, rules frozen at 8ee5985; never tuned on'],
  ];
  for (const [path, about] of SAMPLES) {
    const sample = JSON.parse(readFileSync(path, 'utf8')) as { labels: Record<string, string> };
    const typed = (await answerableOf(path)).map((x) => ({ ...x, answerType: answerEntityType(x.answers[0]?.text ?? '', ctx(x), x.question) }));
    const byId = new Map(typed.map((x) => [x.id, x.answerType]));
    console.log(`\nChinese sample ${basename(path)} (${about}): ${typed.length} answers hand-labelled`);
    console.log(`  coverage: ${coverageLine(typed)}`);
    console.log(`  ${TYPES.map((t) => scores(t, sample.labels, byId)).join('; ')}`);
    for (const t of TYPES) console.log(`  ${t}: ${typeCi(t, sample.labels, byId)}`);
  }
  if (!zhFile) return;
  const real = (await answerableOf(zhFile)).map((x) => ({ ...x, answerType: answerEntityType(x.answers[0]?.text ?? '', ctx(x), x.question) }));
  console.log(`\n${basename(zhFile)} (no labels: coverage only): ${real.length} answerable questions`);
  console.log(`  coverage: ${coverageLine(real)}`);
}

if (existsSync(file)) {
  const answerable = await answerableOf(file);
  english(answerable);
  await freshGpe(new Set(answerable.map((x) => x.id)));
} else console.log(`No ${file}: the English figures need real SQuAD dev passages from ../shared/data, which this machine lacks.`);
await chinese();

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

/** Precision and recall of one type with Wilson 95% intervals and n, e.g. 'P 90.0% [59.6–98.2] (9/10), R …'. */
function typeCi(t: string, labels: Record<string, string>, byId: Map<string, AnswerEntityType>): string {
  const ids = Object.keys(labels);
  const tp = ids.filter((id) => byId.get(id) === t && labels[id] === t).length;
  const predicted = ids.filter((id) => byId.get(id) === t).length;
  const gold = ids.filter((id) => labels[id] === t).length;
  return `P ${withCi(tp, predicted)}, R ${withCi(tp, gold)}`;
}

/** A share with its Wilson 95% interval and n, e.g. '100.0% [77.2–100.0] (13/13)'. */
function withCi(k: number, n: number): string {
  const { lo, hi } = wilson(k, n);
  return n ? `${pct(k, n)} [${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}] (${k}/${n})` : '— (0/0)';
}

/** The fresh GPE sample's key of an answer: source, question id and the answer's hash (no passage text in the repository). */
function freshKey(source: string, x: Instance): string {
  return `${source}:${x.id}:${hashString(x.answers[0]?.text ?? '').toString(16).padStart(8, '0')}`;
}

/**
 * GPE precision and recall of today's tagger on the fresh sample (every answer of HotpotQA, DROP's span
 * answers, and the Nat_V1 and SQuAD 2.0 fixture questions outside the SQuAD pair, all labelled by hand
 * after the rules were frozen), with Wilson 95% intervals; `pairIds` are the SQuAD pair's question ids.
 */
async function freshGpe(pairIds: ReadonlySet<string>): Promise<void> {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let n = 0;
  const slips: string[] = [];
  for (const [source, rel] of Object.entries(FRESH.sources)) {
    const path = resolve(dirname(file), '../..', rel);
    if (!existsSync(path)) return console.log(`\nFresh GPE sample: no ${path}`);
    // Nat_V1 and the SQuAD 2.0 fixture share questions with the pair ("…f86f7-n0" is the pair's "…f86f7"): those were labelled or tuned on.
    for (const x of (await answerableOf(path)).filter((i) => !pairIds.has(i.id.replace(/-\w+$/, '')))) {
      const gold = FRESH.labels[freshKey(source, x)];
      if (!gold) continue;
      n++;
      const got = answerEntityType(x.answers[0]?.text ?? '', ctx(x), x.question) === 'GPE';
      if (got && gold === 'GPE') tp++;
      else if (got || gold === 'GPE') {
        if (got) fp++;
        else fn++;
        slips.push(`${got ? '+' : '-'}${freshKey(source, x)}`);
      }
    }
  }
  console.log(`\nFresh GPE sample (rules frozen at ${FRESH.frozenAt.slice(0, 7)}, labelled after; ${n} of ${Object.keys(FRESH.labels).length} labelled answers found):`);
  console.log(`  GPE P ${withCi(tp, tp + fp)} R ${withCi(tp, tp + fn)}${process.env.SLIPS ? ` ${slips.join(' ')}` : ''}`);
}
