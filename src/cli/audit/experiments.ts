/**
 * One audit unit's experiment on loaded questions and a predictor: the same core functions the app's
 * cards and the other qarx commands call, with the result in the app's saved-run shape, its headline
 * table and before/after scores.
 */
import type { Instance } from '../../core/data/types.ts';
import type { HeadlineRow } from '../../core/audit/format.ts';
import { runBudget, runSweepStream, summarizeSweep, type BudgetScores, type NamePool, type Predictor, type SweepCell, type SweepConfig } from '../../core/entity/index.ts';
import { noisyPairs } from '../../core/natural/noise.ts';
import { populationOf } from '../../core/experiments/scope.ts';
import type { NoiseKind } from '../../core/natural/noise-kinds.ts';
import { runPairs, summarizePairs } from '../../core/natural/pairs.ts';
import { adversarialTable, budgetTable, dprTable, pairsTable, sweepTable, trapTable } from '../../core/results/tables.ts';
import type { ResultTable } from '../../core/results/table.ts';
import { runParaphrases, summarizeDpr } from '../../core/sensitivity/dpr.ts';
import { paraphraseItems, type GeneratedKind } from '../../core/sensitivity/paraphrase.ts';
import { answerTraps, prepareTraps, runAdversarial, summarizeTraps, type TrapConfig } from '../../core/trap/experiment.ts';
import type { ExperimentConfig } from './config.ts';
import { countOf } from '../../core/text/plural.ts';
import type { UnitSpec } from '../../core/audit/format.ts';
import type { QuestionScores } from '../../core/entity/stats.ts';
import { adversarialSliceItems, budgetBestItems, budgetSliceItems, paraphraseSliceItems, sweepRowKey, sweepSliceItems, trapSliceItems } from '../../core/metrics/experiment-slices.ts';
import { joinScores, type SliceItem } from '../../core/metrics/slices.ts';
import { pairedOfItems, pairedStats, type CiOptions } from '../../core/stats/index.ts';

/** Per headline row, its questions' before/after items (null: not kept for that row). */
type HeadlineItems = ((() => SliceItem[]) | null)[];

/** The outcome with each headline row's paired statistics (Holm is applied over a model's rows in the summary). */
function withCi(o: ExperimentOutcome, per: HeadlineItems, ci: CiOptions): ExperimentOutcome {
  const headline = o.headline.map((h, i) => {
    const items = per[i];
    const qs = items ? pairedOfItems(items()) : [];
    return { ...h, ci: qs.length ? pairedStats(qs, ci) : null };
  });
  return { ...o, headline };
}

/** What an experiment gives back: the app's run kind, settings for the run record, the result and its tables. */
export interface ExperimentOutcome {
  kind: string;
  settings: Record<string, unknown>;
  /** Questions the experiment used. */
  n: number;
  payload: unknown;
  table: ResultTable;
  headline: HeadlineRow[];
  notes: string[];
  partial: boolean;
}

/** Which questions an experiment runs on, when it is not every question of the dataset (a type, not an interface: specs are records). */
type OnQuestions = { questions: 'answerable' };

/** A unit's experiment: one noise kind for synthetic noise, with the unit's seed; noise and paraphrases on the answerable questions. */
export type UnitExperiment =
  | Exclude<ExperimentConfig, { kind: 'synthetic' | 'paraphrase' }>
  | (Omit<Extract<ExperimentConfig, { kind: 'synthetic' }>, 'noise'> & { noise: NoiseKind } & OnQuestions)
  | (Extract<ExperimentConfig, { kind: 'paraphrase' }> & OnQuestions);

const row = (label: string, n: number, b: { em: number; f1: number } | null, a: { em: number; f1: number } | null): HeadlineRow => ({ label, n, beforeEm: b?.em ?? null, beforeF1: b?.f1 ?? null, afterEm: a?.em ?? null, afterF1: a?.f1 ?? null });
const count = (what: string, c: { count: number; ids: string[] } | undefined) => (c && c.count ? [`${c.count} ${what} (${c.ids.join(', ')}${c.count > c.ids.length ? ', …' : ''})`] : []);

