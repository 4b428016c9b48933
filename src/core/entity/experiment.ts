/**
 * Entity-renaming experiments: sweeps over seeds × name sources × entity types (mean ± std over
 * seeds, drop from the original), worst/best case over a budget of renamings with stability
 * (Algorithm 1 of RESEMBLE, Balasubramanian et al. 2020), and the RESEMBLE defence itself. Model
 * calls go through a Predictor, so the same code runs in the worker, the CLI and tests.
 */
import { scorePrediction, type Score } from '../data/score.ts';
import { MAX_BUDGET, sweepPlan, type BudgetConfig, type ResembleConfig, type SweepConfig } from './options.ts';
import { averageScore, type BudgetInstance, type BudgetResult, type ResembleSplit, type BudgetScores, type QuestionScores, type SweepCell, type SweepProgress } from './stats.ts';

export * from './stats.ts';
export { DEFAULT_BUDGET, DEFAULT_RESEMBLE, DEFAULT_SWEEP, MAX_BUDGET, sweepPlan, type BudgetConfig, type ResembleConfig, type SweepConfig } from './options.ts';
import type { Instance } from '../data/types.ts';
import type { QaInput, QaPrediction } from '../types.ts';
import { isC2W, type CategoryRule } from '../natural/categories.ts';
import { foundCase, type FoundCase } from '../results/found-case.ts';
import { CANONICAL_POOL, canonicalKey, canonicalProbes, chooseCanonical, defaultCanonical, splitValidation, VALIDATION_SHARE, type CanonicalChoice, type CanonicalNames } from './canonical.ts';
import { buildNamePool, renameInstance, type NamePool, type RenameOptions, type RenameResult } from './rename.ts';
import { detectEntities, perturbableSpans } from './spans.ts';
import { applySubstitutions, findMentions, mapSpanBack, type Edit, type Substitution } from './substitute.ts';

import { applyStep, CellTally, inputOf, type Predictor } from './tally.ts';
import { countedPredictor, InputProgress } from './sweep-progress.ts';
import { plannedInputs } from './input-plan.ts';
import { withTagStore } from './tag-store.ts';
import { nextTask } from '../runtime/next-task.ts';

export type { Predictor } from './tally.ts';



/** A predicted span in passage offsets, or null for "no answer". */
export function predictedSpan(p: QaPrediction): { start: number; end: number } | null {
  if (p.text === '') return null;
  const s = p.best && p.best.text === p.text ? p.best : p.nbest.find((n) => n.text === p.text);
  return s ? { start: s.start, end: s.end } : null;
}

// ------------------------------------------------------------------ sweep




/** Yields to the event loop, so a cancel message queued behind a long run is read between steps (never a clamped timer). */
export { nextTask };


/**
 * The instances some cell of the plan can rename: the others are skipped before any model call
 * (their original prediction would never be compared with anything); see plannedInputs.
 */
export function renamableInstances(instances: readonly Instance[], plan: readonly RenameOptions[]): Instance[] {
  return plannedInputs(instances, plan).renamable;
}

/**
 * Runs a sweep. Original predictions come first, then one model call per cell; each finished
 * cell is reported, and a cancel keeps the cells already done. Each cell keeps every renamed
 * question's scores (for slice tables); runSweepStream keeps aggregates only.
 */
export function runSweep(instances: readonly Instance[], config: SweepConfig, predict: Predictor, cb: SweepCallbacks = {}): Promise<SweepOutcome> {
  // Every cell renames the same questions: with the dataset's tags (or a store for this sweep alone), each passage and answer is tagged once.
  return withTagStore(() => sweep(instances, config, predict, cb));
}

/** `rule` decides which questions are C2W (cells and found cases); the released script's by default. */
type SweepCallbacks = { signal?: AbortSignal; onProgress?: (p: SweepProgress) => void; onCell?: (c: SweepCell) => void; pool?: NamePool; onCase?: (c: FoundCase) => void; rule?: CategoryRule };
type SweepOutcome = { cells: SweepCell[]; cancelled: boolean; originals: Map<string, string>; questions: number };

