/**
 * The statistics of a robustness table (issue 27): per model row, one paired comparison per cell
 * that compares before and after on the same questions (renaming per type × source, revision pairs,
 * noise, paraphrases, trap, worst, best), Holm-adjusted over the row's cells — the same items, in
 * the same order, as the audit units of the table's config (`qarx audit` with "ci"), so a fixed seed
 * gives the audit summary's CI and p. The original, DPR % and stability cells are not before/after
 * figures (the original F1 and the DPR get a CI of their own, as shares); the paraphrase comparison (original vs paraphrased F1) sits under the DPR cell.
 */
import { type CiComparison, type ExperimentCi, type PairedStats, type ShareInput } from '../../stats/index.ts';
import { ciCells, ciColumns } from '../../results/ci-tables.ts';
import type { ResultTable } from '../../results/table.ts';
import { DPR_SHARE, ORIGINAL_SHARE, RENAME_SOURCES, SOURCE_NAMES, type RobustnessConfig, type RobustScores } from '../../results/robustness-columns.ts';

export type { RobustQuestion, RobustScores } from '../../results/robustness-columns.ts';

/** The cells with a comparison, in table order, with the column each sits under, e.g. ['rename:PER:indist', 'PER InDistName F1']. */
export function robustCellKeys(config: Pick<RobustnessConfig, 'types'>): [string, string][] {
  return [
    ...config.types.flatMap((t) => RENAME_SOURCES.map((s): [string, string] => [`rename:${t}:${s}`, `${t} ${SOURCE_NAMES[s]} F1`])),
    ['natural', 'natural pairs F1'],
    ['noise', 'synthetic noise F1'],
    ['paraphrase', 'paraphrase DPR %'],
    ['trap', 'trap F1'],
    ['worst', 'worst F1'],
    ['best', 'best F1'],
  ];
}

/** A model row's comparisons, in table order (a cell not run has no questions, so no statistics). */
export function robustnessComparisons(scores: RobustScores, config: Pick<RobustnessConfig, 'types'>): CiComparison[] {
  return robustCellKeys(config).map(([key]) => ({ key, items: (scores[key] ?? []).map((q) => ({ original: q.original, perturbed: q.perturbed })) }));
}

/** A model row's shares with a CI: the DPR cell's 0/1 per pair (as the paraphrase card's dprShares) and the original F1 per question. */
export const robustnessShares = (shares: Record<string, number[]>): ShareInput[] => [DPR_SHARE, ORIGINAL_SHARE].flatMap((key) => (shares[key] ? [{ key, values: shares[key] }] : []));

/** The original F1 cell's 95% CI over the row's answerable questions (null: none). */
export const originalCellCi = (ci: ExperimentCi | undefined) => ci?.shares?.[ORIGINAL_SHARE] ?? null;

/** The DPR cell's CI of a row (null: none). */
export const dprCellCi = (ci: ExperimentCi | undefined) => ci?.shares?.[DPR_SHARE] ?? null;

/** The statistics of one cell of a row, by the column header it sits under (null: none). */
export function cellCi(ci: ExperimentCi | undefined, config: Pick<RobustnessConfig, 'types'>, header: string): PairedStats | null {
  const key = robustCellKeys(config).find(([, h]) => h === header)?.[0];
  return (key && ci?.rows[key]) || null;
}

/** A column-name prefix of a cell, e.g. 'PER InDistName F1' → 'PER_InDistName_'. */
const prefixOf = (header: string): string => `${header.replace(/ (F1|%)$/, '').replace(/\W+/g, '_')}_`;

/**
 * The robustness table (one row per model, model in its first column) with the CI columns of each
 * comparison cell (before/after CI, drop CI, p, Holm p, mdd, significance), from each row's statistics
 * by model; unchanged when no row has any.
 */
export function withRobustnessCi(t: ResultTable, config: Pick<RobustnessConfig, 'types'>, ciOfRow: (rowIndex: number) => ExperimentCi | undefined): ResultTable {
  const rowsCi = t.rows.map((_, i) => ciOfRow(i));
  if (!rowsCi.some(Boolean)) return t;
  const cells = robustCellKeys(config);
  return {
    ...t,
    columns: [...t.columns, 'original_F1_lo', 'original_F1_hi', 'paraphrase_DPR_pct_lo', 'paraphrase_DPR_pct_hi', ...cells.flatMap(([, h]) => ciColumns(prefixOf(h), 'orig', 'perturbed'))],
    rows: t.rows.map((r, i) => {
      const d = dprCellCi(rowsCi[i]);
      const o = originalCellCi(rowsCi[i]);
      return [...r, o ? +o.lo.toFixed(4) : null, o ? +o.hi.toFixed(4) : null, d ? +d.lo.toFixed(4) : null, d ? +d.hi.toFixed(4) : null, ...cells.flatMap(([key]) => ciCells(rowsCi[i]?.rows[key] ?? null))];
    }),
  };
}