/** A sweep unit's outcome from its cells and the originals answered (n): the saved-run payload, the sweep table, a headline row per type · source · origin. */
export function sweepOutcome(config: SweepConfig, cells: SweepCell[], n: number, partial: boolean): ExperimentOutcome {
  const rows = summarizeSweep(cells, config.seeds);
  return { kind: 'sweep', settings: { ...config }, n, payload: { cells }, table: sweepTable(rows), headline: rows.map((x) => row(`${x.type} · ${x.source} · ${x.origin}`, x.n, x.orig, { em: x.pertEm.mean, f1: x.pertF1.mean })), notes: [], partial };
}

/** The questions an experiment runs on, as its spec says. */
/** The unit's questions: the app's scope rule (src/core/experiments/scope.ts) when its spec names it, else all (units planned before the rule). */
const onQuestions = (instances: readonly Instance[], exp: OnQuestions & { kind: 'synthetic' | 'paraphrase' }): Instance[] => (exp.questions === 'answerable' ? populationOf(exp.kind, instances) : [...instances]);

/** Runs a unit's experiment; `seed` is the unit's seed for the seeded kinds; `pool` the InDistName pool of the renamings (default: the questions'). */
export async function runExperiment(exp: UnitExperiment, seed: number | null, instances: readonly Instance[], predict: Predictor, versionTwo: boolean, onProgress: (done: number, total: number) => void, ci?: UnitSpec['ci'], pool?: NamePool): Promise<ExperimentOutcome> {
  const per: HeadlineItems = [];
  const outcome = await run(exp, seed, instances, predict, versionTwo, onProgress, ci ? per : null, pool);
  return ci ? withCi(outcome, per, { bootstrap: ci.bootstrap, seed: ci.seed, byPassage: ci.passages }) : outcome;
}

