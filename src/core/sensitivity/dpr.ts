/**
 * Over-sensitivity (DuReader-robust, Tang et al. 2021): DPR, the different prediction ratio — the
 * share of paraphrased questions whose predicted answer differs from the original question's —
 * with EM/F1 on originals and paraphrases, DPR by question similarity and by paraphrase kind.
 */
import { scorePrediction, scoringLangOf, type Score } from '../data/score.ts';
import type { Instance } from '../data/types.ts';
import { averageScore } from '../entity/stats.ts';
import type { Predictor } from '../entity/experiment.ts';
import { calcF1Score, normalizeZh } from '../metrics/dureader.ts';
import { f1, normalizeAnswer } from '../metrics/squad.ts';
import { bucketLabel, similarityBucket, SIMILARITY_EDGES } from '../metrics/similarity-buckets.ts';
import type { ParaphraseItem, ParaphraseKind } from './paraphrase.ts';

/**
 * Whether two predicted answers differ after the official normalisation of the data's language
 * (SQuAD's normalize_answer for English, DuReader-robust's for Chinese), i.e. their EM is 0,
 * e.g. predictionsDiffer('The Danube', 'danube.', 'en') → false.
 */
export function predictionsDiffer(a: string, b: string, lang: 'en' | 'zh'): boolean {
  return lang === 'zh' ? normalizeZh(a) !== normalizeZh(b) : normalizeAnswer(a) !== normalizeAnswer(b);
}

/**
 * Similarity of a question and its paraphrase in 0..1: the answer F1 of the data's language between
 * them (SQuAD's token F1 for English, DuReader's character F1 for Chinese), e.g.
 * questionSimilarity('Who won?', 'Who won it?', 'en') → 0.8.
 */
export function questionSimilarity(original: string, paraphrase: string, lang: 'en' | 'zh'): number {
  return lang === 'zh' ? calcF1Score([original], paraphrase) : f1(paraphrase, original, 'v1.1');
}

// The buckets are the trap chart's (one edge rule, one label).
export { bucketLabel, similarityBucket, SIMILARITY_EDGES } from '../metrics/similarity-buckets.ts';

/** One paraphrase of one question, answered both ways. */
export interface DprRow {
  id: string;
  dataset: string;
  kind: ParaphraseKind;
  detail: string;
  question: string;
  paraphrase: string;
  similarity: number;
  original: { text: string } & Score;
  paraphrased: { text: string } & Score;
  differs: boolean;
}

/** DPR with its count, e.g. { n: 4, changed: 1, dpr: 0.25 }; dpr is NaN when n is 0. */
export interface DprCell {
  n: number;
  changed: number;
  dpr: number;
}

/** A set of rows summarised: overall DPR, EM/F1 on both sides, DPR per similarity bucket and per kind. */
export interface DprSummary extends DprCell {
  /** Original questions asked (each once; `n` counts paraphrases). */
  questions: number;
  /**
   * The headline pair, over the (question, paraphrase) pairs — DuReader-robust's unit (Tang et al.
   * 2021, §2.1: each paraphrase ⟨q'_i, p, A⟩ is an instance of the over-sensitivity subset; App. F: DPR
   * sums over the pairs (q, q')): the original question's score once per paraphrase, and each
   * paraphrase's score. Their difference is the drop the CI tests.
   */
  original: Score;
  paraphrased: Score;
  /** The original questions' scores with each question once (the in-domain figure), shown once and labelled so. */
  originalQuestions: Score;
  buckets: (DprCell & { label: string })[];
  /** Per paraphrase kind, the headline (issue 38.4): a file's own paraphrases and each generator kind are different quantities. */
  byKind: Partial<Record<ParaphraseKind, DprKindCell>>;
}

/** One kind's figures over its own pairs: DPR and the EM/F1 of both sides. */
export interface DprKindCell extends DprCell {
  original: Score;
  paraphrased: Score;
}


/** A cell from counts. */
const cell = (n: number, changed: number): DprCell => ({ n, changed, dpr: n ? changed / n : NaN });

/** One row from the two predictions, scored against the instance's gold answers. */
export function dprRow(item: ParaphraseItem, original: string, paraphrased: string): DprRow {
  const { instance: inst, paraphrase: p } = item;
  return {
    id: inst.id,
    dataset: inst.dataset,
    kind: p.kind,
    detail: p.detail,
    question: inst.question,
    paraphrase: p.question,
    similarity: questionSimilarity(inst.question, p.question, scoringLangOf(inst)),
    original: { text: original, ...scorePrediction(original, inst) },
    paraphrased: { text: paraphrased, ...scorePrediction(paraphrased, inst) },
    differs: predictionsDiffer(original, paraphrased, scoringLangOf(inst)),
  };
}

/** Summarises rows, e.g. two rows of which one differs → dpr 0.5. An original asked with several paraphrases counts once per paraphrase in `original`, once in `originalQuestions`. */
export function summarizeDpr(rows: readonly DprRow[]): DprSummary {
  const firstOf = new Map<string, DprRow>();
  for (const r of rows) if (!firstOf.has(`${r.dataset}\u0000${r.id}`)) firstOf.set(`${r.dataset}\u0000${r.id}`, r);
  const buckets = SIMILARITY_EDGES.map((_, i) => {
    const inB = rows.filter((r) => similarityBucket(r.similarity) === i);
    return { label: bucketLabel(i), ...cell(inB.length, inB.filter((r) => r.differs).length) };
  });
  const byKind: Partial<Record<ParaphraseKind, DprKindCell>> = {};
  for (const k of new Set(rows.map((r) => r.kind))) {
    const of = rows.filter((r) => r.kind === k);
    byKind[k] = { ...cell(of.length, of.filter((r) => r.differs).length), original: averageScore(of.map((r) => r.original)), paraphrased: averageScore(of.map((r) => r.paraphrased)) };
  }
  return {
    ...cell(rows.length, rows.filter((r) => r.differs).length),
    questions: firstOf.size,
    original: averageScore(rows.map((r) => r.original)),
    paraphrased: averageScore(rows.map((r) => r.paraphrased)),
    originalQuestions: averageScore([...firstOf.values()].map((r) => r.original)),
    buckets,
    byKind,
  };
}

/**
 * Answers every original question once and every paraphrase on the same passage (one model call),
 * e.g. runParaphrases(paraphraseItems(set, source).items, predictor).
 */
export async function runParaphrases(items: readonly ParaphraseItem[], predict: Predictor, onProgress?: (done: number, total: number) => void): Promise<{ rows: DprRow[]; cancelled: boolean }> {
  const originals = new Map<Instance, string>();
  items.forEach((it) => {
    if (!originals.has(it.instance)) originals.set(it.instance, `${originals.size}#original`);
  });
  const inputs = [
    ...[...originals].map(([inst, id]) => ({ id, question: inst.question, context: inst.context })),
    ...items.map((it, k) => ({ id: `${k}#paraphrase`, question: it.paraphrase.question, context: it.instance.context })),
  ];
  const res = await predict(inputs, onProgress);
  const text = new Map(res.predictions.map((p) => [p.id, p.text]));
  const rows: DprRow[] = [];
  items.forEach((it, k) => {
    const o = text.get(originals.get(it.instance) ?? '');
    const p = text.get(`${k}#paraphrase`);
    if (o !== undefined && p !== undefined) rows.push(dprRow(it, o, p));
  });
  return { rows, cancelled: res.cancelled };
}
