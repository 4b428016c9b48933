/**
 * Adversarial SQuAD (Jia & Liang 2017, AddSent / AddOneSent): the variants of a question carry
 * the id `<original id>-<suffix>`, and the adversarial score of an original question is the
 * lowest F1 (and that variant's EM) among its variants that were answered, or its own score when
 * it has none. This replicates the released `evaluate-adversarial.py` (CodaLab worksheet of the
 * paper) figure for figure, including its quirks:
 * - the original id is everything before the FIRST '-' (`qa['id'].split('-')[0]`);
 * - every original id seen (of an original or a variant) is counted in the denominator, so an
 *   original missing from the file scores 0 on the original side;
 * - a question without a prediction is skipped with "Unanswered question … will receive score 0.";
 * - among variants a later one replaces the kept one only with a strictly lower F1 (ties keep
 *   the first), and a variant always replaces the original's own score;
 * - answers are normalised as Python 2 does it: `\b` in the article regex is ASCII-only, so
 *   'ça' → 'ç' (Python 3's scripts keep 'ça'); see normalizeAnswerPy2;
 * - scores are ×100, and the JSON keys come in the order orig_exact_match, orig_f1,
 *   adv_exact_match, adv_f1, printed by Python 2's `json.dumps` (no indent).
 * The script runs on Python 2: `sum()` adds left to right, orig_* in file order and adv_* in the
 * hash order of its dict (py2DictOrder), which we reproduce so the last digit agrees too.
 */
import { py2DictOrder } from '../metrics/py2-dict.ts';
import { normalizeAnswerPy2, scoreTagged } from '../metrics/squad-answer.ts';
import { SquadEvalError, type SquadDataset, type SquadPredictions } from '../metrics/squad.ts';

/** One question as the adversarial script reads it: its id and gold answer texts. */
export interface AdvQuestion {
  id: string;
  golds: readonly string[];
}

/** The script's output, keys in its OrderedDict's order, in 0..100. */
export interface AdversarialResult {
  orig_exact_match: number;
  orig_f1: number;
  adv_exact_match: number;
  adv_f1: number;
}

/** Per original question: its own score (null if not in the file or unanswered) and the adversary's pick. */
export interface AdversarialRow {
  originalId: string;
  /** Ids of its variants in the file, in file order. */
  variants: string[];
  original: { em: number; f1: number } | null;
  /** The variant the adversary's score comes from (the original's id when it has none answered). */
  worstId: string | null;
  adversarial: { em: number; f1: number } | null;
}

export interface AdversarialOutput {
  result: AdversarialResult;
  rows: AdversarialRow[];
  /** What the script prints to stderr (unanswered questions). */
  warnings: string[];
}

/**
 * An id split as the script splits it, e.g. splitAdversarialId('56be4db0acb8001400a502ec-high-conf-turk0')
 * → { originalId: '56be4db0acb8001400a502ec', suffix: 'high-conf-turk0' }; no '-' → suffix null.
 */
export function splitAdversarialId(id: string): { originalId: string; suffix: string | null } {
  const dash = id.indexOf('-');
  return dash < 0 ? { originalId: id, suffix: null } : { originalId: id.slice(0, dash), suffix: id.slice(dash + 1) };
}

/** Every question of a SQuAD dataset in file order, with its gold texts (as the script reads them). */
export function adversarialQuestions(dataset: SquadDataset): AdvQuestion[] {
  return dataset.data.flatMap((a) => a.paragraphs.flatMap((p) => p.qas.map((qa) => ({ id: qa.id, golds: qa.answers.map((x) => x.text) }))));
}

/** A prediction by id from a Map or a plain record. */
function lookup(predictions: SquadPredictions, id: string): string | undefined {
  if (predictions instanceof Map) return (predictions as ReadonlyMap<string, string>).get(id);
  const rec = predictions as Readonly<Record<string, string>>;
  return Object.prototype.hasOwnProperty.call(rec, id) ? rec[id] : undefined;
}

