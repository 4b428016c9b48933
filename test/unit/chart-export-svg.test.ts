/** An exported chart explains itself: title, colour legend and note lines (the small-n line) inside the SVG (issue 23 §4). */
import { describe, expect, it } from 'vitest';
import { composeChartSvg, emptyChartSvg, wrapWords } from '../../src/app/charts/chart-export.ts';

/** Tags of an XML document balance (a well-formedness check without a parser): the open elements left, or a mismatch. */
function unbalanced(xml: string): string[] {
  const stack: string[] = [];
  for (const m of xml.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, self] = m;
    if (self) continue;
    if (!close) stack.push(name as string);
    else if (stack.pop() !== name) return [`</${name}> closes nothing open`];
  }
  return stack;
}

const chart = '<svg x="0" y="28" width="400" height="200"><rect x="1" y="2" width="3" height="4" fill="red"/></svg>';
const note = '* fewer than 30 questions (a noisy mean); its bar is lighter';

describe('composeChartSvg', () => {
  it('holds the title, the chart, every legend entry and the note line, and sizes itself to them', () => {
    const svg = composeChartSvg({ title: 'Drop in F1 <per> type', chart, width: 400, height: 200, legend: [{ label: 'InDistName', color: '#123456' }, { label: 'RandStr', color: 'rgb(1, 2, 3)' }], notes: [note] });
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="400" height="')).toBe(true);
    expect(svg).toContain('<title>Drop in F1 &lt;per&gt; type</title>');
    expect(svg).toContain(chart);
    expect(svg).toContain('fill="#123456"/><text x="26" y="244" font-family="sans-serif" font-size="12" fill="#222">InDistName</text>');
    expect(svg).toContain('>RandStr</text>');
    expect(svg).toContain(`>${note}</text>`);
    // 28 title + 200 chart + one legend row (24) + one note line (16 + 6).
    expect(svg).toMatch(/width="400" height="274" viewBox="0 0 400 274"/);
    expect(unbalanced(svg)).toEqual([]);
  });

  it('puts the note below the legend and inside the height', () => {
    const svg = composeChartSvg({ title: 't', chart, width: 400, height: 200, legend: [{ label: 'a', color: '#000' }], notes: [note] });
    const height = Number(/height="(\d+)"/.exec(svg)?.[1]);
    const noteY = Number(new RegExp(`y="(\\d+)"[^>]*>${note.replace(/[()*]/g, '\\$&')}<`).exec(svg)?.[1]);
    const legendY = Number(/y="(\d+)"[^>]*>a</.exec(svg)?.[1]);
    expect(noteY).toBeGreaterThan(legendY);
    expect(noteY).toBeLessThanOrEqual(height);
  });

  it('wraps a long legend into rows and a long note into lines within the width', () => {
    const legend = Array.from({ length: 8 }, (_, i) => ({ label: `series number ${i}`, color: '#000' }));
    const svg = composeChartSvg({ title: 't', chart, width: 300, height: 200, legend, notes: [`${note}: natural edits, n=14; synthetic noise, n=12`] });
    const xs = [...svg.matchAll(/<rect x="(\d+)" y="\d+" width="12"/g)].map((m) => Number(m[1]));
    expect(Math.max(...xs)).toBeLessThan(300);
    const noteLines = [...svg.matchAll(/font-size="11" fill="#444">([^<]*)</g)].map((m) => m[1] ?? '');
    expect(noteLines.length).toBeGreaterThan(1);
    expect(noteLines.join(' ')).toBe(`${note}: natural edits, n=14; synthetic noise, n=12`);
    expect(unbalanced(svg)).toEqual([]);
  });

  it('has no legend or note rows when there are none', () => {
    expect(composeChartSvg({ title: 't', chart, width: 400, height: 200, legend: [], notes: [] })).toMatch(/height="228"/);
  });
});

describe('wrapWords', () => {
  it.each([
    ['a bb cc', 4, ['a bb', 'cc']],
    ['averyverylongword b', 5, ['averyverylongword', 'b']],
    ['', 5, []],
  ] as const)('%s at %d', (text, max, want) => {
    expect(wrapWords(text, max)).toEqual(want);
  });
});

describe('emptyChartSvg (issue 41.8: a chart with nothing to draw says why in its export)', () => {
  it('frames the reason in the chart\'s place, wrapped to its width, escaped, and balanced', () => {
    const reason = 'Nothing to draw: ORG & <GPE> have 0 questions in this run.';
    const part = emptyChartSvg(reason, 300, 200, 28);
    expect(part).toMatch(/^<svg x="0" y="28" width="300" height="200">/);
    expect(part).toContain('stroke-dasharray="4 3"');
    const lines = [...part.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(lines.join(' ')).toBe('Nothing to draw: ORG &amp; &lt;GPE&gt; have 0 questions in this run.');
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect((l ?? '').replace(/&\w+;/g, '_').length).toBeLessThanOrEqual(Math.floor((300 - 40) / 7));
    const svg = composeChartSvg({ title: 'Drop in F1 per entity type', chart: part, width: 300, height: 200, legend: [], notes: [] });
    expect(unbalanced(svg)).toEqual([]);
    expect(svg).toContain('>Nothing to draw: ORG &amp;');
  });
});
