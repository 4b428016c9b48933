/**
 * The robustness table's settings, row and cell types, columns and small helpers: what the app's
 * store and table need, without the experiments' code (robustness.ts runs the table), so the
 * page's start-up does not load the NLP packages (test/unit/startup-imports.test.ts).
 */
import type { EntityType, NameSource } from '../entity/options.ts';
import type { NoiseKind } from '../natural/noise.ts';
import type { Score } from '../data/score.ts';
import type { SliceItem } from '../metrics/slices.ts';

/** What one robustness run does (the same for every model). */
export interface RobustnessConfig {
  types: EntityType[];
  /** Renaming seeds 1..N per (type, source). */
  seeds: number;
  /** Renamings per question for worst/best and stability (PER, DBName). */
  budget: number;
  noise: { kind: NoiseKind; rate: number };
  seed: number;
  versionTwo: boolean;
}

export const DEFAULT_ROBUSTNESS: RobustnessConfig = { types: ['PER', 'ORG', 'GPE'], seeds: 1, budget: 3, noise: { kind: 'keyboard', rate: 0.3 }, seed: 1, versionTwo: true };

/** A cell: a value (F1 0..100, or DPR/stability as 0..100 %) over n questions; null when not run. */
export type RCell = { value: number; n: number } | null;

export const RENAME_SOURCES: readonly NameSource[] = ['indist', 'db', 'randstr'];

export interface RobustnessRow {
  model: string;
  /** Device and dtype the row was computed with, e.g. "wasm · q8". */
  runtime: string;
  original: RCell;
  /** `${type}:${source}` → F1 after renaming, mean over seeds. */
  rename: Record<string, RCell>;
  natural: RCell;
  noise: RCell;
  dpr: RCell;
  trap: RCell;
  worst: RCell;
  best: RCell;
  stability: RCell;
  /** True when the run was cancelled part-way (cells not reached stay null). */
  partial: boolean;
}

/** One question's scores (0..1) before and after a cell's perturbation (after: mean over seeds or paraphrases). */
export interface RobustQuestion {
  id: string;
  original: Score;
  perturbed: Score;
}

/** A row's per-question scores by cell key (src/core/experiments/robustness/ci.ts: robustCellKeys). */
export type RobustScores = Record<string, RobustQuestion[]>;

/** A cell's per-question scores from its slice items (the audit units' items, in their order); items without an after score are left out. */
export const robustQuestions = (items: readonly SliceItem[]): RobustQuestion[] => items.flatMap((i) => (i.perturbed ? [{ id: (i.source as { id?: string }).id ?? '', original: i.original, perturbed: i.perturbed }] : []));

/** The share key of the DPR cell (the paraphrase experiment's DPR_CI_KEY). */
export const DPR_SHARE = 'dpr';
/** The original column's per-question F1 (0–1), whose mean's CI is a share's (experiment-ci.ts shareStats). */
export const ORIGINAL_SHARE = 'original';

/** An empty row: nothing has run yet. */
export function emptyRow(model: string, runtime: string, config: RobustnessConfig): RobustnessRow {
  const rename: Record<string, RCell> = {};
  for (const t of config.types) for (const s of RENAME_SOURCES) rename[`${t}:${s}`] = null;
  return { model, runtime, original: null, rename, natural: null, noise: null, dpr: null, trap: null, worst: null, best: null, stability: null, partial: false };
}

/** A cell from a mean over n questions, null when none ran, e.g. cellOf(80, 4) → { value: 80, n: 4 }. */
export const cellOf = (value: number, n: number): RCell => (n > 0 && Number.isFinite(value) ? { value, n } : null);

/** Column labels of the name sources, as the papers name them. */
export const SOURCE_NAMES: Record<NameSource, string> = { indist: 'InDistName', db: 'DBName', randstr: 'RandStr' };

/** The table's columns after the model: [header, how to read the cell of a row]. */
export function robustnessColumns(config: Pick<RobustnessConfig, 'types'>): [string, (r: RobustnessRow) => RCell][] {
  return [
    ['original F1', (r) => r.original],
    ...config.types.flatMap((t) => RENAME_SOURCES.map((s): [string, (r: RobustnessRow) => RCell] => [`${t} ${SOURCE_NAMES[s]} F1`, (r) => r.rename[`${t}:${s}`] ?? null])),
    ['natural pairs F1', (r) => r.natural],
    ['synthetic noise F1', (r) => r.noise],
    ['paraphrase DPR %', (r) => r.dpr],
    ['trap F1', (r) => r.trap],
    ['worst F1', (r) => r.worst],
    ['best F1', (r) => r.best],
    ['stability %', (r) => r.stability],
  ];
}

/** The mean over entity types of one source's renaming F1 (weighted by questions), for the chart, e.g. null when none ran. */
export function sourceMean(r: RobustnessRow, source: NameSource): RCell {
  const cells = Object.entries(r.rename).filter(([k, c]) => k.endsWith(`:${source}`) && c !== null).map(([, c]) => c as { value: number; n: number });
  const n = cells.reduce((a, c) => a + c.n, 0);
  return cellOf(cells.reduce((a, c) => a + c.value * c.n, 0) / Math.max(1, n), n);
}
