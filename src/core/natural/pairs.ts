/**
 * Natural perturbations: a question asked of a passage and of its next revision (same question,
 * same answers). Both are answered; each question falls in C2W, W2C, C2C or W2W, and the set gets
 * EM/F1 on both sides and the relative F1 change.
 */
import { wordDiff } from '../diff.ts';
import { scorePrediction, type Score } from '../data/score.ts';
import type { Instance } from '../data/types.ts';
import { averageScore, category, type Category } from '../entity/stats.ts';
import type { Predictor } from '../entity/experiment.ts';

/** The edited side of a revision pair as an instance of its own (same id, question and answers text). */
export function revisedInstance(inst: Instance): Instance | null {
  if (!inst.revision) return null;
  return { ...inst, context: inst.revision.context, answers: inst.revision.answers, revision: undefined, trap: undefined, paraphrases: undefined };
}

/** The sentence around a character offset, e.g. sentenceAt('A b. C d. E.', 6) → { start: 5, end: 9 }. */
export function sentenceAt(text: string, offset: number): { start: number; end: number } {
  const ends = /[.!?](?=\s|$)|[。！？]|\n/g;
  let start = 0;
  for (const m of text.matchAll(ends)) {
    const end = m.index + m[0].length;
    if (end > offset) return { start: text.slice(start, end).search(/\S/) + start, end };
    start = end;
  }
  return { start: start + Math.max(0, text.slice(start).search(/\S/)), end: text.length };
}

/** Whether the edit from `a` to `b` changed anything inside [start, end) of `a`, e.g. the answer sentence. */
export function editTouches(a: string, b: string, span: { start: number; end: number }): boolean {
  let pos = 0;
  for (const p of wordDiff(a, b)) {
    if (p.op === 'insert') {
      if (pos > span.start && pos < span.end) return true;
      continue;
    }
    const next = pos + p.text.length;
    if (p.op === 'delete' && pos < span.end && next > span.start) return true;
    pos = next;
  }
  return false;
}

/** One question of a pair, answered on both passages. */
export interface PairRow {
  id: string;
  dataset: string;
  question: string;
  original: { text: string } & Score;
  perturbed: { text: string } & Score;
  category: Category;
  intent: string | null;
  /** The edit changed the sentence holding the (first) gold answer of the original passage. */
  touchesAnswer: boolean;
}

/** A set of pairs summarised: the four categories, EM/F1 on both sides and the relative F1 change (%). */
export interface PairSummary {
  n: number;
  categories: Record<Category, number>;
  original: Score;
  perturbed: Score;
  relativeF1Change: number;
}

/** Summarises rows, e.g. one C2W row of F1 1 → 0 gives relativeF1Change −100. */
export function summarizePairs(rows: readonly PairRow[]): PairSummary {
  const categories: Record<Category, number> = { C2C: 0, C2W: 0, W2C: 0, W2W: 0 };
  for (const r of rows) categories[r.category]++;
  const original = averageScore(rows.map((r) => r.original));
  const perturbed = averageScore(rows.map((r) => r.perturbed));
  return { n: rows.length, categories, original, perturbed, relativeF1Change: original.f1 ? (100 * (perturbed.f1 - original.f1)) / original.f1 : 0 };
}

/** Answers every question with a revision on both passages (one model call) and scores it. */
export async function runPairs(instances: readonly Instance[], predict: Predictor, onProgress?: (done: number, total: number) => void): Promise<{ rows: PairRow[]; cancelled: boolean }> {
  const pairs = instances.flatMap((i) => {
    const r = revisedInstance(i);
    return r ? [{ a: i, b: r }] : [];
  });
  const inputs = pairs.flatMap(({ a, b }) => [
    { id: `${a.id}#original`, question: a.question, context: a.context },
    { id: `${a.id}#perturbed`, question: b.question, context: b.context },
  ]);
  const res = await predict(inputs, onProgress);
  const byId = new Map(res.predictions.map((p) => [p.id, p]));
  const rows: PairRow[] = [];
  for (const { a, b } of pairs) {
    const po = byId.get(`${a.id}#original`);
    const pp = byId.get(`${a.id}#perturbed`);
    if (!po || !pp) continue;
    const so = scorePrediction(po.text, a);
    const sp = scorePrediction(pp.text, b);
    const gold = a.answers[0];
    rows.push({
      id: a.id,
      dataset: a.dataset,
      question: a.question,
      original: { text: po.text, ...so },
      perturbed: { text: pp.text, ...sp },
      category: category(so.em, sp.em),
      intent: a.revision?.intent ?? null,
      touchesAnswer: gold ? editTouches(a.context, b.context, sentenceAt(a.context, gold.start)) : false,
    });
  }
  return { rows, cancelled: res.cancelled };
}
