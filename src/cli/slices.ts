/** `--slice` for qarx eval and compare: parsing the keys, typing answers when asked, and printing the tables. */
import type { Instance } from '../core/data/types.ts';
import { parseSliceKey, SMALL_MARK, SMALL_NOTE, sliceKeyLabel, joinScores, sliceTable, type SliceItem, type SliceKey, type SliceRow, type SliceTable, type SliceTotals } from '../core/metrics/slices.ts';
import { summarizePairs, type PairRow } from '../core/natural/pair-summary.ts';
import { pairsHeadline } from '../core/metrics/experiment-headlines.ts';
import { NONE } from '../core/metrics/slice-keys.ts';
import { err, UsageError } from './io.ts';

/** The `--slice` values as keys (repeats dropped), e.g. sliceKeys(['title', 'domain']) → ['title', 'meta.domain']. */
export function sliceKeys(values: readonly string[] | undefined): SliceKey[] {
  const out: SliceKey[] = [];
  for (const v of values ?? []) {
    const k = parseSliceKey(v);
    if (!k) throw new UsageError(`--slice needs a field name (title, dataset, answer-type, qword, length, lang, or a metadata key such as domain), got "${v}".`);
    if (!out.includes(k)) out.push(k);
  }
  return out;
}

const warned = new Set<string>();

/** Warns once per key, on stderr, about a metadata key no question has: a typo (--slice domian) would only give one "(none)" row. */
export function warnAbsentKeys(tables: readonly SliceTable[]): readonly SliceTable[] {
  for (const t of tables) {
    if (!t.key.startsWith('meta.') || t.all.n === 0 || t.rows.some((r) => r.value !== NONE) || warned.has(t.key)) continue;
    warned.add(t.key);
    err(`warning: --slice ${t.key.slice('meta.'.length)}: no question of the data has this key, so every one is ${NONE} (keys: title, dataset, answer-type, qword, length, lang, or a metadata key of the data file)\n`);
  }
  return tables;
}

/** Gives instances without one the answer type the app's import gives them (only when `answer-type` is sliced: compromise is slow to load). */
export async function typeAnswers(instances: Instance[], keys: readonly SliceKey[]): Promise<void> {
  if (!keys.includes('answer-type')) return;
  const { answerTypeOf } = await import('../core/ner/answer-type.ts');
  for (const x of instances) x.answerType ??= answerTypeOf(x); // the import's typing, a file's answer_type included
}

const num = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const signed = (x: number) => (Number.isFinite(x) ? `${x > 0 ? '+' : ''}${x.toFixed(2)}` : '–');

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Terminal columns of a text: CJK and full-width characters take two, e.g. columns('什么 *') → 6. */
export function columns(s: string): number {
  let n = 0;
  for (const ch of s) n += WIDE.test(ch) ? 2 : 1;
  return n;
}

/** One table as aligned text lines, a `*` on small slices and a note saying what it means. */
export function formatSliceTable(t: SliceTable): string {
  const head = ['value', 'n', 'EM', 'F1', ...(t.perturbed ? ['pert. EM', 'pert. F1', 'drop EM', 'drop F1'] : [])];
  const cells = (r: SliceRow) => [
    r.small && r !== t.all ? `${r.value} ${SMALL_MARK}` : r.value,
    String(r.n),
    num(r.original.em),
    num(r.original.f1),
    ...(t.perturbed && r.perturbed && r.drop ? [num(r.perturbed.em), num(r.perturbed.f1), signed(r.drop.em), signed(r.drop.f1)] : []),
  ];
  const lines = [head, ...t.rows.map(cells), cells(t.all)];
  // Labels come from the data: control characters would break the table (and the terminal).
  const clean = lines.map((l) => l.map((c) => c.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')));
  const width = head.map((_, i) => Math.max(...clean.map((l) => columns(l[i] ?? ''))));
  const pad = (c: string, i: number) => (i === 0 ? c + ' '.repeat((width[i] ?? 0) - columns(c)) : ' '.repeat((width[i] ?? 0) - columns(c)) + c);
  const body = clean.map((l) => l.map(pad).join('  ').trimEnd());
  const small = t.rows.some((r) => r.small);
  return [`slice by ${sliceKeyLabel(t.key)}: ${t.rows.length} value${t.rows.length === 1 ? '' : 's'}`, ...body, ...(small ? [`${SMALL_MARK} ${SMALL_NOTE}`] : [])].join('\n');
}

/** Original vs perturbed per slice of the original questions, one table per key, e.g. for `qarx compare --slice title`. */
export async function pairSliceTables(paired: Instance[], rows: readonly PairRow[], keys: readonly SliceKey[]): Promise<SliceTable[]> {
  if (keys.length === 0) return [];
  await typeAnswers(paired, keys);
  const items = joinScores(paired, rows, (r) => ({ original: r.original, perturbed: r.perturbed }));
  const headline = pairsHeadline(summarizePairs(rows));
  return [...warnAbsentKeys(keys.map((k) => sliceTable(items, k, headline)))];
}

/** One table per key over an experiment's slice items (answer types filled in first when sliced by them). */
export async function itemSliceTables(instances: Instance[], items: () => SliceItem[], keys: readonly SliceKey[], headline?: SliceTotals): Promise<SliceTable[]> {
  if (keys.length === 0) return [];
  await typeAnswers(instances, keys);
  const all = items();
  return [...warnAbsentKeys(keys.map((k) => sliceTable(all, k, headline)))];
}
