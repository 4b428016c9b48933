/**
 * DPR for two aligned files whose questions differ (e.g. a question-paraphrase SQuAD set): the
 * pairs a revision-pairs run answered become DPR rows labelled 'dataset'.
 */
import type { PairRow } from '../natural/pairs.ts';
import { predictionsDiffer, questionSimilarity, summarizeDpr, type DprRow, type DprSummary } from './dpr.ts';

/** DPR rows from the pair rows whose two sides were asked differently worded questions; `langOf` gives a question's language. */
export function dprRowsFromPairs(rows: readonly PairRow[], langOf: (id: string) => 'en' | 'zh'): DprRow[] {
  return rows.flatMap((r) => {
    if (r.perturbedQuestion === undefined) return [];
    const lang = langOf(r.id);
    return [
      {
        id: r.id,
        dataset: r.dataset,
        kind: 'dataset' as const,
        detail: 'aligned file',
        question: r.question,
        paraphrase: r.perturbedQuestion,
        similarity: questionSimilarity(r.question, r.perturbedQuestion, lang),
        original: r.original,
        paraphrased: r.perturbed,
        differs: predictionsDiffer(r.original.text, r.perturbed.text, lang),
      },
    ];
  });
}

/** The DPR summary of pair rows with reworded questions, or null when no question was reworded. */
export function pairsDpr(rows: readonly PairRow[], langOf: (id: string) => 'en' | 'zh'): DprSummary | null {
  const dpr = dprRowsFromPairs(rows, langOf);
  return dpr.length ? summarizeDpr(dpr) : null;
}