/** Runs a unit's experiment; with `per`, fills in each headline row's per-question items for the CI. */
async function run(exp: UnitExperiment, seed: number | null, instances: readonly Instance[], predict: Predictor, versionTwo: boolean, onProgress: (done: number, total: number) => void, per: HeadlineItems | null, pool?: NamePool): Promise<ExperimentOutcome> {
  const s = seed ?? 1;
  const progress = (p: { done: number; total: number }) => onProgress(p.done, p.total);
  switch (exp.kind) {
    case 'sweep': {
      const config = { types: exp.types, sources: exp.sources, target: exp.target, seeds: exp.seeds, origin: exp.origin, origins: exp.origins, ...(exp.tagger ? { tagger: exp.tagger } : {}) };
      // Streamed block by block, so a unit's memory stays flat on any dataset. Each question's scores
      // are not kept: no output of a unit reads them (the app slices a saved sweep only by the
      // sliceSources it saves with it, which a unit has none of), and they were most of its file.
      // With a CI the per-question scores are gathered for it only, never written to the unit.
      const perCell: QuestionScores[][] = [];
      const r = await runSweepStream(instances, config, predict, { onProgress: progress, pool, ...(per ? { onQuestion: (q: QuestionScores, c: number) => (perCell[c] ??= []).push(q) } : {}) });
      const outcome = sweepOutcome(config, r.cells, r.answered, r.cancelled);
      const cells = r.cells.map((c, i) => ({ ...c, questions: perCell[i] ?? [] }));
      per?.push(...summarizeSweep(r.cells, config.seeds).map((x) => () => sweepSliceItems(instances, cells, sweepRowKey(x))));
      return outcome;
    }
    case 'budget': {
      const config = { type: exp.type, target: exp.target, source: exp.source, origin: exp.origin, budget: exp.budget, resemble: exp.resemble ? { m: exp.resemble.m, temperature: exp.resemble.temperature, type: 'MIX' as const, seed: exp.resemble.seed ?? 1 } : null, versionTwo, ...(exp.tagger ? { tagger: exp.tagger } : {}) };
      const r = await runBudget(instances, config, predict, { onProgress: progress, pool });
      const side = (name: string, b: BudgetScores | null) => (b ? [row(`${name} random`, r.n, b.original, b.random), row(`${name} worst`, r.n, b.original, b.worst), row(`${name} best`, r.n, b.original, b.best)] : []);
      // Per-question worst and best are kept for the plain model only; random means and RESEMBLE rows get no CI.
      per?.push(null, () => budgetSliceItems(instances, r.perInstance), () => budgetBestItems(instances, r.perInstance));
      return { kind: 'budget', settings: { ...config }, n: r.n, payload: { result: r }, table: budgetTable(r), headline: [...side('model', r.plain), ...side('RESEMBLE', r.defended)], notes: [], partial: r.cancelled };
    }
    case 'natural':
    case 'synthetic': {
      // Noise goes on the scope rule's questions (src/core/experiments/scope.ts), as in the app's noise experiment and robustness table.
      const noise = exp.kind === 'synthetic' ? noisyPairs(onQuestions(instances, exp), { kind: exp.noise, rate: exp.rate, seed: s }) : null;
      const r = await runPairs(noise ? noise.instances : instances, predict, onProgress, { rule: exp.rule });
      const sum = summarizePairs(r.rows);
      per?.push(() => joinScores(noise ? noise.instances : instances, r.rows, (x) => ({ original: x.original, perturbed: x.perturbed })));
      const label = exp.kind === 'natural' ? 'natural edits' : (r.rows[0]?.intent ?? `synthetic: ${exp.noise}`);
      const settings = exp.kind === 'synthetic' ? { kind: exp.noise, rate: exp.rate, seed: s, rule: exp.rule } : { rule: exp.rule };
      const table = { ...pairsTable([{ name: label, s: sum }]), title: exp.kind === 'natural' ? 'Revision pairs' : `Synthetic noise (${label})` };
      const notes = [...count('left out: gold answer not in the edited passage', r.dropped.answerMissing), ...(noise?.dropped ? [`${countOf(noise.dropped, 'passage')} with nothing to change`] : []), ...(exp.kind === 'natural' && r.rows.length === 0 ? ['no revision pairs in this dataset'] : [])];
      return { kind: exp.kind, settings, n: sum.n, payload: { rows: r.rows, dropped: noise?.dropped ?? 0, answerMissing: r.dropped.answerMissing, label }, table, headline: [row(label, sum.n, sum.original, sum.perturbed)], notes, partial: r.cancelled };
    }
    case 'paraphrase': {
      const source = { dataset: exp.dataset, kinds: exp.kinds as GeneratedKind[], seed: s };
      // The answerable questions, as the app's robustness table measures DPR (its audit config is this experiment).
      const answerable = onQuestions(instances, exp);
      const { items, none } = paraphraseItems(answerable, source);
      const r = await runParaphrases(items, predict, onProgress);
      const sum = summarizeDpr(r.rows);
      per?.push(() => paraphraseSliceItems(answerable, r.rows));
      const asked = new Set(items.map((i) => i.instance));
      const settings = { datasetParaphrases: exp.dataset, kinds: exp.kinds.join(', ') || 'none', seed: s, paraphrases: items.length };
      const notes = Object.entries(none).flatMap(([k, c]) => count(`questions no ${k} rule fits`, c));
      return { kind: 'paraphrase', settings, n: asked.size, payload: { rows: r.rows, none, without: answerable.length - asked.size }, table: dprTable(sum), headline: [row(`paraphrased (DPR ${sum.n ? (100 * sum.dpr).toFixed(1) : '–'}%)`, sum.n, sum.original, sum.paraphrased)], notes, partial: r.cancelled };
    }
    case 'traps': {
      const config: TrapConfig = { source: exp.source, position: exp.position, seed: s };
      const { items, skipped } = prepareTraps(instances, config);
      const r = await answerTraps(items, predict, onProgress);
      const sum = summarizeTraps(r.rows);
      per?.push(() => trapSliceItems(instances, r.rows));
      const notes = Object.entries(skipped).flatMap(([k, c]) => count(`left out: ${k}`, c));
      return { kind: 'traps', settings: { ...config }, n: sum.n, payload: { rows: r.rows, skipped }, table: trapTable(sum), headline: [row(`trap ${exp.position}`, sum.n, sum.original, sum.trapped)], notes, partial: r.cancelled };
    }
    case 'adversarial': {
      const r = await runAdversarial(instances, predict, onProgress);
      if (!r) throw new Error('no question with gold answers to score (an adversarial SQuAD file is needed)');
      const o = r.output.result;
      const n = r.output.rows.length;
      per?.push(() => adversarialSliceItems(instances, r.output.rows));
      return { kind: 'adversarial', settings: {}, n, payload: { output: r.output, unscorable: r.unscorable }, table: adversarialTable(r.output), headline: [row('adversarial', n, { em: o.orig_exact_match, f1: o.orig_f1 }, { em: o.adv_exact_match, f1: o.adv_f1 })], notes: r.unscorable ? [`${countOf(r.unscorable, 'question')} without gold answers left out`] : [], partial: r.cancelled };
    }
  }
}
