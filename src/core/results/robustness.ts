/**
 * One model's row of the robustness table (the papers' layout: rows = models): the original score,
 * entity renaming per type and name source, natural revision pairs, synthetic noise, paraphrase
 * DPR, trap F1, worst/best over a renaming budget and stability. Each cell says what ran (n) or
 * is null when that experiment did not run (no data for it in the set, or cancelled before it).
 */
import type { Instance } from '../data/types.ts';
import { scorePrediction } from '../data/score.ts';
import { averageScore, runBudget, runSweep, type Predictor, type SweepProgress } from '../entity/experiment.ts';
import { StepInputs } from '../entity/sweep-progress.ts';
import type { NamePool } from '../entity/rename.ts';
import { runPairs, summarizePairs } from '../natural/pairs.ts';
import { noisyPairs } from '../natural/noise-passage.ts';
import { paraphraseItems, runParaphrases, summarizeDpr } from '../sensitivity/index.ts';
import { headlineKind } from '../sensitivity/kinds.ts';
import { answerTraps, prepareTraps, summarizeTraps } from '../trap/experiment.ts';
import { populationOf } from '../experiments/scope.ts';
import { joinScores, type SliceItem } from '../metrics/slices.ts';
import { budgetBestItems, budgetSliceItems, paraphraseSliceItems, sweepSliceItems, trapSliceItems } from '../metrics/experiment-slices.ts';
import { cellOf, DPR_SHARE, ORIGINAL_SHARE, RENAME_SOURCES, robustQuestions, type RobustnessConfig, type RobustnessRow, type RobustQuestion } from './robustness-columns.ts';

// The table's types, columns and helpers live in robustness-columns.ts (light, for the app's start-up).
export * from './robustness-columns.ts';

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
  // Progress counts model inputs (entity/sweep-progress.ts): each step's estimate until it starts.
  // Steps: the sweep, the original column, revision pairs, noise, paraphrases, traps, the budget.
  const n = answerable.length;
  const steps = new StepInputs([n * 2, n, 2 * populationOf('natural', instances).length, 2 * n, 2 * n, 2 * n, n * (config.budget + 1)], cb.onProgress);
  const progress = (label: string) => (done: number, total: number) => {
    steps.settle(total);
    steps.report(label, done);
  };
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
    steps.next();
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
  steps.next();
  const all = sweep.cancelled ? { predictions: [], cancelled: true } : await steps.predictor(predict, 'original predictions')(answerable.map((i) => ({ id: i.id, question: i.question, context: i.context })));
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
  const nat = await runPairs(natural, steps.predictor(predict, 'revision pairs'));
  if (nat.rows.length) {
    row.natural = cellOf(summarizePairs(nat.rows).perturbed.f1, nat.rows.length);
    scores('natural', () => joinScores(natural, nat.rows, (x) => ({ original: x.original, perturbed: x.perturbed })));
  }
  next();
  if (stop() || nat.cancelled) return row;

  // 3. Synthetic noise: on the revision pairs' questions when there are any, else on the answerable ones (English passages).
  const noisy = noisyPairs(populationOf('noise', instances), { ...config.noise, seed: config.seed }, instances);
  const noise = await runPairs(noisy.instances, steps.predictor(predict, 'synthetic noise'));
  if (noise.rows.length) {
    row.noise = cellOf(summarizePairs(noise.rows).perturbed.f1, noise.rows.length);
    scores('noise', () => joinScores(noisy.instances, noise.rows, (x) => ({ original: x.original, perturbed: x.perturbed })));
  }
  next();
  if (stop() || noise.cancelled) return row;

  // 4. Paraphrase DPR: the dataset's paraphrases and the rule-based generator's.
  const paraPopulation = populationOf('paraphrase', instances);
  const items = paraphraseItems(paraPopulation, { dataset: true, kinds: ['combined'], seed: config.seed }).items;
  const para = await runParaphrases(items, steps.predictor(predict, 'paraphrases'));
  if (para.rows.length) {
    // One kind, never the pool (issue 38.4): the headline kind, the audit unit's first row (dprHeadlineRows).
    const kind = headlineKind(summarizeDpr(para.rows));
    const headRows = para.rows.filter((r) => r.kind === kind);
    const s = summarizeDpr(headRows);
    row.dpr = cellOf(100 * s.dpr, s.n);
    scores('paraphrase', () => paraphraseSliceItems(paraPopulation, para.rows));
    // The DPR as a share (1: the pair's answer changed), for its CI, as the paraphrase card and qarx compare --ci.
    cb.onShare?.(DPR_SHARE, headRows.map((r) => (r.differs ? 1 : 0)));
  }
  next();
  if (stop() || para.cancelled) return row;

  // 5. Traps (AddSent-like sentences after the answer sentence).
  const traps = await answerTraps(prepareTraps(answerable, { source: 'generated', position: 'after', seed: config.seed }).items, steps.predictor(predict, 'traps'));
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
