/**
 * SQuAD v1.1 / v2.0 metrics, replicating the official `evaluate-v1.1.py` and
 * `evaluate-v2.0.py` scripts number for number (and, with `pyJsonDumps`, byte for byte).
 *
 * Where this module deliberately differs from "just computing EM/F1", it is because the
 * official scripts do something specific: Python's Unicode-aware `\b`, `str.split()`
 * whitespace set, dict insertion order, `max()` keeping the first maximum, the int/float
 * distinction that CPython >= 3.12's compensated `sum()` is sensitive to, and the
 * crashes (KeyError, ZeroDivisionError, ValueError) that the scripts hit on some inputs.
 * Scoring one answer (normalisation, EM, F1) lives in squad-answer.ts; this module sums the
 * scores over a dataset as the scripts do, and re-exports the answer-level API.
 */
import { scoreTagged, SquadEvalError, type PyNum, type SquadVersion } from './squad-answer.ts';
import { versionNumber } from '../data/no-answer.ts';

export {
  exactMatch,
  f1,
  getTokens,
  maxOverGolds,
  normalizeAnswer,
  pySplit,
  SquadEvalError,
  v2GoldAnswers,
  type MetricName,
  type SquadVersion,
} from './squad-answer.ts';

export interface SquadAnswer {
  text: string;
  /** In Unicode code points, as Python counts them (see codepoints.ts); the scripts only read `text`. */
  answer_start: number;
}

export interface SquadQA {
  id: string;
  question: string;
  answers: SquadAnswer[];
  is_impossible?: boolean;
  plausible_answers?: SquadAnswer[];
}

export interface SquadParagraph {
  context: string;
  qas: SquadQA[];
}

export interface SquadArticle {
  title: string;
  paragraphs: SquadParagraph[];
}

export interface SquadDataset {
  version?: string;
  data: SquadArticle[];
}

/** Question id → predicted answer text; a Map keeps file order even for integer-like ids. */
export type SquadPredictions = Readonly<Record<string, string>> | ReadonlyMap<string, string>;

/** Question id → model probability of "no answer" (the na_prob.json of the v2.0 script). */
export type NaProbs = Readonly<Record<string, number>> | ReadonlyMap<string, number>;

export interface SquadV1Result {
  exact_match: number;
  f1: number;
}

/** Keys are emitted in the order the v2.0 script's OrderedDict has them. */
export interface SquadV2Result {
  exact: number;
  f1: number;
  total: number;
  HasAns_exact?: number;
  HasAns_f1?: number;
  HasAns_total?: number;
  NoAns_exact?: number;
  NoAns_f1?: number;
  NoAns_total?: number;
  best_exact?: number;
  best_exact_thresh?: number;
  best_f1?: number;
  best_f1_thresh?: number;
}

/** Keys whose values the official scripts print as Python ints (pass to `pyJsonDumps`). */
export const SQUAD_V2_INT_KEYS: readonly string[] = ['total', 'HasAns_total', 'NoAns_total'];

export interface EvalOutput<R> {
  result: R;
  /** What the official script would print besides the result (stderr/stdout notes). */
  warnings: string[];
}

/**
 * CPython changed `sum()` of floats in 3.12 to Neumaier-compensated summation, which can move
 * the last digit of v2.0's `exact`/`f1`. 'compensated' = CPython >= 3.12, 'legacy' = <= 3.11.
 */
export type PySumMode = 'compensated' | 'legacy';

export interface EvaluateV2Options {
  pySum?: PySumMode;
}

function lookup<V>(m: Readonly<Record<string, V>> | ReadonlyMap<string, V>, key: string): V | undefined {
  if (m instanceof Map) return (m as ReadonlyMap<string, V>).get(key);
  const rec = m as Readonly<Record<string, V>>;
  return Object.prototype.hasOwnProperty.call(rec, key) ? rec[key] : undefined;
}

function entries<V>(m: Readonly<Record<string, V>> | ReadonlyMap<string, V>): [string, V][] {
  if (m instanceof Map) return [...(m as ReadonlyMap<string, V>).entries()];
  return Object.entries(m as Readonly<Record<string, V>>);
}

