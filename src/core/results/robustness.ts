/**
 * One model's row of the robustness table (the papers' layout: rows = models): the original score,
 * entity renaming per type and name source, natural revision pairs, synthetic noise, paraphrase
 * DPR, trap F1, worst/best over a renaming budget and stability. Each cell says what ran (n) or
 * is null when that experiment did not run (no data for it in the set, or cancelled before it).
 */
import type { Instance } from '../data/types.ts';
import { scorePrediction } from '../data/score.ts';
import { averageScore, runBudget, runSweep, type Predictor, type SweepProgress } from '../entity/experiment.ts';
import type { EntityType, NameSource } from '../entity/options.ts';
import type { NamePool } from '../entity/rename.ts';
import { runPairs, summarizePairs } from '../natural/pairs.ts';
import { noisyPairs, type NoiseKind } from '../natural/noise.ts';
import { paraphraseItems, runParaphrases, summarizeDpr } from '../sensitivity/index.ts';
import { answerTraps, prepareTraps, summarizeTraps } from '../trap/experiment.ts';
import { populationOf } from '../experiments/scope.ts';
import type { Score } from '../data/score.ts';
import { joinScores, type SliceItem } from '../metrics/slices.ts';
import { budgetBestItems, budgetSliceItems, paraphraseSliceItems, sweepSliceItems, trapSliceItems } from '../metrics/experiment-slices.ts';

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

/**
 * Runs every experiment of the table for one model, step by step; `onRow` gets the row after each
 * step so the table fills in as it goes, and a cancel keeps the cells already computed.
 */
