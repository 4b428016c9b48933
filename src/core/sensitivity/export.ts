/** Paraphrased questions as SQuAD JSON: the paraphrase replaces the question, the original is kept beside it with the kind. */
import type { Instance } from '../data/types.ts';
import { instancesToSquad } from '../formats/squad-export.ts';
import type { SquadDataset } from '../metrics/squad.ts';
import type { ParaphraseItem } from './paraphrase.ts';

/**
 * SQuAD JSON of one paraphrase per question (same ids, passages and answers, so the file aligns
 * with its source), each question with `original_question` and `perturbation` {kind, paraphrase,
 * detail, parts}; the file records the run's settings, e.g. paraphrasedToSquad(items, { kind: 'reorder', seed: 1 }).
 */
export function paraphrasedToSquad(items: readonly ParaphraseItem[], settings: Record<string, unknown>, versionTwo?: boolean): SquadDataset & { perturbation: Record<string, unknown> } {
  // `versionTwo`: the source's no-answer decision, kept in the written version (core/data/no-answer.ts).
  const squad = instancesToSquad(items.map((it): Instance => ({ ...it.instance, question: it.paraphrase.question })), versionTwo);
  const byId = new Map(items.map((it) => [it.instance.id, it]));
  for (const article of squad.data) {
    for (const p of article.paragraphs) {
      for (const qa of p.qas) {
        const it = byId.get(qa.id);
        if (!it) continue;
        const { kind, detail, parts } = it.paraphrase;
        Object.assign(qa, { original_question: it.instance.question, perturbation: { kind: 'paraphrase', paraphrase: kind, detail, ...(parts ? { parts } : {}) } });
      }
    }
  }
  return { ...squad, perturbation: { kind: 'paraphrase', ...settings } };
}
