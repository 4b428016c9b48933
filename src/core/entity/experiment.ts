/**
 * Entity-renaming experiments: sweeps over seeds × name sources × entity types (mean ± std over
 * seeds, drop from the original), worst/best case over a budget of renamings with stability
 * (Algorithm 1 of RESEMBLE, Balasubramanian et al. 2020), and the RESEMBLE defence itself. Model
 * calls go through a Predictor, so the same code runs in the worker, the CLI and tests.
 */
import { scorePrediction, type Score } from '../data/score.ts';
import type { Instance } from '../data/types.ts';
import { getTokens } from '../metrics/squad.ts';
import type { QaInput, QaPrediction } from '../types.ts';
import { canonicalNames, type Origin } from './names.ts';
import { buildNamePool, renameInstance, type EntityChoice, type NamePool, type NameSource, type NotRenamable, type RenameResult } from './rename.ts';
import { detectEntities, perturbableSpans } from './spans.ts';
import { applySubstitutions, findMentions, mapSpanBack, type Edit, type Substitution } from './substitute.ts';

/** Answers questions; returns predictions in input order (a prefix of them when cancelled). */
export type Predictor = (inputs: QaInput[], onProgress?: (done: number, total: number) => void) => Promise<{ predictions: QaPrediction[]; cancelled: boolean }>;

/** How a prediction moved between the original and the perturbed instance (correct = exact match). */
export type Category = 'C2C' | 'C2W' | 'W2C' | 'W2W';
export const CATEGORIES: readonly Category[] = ['C2C', 'C2W', 'W2C', 'W2W'];

/** The category of a pair of EM scores, e.g. category(1, 0) === 'C2W'. */
export function category(origEm: number, pertEm: number): Category {
  return `${origEm === 1 ? 'C' : 'W'}2${pertEm === 1 ? 'C' : 'W'}` as Category;
}

/** A wrong answer is wrong-entity when it shares no word with any gold answer, else wrong-boundary; correct answers are neither. */
export type ErrorKind = 'correct' | 'wrong-entity' | 'wrong-boundary';

/** The error kind of a prediction, e.g. errorKind('Pierre Curie', ['Marie Curie'], 0) === 'wrong-boundary'. */
export function errorKind(prediction: string, golds: readonly string[], em: number): ErrorKind {
  if (em === 1) return 'correct';
  const words = new Set(getTokens(prediction));
  const shares = golds.some((g) => getTokens(g).some((t) => words.has(t)));
  return shares ? 'wrong-boundary' : 'wrong-entity';
}

export type ErrorCounts = Record<ErrorKind, number>;
const noErrors = (): ErrorCounts => ({ correct: 0, 'wrong-entity': 0, 'wrong-boundary': 0 });

/** Mean and (population) standard deviation, e.g. meanStd([1, 3]) → { mean: 2, std: 1 }. */
export function meanStd(xs: readonly number[]): { mean: number; std: number } {
  if (xs.length === 0) return { mean: NaN, std: NaN };
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
  return { mean, std: Math.sqrt(v) };
}

/** Average EM/F1 of scores, in 0..100, e.g. averageScore([{ em: 1, f1: 1 }, { em: 0, f1: 0.5 }]) → { em: 50, f1: 75 }. */
export function averageScore(scores: readonly Score[]): Score {
  if (scores.length === 0) return { em: NaN, f1: NaN };
  return { em: (100 * scores.reduce((a, s) => a + s.em, 0)) / scores.length, f1: (100 * scores.reduce((a, s) => a + s.f1, 0)) / scores.length };
}

/** A predicted span in passage offsets, or null for "no answer". */
export function predictedSpan(p: QaPrediction): { start: number; end: number } | null {
  if (p.text === '') return null;
  const s = p.best && p.best.text === p.text ? p.best : p.nbest.find((n) => n.text === p.text);
  return s ? { start: s.start, end: s.end } : null;
}

// ------------------------------------------------------------------ sweep