function pyRepr(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The official v1.1 evaluate() plus its main()'s version check. Example: evaluateV1(ds, { q1: 'Paris' }).result → { exact_match: 100.0, f1: 100.0 }. */
export function evaluateV1(dataset: SquadDataset, predictions: SquadPredictions): EvalOutput<SquadV1Result> {
  const warnings: string[] = [];
  // The script crashes (KeyError) on a missing version; treating it as "no complaint" is kinder.
  // One spelling: "v1.1" (what this tool and Hugging Face conversions write) is 1.1, not "v-v1.1".
  if (typeof dataset.version === 'string' && versionNumber(dataset.version) !== '1.1') {
    warnings.push(`Evaluation expects v-1.1, but got dataset with v-${versionNumber(dataset.version)}`);
  }
  let f1Sum = 0;
  let emSum = 0;
  let total = 0;
  for (const article of dataset.data) {
    for (const paragraph of article.paragraphs) {
      for (const qa of paragraph.qas) {
        total += 1;
        const prediction = lookup(predictions, qa.id);
        if (prediction === undefined) {
          warnings.push(`Unanswered question ${qa.id} will receive score 0.`);
          continue;
        }
        const { em, f1 } = scoreTagged(prediction, qa.answers.map((a) => a.text), 'v1.1');
        emSum += em.v;
        f1Sum += f1.v;
      }
    }
  }
  if (total === 0) throw new SquadEvalError('ZeroDivisionError: the dataset has no questions', warnings);
  return { result: { exact_match: (100.0 * emSum) / total, f1: (100.0 * f1Sum) / total }, warnings };
}

/** CPython's builtin sum() over Python numbers, in the chosen interpreter generation. */
function pySum(items: readonly PyNum[], mode: PySumMode): number {
  if (mode === 'legacy') {
    let s = 0;
    for (let i = 0; i < items.length; i++) s += (items[i] as PyNum).v;
    return s;
  }
  // CPython >= 3.12: exact int accumulation until the first float, then Neumaier compensation
  // for floats only; ints met later are added plainly (verified against 3.12.1 and 3.13.0).
  let iResult = 0;
  let f = 0;
  let c = 0;
  let inFloat = false;
  for (let i = 0; i < items.length; i++) {
    const it = items[i] as PyNum;
    if (!inFloat) {
      if (it.int) {
        iResult += it.v;
        continue;
      }
      f = iResult + it.v;
      inFloat = true;
      continue;
    }
    if (it.int) {
      f += it.v;
      continue;
    }
    const t = f + it.v;
    if (Math.abs(f) >= Math.abs(it.v)) c += f - t + it.v;
    else c += it.v - t + f;
    f = t;
  }
  if (!inFloat) return iResult;
  if (c !== 0 && Number.isFinite(c)) f += c;
  return f;
}

/** One question's raw scores (get_raw_scores) and the same after apply_no_ans_threshold. */
interface Scored {
  em: PyNum;
  f1: PyNum;
  emT: PyNum;
  f1T: PyNum;
}

interface EvalDict {
  exact: number;
  f1: number;
  total: number;
}

/** make_eval_dict over every scored question (qidList undefined) or the given ones, summing in that order. */
function makeEvalDict(scored: ReadonlyMap<string, Scored>, mode: PySumMode, qidList: readonly string[] | undefined, warnings: string[]): EvalDict {
  const exact: PyNum[] = [];
  const f1: PyNum[] = [];
  if (qidList === undefined || qidList.length === 0) {
    if (scored.size === 0) throw new SquadEvalError('ZeroDivisionError: no question has a prediction', warnings);
    scored.forEach((s) => {
      exact.push(s.emT);
      f1.push(s.f1T);
    });
  } else {
    for (let i = 0; i < qidList.length; i++) {
      const k = qidList[i] as string;
      const s = scored.get(k);
      // The official script only skips a missing prediction in get_raw_scores; it then
      // crashes here with a KeyError, so there is no official output to imitate.
      if (s === undefined) throw new SquadEvalError(`KeyError: ${pyRepr(k)} (the official v2.0 script crashes when a prediction is missing)`, warnings);
      exact.push(s.emT);
      f1.push(s.f1T);
    }
  }
  return { exact: (100.0 * pySum(exact, mode)) / exact.length, f1: (100.0 * pySum(f1, mode)) / f1.length, total: exact.length };
}

/** The script's find_best_thresh for one metric, over the na_probs entries sorted by probability (sorted once by the caller). */
function findBestThresh(
  predictions: SquadPredictions,
  scored: ReadonlyMap<string, Scored>,
  metric: 'em' | 'f1',
  qidList: readonly [string, number][],
  qidToHasAns: ReadonlyMap<string, boolean>,
  warnings: string[],
): [number, number] {
  let numNoAns = 0;
  qidToHasAns.forEach((has) => {
    if (!has) numNoAns += 1;
  });
  let curScore = numNoAns;
  let bestScore = curScore;
  let bestThresh = 0.0;
  for (let i = 0; i < qidList.length; i++) {
    // Indexed, not destructured: destructuring an array steps an iterator, on every entry, cold (issue 29).
    const entry = qidList[i] as [string, number];
    const qid = entry[0];
    const prob = entry[1];
    const score = scored.get(qid);
    if (score === undefined) continue;
    let diff: number;
    if (qidToHasAns.get(qid) === true) diff = score[metric].v;
    else diff = lookup(predictions, qid) ? -1 : 0;
    curScore += diff;
    if (curScore > bestScore) {
      bestScore = curScore;
      bestThresh = prob;
    }
  }
  if (scored.size === 0) throw new SquadEvalError('ZeroDivisionError: no question has a prediction', warnings);
  return [(100.0 * bestScore) / scored.size, bestThresh];
}

/**
 * na_probs entries in the order of the script's sorted(na_probs, key=…): by probability, ties in file
 * order (sorted() is stable, and -0.0 ties with 0.0), e.g. [['a', 0.5], ['b', 0.1], ['c', 0.5]] →
 * b, a, c. The values are sorted natively (no comparator: its ~70,000 calls on 6,000 questions were a
 * third of what -n adds to qarx eval, cold, issue 29), then each value's entries follow in file order.
 */
export function sortByProbability(all: [string, number][]): [string, number][] {
  const n = all.length;
  const values = new Float64Array(n);
  // Each value's first entry, and for each entry the next one with the same value (-1: none): built backwards, so in file order.
  const first = new Map<number, number>();
  const next = new Int32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const v = (all[i] as [string, number])[1];
    if (Number.isNaN(v)) return all.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    values[i] = v;
    next[i] = first.get(v) ?? -1; // a Map key: -0 and 0 are one key
    first.set(v, i);
  }
  values.sort();
  const out: [string, number][] = [];
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    // -0 and 0 sort apart here but are one group: the group is taken once, at its first value.
    if (i > 0 && v === values[i - 1]) continue;
    for (let k = first.get(v) ?? -1; k >= 0; k = next[k] as number) out.push(all[k] as [string, number]);
  }
  return out;
}

