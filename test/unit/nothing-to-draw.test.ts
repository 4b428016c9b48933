/** Charts with nothing to draw say why; legends follow the bars' order (issue 41.8). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawable, inBarOrder, missingBars, nothingToDraw } from '../../src/app/charts/nothing-to-draw.ts';

const cell = (label: string, n: number) => ({ label, n });

describe('nothingToDraw and missingBars', () => {
  it.each([
    { cells: [], empty: 'Nothing to draw: this run has no questions to chart.', missing: null },
    { cells: [cell('ORG', 0)], empty: 'Nothing to draw: ORG has 0 questions in this run.', missing: null },
    { cells: [cell('ORG', 0), cell('GPE', 0), cell('ORG', 0)], empty: 'Nothing to draw: ORG and GPE have 0 questions in this run.', missing: null },
    { cells: [cell('PER', 0), cell('ORG', 0), cell('GPE', 0)], empty: 'Nothing to draw: PER, ORG and GPE have 0 questions in this run.', missing: null },
    { cells: [cell('PER', 12), cell('ORG', 0)], empty: null, missing: 'No bar for ORG: 0 questions.' },
    { cells: [cell('PER', 12), cell('ORG', 3)], empty: null, missing: null },
  ])('$cells', ({ cells, empty, missing }) => {
    expect(nothingToDraw(cells)).toBe(empty);
    expect(missingBars(cells)).toBe(missing);
  });
  it('drawable keeps the cells with questions, in order', () => {
    expect(drawable([cell('PER', 2), cell('ORG', 0), cell('GPE', 1)]).map((c) => c.label)).toEqual(['PER', 'GPE']);
  });
});

describe('legends follow the bars', () => {
  it('inBarOrder sorts legend entries by the bars\' dataKeys, not alphabetically', () => {
    const sort = inBarOrder(['before', 'after']);
    const items = [{ dataKey: 'after', value: 'after the perturbation' }, { dataKey: 'before', value: 'before' }, { dataKey: 'x', value: 'x' }];
    expect([...items].sort((a, b) => sort(a as never) - sort(b as never)).map((i) => i.dataKey)).toEqual(['before', 'after', 'x']);
  });
  it('every recharts <Legend> of the app passes itemSorter (recharts 3 sorts by label otherwise)', () => {
    const root = join(import.meta.dirname, '..', '..', 'src', 'app');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    const bare: string[] = [];
    for (const f of files) {
      const text = readFileSync(join(root, f), 'utf8');
      if (!/import \{[^}]*\bLegend\b[^}]*\} from 'recharts'/.test(text)) continue;
      for (const m of text.matchAll(/<Legend\b[^>]*\/>/g)) if (!m[0].includes('itemSorter')) bare.push(`${f}: ${m[0]}`);
    }
    expect(bare).toEqual([]);
  });
});
