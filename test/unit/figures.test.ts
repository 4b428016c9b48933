/** Signed figures: one sign rule and one minus for the app, the CLI, the audit files and the model card. */
import { describe, expect, it } from 'vitest';
import { relativeChangeText, signed } from '../../src/core/text/figures.ts';
import { percent, shareCi } from '../../src/core/validation/report.ts';
import { figure, smallTip } from '../../src/app/charts/SmallMark.tsx';
import { answerProb, dropClass } from '../../src/app/shell/format.ts';
import { sourceDrop, sourceDrops, sourceDropTypes } from '../../src/core/entity/stats.ts';
import { pct } from '../../src/app/charts/Chart.tsx';
import { formatCell } from '../../src/core/results/column-titles.ts';

describe('signed', () => {
  it.each([
    { x: 3.21, d: 1, want: '+3.2' },
    { x: -3.21, d: 1, want: '-3.2' },
    { x: 0, d: 1, want: '0.0' },
    { x: -0, d: 1, want: '0.0' },
    // Rounds to zero: no sign, never "-0.0".
    { x: -0.04, d: 1, want: '0.0' },
    { x: 0.04, d: 1, want: '0.0' },
    { x: -0.05, d: 1, want: '-0.1' },
    { x: 10.53, d: 2, want: '+10.53' },
    { x: Number.NaN, d: 1, want: '–' },
    { x: Number.POSITIVE_INFINITY, d: 1, want: '–' },
  ])('signed($x, $d) → $want', ({ x, d, want }) => {
    expect(signed(x, d)).toBe(want);
  });
});

describe('relativeChangeText (Wu et al. 2025, §5.1 Table 1: two decimals, negative = worse)', () => {
  it.each([
    { x: -3.056, want: '-3.06%' },
    { x: -22.24, want: '-22.24%' },
    { x: 1.5, want: '+1.50%' },
    { x: 0, want: '0.00%' },
    { x: -0.001, want: '0.00%' },
    // The original F1 is 0: undefined, a dash rather than 0%.
    { x: Number.NaN, want: '–' },
  ])('$x → $want', ({ x, want }) => {
    expect(relativeChangeText(x)).toBe(want);
  });
});

describe("Validate's shares, as `qarx validate report` prints them", () => {
  it.each([
    { x: 0.875, want: '87.5%' },
    { x: 0, want: '0.0%' },
    // A run with no question: no share, never "NaN%".
    { x: Number.NaN, want: '–' },
  ])('percent($x) → $want', ({ x, want }) => {
    expect(percent(x)).toBe(want);
  });
  it('a share with its CI', () => {
    expect(shareCi({ value: 0.42, lo: 0.301, hi: 0.549 })).toBe('42.0% [30.1, 54.9]');
  });
});

describe('chart tooltips write figures as the tables beside them', () => {
  it.each([
    { v: 200 / 3, want: '66.7' },
    { v: 4.25, want: '4.3' },
    { v: 12, want: '12' },
    { v: 'MIX', want: 'MIX' },
  ])('figure($v) → $want', ({ v, want }) => {
    expect(figure(v)).toBe(want);
  });
  it('a small bar says so after its figure', () => {
    expect(smallTip()(40.04, 'F1', { dataKey: 'f1', payload: { n: 3 } })).toEqual(['40.0 (* n < 30)', 'F1']);
    expect(smallTip()(40.04, 'F1', { dataKey: 'f1', payload: { n: 300 } })).toEqual(['40.0', 'F1']);
  });
});

describe('a drop cell is red exactly when it reads as a drop', () => {
  it.each([
    { x: 3.2, want: 'drop' },
    { x: 0.05, want: 'drop' },
    // Shown as 0.0: not a drop.
    { x: 0.04, want: 'gain' },
    { x: 0, want: 'gain' },
    { x: -2, want: 'gain' },
    { x: Number.NaN, want: 'gain' },
  ])('dropClass($x) → $want', ({ x, want }) => {
    expect(dropClass(x)).toBe(want);
  });
});

