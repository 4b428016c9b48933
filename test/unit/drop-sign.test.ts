/**
 * One sign for every difference (issue 38 §3): drop = original − perturbed, positive = worse, from
 * one core function (dropOf / scoreDrop), in the slice tables, the audit summary (its drop_f1 and
 * the paired CI of that drop) and the model card; Wu et al. 2025's relative F1 change keeps the
 * paper's sign (§5.1 Table 1: negative = worse) under a title that says so.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DROP_SIGN, dropOf, RELATIVE_F1_TITLE, scoreDrop } from '../../src/core/metrics/drop.ts';
import { sliceTable, type SliceItem } from '../../src/core/metrics/slices.ts';
import { relativeChange } from '../../src/core/natural/pair-summary.ts';
import { pairedStats } from '../../src/core/stats/index.ts';
import { buildSummary, ciNote } from '../../src/cli/audit/summary.ts';
import type { PlanFile } from '../../src/cli/audit/files.ts';
import { UNIT_FORMAT, type AuditSummary, type HeadlineRow, type UnitFile } from '../../src/core/audit/format.ts';
import { robustnessCard } from '../../src/core/audit/card.ts';
import { columnTitle, rowLabel } from '../../src/core/results/column-titles.ts';

const score = (em: number, f1: number) => ({ em, f1 });

describe('dropOf / scoreDrop: original − perturbed, positive = worse', () => {
  it.each([
    [80, 60, 20],
    [60, 80, -20],
    [50, 50, 0],
  ])('dropOf(%d, %d) = %d', (o, p, want) => expect(dropOf(o, p)).toBe(want));

  it('scoreDrop is the drop of EM and of F1, and swapping the sides negates it', () => {
    expect(scoreDrop(score(50, 60), score(40, 65))).toEqual(score(10, -5));
    fc.assert(fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => dropOf(a, b) + dropOf(b, a) === 0 && (dropOf(a, b) > 0) === (a > b)));
  });
});

describe('a slice table shows the drop, not after − before', () => {
  const src = (question: string) => ({ dataset: 'd', id: question, title: 't', context: 'c', question, answers: [], isImpossible: false }) as unknown as SliceItem['source'];
  it('a question answered worse after the perturbation has a positive drop', () => {
    const t = sliceTable([{ source: src('Who?'), original: score(1, 1), perturbed: score(0, 0.25) }], 'qword');
    expect(t.all.drop).toEqual(score(100, 75));
  });
});

/** A plan and one unit whose headline goes from F1 80 to 60 over `n` questions, with the paired CI of hand-made scores. */
function audit(withCi: boolean): { summary: AuditSummary; head: HeadlineRow } {
  // 10 questions: 8 right before; after, 2 of them wrong (F1 80 → 60, EM 80 → 60).
  const qs = Array.from({ length: 10 }, (_, i) => ({ original: score(i < 8 ? 1 : 0, i < 8 ? 1 : 0), perturbed: score(i < 6 ? 1 : 0, i < 6 ? 1 : 0) }));
  const ci = pairedStats(qs, { bootstrap: 200, seed: 3 });
  const head: HeadlineRow = { label: 'trapped', n: 10, beforeEm: 80, beforeF1: 80, afterEm: 60, afterF1: 60, ...(withCi ? { ci } : {}) };
  const spec = { dataset: { name: 'demo', limit: null, lang: null }, model: { name: 'm', dtype: null }, experiment: { kind: 'traps', source: 'generated', position: 'before' }, seed: 1 };
  const plan: PlanFile = { format: 'qarx-audit-plan', name: 'a', units: [{ id: 'u1', label: 'u1', spec }] };
  const unit: UnitFile = { format: UNIT_FORMAT, version: 1, id: 'u1', label: 'u1', spec, status: 'ok', error: null, kind: 'traps', run: { datasets: ['demo'], n: 10, selected: 10, query: '', filters: {}, model: 'm', dtype: 'fp32', device: 'cpu', versionTwo: false, versionTwoReason: '', scoringLang: 'auto', settings: {}, date: 'x' }, table: null, payload: null, headline: [head], notes: [], runtime: { device: 'cpu', threads: 1 }, started: 'x', seconds: 0 };
  return { summary: buildSummary(plan, [unit], 'now'), head };
}