/** runSweep's work, with a tag store in use. */
async function sweep(instances: readonly Instance[], config: SweepConfig, predict: Predictor, cb: SweepCallbacks): Promise<SweepOutcome> {
  // English passages by compromise's tags, Chinese ones by zh.ts's dictionaries (both through selectRenameTarget).
  const answerable = instances.filter((i) => !i.isImpossible);
  // The app passes the pool of every question of the datasets (buildNamePool); alone, the instances given are the dataset.
  const pool = cb.pool ?? buildNamePool(instances);
  const plan = sweepPlan(config);
  const cells: SweepCell[] = [];
  const questions = answerable.length;
  // Progress counts model inputs (sweep-progress.ts), as the CLI's streamed sweep does.
  const planned = plannedInputs(answerable, plan);
  const progress = new InputProgress(questions, cb.onProgress);
  progress.plan(planned.inputs, questions);
  const renamable = planned.renamable;
  const orig = await predict(renamable.map((i) => inputOf(i)), (d) => progress.report('original predictions', d));
  // Only the predicted texts are kept: a long sweep holds a few bytes per question, not its n-best.
  const originals = new Map(orig.predictions.map((p) => [p.id, p.text]));
  progress.ran(renamable.length);
  if (orig.cancelled || cb.signal?.aborted) return { cells, cancelled: true, originals, questions };

  for (const [c, step] of plan.entries()) {
    await nextTask();
    if (cb.signal?.aborted) return { cells, cancelled: true, originals, questions };
    const label = `${step.type} · ${step.source} · ${step.origin} · seed ${step.seed}`;
    const tally = new CellTally(step, cb.rule);
    const scores: QuestionScores[] = [];
    let sent = 0;
    const onInputs = (n: number) => progress.settle(planned.perCell[c] ?? 0, (sent = n));
    // Every question of the input, so the unanswerable ones are counted under their reason too (issue 38.4).
    const cancelled = await applyStep(instances, tally, { pool, originals, predict, onProgress: (d) => progress.report(label, d), onInputs, onCase: cb.onCase, onQuestion: (q) => scores.push(q) });
    if (cancelled) return { cells, cancelled: true, originals, questions };
    progress.ran(sent);
    const cell = tally.cell(scores);
    cells.push(cell);
    cb.onCell?.(cell);
    progress.report(label);
  }
  return { cells, cancelled: false, originals, questions };
}



// ------------------------------------------------------------------ RESEMBLE


/** The M canonical-name variants of an input and the NER confidence of what they replace. */
export interface ResembleVariant {
  input: QaInput;
  edits: Edit[];
}

/**
 * The canonical-name variants of a passage and question: every entity of the chosen type is
 * renamed to the k-th canonical name of its span kind (default: the pools' first M); a name
 * already in the text gives way to the next free one, then the rest of the pool in order.
 */
export function resembleVariants(inst: Pick<Instance, 'id' | 'context' | 'question'>, cfg: Pick<ResembleConfig, 'm' | 'type'>, canonical: CanonicalNames = defaultCanonical(cfg.m)): { variants: ResembleVariant[]; confidence: number } {
  const entities = detectEntities(inst.context).filter((e) => cfg.type === 'MIX' || e.type === cfg.type);
  const spans = entities.flatMap((e) => perturbableSpans(e).map((s) => ({ s, c: e.confidence })));
  const uniq = [...new Map(spans.map((x) => [x.s.text, x])).values()];
  if (uniq.length === 0) return { variants: [], confidence: 0 };
  const confidence = uniq.reduce((a, x) => a + x.c, 0) / uniq.length;
  const variants: ResembleVariant[] = [];
  for (let k = 0; k < cfg.m; k++) {
    const used = new Set<string>();
    const subs: Substitution[] = [];
    for (const { s } of uniq) {
      const key = canonicalKey(s);
      const names = [...canonical[key], ...CANONICAL_POOL[key].filter((n) => !canonical[key].includes(n))];
      const free = names.filter((n) => n !== s.text && !used.has(n) && findMentions(inst.context, n).length === 0);
      const to = free[k % Math.max(1, free.length)];
      if (!to) continue;
      used.add(to);
      subs.push({ from: s.text, to });
    }
    const ctx = applySubstitutions(inst.context, subs);
    const q = applySubstitutions(inst.question, subs);
    variants.push({ input: { id: `${inst.id}#resemble${k}`, context: ctx.text, question: q.text }, edits: ctx.edits });
  }
  return { variants, confidence };
}

