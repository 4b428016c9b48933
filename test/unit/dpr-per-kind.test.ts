/**
 * Issue 38.4: the paraphrase headline is per kind (Tang et al. 2021 App. F: DPR over the pairs of one
 * set of paraphrases): a file's own paraphrases and each generator kind are separate figures in the
 * card's table, the audit unit's headline and qarx's printout; "all kinds pooled" is only a labelled
 * extra after them. Hand-computed: 2 dataset pairs (1 changed), 3 reorder pairs (none changed).
 */
import { describe, expect, it } from 'vitest';
import { printDpr } from '../../src/cli/dpr-report.ts';
import { dprHeadlineRows } from '../../src/core/experiments/paraphrase/unit.ts';
import { dprTable } from '../../src/core/results/tables.ts';
import { summarizeDpr, type DprRow } from '../../src/core/sensitivity/dpr.ts';
import type { ParaphraseKind } from '../../src/core/sensitivity/kinds.ts';

/** One pair: the original's and the paraphrase's scores (0..1) and whether the answer changed. */
const pair = (id: string, kind: ParaphraseKind, o: number, p: number, differs: boolean): DprRow => ({ id, dataset: 'd', kind, detail: '', question: 'q', paraphrase: 'p', similarity: 0.9, original: { text: 'a', em: o, f1: o }, paraphrased: { text: differs ? 'b' : 'a', em: p, f1: p }, differs });

const ROWS = [pair('1', 'reorder', 1, 1, false), pair('1', 'dataset', 1, 0, true), pair('2', 'dataset', 1, 1, false), pair('2', 'reorder', 1, 1, false), pair('3', 'reorder', 0, 0, false)];

describe('paraphrase figures per kind (issue 38.4)', () => {
  const s = summarizeDpr(ROWS);

  it('each kind over its own pairs; the pool over all of them', () => {
    expect(s.byKind.dataset).toEqual({ n: 2, changed: 1, dpr: 0.5, original: { em: 100, f1: 100 }, paraphrased: { em: 50, f1: 50 } });
    expect(s.byKind.reorder).toMatchObject({ n: 3, changed: 0, dpr: 0, original: { em: 200 / 3 }, paraphrased: { em: 200 / 3 } });
    expect([s.n, s.changed, s.dpr]).toEqual([5, 1, 0.2]);
  });

  it('the table: the dataset kind first, then the generator kind, the pool last and labelled', () => {
    const t = dprTable(s);
    expect(t.rows[0]).toEqual(['dpr_pct dataset', 50, 2, true, 1]);
    expect(t.rows.map((r) => r[0]).filter((m) => String(m).startsWith('dpr_pct'))).toEqual(['dpr_pct dataset', 'dpr_pct reorder', 'dpr_pct all kinds pooled', 'dpr_pct similarity 0.0–0.2 all kinds pooled', 'dpr_pct similarity 0.2–0.4 all kinds pooled', 'dpr_pct similarity 0.4–0.6 all kinds pooled', 'dpr_pct similarity 0.6–0.8 all kinds pooled', 'dpr_pct similarity 0.8–1.0 all kinds pooled']);
  });

  it("the audit unit's headline rows", () => {
    expect(dprHeadlineRows(s).map((h) => [h.label, h.n, h.beforeEm, h.afterEm])).toEqual([
      ['paraphrased · dataset (DPR 50.0%)', 2, 100, 50],
      ['paraphrased · reorder (DPR 0.0%)', 3, 200 / 3, 200 / 3],
      ['paraphrased · all kinds pooled (DPR 20.0%)', 5, 80, 60],
    ]);
    // One kind: its own row, no pool.
    expect(dprHeadlineRows(summarizeDpr(ROWS.filter((r) => r.kind === 'dataset'))).map((h) => h.label)).toEqual(['paraphrased · dataset (DPR 50.0%)']);
  });

  it("qarx's printout: each kind's DPR before the pool", () => {
    let out = '';
    printDpr(s, (x) => (out += x));
    const dprLines = out.split('\n').filter((l) => l.startsWith('DPR'));
    expect(dprLines.slice(0, 3).map((l) => l.split(' (')[0])).toEqual(['DPR from the dataset: 50.0%', 'DPR word reordering: 0.0%', 'DPR all kinds pooled: 20.0%']);
  });
});