describe('the audit summary and the model card: drop = before − after, its CI the paired CI of the drop', () => {
  it('summary.json: drop_f1 20 for F1 80 → 60, drop_f1_lo/hi and drop_em_lo/hi are the drop\'s own CI', () => {
    const { summary, head } = audit(true);
    const o = summary.models[0]?.overview;
    const v = (c: string) => o?.rows[0]?.[o.columns.indexOf(c)];
    expect(o?.columns).not.toContain('change_f1');
    expect(v('drop_f1')).toBe(20);
    const d = head.ci?.drop;
    expect(d?.f1.value).toBe(20);
    expect([v('drop_f1_lo'), v('drop_f1_hi'), v('drop_em_lo'), v('drop_em_hi')]).toEqual([d?.f1.lo, d?.f1.hi, d?.em.lo, d?.em.hi].map((x) => +(x as number).toFixed(4)));
    expect(v('drop_f1_lo') as number).toBeLessThanOrEqual(20);
    expect(v('drop_f1_hi') as number).toBeGreaterThanOrEqual(20);
    expect(o && ciNote(o)).toContain(DROP_SIGN);
  });

  it('without CIs the overview still names its sign', () => {
    const o = audit(false).summary.models[0]?.overview;
    expect(o?.rows[0]?.[o.columns.indexOf('drop_f1')]).toBe(20);
    expect(o && ciNote(o)).toBe(`drop_f1: ${DROP_SIGN} (before_f1 − after_f1).`);
  });

  it.each([true, false])('the card (CI %s) shows +20.0 as the F1 drop and says which way it goes', (withCi) => {
    const { text } = robustnessCard(audit(withCi).summary, { model: 'm', config: 'audit.json', out: 'out' });
    expect(text).toContain('F1 drop (before − after)');
    expect(text).toContain(DROP_SIGN);
    expect(text).toMatch(/\| 80\.0 → 60\.0 \| \+20\.0 /);
    expect(text).not.toMatch(/ΔF1|−20\.0/);
  });

  it('a summary written before (change_f1 = after − before) reads with the drop\'s sign in the card', () => {
    const { summary } = audit(true);
    const o = summary.models[0]?.overview;
    if (!o) throw new Error('no overview');
    const at = (c: string) => o.columns.indexOf(c);
    const row = o.rows[0] as (string | number | boolean | null)[];
    const [lo, hi] = [row[at('drop_f1_lo')] as number, row[at('drop_f1_hi')] as number];
    // The old columns: change = −drop, its CI [−hi, −lo].
    const old = { ...o, columns: o.columns.map((c) => c.replace(/^drop_/, 'change_')), rows: [row.map((x, i) => (i === at('drop_f1') ? -20 : i === at('drop_f1_lo') ? -hi : i === at('drop_f1_hi') ? -lo : x))] };
    const { text } = robustnessCard({ ...summary, models: [{ ...summary.models[0]!, overview: old }] }, { model: 'm', config: 'audit.json', out: 'out' });
    const fmt = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)}`;
    expect(text).toContain(`+20.0 [${fmt(lo)}, ${fmt(hi)}]`);
  });
});

describe('titles name the sign', () => {
  it('drop columns say orig. − pert.; the relative F1 change keeps Wu et al.\'s sign and says so', () => {
    expect(columnTitle('drop_f1')).toBe('drop F1 (orig. − pert.)');
    expect(rowLabel('relative_f1_change_pct')).toBe(RELATIVE_F1_TITLE);
    expect(RELATIVE_F1_TITLE).toMatch(/negative = worse/);
    // Wu et al. 2025 §5.1 Table 1: a model that loses F1 has a negative relative change.
    expect(relativeChange(90, 87.246)).toBeCloseTo(-3.06, 2);
  });
});
