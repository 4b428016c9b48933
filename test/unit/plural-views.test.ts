/** Views that state a count say "1 question", never "1 questions" (counted nouns in headers and notes); sizes have one unit spelling. */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AdversarialTable } from '../../src/app/experiments/TrapCard.tsx';
import { BudgetTable } from '../../src/app/experiments/BudgetTable.tsx';
import type { AdversarialOutput } from '../../src/core/trap/adversarial.ts';
import { formatBytes } from '../../src/core/text/bytes.ts';
import { formatBytes as messageBytes } from '../../src/core/formats/common.ts';
import type { BudgetResult } from '../../src/core/entity/stats.ts';

/** The visible text of a rendered element. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const adv = (variants: string[][]): AdversarialOutput => ({
  result: { orig_exact_match: 100, orig_f1: 100, adv_exact_match: 0, adv_f1: 20 },
  rows: variants.map((v, i) => ({ originalId: `q${i}`, variants: v, original: { em: 1, f1: 1 }, worstId: v[0] ?? null, adversarial: { em: 0, f1: 0.2 } })),
  warnings: [],
});

describe('counted nouns in the result headers', () => {
  it.each([
    { rows: [['q0-a']], want: '1 original question * , 1 with variants (1 variant)' },
    { rows: [['q0-a', 'q0-b'], []], want: '2 original questions * , 1 with variants (2 variants)' },
  ])('adversarial table: $want', ({ rows, want }) => {
    expect(text(renderToStaticMarkup(createElement(AdversarialTable, { output: adv(rows), partial: false })))).toContain(want);
  });

  it.each([
    { n: 1, want: '1 question * , B = 3' }, // '*': n < SMALL_N
    { n: 1234, want: '1,234 questions, B = 3' },
  ])('budget table: $want', ({ n, want }) => {
    const sc = { original: { em: 80, f1: 85 }, random: { em: 60, f1: 70 }, randomStd: { em: 2, f1: 1.5 }, worst: { em: 40, f1: 50 }, best: { em: 90, f1: 92 }, stability: 0.25 };
    const result: BudgetResult = { n, plain: sc, defended: null, perInstance: [], cancelled: false };
    expect(text(renderToStaticMarkup(createElement(BudgetTable, { result, budget: 3 })))).toContain(want);
  });
});

describe('sizes', () => {
  it.each([
    [512, '512 bytes'],
    [1536, '1.5 kB'],
    [2_500_000, '2.5 MB'],
    [1_600_000_000, '1.6 GB'],
  ])('%d bytes read %s in the panels as in the import messages', (n, want) => {
    expect(formatBytes(n)).toBe(want);
    expect(formatBytes(n)).toBe(messageBytes(n));
  });
});