/** A span's key in the original passage ("null" for no answer). */
const keyOf = (s: { start: number; end: number } | null) => (s ? `${s.start}:${s.end}` : 'null');

/** Temperature softmax over an n-best list, keyed by span, e.g. T = 2 flattens the distribution. */
function spanProbs(p: QaPrediction, t: number, edits: readonly Edit[] | null, versionTwo: boolean): Map<string, number> {
  const entries = p.nbest.filter((s) => !(s.text === 'empty' && s.start === s.end) && (versionTwo || s.text !== ''));
  const m = Math.max(...entries.map((s) => s.score / t));
  const ex = entries.map((s) => Math.exp(s.score / t - m));
  const sum = ex.reduce((a, b) => a + b, 0);
  const out = new Map<string, number>();
  entries.forEach((s, i) => {
    const span = s.text === '' ? null : edits ? mapSpanBack(edits, s.start, s.end) : { start: s.start, end: s.end };
    const k = keyOf(span);
    out.set(k, (out.get(k) ?? 0) + (ex[i] as number) / sum);
  });
  return out;
}

/**
 * RESEMBLE's combination, Eq. 2 of Balasubramanian et al. (2020):
 * P_R(y|x) ∝ (1 − c)·P_T(y|x) + c·(P_T(y|x)·∏_m P(y|x_m))^{1/(M+1)}, with c = P(z = ẑ|x) the NER
 * confidence, the temperature T on the original's n-best only, and each variant's spans mapped back
 * to the original passage (a span cutting into a renamed name covers the whole original name). A
 * span missing from an n-best list has probability 0 there. Returns the winner with its P_R, e.g.
 * text '' for "no answer".
 */
export function resembleCombine(context: string, original: QaPrediction, variants: readonly { prediction: QaPrediction; edits: readonly Edit[] }[], confidence: number, cfg: { temperature: number; versionTwo: boolean }): { text: string; span: { start: number; end: number } | null; probability: number } {
  const pT = spanProbs(original, cfg.temperature, null, cfg.versionTwo);
  const pm = variants.map((v) => spanProbs(v.prediction, 1, v.edits, cfg.versionTwo));
  const keys = new Set([...pT.keys(), ...pm.flatMap((o) => [...o.keys()])]);
  const c = Math.min(1, Math.max(0, confidence));
  let best = { key: 'null', p: -1 };
  let total = 0;
  for (const k of keys) {
    const t = pT.get(k) ?? 0;
    const product = pm.reduce((a, o) => a * (o.get(k) ?? 0), t);
    const p = (1 - c) * t + c * Math.pow(product, 1 / (pm.length + 1));
    total += p;
    if (p > best.p) best = { key: k, p };
  }
  const probability = total > 0 ? best.p / total : 0;
  if (best.key === 'null') return { text: '', span: null, probability };
  const [s0, e0] = best.key.split(':').map(Number) as [number, number];
  return { text: context.slice(s0, e0), span: { start: s0, end: e0 }, probability };
}

/** RESEMBLE answers for many instances: one model call for all variants. */
export async function resemblePredict(
  items: readonly { inst: Instance; prediction: QaPrediction }[],
  cfg: ResembleConfig,
  versionTwo: boolean,
  predict: Predictor,
  onProgress?: (done: number, total: number) => void,
  canonical?: CanonicalNames,
): Promise<{ texts: (string | null)[]; cancelled: boolean }> {
  const vs = items.map(({ inst }) => resembleVariants(inst, cfg, canonical));
  const inputs = vs.flatMap((v) => v.variants.map((x) => x.input));
  const res = await predict(inputs, onProgress);
  const byId = new Map(res.predictions.map((p) => [p.id, p]));
  const texts = items.map(({ inst, prediction }, i) => {
    const v = vs[i] as { variants: ResembleVariant[]; confidence: number };
    if (v.variants.length === 0) return prediction.text; // nothing to replace: RESEMBLE is the model itself
    const preds = v.variants.map((x) => ({ prediction: byId.get(x.input.id), edits: x.edits }));
    if (preds.some((p) => !p.prediction)) return null;
    return resembleCombine(inst.context, prediction, preds as { prediction: QaPrediction; edits: Edit[] }[], v.confidence, { temperature: cfg.temperature, versionTwo }).text;
  });
  return { texts, cancelled: res.cancelled };
}