/**
 * Jia & Liang's evaluate_adversarial over questions in file order, e.g. an original with F1 1
 * and two variants of F1 0.5 and 0 → orig_f1 100, adv_f1 0. Throws SquadEvalError where the
 * script crashes (no questions: ZeroDivisionError; a question with no answers: ValueError).
 */
export function evaluateAdversarial(questions: readonly AdvQuestion[], predictions: SquadPredictions): AdversarialOutput {
  const warnings: string[] = [];
  const rows = new Map<string, AdversarialRow>();
  let origF1 = 0;
  let origEm = 0;
  // Original ids in the order the script's adv_f1_scores dict first gets each of them.
  const advInserted: string[] = [];
  for (const qa of questions) {
    const { originalId } = splitAdversarialId(qa.id);
    let row = rows.get(originalId);
    if (!row) rows.set(originalId, (row = { originalId, variants: [], original: null, worstId: null, adversarial: null }));
    const isOriginal = originalId === qa.id;
    if (!isOriginal) row.variants.push(qa.id);
    const prediction = lookup(predictions, qa.id);
    if (prediction === undefined) {
      warnings.push(`Unanswered question ${qa.id} will receive score 0.`);
      continue;
    }
    if (qa.golds.length === 0) throw new SquadEvalError(`ValueError: max() arg is an empty sequence (question ${qa.id} has no answers)`, warnings);
    // The script is Python 2: its normalize_answer's \b is ASCII-only (see normalizeAnswerPy2).
    const tagged = scoreTagged(prediction, qa.golds, 'v1.1', normalizeAnswerPy2);
    const score = { em: tagged.em.v, f1: tagged.f1.v };
    if (row.adversarial === null) advInserted.push(originalId);
    if (isOriginal) {
      origF1 += score.f1;
      origEm += score.em;
      row.original = score;
      if (row.adversarial === null) {
        row.worstId = qa.id;
        row.adversarial = score;
      }
    } else if (row.adversarial === null || row.worstId === originalId || row.adversarial.f1 > score.f1) {
      row.worstId = qa.id;
      row.adversarial = score;
    }
  }
  const n = rows.size;
  if (n === 0) throw new SquadEvalError('ZeroDivisionError: the dataset has no questions', warnings);
  // sum(adv_f1_scores.values()) visits a Python 2 dict in hash order, which moves the last digit.
  let advF1 = 0;
  let advEm = 0;
  for (const id of py2DictOrder(advInserted)) {
    const adv = rows.get(id)?.adversarial;
    if (!adv) continue;
    advEm += adv.em;
    advF1 += adv.f1;
  }
  return {
    result: { orig_exact_match: (100.0 * origEm) / n, orig_f1: (100.0 * origF1) / n, adv_exact_match: (100.0 * advEm) / n, adv_f1: (100.0 * advF1) / n },
    rows: [...rows.values()],
    warnings,
  };
}

/** Counts for a summary line: originals, those with variants (attacked), and variants. */
export function adversarialCounts(rows: readonly AdversarialRow[]): { originals: number; attacked: number; variants: number } {
  return { originals: rows.length, attacked: rows.filter((r) => r.variants.length > 0).length, variants: rows.reduce((a, r) => a + r.variants.length, 0) };
}

/**
 * The questions Jia & Liang's evaluation should see: every question of a dataset that holds a
 * variant linked at import (originals without variants count in its denominator), e.g. the demo
 * set's `demo-per-01` is no variant of a question `demo`, so an ordinary dataset gives [].
 */
export function adversarialSelection<T extends { dataset: string; adversarial?: unknown }>(instances: readonly T[]): T[] {
  const attacked = new Set(instances.filter((i) => i.adversarial !== undefined).map((i) => i.dataset));
  return instances.filter((i) => attacked.has(i.dataset));
}
