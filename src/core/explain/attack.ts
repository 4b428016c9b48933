/**
 * An attack over a dataset: for each question, the smallest-breaking-edit search once per family
 * (that family's edits only) and, with several families, once over all of them together; per row
 * the share broken of the correct answers the row's families could edit at all (a question with no
 * renamable entity says nothing about renaming), that of every correct answer, and the model calls
 * spent per break.
 */
import type { Instance } from '../data/types.ts';
import { FAMILY_LABELS, type Family } from './edits.ts';
import { addStats, noWindows, type ExplainPredictor, type WindowStats } from './predictor.ts';
import { findBreakingEdit, isApplicable, type BreakingEdit, type SearchOptions } from './search.ts';

/** A row's searches: one family, or all the chosen families together. */
export type AttackRowKey = Family | 'all';

export interface AttackRow {
  key: AttackRowKey;
  label: string;
  /** Questions answered correctly (EM 1) before any edit. */
  correct: number;
  /** Correct questions the row's families could make at least one edit of: the share's denominator. */
  applicable: number;
  broken: number;
  /** broken / applicable (NaN when none applicable): the share broken. */
  shareOfApplicable: number;
  /** broken / correct (NaN when nothing was correct): lower wherever the family could not apply. */
  shareOfCorrect: number;
  /** Model calls spent on this row's searches over all questions. */
  calls: number;
  /** calls / broken (the cost of one break; NaN when nothing broke). */
  callsPerBreak: number;
}

/** One question's searches, for the JSON output and the failure gallery. */
export interface AttackQuestion {
  id: string;
  correct: boolean;
  results: Partial<Record<AttackRowKey, BreakingEdit>>;
}

export interface AttackResult {
  rows: AttackRow[];
  questions: AttackQuestion[];
  /** Questions finished (all when not cancelled). */
  done: number;
  total: number;
  cancelled: boolean;
  stats: WindowStats;
}

/** The rows a run has: each family, then "all" when there are several. */
export function attackKeys(families: readonly Family[]): AttackRowKey[] {
  return families.length > 1 ? [...families, 'all'] : [...families];
}

/**
 * The rows from finished questions, e.g. of 8 correct answers 4 renamable and 2 broken: applicable
 * 4, shareOfApplicable 0.5, shareOfCorrect 0.25.
 */
export function attackRows(questions: readonly AttackQuestion[], families: readonly Family[]): AttackRow[] {
  return attackKeys(families).map((key) => {
    const rs = questions.flatMap((q) => (q.correct && q.results[key] ? [q.results[key] as BreakingEdit] : []));
    const correct = questions.filter((q) => q.correct).length;
    const applicable = rs.filter(isApplicable).length;
    const broken = rs.filter((r) => r.outcome === 'broken').length;
    const calls = rs.reduce((a, r) => a + r.calls, 0);
    const ratio = (n: number, d: number) => (d ? n / d : NaN);
    return { key, label: key === 'all' ? 'all families together' : FAMILY_LABELS[key], correct, applicable, broken, shareOfApplicable: ratio(broken, applicable), shareOfCorrect: ratio(broken, correct), calls, callsPerBreak: ratio(calls, broken) };
  });
}

/**
 * Attacks every question (in order), e.g. await runAttack(instances, predict, { ...DEFAULT_SEARCH, budget: 20 }).
 * A cancel stops after the question being searched; the rows then cover the questions finished.
 */
export async function runAttack(instances: readonly Instance[], predict: ExplainPredictor, o: SearchOptions, cb: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void; onQuestion?: (q: AttackQuestion, inst: Instance) => void } = {}): Promise<AttackResult> {
  const questions: AttackQuestion[] = [];
  const stats = noWindows();
  let cancelled = false;
  for (const inst of instances) {
    if (cb.signal?.aborted) {
      cancelled = true;
      break;
    }
    const q: AttackQuestion = { id: inst.id, correct: false, results: {} };
    for (const key of attackKeys(o.families)) {
      const r = await findBreakingEdit(inst, predict, { ...o, families: key === 'all' ? o.families : [key] }, cb.signal);
      addStats(stats, r.stats);
      if (r.outcome === 'cancelled') {
        cancelled = true;
        break;
      }
      q.results[key] = r;
      q.correct = r.outcome !== 'not-correct';
      if (!q.correct) break; // wrong before any edit: every other search would say so again
    }
    if (cancelled) break;
    questions.push(q);
    cb.onQuestion?.(q, inst);
    cb.onProgress?.(questions.length, instances.length);
  }
  return { rows: attackRows(questions, o.families), questions, done: questions.length, total: instances.length, cancelled, stats };
}