describe("the sweep chart's drop per name source (Yan et al. 2022 §3.2's sources; weighted by questions)", () => {
  const row = (type: 'PER' | 'GPE' | 'MIX', source: 'db' | 'indist', n: number, dropF1: number) => ({ type, source, n, dropF1 });
  it('hand-computed: PER·db 20 questions drop 10, GPE·db 10 questions drop 4 → (200 + 40) / 30 = 8; MIX left out', () => {
    expect(sourceDrop([row('PER', 'db', 20, 10), row('GPE', 'db', 10, 4), row('MIX', 'db', 30, 99), row('PER', 'indist', 20, 1)], 'db')).toEqual({ drop: 8, n: 30 });
  });
  it('over a run: PER · DBName of the main origin only, complete rows only, sources in the rows\' order', () => {
    const r = (type: 'PER' | 'GPE', source: 'db' | 'indist', origin: 'us' | 'in', n: number, dropF1: number, complete = true) => ({ type, source, origin, n, dropF1, complete });
    const rows = [r('PER', 'indist', 'us', 20, 1), r('PER', 'db', 'us', 20, 10), r('PER', 'db', 'in', 20, 50), r('GPE', 'db', 'us', 10, 4), r('GPE', 'indist', 'us', 10, 7, false)];
    // db: (20·10 + 10·4) / 30 = 8 (the 'in' origin's PER row left out); indist: PER only (GPE's row incomplete) → 1 over 20.
    expect(sourceDrops(rows, 'us')).toEqual([{ source: 'indist', drop: 1, n: 20, types: ['PER'] }, { source: 'db', drop: 8, n: 30, types: ['PER', 'GPE'] }]);
    // The 'in' origin as the main one: db = (20·50 + 10·4) / 30 = 34.666….
    expect(sourceDrops(rows, 'in')[1]?.drop).toBeCloseTo(104 / 3, 10);
  });
  it('a type with no renamable question (n 0, NaN drop) adds nothing: PER·db n 20 drop 10 and GPE·db n 0 → 10 over PER only', () => {
    const r = (type: 'PER' | 'GPE', n: number, dropF1: number) => ({ type, source: 'db' as const, origin: 'us' as const, n, dropF1, complete: true });
    expect(sourceDrops([r('PER', 20, 10), r('GPE', 0, Number.NaN)], 'us')).toEqual([{ source: 'db', drop: 10, n: 20, types: ['PER'] }]);
    expect(sourceDropTypes([{ types: ['GPE'] }, { types: ['PER'] }])).toEqual(['PER', 'GPE']);
  });
  it('no row of the source: no drop, not 0', () => {
    const r = sourceDrop([row('PER', 'indist', 20, 1)], 'db');
    expect(r.n).toBe(0);
    expect(r.drop).toBeNaN();
  });
});

describe("the experiment cards' one-decimal figures (pct) read as the result tables (formatCell)", () => {
  it.each([
    { x: 12.345, want: '12.3' },
    { x: -0.04, want: '0.0' },
    { x: -3.26, want: '-3.3' },
    { x: Number.NaN, want: '–' },
  ])('pct($x) → $want', ({ x, want }) => {
    expect(pct(x)).toBe(want);
    expect(pct(x)).toBe(formatCell(x, 'drop_f1'));
  });
});

describe('the shown answer\'s probability (answer card and compare cards alike)', () => {
  it('is the n-best\'s first entry: the empty answer\'s when the model says no answer, not the best span\'s', () => {
    // decode.ts: `best` is the best non-empty span (9.9%); the n-best leads with the empty answer (43.6%).
    expect(answerProb({ nbest: [{ probability: 0.436 }, { probability: 0.099 }] })).toBe(0.436);
    expect(answerProb({ nbest: [] })).toBeNull();
  });
});