/** Every question of a dataset in file order, e.g. questionsOf({ data: [{ title: '', paragraphs: [{ context: '', qas: [q] }] }] }) → [q]. */
function questionsOf(dataset: SquadDataset): SquadQA[] {
  const out: SquadQA[] = [];
  for (let a = 0; a < dataset.data.length; a++) {
    const paragraphs = (dataset.data[a] as SquadArticle).paragraphs;
    for (let p = 0; p < paragraphs.length; p++) {
      const qas = (paragraphs[p] as SquadParagraph).qas;
      for (let q = 0; q < qas.length; q++) out.push(qas[q] as SquadQA);
    }
  }
  return out;
}

/** The official v2.0 main() without plots. Example: evaluateV2(ds, preds, naProbs).result → { exact, f1, total, HasAns_exact, …, best_f1_thresh }. */
export function evaluateV2(
  dataset: SquadDataset,
  predictions: SquadPredictions,
  naProbs?: NaProbs,
  naProbThresh = 1.0,
  options: EvaluateV2Options = {},
): EvalOutput<SquadV2Result> {
  const mode = options.pySum ?? 'compensated';
  const warnings: string[] = [];
  // Plain dicts in the script: a repeated id keeps its first position but its last value.
  // Indexed loops and Map.forEach, not for…of: this runs once, cold, where every iterator step allocates (issue 29).
  const qas = questionsOf(dataset);
  const qidToHasAns = new Map<string, boolean>();
  const scored = new Map<string, Scored>();
  for (let i = 0; i < qas.length; i++) qidToHasAns.set((qas[i] as SquadQA).id, (qas[i] as SquadQA).answers.length > 0);
  for (let i = 0; i < qas.length; i++) {
    const qa = qas[i] as SquadQA;
    const prediction = lookup(predictions, qa.id);
    if (prediction === undefined) {
      warnings.push(`Missing prediction for ${qa.id}`);
      continue;
    }
    const golds: string[] = [];
    for (let j = 0; j < qa.answers.length; j++) golds.push((qa.answers[j] as SquadAnswer).text);
    const { em, f1 } = scoreTagged(prediction, golds, 'v2.0');
    scored.set(qa.id, { em, f1, emT: em, f1T: f1 });
  }
  // apply_no_ans_threshold; without a na_prob file every prediction's probability is 0.0, and
  // every scored question has a prediction.
  let missingNa: string | undefined;
  scored.forEach((s, qid) => {
    if (missingNa !== undefined) return;
    const prob = naProbs ? lookup(naProbs, qid) : 0.0;
    if (prob === undefined) missingNa = qid;
    else if (prob > naProbThresh) {
      const forced: PyNum = { v: qidToHasAns.get(qid) ? 0.0 : 1.0, int: false };
      s.emT = forced;
      s.f1T = forced;
    }
  });
  if (missingNa !== undefined) throw new SquadEvalError(`KeyError: ${pyRepr(missingNa)} (no na_prob for this question)`, warnings);
  const hasAnsQids: string[] = [];
  const noAnsQids: string[] = [];
  qidToHasAns.forEach((has, k) => (has ? hasAnsQids : noAnsQids).push(k));

  const main = makeEvalDict(scored, mode, undefined, warnings);
  const result: SquadV2Result = { exact: main.exact, f1: main.f1, total: main.total };
  if (hasAnsQids.length > 0) {
    const e = makeEvalDict(scored, mode, hasAnsQids, warnings);
    result.HasAns_exact = e.exact;
    result.HasAns_f1 = e.f1;
    result.HasAns_total = e.total;
  }
  if (noAnsQids.length > 0) {
    const e = makeEvalDict(scored, mode, noAnsQids, warnings);
    result.NoAns_exact = e.exact;
    result.NoAns_f1 = e.f1;
    result.NoAns_total = e.total;
  }
  if (naProbs) {
    // The script's sorted(na_probs, key=…), once for both metrics: Array.prototype.sort is stable, like sorted(), so ties keep na_prob file order.
    const byProb = sortByProbability(entries(naProbs));
    const [bestExact, exactT] = findBestThresh(predictions, scored, 'em', byProb, qidToHasAns, warnings);
    const [bestF1, f1T] = findBestThresh(predictions, scored, 'f1', byProb, qidToHasAns, warnings);
    result.best_exact = bestExact;
    result.best_exact_thresh = exactT;
    result.best_f1 = bestF1;
    result.best_f1_thresh = f1T;
  }
  return { result, warnings };
}

/** The SQuAD version a dataset is in. Example: detectSquadVersion({ data: [] }) → 'v1.1'. */
export function detectSquadVersion(dataset: SquadDataset): SquadVersion {
  if (typeof dataset.version === 'string') {
    if (dataset.version.startsWith('v2') || dataset.version.startsWith('2')) return 'v2.0';
    if (dataset.version.startsWith('v1') || dataset.version.startsWith('1')) return 'v1.1';
  }
  for (const article of dataset.data) {
    for (const p of article.paragraphs) {
      for (const qa of p.qas) if (qa.is_impossible !== undefined) return 'v2.0';
    }
  }
  return 'v1.1';
}