// ------------------------------------------------------------------ worst / best over a budget



/**
 * Standard deviation (population, as numpy's default) over the B random runs of the dataset-level
 * EM/F1: run k scores every question's k-th renaming.
 */
export function runStd(runsPerQuestion: readonly (readonly Score[])[]): Score {
  const b = Math.max(0, ...runsPerQuestion.map((r) => r.length));
  const perRun: Score[] = [];
  for (let k = 0; k < b; k++) {
    const scores = runsPerQuestion.flatMap((r) => r.slice(k, k + 1));
    if (scores.length) perRun.push(averageScore(scores));
  }
  const sd = (xs: number[]) => {
    const m = xs.reduce((a, x) => a + x, 0) / xs.length;
    return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
  };
  return perRun.length ? { em: sd(perRun.map((s) => s.em)), f1: sd(perRun.map((s) => s.f1)) } : { em: NaN, f1: NaN };
}

/** Mean EM/F1 (0..1) of one question's renamings, e.g. meanScore([{ em: 1, f1: 1 }, { em: 0, f1: 0.5 }]) → { em: 0.5, f1: 0.75 }. */
const meanScore = (xs: readonly Score[]): Score => ({ em: xs.reduce((a, x) => a + x.em, 0) / xs.length, f1: xs.reduce((a, x) => a + x.f1, 0) / xs.length });

function budgetScores(rows: { orig: Score; runs: Score[]; stable: boolean }[]): BudgetScores {
  const pickBy = (f: (runs: Score[]) => Score) => averageScore(rows.map((r) => f(r.runs)));
  const worstOf = (runs: Score[]) => runs.reduce((a, s) => (s.f1 < a.f1 || (s.f1 === a.f1 && s.em < a.em) ? s : a));
  const bestOf = (runs: Score[]) => runs.reduce((a, s) => (s.f1 > a.f1 || (s.f1 === a.f1 && s.em > a.em) ? s : a));
  return {
    original: averageScore(rows.map((r) => r.orig)),
    random: averageScore(rows.flatMap((r) => r.runs)),
    randomStd: runStd(rows.map((r) => r.runs)),
    worst: pickBy(worstOf),
    best: pickBy(bestOf),
    stability: rows.length ? rows.filter((r) => r.stable).length / rows.length : NaN,
  };
}

/**
 * Algorithm 1: B renamings per instance (seeds 1..B); the lowest- and highest-scoring one per
 * instance give D_worst and D_best. With `resemble`, the same is measured for the defended model.
 */