export interface SweepConfig {
  types: EntityChoice[];
  sources: NameSource[];
  /** Seeds 1..N per (type, source). */
  seeds: number;
  /** Person-name origin for DBName. */
  origin: Origin;
  /** Extra origins for the "EM by name origin" chart (PER, DBName). */
  origins: Origin[];
}

export const DEFAULT_SWEEP: SweepConfig = { types: ['PER', 'ORG', 'GPE', 'MIX'], sources: ['indist', 'db', 'randstr'], seeds: 5, origin: 'us', origins: ['us', 'in', 'cn', 'fr', 'ar'] };

/** One (type, source, origin, seed) run over the selection. */
export interface SweepCell {
  type: EntityChoice;
  source: NameSource;
  origin: Origin;
  seed: number;
  /** Instances renamed (the rest had no renamable answer entity of this type). */
  n: number;
  orig: Score;
  pert: Score;
  categories: Record<Category, number>;
  errors: { orig: ErrorCounts; pert: ErrorCounts };
  skipped: Partial<Record<NotRenamable, number>>;
}

export interface SweepProgress {
  done: number;
  total: number;
  label: string;
}

/** The cells a sweep runs, in order: the main grid, then the origin runs it does not already hold. */
export function sweepPlan(config: SweepConfig): { type: EntityChoice; source: NameSource; origin: Origin; seed: number }[] {
  const plan: { type: EntityChoice; source: NameSource; origin: Origin; seed: number }[] = [];
  for (const type of config.types) for (const source of config.sources) for (let seed = 1; seed <= config.seeds; seed++) plan.push({ type, source, origin: config.origin, seed });
  const hasPerDb = config.types.includes('PER') && config.sources.includes('db');
  for (const origin of config.origins) {
    if (hasPerDb && origin === config.origin) continue;
    for (let seed = 1; seed <= config.seeds; seed++) plan.push({ type: 'PER', source: 'db', origin, seed });
  }
  return plan;
}

const inputOf = (inst: Instance, suffix = ''): QaInput => ({ id: inst.id + suffix, question: inst.question, context: inst.context });

/**
 * Runs a sweep. Original predictions come first, then one model call per cell; each finished
 * cell is reported, and a cancel keeps the cells already done.
 */
export async function runSweep(
  instances: readonly Instance[],
  config: SweepConfig,
  predict: Predictor,
  cb: { signal?: AbortSignal; onProgress?: (p: SweepProgress) => void; onCell?: (c: SweepCell) => void; pool?: NamePool } = {},
): Promise<{ cells: SweepCell[]; cancelled: boolean; originals: Map<string, QaPrediction> }> {
  const english = instances.filter((i) => i.lang === 'en' && !i.isImpossible);
  const pool = cb.pool ?? buildNamePool(instances);
  const plan = sweepPlan(config);
  const cells: SweepCell[] = [];
  const total = english.length * (plan.length + 1);
  let done = 0;
  const report = (label: string, extra = 0) => cb.onProgress?.({ done: done + extra, total, label });

  const orig = await predict(english.map((i) => inputOf(i)), (d) => report('original predictions', d));
  const originals = new Map(orig.predictions.map((p) => [p.id, p]));
  done += english.length;
  if (orig.cancelled || cb.signal?.aborted) return { cells, cancelled: true, originals };

  for (const step of plan) {
    if (cb.signal?.aborted) return { cells, cancelled: true, originals };
    const label = `${step.type} · ${step.source} · ${step.origin} · seed ${step.seed}`;
    const renamed: { inst: Instance; r: RenameResult }[] = [];
    const skipped: Partial<Record<NotRenamable, number>> = {};
    for (const inst of english) {
      const r = renameInstance(inst, step, pool);
      if (typeof r === 'string') skipped[r] = (skipped[r] ?? 0) + 1;
      else renamed.push({ inst, r });
    }
    const res = await predict(
      renamed.map(({ r }) => inputOf(r.perturbed)),
      (d) => report(label, d),
    );
    done += english.length;
    if (res.cancelled) return { cells, cancelled: true, originals };
    const cell: SweepCell = { ...step, n: renamed.length, orig: { em: NaN, f1: NaN }, pert: { em: NaN, f1: NaN }, categories: { C2C: 0, C2W: 0, W2C: 0, W2W: 0 }, errors: { orig: noErrors(), pert: noErrors() }, skipped };
    const os: Score[] = [];
    const ps: Score[] = [];
    renamed.forEach(({ inst, r }, k) => {
      const op = originals.get(inst.id);
      const pp = res.predictions[k];
      if (!op || !pp) return;
      const o = scorePrediction(op.text, inst);
      const p = scorePrediction(pp.text, r.perturbed);
      os.push(o);
      ps.push(p);
      cell.categories[category(o.em, p.em)]++;
      cell.errors.orig[errorKind(op.text, inst.answers.map((a) => a.text), o.em)]++;
      cell.errors.pert[errorKind(pp.text, r.perturbed.answers.map((a) => a.text), p.em)]++;
    });
    cell.orig = averageScore(os);
    cell.pert = averageScore(ps);
    cells.push(cell);
    cb.onCell?.(cell);
    report(label);
  }
  return { cells, cancelled: false, originals };
}

