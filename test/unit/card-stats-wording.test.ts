/**
 * The model card words a drop's statistics as the stats code does (issue 39.1–3): the drop's CI is
 * the inverted sign-flip test (dropCiText, src/core/stats/inversion.ts), p raw and Holm in pText's
 * form (0.0066 never "0.0"), and mdd through mddText — "no variation in this sample" when the
 * summary has none, its α when below 0.05; summary.md and report.html show p the same way.
 */
import { describe, expect, it } from 'vitest';
import { robustnessCard } from '../../src/core/audit/card.ts';
import { dropCiText } from '../../src/core/stats/format.ts';
import { mdText } from '../../src/core/audit/markdown.ts';
import { cardSummary } from '../support/card-summary.ts';
import { summaryMarkdown } from '../../src/cli/audit/summary.ts';
import { reportHtml } from '../../src/cli/audit/report-html.ts';

/** The fixture summary with mdd's α and note columns, the trap row's p set, and a second trap row with no variation. */
function summary() {
  const s = cardSummary();
  const m = s.models[0]!;
  const columns = [...m.overview.columns, 'mdd_f1_alpha', 'f1_note'];
  const [original, trap] = m.overview.rows as unknown[][];
  const at = (c: string) => columns.indexOf(c);
  const t = [...trap!, 0.025, null];
  t[at('p_f1')] = 0.0066;
  t[at('p_f1_holm')] = 0.0132;
  const still = [...trap!, 0.025, 'no variation in this sample'];
  still[at('row')] = 'trap before';
  still[at('mdd_f1')] = null;
  return { ...s, models: [{ ...m, overview: { ...m.overview, columns, rows: [[...original!, null, null], t, still] } }] } as typeof s;
}

describe('the card words drop statistics as the stats code does', () => {
  const { text } = robustnessCard(summary(), { config: 'audit.json', out: 'out' });
  const line = (row: string) => text.split('\n').find((l) => l.startsWith('|') && l.includes(row)) ?? '';

  it('says what the drop CI is in the shared wording (the inverted test), not a bootstrap', () => {
    expect(text).toContain(mdText(dropCiText('questions')));
    expect(text).not.toMatch(/paired (percentile )?bootstrap/);
  });

  it('shows raw and Holm p in pText form and mdd with its α, in a labelled column', () => {
    expect(text).toContain('| p F1 (raw) | p F1 (Holm-adjusted) | mdd F1 |');
    expect(line('trap after')).toMatch(/\| 0\.0066 \| 0\.013 \| 29\.6 \(α = 0\.025\) \|$/);
  });

  it('a row with no variation reads "no variation in this sample", never 0', () => {
    expect(line('trap before')).toMatch(/\| no variation in this sample \|$/);
  });
});

describe('summary.md and report.html show p as pText and an empty mdd as its note', () => {
  it.each([
    ['summary.md', () => summaryMarkdown(summary())],
    ['report.html', () => reportHtml(summary())],
  ])('%s: p 0.0066 stays 0.0066 (not "0.01"), Holm p 0.0132 reads 0.013, mdd of no variation says so', (_, render) => {
    const text = render();
    expect(text).toContain('0.0066');
    expect(text).toContain('0.013');
    expect(text).not.toMatch(/\b0\.01\b/);
    // The mdd_f1 cell, just before f1_significance.
    expect(text).toMatch(/no variation in this sample(<\/td><td>| \| )significant/);
  });
});