export async function runBudget(
  instances: readonly Instance[],
  cfg: BudgetConfig,
  predict: Predictor,
  cb: { signal?: AbortSignal; onProgress?: (p: SweepProgress) => void; pool?: NamePool; onCase?: (c: FoundCase) => void; rule?: CategoryRule } = {},
): Promise<BudgetResult> {
  const budget = Math.max(1, Math.min(MAX_BUDGET, Math.floor(cfg.budget)));
  // The app passes the pool of every question of the datasets (buildNamePool); alone, the instances given are the dataset.
  const pool = cb.pool ?? buildNamePool(instances);
  let cfgNames: CanonicalNames | undefined;
  let items: { inst: Instance; runs: RenameResult[] }[] = [];
  const renameOf = (seed: number): RenameOptions => ({ type: cfg.target === 'question-person' ? 'PER' : cfg.type, target: cfg.target ?? 'answer', source: cfg.source, origin: cfg.origin, seed });
  for (const inst of instances) {
    if (inst.isImpossible) continue;
    const runs: RenameResult[] = [];
    for (let seed = 1; seed <= budget; seed++) {
      const r = renameInstance(inst, renameOf(seed), pool);
      if (typeof r !== 'string') runs.push(r);
    }
    if (runs.length) items.push({ inst, runs });
  }
  // §4: with RESEMBLE the canonical names are chosen on a seeded validation part of the eligible
  // questions, and every figure is on the rest (the test part).
  const splitSeed = cfg.resemble?.seed ?? 1;
  const parts = cfg.resemble ? splitValidation(items.map((it) => it.inst), splitSeed) : null;
  if (parts) {
    const val = new Set(parts.validation.map((v) => v.id));
    items = items.filter((it) => !val.has(it.inst.id));
  }
  // Progress counts model inputs (sweep-progress.ts, as the sweep's): choosing the names (one
  // input per probe), the renamings (each question and its renamings), then RESEMBLE's variants
  // (planned at M per input, settled to what resemblePredict sends).
  const probes = cfg.resemble && parts ? canonicalProbes(parts.validation, cfg.target === 'question-person' ? 'PER' : cfg.type).length : 0;
  const renamings = items.reduce((a, it) => a + 1 + it.runs.length, 0);
  const variants = cfg.resemble ? renamings * cfg.resemble.m : 0;
  const progress = new InputProgress(0, cb.onProgress);
  progress.plan(probes + renamings + variants, 0);
  let split: ResembleSplit | undefined;
  if (cfg.resemble && parts && parts.validation.length) {
    const label = 'choosing canonical names (validation part)';
    const chosen = await chooseOnValidation(parts.validation, { ...cfg.resemble, type: cfg.target === 'question-person' ? 'PER' : cfg.type }, countedPredictor(predict, progress, probes, label));
    if (!chosen || cb.signal?.aborted) return { n: 0, plain: budgetScores([]), defended: null, perInstance: [], cancelled: true };
    cfgNames = chosen.names;
    split = { seed: splitSeed, share: VALIDATION_SHARE, validationIds: parts.validation.map((v) => v.id), names: chosen.names, scores: chosen.scores };
  } else if (cfg.resemble) {
    split = { seed: splitSeed, share: VALIDATION_SHARE, validationIds: [], names: defaultCanonical(cfg.resemble.m), scores: {} };
  }
  const withSplit = (r: BudgetResult): BudgetResult => (split ? { ...r, resembleSplit: split } : r);
  if (items.length === 0) return withSplit({ n: 0, plain: budgetScores([]), defended: null, perInstance: [], cancelled: false });

  const inputs = items.flatMap(({ inst, runs }) => [inputOf(inst, '#orig'), ...runs.map((r, k) => inputOf(r.perturbed, `#${k}`))]);
  const res = await countedPredictor(predict, progress, renamings, 'renamings')(inputs);
  const byId = new Map(res.predictions.map((p) => [p.id, p]));
  const complete = items.filter(({ inst, runs }) => byId.has(`${inst.id}#orig`) && runs.every((_, k) => byId.has(`${inst.id}#${k}`)));

  let plainPass = true;
  const rowsFor = (texts: (id: string) => string | null) => {
    const per: BudgetInstance[] = [];
    const rows = complete.flatMap(({ inst, runs }) => {
      const origText = texts(`${inst.id}#orig`);
      if (origText === null) return [];
      const origPred = byId.get(`${inst.id}#orig`) as QaPrediction;
      const origSpan = keyOf(origText === origPred.text ? predictedSpan(origPred) : findSpan(inst.context, origText));
      const runScores: Score[] = [];
      let stable = true;
      let worst = { seed: 0, em: 2, f1: 2, text: '' };
      let best = { seed: 0, em: -1, f1: -1, text: '' };
      for (const [k, r] of runs.entries()) {
        const text = texts(`${inst.id}#${k}`);
        if (text === null) return [];
        const s = scorePrediction(text, r.perturbed);
        runScores.push(s);
        const pred = byId.get(`${inst.id}#${k}`) as QaPrediction;
        const span = text === pred.text ? predictedSpan(pred) : findSpan(r.perturbed.context, text);
        const back = span ? mapSpanBack(r.contextEdits, span.start, span.end) : null;
        if (keyOf(back) !== origSpan) stable = false;
        if (s.f1 < worst.f1 || (s.f1 === worst.f1 && s.em < worst.em)) worst = { seed: k + 1, em: s.em, f1: s.f1, text };
        if (s.f1 > best.f1 || (s.f1 === best.f1 && s.em > best.em)) best = { seed: k + 1, em: s.em, f1: s.f1, text };
      }
      per.push({ id: inst.id, original: origText, worst, best, random: meanScore(runScores), stable });
      // The worst renaming of a question answered right is a C2W case (plain model only).
      const worstRun = runs[worst.seed - 1];
      if (plainPass && worstRun && isC2W(scorePrediction(origText, inst), worst, cb.rule)) cb.onCase?.(foundCase(inst, worstRun.perturbed, { original: origText, perturbed: worst.text }, { rename: { ...renameOf(worst.seed) } }));
      return [{ orig: scorePrediction(origText, inst), runs: runScores, stable }];
    });
    return { rows, per };
  };
  const plain = rowsFor((id) => byId.get(id)?.text ?? null);
  plainPass = false;
  if (res.cancelled || cb.signal?.aborted || !cfg.resemble) {
    return withSplit({ n: plain.rows.length, plain: budgetScores(plain.rows), defended: null, perInstance: plain.per, cancelled: res.cancelled || !!cb.signal?.aborted });
  }
  const ensembleItems = complete.flatMap(({ inst, runs }) => [
    { inst: { ...inst, id: `${inst.id}#orig` }, prediction: byId.get(`${inst.id}#orig`) as QaPrediction },
    ...runs.map((r, k) => ({ inst: { ...r.perturbed, id: `${inst.id}#${k}` }, prediction: byId.get(`${inst.id}#${k}`) as QaPrediction })),
  ]);
  await nextTask();
  if (cb.signal?.aborted) return withSplit({ n: plain.rows.length, plain: budgetScores(plain.rows), defended: null, perInstance: plain.per, cancelled: true });
  // The defence renames the entity type the attack renamed (the paper's setting).
  const ens = await resemblePredict(ensembleItems, { ...cfg.resemble, type: cfg.target === 'question-person' ? 'PER' : cfg.type }, cfg.versionTwo, countedPredictor(predict, progress, variants, 'RESEMBLE variants'), undefined, cfgNames);
  const ensTexts = new Map(ensembleItems.map((it, i) => [it.inst.id, ens.texts[i] ?? null]));
  const defended = rowsFor((id) => ensTexts.get(id) ?? null);
  return withSplit({ n: plain.rows.length, plain: budgetScores(plain.rows), defended: defended.rows.length ? budgetScores(defended.rows) : null, perInstance: plain.per, ...(defended.rows.length ? { defendedPerInstance: defended.per } : {}), cancelled: ens.cancelled });
}

/**
 * Chooses the M canonical names per span kind by mean F1 on the validation questions (§4):
 * each candidate replaces each kind's entity in turn (canonicalProbes); null when cancelled.
 */
export async function chooseOnValidation(
  validation: readonly Instance[],
  cfg: Pick<ResembleConfig, 'm' | 'type'>,
  predict: Predictor,
  onProgress?: (done: number, total: number) => void,
): Promise<CanonicalChoice | null> {
  const probes = canonicalProbes(validation, cfg.type);
  const res = await predict(probes.map((p) => inputOf(p.instance)), onProgress);
  if (res.cancelled) return null;
  const byId = new Map(res.predictions.map((p) => [p.id, p.text]));
  const scored = probes.flatMap((p) => {
    const text = byId.get(p.instance.id);
    return text === undefined ? [] : [{ key: p.key, name: p.name, score: scorePrediction(text, p.instance) }];
  });
  return chooseCanonical(scored, cfg.m);
}

/** The first occurrence of a text in a passage as a span, or null for "" / not found. */
function findSpan(context: string, text: string): { start: number; end: number } | null {
  if (!text) return null;
  const i = context.indexOf(text);
  return i < 0 ? null : { start: i, end: i + text.length };
}