/** One row of a sweep summary: mean ± std over seeds and the drop from the original. */
export interface SweepRow {
  type: EntityChoice;
  source: NameSource;
  origin: Origin;
  seeds: number;
  n: number;
  orig: Score;
  pertEm: { mean: number; std: number };
  pertF1: { mean: number; std: number };
  dropEm: number;
  dropF1: number;
}

/** Groups cells by (type, source, origin) and summarises over seeds, e.g. five seeds of PER·db·us → one row. */
export function summarizeSweep(cells: readonly SweepCell[]): SweepRow[] {
  const groups = new Map<string, SweepCell[]>();
  for (const c of cells) {
    const k = `${c.type}|${c.source}|${c.origin}`;
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  return [...groups.values()].map((cs) => {
    const first = cs[0] as SweepCell;
    const valid = cs.filter((c) => c.n > 0);
    const orig = { em: meanStd(valid.map((c) => c.orig.em)).mean, f1: meanStd(valid.map((c) => c.orig.f1)).mean };
    const pertEm = meanStd(valid.map((c) => c.pert.em));
    const pertF1 = meanStd(valid.map((c) => c.pert.f1));
    return { type: first.type, source: first.source, origin: first.origin, seeds: cs.length, n: first.n, orig, pertEm, pertF1, dropEm: orig.em - pertEm.mean, dropF1: orig.f1 - pertF1.mean };
  });
}

/** Error kinds summed over cells, on the original and the perturbed side, e.g. for the wrong-entity chart. */
export function errorShares(cells: readonly SweepCell[]): { orig: ErrorCounts; pert: ErrorCounts } {
  const out = { orig: noErrors(), pert: noErrors() };
  for (const c of cells) {
    for (const k of ['correct', 'wrong-entity', 'wrong-boundary'] as const) {
      out.orig[k] += c.errors.orig[k];
      out.pert[k] += c.errors.pert[k];
    }
  }
  return out;
}

// ------------------------------------------------------------------ RESEMBLE

export interface ResembleConfig {
  /** Canonical names per entity (M = 1 or 3). */
  m: 1 | 3;
  /** Softmax temperature over each n-best list (T = 2 by default). */
  temperature: number;
  /** Which entities to replace; MIX = all three types. */
  type: EntityChoice;
}

export const DEFAULT_RESEMBLE: ResembleConfig = { m: 3, temperature: 2, type: 'MIX' };

/** The M canonical-name variants of an input and the NER confidence of what they replace. */
export interface ResembleVariant {
  input: QaInput;
  edits: Edit[];
}

/**
 * The canonical-name variants of a passage and question: every entity of the chosen type is
 * renamed to the k-th canonical name of its span kind (a name already in the text is skipped).
 */
export function resembleVariants(inst: Pick<Instance, 'id' | 'context' | 'question'>, cfg: Pick<ResembleConfig, 'm' | 'type'>): { variants: ResembleVariant[]; confidence: number } {
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
      const names = canonicalNames(s);
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

const FLOOR = 1e-6;

/**
 * RESEMBLE's combination (Eq. 2 as we read it): log p(s) = (1 − c)·log p_x(s) + c·mean_k log p_k(s),
 * with c the NER confidence, p over each n-best at temperature T, and spans of the variants mapped
 * back to the original passage (a span cutting into a renamed name covers the whole original name).
 * Returns the winning span's text, e.g. '' for "no answer".
 */
export function resembleCombine(context: string, original: QaPrediction, variants: readonly { prediction: QaPrediction; edits: readonly Edit[] }[], confidence: number, cfg: { temperature: number; versionTwo: boolean }): { text: string; span: { start: number; end: number } | null; probability: number } {
  const base = spanProbs(original, cfg.temperature, null, cfg.versionTwo);
  const others = variants.map((v) => spanProbs(v.prediction, cfg.temperature, v.edits, cfg.versionTwo));
  const keys = new Set([...base.keys(), ...others.flatMap((o) => [...o.keys()])]);
  let best = { key: 'null', logp: -Infinity };
  const scores = new Map<string, number>();
  for (const k of keys) {
    const lx = Math.log(base.get(k) ?? FLOOR);
    const lv = others.length ? others.reduce((a, o) => a + Math.log(o.get(k) ?? FLOOR), 0) / others.length : lx;
    const logp = (1 - confidence) * lx + confidence * lv;
    scores.set(k, logp);
    if (logp > best.logp) best = { key: k, logp };
  }
  const z = [...scores.values()].reduce((a, v) => a + Math.exp(v - best.logp), 0);
  if (best.key === 'null') return { text: '', span: null, probability: 1 / z };
  const [s, e] = best.key.split(':').map(Number) as [number, number];
  return { text: context.slice(s, e), span: { start: s, end: e }, probability: 1 / z };
}

/** RESEMBLE answers for many instances: one model call for all variants. */
export async function resemblePredict(
  items: readonly { inst: Instance; prediction: QaPrediction }[],
  cfg: ResembleConfig,
  versionTwo: boolean,
  predict: Predictor,
  onProgress?: (done: number, total: number) => void,
): Promise<{ texts: (string | null)[]; cancelled: boolean }> {
  const vs = items.map(({ inst }) => resembleVariants(inst, cfg));
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

export interface BudgetConfig {
  type: EntityChoice;
  source: NameSource;
  origin: Origin;
  /** Renamings per instance (B, 10 by default, at most 50). */
  budget: number;
  resemble: ResembleConfig | null;
  versionTwo: boolean;
}

export const DEFAULT_BUDGET: BudgetConfig = { type: 'MIX', source: 'db', origin: 'us', budget: 10, resemble: null, versionTwo: false };
export const MAX_BUDGET = 50;

/** Scores of one condition (original, random, worst, best) and the stability over the budget. */
export interface BudgetScores {
  original: Score;
  random: Score;
  worst: Score;
  best: Score;
  /** Share of instances (0..1) whose answer, mapped back to the original passage, never changes. */
  stability: number;
}

export interface BudgetInstance {
  id: string;
  original: string;
  worst: { seed: number; em: number; f1: number; text: string };
  best: { seed: number; em: number; f1: number; text: string };
  stable: boolean;
}

export interface BudgetResult {
  n: number;
  plain: BudgetScores;
  defended: BudgetScores | null;
  perInstance: BudgetInstance[];
  cancelled: boolean;
}

function budgetScores(rows: { orig: Score; runs: Score[]; stable: boolean }[]): BudgetScores {
  const pickBy = (f: (runs: Score[]) => Score) => averageScore(rows.map((r) => f(r.runs)));
  const worstOf = (runs: Score[]) => runs.reduce((a, s) => (s.f1 < a.f1 || (s.f1 === a.f1 && s.em < a.em) ? s : a));
  const bestOf = (runs: Score[]) => runs.reduce((a, s) => (s.f1 > a.f1 || (s.f1 === a.f1 && s.em > a.em) ? s : a));
  return {
    original: averageScore(rows.map((r) => r.orig)),
    random: averageScore(rows.flatMap((r) => r.runs)),
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
  cb: { signal?: AbortSignal; onProgress?: (p: SweepProgress) => void; pool?: NamePool } = {},
): Promise<BudgetResult> {
  const budget = Math.max(1, Math.min(MAX_BUDGET, Math.floor(cfg.budget)));
  const pool = cb.pool ?? buildNamePool(instances);
  const items: { inst: Instance; runs: RenameResult[] }[] = [];
  for (const inst of instances) {
    if (inst.lang !== 'en' || inst.isImpossible) continue;
    const runs: RenameResult[] = [];
    for (let seed = 1; seed <= budget; seed++) {
      const r = renameInstance(inst, { type: cfg.type, source: cfg.source, origin: cfg.origin, seed }, pool);
      if (typeof r !== 'string') runs.push(r);
    }
    if (runs.length) items.push({ inst, runs });
  }
  const empty: BudgetResult = { n: 0, plain: budgetScores([]), defended: null, perInstance: [], cancelled: false };
  if (items.length === 0) return empty;
  const steps = cfg.resemble ? 2 : 1;
  const total = items.length * (budget + 1) * steps;
  let done = 0;
  const progress = (label: string) => (d: number) => cb.onProgress?.({ done: done + d * (cfg.resemble ? 1 : 1), total, label });

  const inputs = items.flatMap(({ inst, runs }) => [inputOf(inst, '#orig'), ...runs.map((r, k) => inputOf(r.perturbed, `#${k}`))]);
  const res = await predict(inputs, progress('renamings'));
  done += inputs.length;
  const byId = new Map(res.predictions.map((p) => [p.id, p]));
  const complete = items.filter(({ inst, runs }) => byId.has(`${inst.id}#orig`) && runs.every((_, k) => byId.has(`${inst.id}#${k}`)));

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
      per.push({ id: inst.id, original: origText, worst, best, stable });
      return [{ orig: scorePrediction(origText, inst), runs: runScores, stable }];
    });
    return { rows, per };
  };
  const plain = rowsFor((id) => byId.get(id)?.text ?? null);
  if (res.cancelled || cb.signal?.aborted || !cfg.resemble) {
    return { n: plain.rows.length, plain: budgetScores(plain.rows), defended: null, perInstance: plain.per, cancelled: res.cancelled || !!cb.signal?.aborted };
  }
  const ensembleItems = complete.flatMap(({ inst, runs }) => [
    { inst: { ...inst, id: `${inst.id}#orig` }, prediction: byId.get(`${inst.id}#orig`) as QaPrediction },
    ...runs.map((r, k) => ({ inst: { ...r.perturbed, id: `${inst.id}#${k}` }, prediction: byId.get(`${inst.id}#${k}`) as QaPrediction })),
  ]);
  const ens = await resemblePredict(ensembleItems, cfg.resemble, cfg.versionTwo, predict, progress('RESEMBLE variants'));
  const ensTexts = new Map(ensembleItems.map((it, i) => [it.inst.id, ens.texts[i] ?? null]));
  const defended = rowsFor((id) => ensTexts.get(id) ?? null);
  return { n: plain.rows.length, plain: budgetScores(plain.rows), defended: defended.rows.length ? budgetScores(defended.rows) : null, perInstance: plain.per, cancelled: ens.cancelled };
}

/** The first occurrence of a text in a passage as a span, or null for "" / not found. */
function findSpan(context: string, text: string): { start: number; end: number } | null {
  if (!text) return null;
  const i = context.indexOf(text);
  return i < 0 ? null : { start: i, end: i + text.length };
}