export async function runRobustness(
  instances: readonly Instance[],
  config: RobustnessConfig,
  predict: Predictor,
  row: RobustnessRow,
  cb: { signal?: AbortSignal; pool?: NamePool; onRow?: (r: RobustnessRow) => void; onProgress?: (p: SweepProgress) => void; onScores?: (cell: string, questions: RobustQuestion[]) => void; onShare?: (cell: string, values: number[]) => void } = {},
): Promise<RobustnessRow> {
  const answerable = instances.filter((i) => !i.isImpossible);
  const steps = 7;
  let step = 0;
  const progress = (label: string) => (done: number, total: number) => cb.onProgress?.({ done: step * 100 + Math.round((100 * done) / Math.max(1, total)), total: steps * 100, label });
  const stop = () => {
    if (!cb.signal?.aborted) return false;
    row.partial = true;
    cb.onRow?.(row);
    return true;
  };
  // Each comparison cell's questions, built as the audit unit of its kind builds them (same items, same order).
  const scores = (cell: string, items: () => SliceItem[]) => {
    if (cb.onScores) cb.onScores(cell, robustQuestions(items()));
  };
  const next = () => {
    step++;
    cb.onRow?.(row);
  };

  // 1. Original and renaming (one sweep: its originals are the original column). runSweep, not
  // runSweepStream: a finished row would be the same, but a cancel keeps the cells finished so far
  // over every question, and the originals for the original column; a streamed sweep of a
  // selection (one block) cancelled there keeps nothing (test/integration/robustness-sweep.test.ts).
  const sweep = await runSweep(answerable, { types: config.types, sources: [...RENAME_SOURCES], seeds: config.seeds, origin: 'us', origins: [] }, predict, {
    signal: cb.signal,
    pool: cb.pool,
    onProgress: (p) => progress(p.label)(p.done, p.total),
  });
  // The sweep answers only the questions it can rename; the original column is every answerable
  // question (the renamable ones come back from the logit cache).
  const all = sweep.cancelled ? { predictions: [], cancelled: true } : await predict(answerable.map((i) => ({ id: i.id, question: i.question, context: i.context })));
  const answered = new Map(all.predictions.map((p) => [p.id, p.text]));
  const orig = answerable.flatMap((i) => {
    const text = answered.get(i.id) ?? sweep.originals.get(i.id);
    return text === undefined ? [] : [scorePrediction(text, i)];
  });
  row.original = cellOf(averageScore(orig).f1, orig.length);
  if (orig.length > 0) cb.onShare?.(ORIGINAL_SHARE, orig.map((sc) => sc.f1));
  for (const key of Object.keys(row.rename)) {
    const [type, source] = key.split(':');
    const cells = sweep.cells.filter((c) => c.type === type && c.source === source && c.n > 0);
    const n = cells.reduce((a, c) => a + c.n, 0);
    row.rename[key] = cellOf(cells.reduce((a, c) => a + c.pert.f1 * c.n, 0) / Math.max(1, n), n);
    if (n > 0) scores(`rename:${key}`, () => sweepSliceItems(answerable, sweep.cells, `${type} · ${source} · us`));
  }
  if (sweep.cancelled) row.partial = true;
  next();
  if (stop() || sweep.cancelled) return row;

  // 2. Natural revision pairs. Steps 2–4 take core's one population rule (scope.ts), as the cards do.
  const natural = populationOf('natural', instances);
  const nat = await runPairs(natural, predict, progress('revision pairs'));
  if (nat.rows.length) {
    row.natural = cellOf(summarizePairs(nat.rows).perturbed.f1, nat.rows.length);
    scores('natural', () => joinScores(natural, nat.rows, (x) => ({ original: x.original, perturbed: x.perturbed })));
  }
  next();
  if (stop() || nat.cancelled) return row;

  // 3. Synthetic noise: on the revision pairs' questions when there are any, else on the answerable ones (English passages).
  const noisy = noisyPairs(populationOf('noise', instances), { ...config.noise, seed: config.seed });
  const noise = await runPairs(noisy.instances, predict, progress('synthetic noise'));
  if (noise.rows.length) {
    row.noise = cellOf(summarizePairs(noise.rows).perturbed.f1, noise.rows.length);
    scores('noise', () => joinScores(noisy.instances, noise.rows, (x) => ({ original: x.original, perturbed: x.perturbed })));
  }
  next();
  if (stop() || noise.cancelled) return row;

  // 4. Paraphrase DPR: the dataset's paraphrases and the rule-based generator's.
  const paraPopulation = populationOf('paraphrase', instances);
  const items = paraphraseItems(paraPopulation, { dataset: true, kinds: ['combined'], seed: config.seed }).items;
  const para = await runParaphrases(items, predict, progress('paraphrases'));
  if (para.rows.length) {
    const s = summarizeDpr(para.rows);
    row.dpr = cellOf(100 * s.dpr, s.n);
    scores('paraphrase', () => paraphraseSliceItems(paraPopulation, para.rows));
    // The DPR as a share (1: the pair's answer changed), for its CI, as the paraphrase card and qarx compare --ci.
    cb.onShare?.(DPR_SHARE, para.rows.map((r) => (r.differs ? 1 : 0)));
  }
  next();
  if (stop() || para.cancelled) return row;

  // 5. Traps (AddSent-like sentences after the answer sentence).
  const traps = await answerTraps(prepareTraps(answerable, { source: 'generated', position: 'after', seed: config.seed }).items, predict, progress('traps'));
  if (traps.rows.length) {
    row.trap = cellOf(summarizeTraps(traps.rows).trapped.f1, traps.rows.length);
    scores('trap', () => trapSliceItems(answerable, traps.rows));
  }
  next();
  if (stop() || traps.cancelled) return row;

  // 6. Worst/best over a budget of person renamings, and stability.
  const budget = await runBudget(answerable, { type: 'PER', source: 'db', origin: 'us', budget: config.budget, resemble: null, versionTwo: config.versionTwo }, predict, {
    signal: cb.signal,
    pool: cb.pool,
    onProgress: (p) => progress(p.label)(p.done, p.total),
  });
  if (budget.n > 0) {
    row.worst = cellOf(budget.plain.worst.f1, budget.n);
    row.best = cellOf(budget.plain.best.f1, budget.n);
    row.stability = cellOf(100 * budget.plain.stability, budget.n);
    scores('worst', () => budgetSliceItems(answerable, budget.perInstance));
    scores('best', () => budgetBestItems(answerable, budget.perInstance));
  }
  if (budget.cancelled) row.partial = true;
  next();
  return row;
}

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
