/** Small-n marks on the natural-perturbation and error-share charts (issue 23 §2), and the chart's own note line. */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { categoryChart, intentChartData } from '../../src/app/experiments/NaturalCard.tsx';
import { errorChartData } from '../../src/app/experiments/SweepCharts.tsx';
import { Chart } from '../../src/app/charts/Chart.tsx';
import { faint, SMALL_BAR_OPACITY, SmallLegend } from '../../src/app/charts/SmallMark.tsx';
import { summarizePairs, type PairRow } from '../../src/core/natural/pairs.ts';
import type { PairCategory } from '../../src/core/natural/categories.ts';
import type { SweepRow } from '../../src/core/entity/stats.ts';

const pair = (i: number, category: PairCategory, intent: string | null = null): PairRow => ({
  id: `q${i}`,
  dataset: 'demo',
  question: 'Who?',
  original: { text: 'a', em: 1, f1: 1 },
  perturbed: { text: 'b', em: 0, f1: 0 },
  category,
  intent,
  touchesAnswer: false,
});
const pairs = (n: number) => Array.from({ length: n }, (_, i) => pair(i, i % 2 ? 'C2C' : 'C2W'));

const row = (n: number, wrongEntity: number, wrongBoundary: number): SweepRow => ({
  type: 'PER',
  source: 'indist',
  origin: 'us',
  seeds: 1,
  plannedSeeds: 1,
  complete: true,
  n,
  orig: { em: 50, f1: 60 },
  errors: { orig: { correct: 0, 'wrong-entity': 0, 'wrong-boundary': 0 }, pert: { correct: 0, 'wrong-entity': wrongEntity, 'wrong-boundary': wrongBoundary } },
  pertEm: { mean: 40, std: 0 },
  pertF1: { mean: 50, std: 0 },
  dropEm: 10,
  dropF1: 10,
});

describe('category chart (natural edits vs synthetic noise)', () => {
  it.each([
    { nat: 14, syn: 0, names: 'natural edits (n=14 *)', small: 'natural edits, n=14' },
    { nat: 30, syn: 0, names: 'natural edits (n=30)', small: '' },
    { nat: 29, syn: 40, names: 'natural edits (n=29 *)', small: 'natural edits, n=29' },
    { nat: 40, syn: 12, names: 'natural edits (n=40)', small: 'synthetic noise, n=12' },
  ])('n = $nat / $syn: series "$names", note "$small"', ({ nat, syn, names, small }) => {
    const c = categoryChart(summarizePairs(pairs(nat)), syn ? summarizePairs(pairs(syn)) : null);
    expect(c.names.natural).toBe(names);
    expect(c.small).toBe(small);
    expect(c.counts).toEqual(syn ? [nat, syn] : [nat]);
    expect(c.data.find((d) => d.c === 'C2W')?.natural).toBe(Math.ceil(nat / 2));
  });
});

describe('intention chart', () => {
  it('counts each intention over its C2W, C2C and W2C questions; a small one is lighter', () => {
    const rows = [...Array.from({ length: 31 }, (_, i) => pair(i, 'C2C', 'clarification')), pair(40, 'C2W', 'fact-update'), pair(41, 'W2C', 'fact-update'), pair(42, 'W2W', 'fact-update')];
    const data = intentChartData(rows);
    const byIntent = Object.fromEntries(data.map((d) => [d.intent, d.n]));
    expect(Object.values(byIntent).sort((a, b) => a - b)).toEqual([2, 31]); // W2W is not drawn, so not counted
    expect(data.map((d) => faint(d.n)).sort()).toEqual([1, SMALL_BAR_OPACITY].sort());
  });
});

describe('error-share chart (wrong entity vs wrong boundary, Yan et al. Table 6)', () => {
  it.each([
    { n: 12, e: 3, b: 1, want: { entity: 75, boundary: 25, n: 12 }, opacity: SMALL_BAR_OPACITY },
    { n: 30, e: 1, b: 3, want: { entity: 25, boundary: 75, n: 30 }, opacity: 1 },
    { n: 5, e: 0, b: 0, want: { entity: 0, boundary: 0, n: 5 }, opacity: SMALL_BAR_OPACITY },
  ])('cell of $n questions ($e entity, $b boundary)', ({ n, e, b, want, opacity }) => {
    const [d] = errorChartData([row(n, e, b)]);
    expect(d).toEqual({ cell: 'PER InDistName', ...want });
    expect(faint(d?.n)).toBe(opacity);
  });
});

describe('the chart note line sits inside the figure (so exports carry it)', () => {
  const html = (counts: number[], smallWhich?: string) => renderToStaticMarkup(createElement(Chart, { title: 't', testid: 'c', counts, smallWhich, children: createElement('svg') }));
  it.each([
    { counts: [12, 40], which: undefined, want: '* fewer than 30 questions (a noisy mean); its bar is lighter' },
    { counts: [14], which: 'natural edits, n=14', want: '* fewer than 30 questions (a noisy mean): natural edits, n=14' },
  ])('$want', ({ counts, which, want }) => {
    const h = html(counts, which);
    expect(h).toMatch(/<figure[^>]*>.*<p class="hint small-legend chart-note"[^>]*>.*<\/p><\/figure>$/s);
    // The text as exported (textContent): the glyph is wrapped in its glossary term.
    expect(h.replace(/<[^>]+>/g, '')).toContain(want);
  });
  it('no line when every count is at least 30', () => {
    expect(html([30, 31])).not.toContain('small-legend');
  });
  it('a table legend is not a chart note', () => {
    const h = renderToStaticMarkup(createElement(SmallLegend, { counts: [3] }));
    expect(h).toMatch(/^<p class="hint small-legend" data-testid="small-legend">/);
    expect(h.replace(/<[^>]+>/g, '')).toBe('* fewer than 30 questions (a noisy mean)');
  });
});
