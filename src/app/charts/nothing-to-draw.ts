/**
 * Charts with nothing to draw say why (issue 41.8): the reason replaces the empty axes on the page
 * and in the chart's SVG/PNG export; a category with no questions is named under the chart. Legends
 * list their entries in the order the bars are drawn. (The export draws the reason: chart-export.ts.)
 */
import type { LegendPayload } from 'recharts';

/** One category of a chart (a tick of its x-axis) and the questions its bars rest on. */
export interface ChartCell {
  readonly label: string;
  readonly n: number;
}

/** "ORG", "ORG and GPE", "PER, ORG and GPE". */
function listOf(labels: readonly string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/** The distinct labels of the cells with no questions, in chart order. */
function emptyLabels(cells: readonly ChartCell[]): string[] {
  return [...new Set(cells.filter((c) => c.n === 0).map((c) => c.label))];
}

/**
 * Why a chart of `cells` has nothing to draw, or null when some bar rests on a question, e.g.
 * nothingToDraw([{ label: 'ORG', n: 0 }]) === 'Nothing to draw: ORG has 0 questions in this run.'
 */
export function nothingToDraw(cells: readonly ChartCell[]): string | null {
  if (cells.length === 0) return 'Nothing to draw: this run has no questions to chart.';
  if (cells.some((c) => c.n > 0)) return null;
  const labels = emptyLabels(cells);
  return `Nothing to draw: ${listOf(labels)} ${labels.length === 1 ? 'has' : 'have'} 0 questions in this run.`;
}

/** The line under a chart that draws some bars but none for the cells with no questions, or null, e.g. 'No bar for ORG: 0 questions.' */
export function missingBars(cells: readonly ChartCell[]): string | null {
  if (nothingToDraw(cells) !== null) return null;
  const labels = emptyLabels(cells);
  return labels.length ? `No bar for ${listOf(labels)}: 0 questions.` : null;
}

/** The cells that have questions, for the chart's data, e.g. drawable([{ label: 'PER', n: 3 }, { label: 'ORG', n: 0 }]) → the PER cell. */
export function drawable<T extends ChartCell>(cells: readonly T[]): T[] {
  return cells.filter((c) => c.n > 0);
}

/** A recharts <Legend itemSorter> that lists entries in the order of `keys` (the bars' dataKeys as drawn), not alphabetically. */
export function inBarOrder(keys: readonly string[]): (item: LegendPayload) => number {
  return (item) => {
    const i = keys.indexOf(String(item.dataKey));
    return i < 0 ? keys.length : i;
  };
}
