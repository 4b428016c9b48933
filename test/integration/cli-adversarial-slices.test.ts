/**
 * `qarx eval --adversarial --slice` on the adversarial fixture: the app's adversarial slice table
 * (one row per original question, its own score vs the adversary's pick) with hand-computed
 * numbers, and every table's all row equal to the unsliced Jia & Liang figures.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SliceTable } from '../../src/core/metrics/slices.ts';
import type { AdversarialResult } from '../../src/core/trap/adversarial.ts';
import { runMain } from '../support/run-qarx.ts';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'adversarial');
const DATA = join(FIX, 'addsent-mini.json');
const PRED = join(FIX, 'addsent-mini.pred.json');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-adv-slices-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface AdvSliceJson {
  metric: string;
  n: number;
  result: AdversarialResult;
  slices: SliceTable[];
}

/** The sliced JSON and the unsliced figures of the same files. */
async function both(preds: string, ...keys: string[]): Promise<{ sliced: AdvSliceJson; plain: AdversarialResult; stderr: [string, string] }> {
  const plain = await runMain('eval', '--adversarial', DATA, preds);
  expect(plain.code, plain.stderr).toBe(0);
  const sliced = await runMain('eval', '--adversarial', DATA, preds, ...keys.flatMap((k) => ['--slice', k]), '--json');
  expect(sliced.code, sliced.stderr).toBe(0);
  return { sliced: JSON.parse(sliced.stdout) as AdvSliceJson, plain: JSON.parse(plain.stdout) as AdversarialResult, stderr: [sliced.stderr, plain.stderr] };
}

/** A table's all row as Jia & Liang's four figures. */
const allFigures = (t: SliceTable | undefined) => ({ orig_exact_match: t?.all.original.em, orig_f1: t?.all.original.f1, adv_exact_match: t?.all.perturbed?.em, adv_f1: t?.all.perturbed?.f1 });

describe('qarx eval --adversarial --slice', () => {
  it('prints original vs adversarial per title and question word, hand-computed', async () => {
    const r = await runMain('eval', '--adversarial', DATA, PRED, '--slice', 'title', '--slice', 'qword');
    expect(r.code, r.stderr).toBe(0);
    // Originals (n = 3): …0001 "Maren Holt" EM 1 F1 1; its variants turk0 "Jonas Vell" F1 0 and turk1 "Maren"
    // (P 1, R 1/2: F1 2/3): the first replaces the original's score, turk1 is not lower → adversary EM 0 F1 0.
    // …0002 "1887" EM 1 F1 1, no variant → adversary = itself. …0003 absent from the file (own score 0),
    // labelled by its variant turk0 (Corvane_ferry, "Who runs …"): "the keeper" vs "the lighthouse keeper"
    // → "keeper" vs "lighthouse keeper": EM 0, F1 2/3.
    // Harbour_Lights: EM/F1 (1+1)/2 = 100 → adversarial (0+1)/2 = 50. Corvane_ferry: 0 → EM 0, F1 66.67.
    // who (0001, 0003): EM/F1 (1+0)/2 = 50 → EM 0, F1 (0+2/3)/2 = 33.33. what (0002): 100 → 100.
    expect(r.stdout).toBe(
      [
        "metric: Jia & Liang's adversarial evaluation (SQuAD v1.1 EM/F1), one row per original question; EM and F1 in %",
        "EM/F1: the original question's own; pert.: the adversary's pick (its worst answered variant); drop = original − perturbed, positive = worse",
        'slice by title: 2 values',
        'value             n      EM      F1  pert. EM  pert. F1  drop EM  drop F1',
        'Harbour_Lights *  2  100.00  100.00     50.00     50.00   +50.00   +50.00',
        'Corvane_ferry *   1    0.00    0.00      0.00     66.67     0.00   -66.67',
        'all               3   66.67   66.67     33.33     55.56   +33.33   +11.11',
        '* fewer than 30 questions (a noisy mean)',
        '',
        'slice by question word: 2 values',
        'value   n      EM      F1  pert. EM  pert. F1  drop EM  drop F1',
        'what *  1  100.00  100.00    100.00    100.00     0.00     0.00',
        'who *   2   50.00   50.00      0.00     33.33   +50.00   +16.67',
        'all     3   66.67   66.67     33.33     55.56   +33.33   +11.11',
        '* fewer than 30 questions (a noisy mean)',
        '',
      ].join('\n'),
    );
  });

  it('--json: every table\'s all row is the unsliced output, counts add up to the originals', async () => {
    const { sliced, plain } = await both(PRED, 'title', 'qword', 'length', 'dataset', 'answer-type');
    expect(sliced.metric).toBe('jia-liang-adversarial');
    expect(sliced.n).toBe(3);
    expect(sliced.result).toEqual(plain);
    expect(sliced.slices.map((t) => t.key)).toEqual(['title', 'qword', 'length', 'dataset', 'answer-type']);
    for (const t of sliced.slices) {
      expect(t.perturbed).toBe(true);
      expect(allFigures(t)).toEqual(plain);
      expect(t.rows.reduce((a, x) => a + x.n, 0)).toBe(3);
    }
    // Rounded to 9 places: 100 · (2/3) and 100 · 2 / 3 differ in the last bit.
    const r9 = (x: number | undefined) => (x === undefined ? x : Math.round(x * 1e9) / 1e9);
    const byValue = (k: number) => Object.fromEntries((sliced.slices[k]?.rows ?? []).map((x) => [x.value, [x.n, r9(x.original.f1), r9(x.perturbed?.f1)]]));
    expect(byValue(0)).toEqual({ Harbour_Lights: [2, 100, 50], Corvane_ferry: [1, 0, r9(200 / 3)] });
    expect(byValue(2)).toEqual({ '≤100 words': [3, r9(200 / 3), r9(500 / 9)] });
    expect(byValue(3)).toEqual({ 'addsent-mini.json': [3, r9(200 / 3), r9(500 / 9)] });
    expect(sliced.slices[4]?.rows.some((x) => x.value === '(none)')).toBe(false);
  });

  it('unanswered questions: the script\'s messages on stderr and 0 for them, as unsliced', async () => {
    const some = join(tmp, 'some.json');
    writeFileSync(some, JSON.stringify({ '5a1e0c0b9f3a4d0012ab0001': 'Maren Holt' }));
    const { sliced, plain, stderr } = await both(some, 'title');
    expect(stderr[0]).toBe(stderr[1]);
    expect(stderr[0]).toContain('Unanswered question 5a1e0c0b9f3a4d0012ab0002 will receive score 0.');
    const t = sliced.slices[0];
    expect(allFigures(t)).toEqual(plain);
    // Harbour_Lights: 0001 scores 1 and keeps its own score (no variant answered), 0002 unanswered → 0.
    expect(t?.rows.map((x) => [x.value, x.n, x.original.em, x.perturbed?.em, x.drop?.f1])).toEqual([
      ['Harbour_Lights', 2, 50, 50, 0],
      ['Corvane_ferry', 1, 0, 0, 0],
    ]);
  });

  it('an empty --slice and --lang zh are usage errors', async () => {
    const empty = await runMain('eval', '--adversarial', DATA, PRED, '--slice', '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/--slice needs a field name/);
    const zh = await runMain('eval', '--adversarial', DATA, PRED, '--slice', 'title', '--lang', 'zh');
    expect(zh.code).toBe(2);
    expect(zh.stdout).toBe('');
  });
});
