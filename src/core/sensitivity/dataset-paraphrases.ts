/** The dataset's own paraphrases of a question, apart from the generators so the live view reads them without loading those. */
import type { Instance } from '../data/types.ts';
import type { Paraphrase, ParaphraseKind } from './kinds.ts';
import { isParaphrasePair } from '../formats/pair-kind.ts';

/** The dataset's own paraphrases of a question: its `paraphrases` field and an aligned file's reworded question on the same passage. */
export function datasetParaphrases(inst: Instance): Paraphrase[] {
  const out = (inst.paraphrases ?? []).map((question) => ({ question, kind: 'dataset' as ParaphraseKind, detail: 'paraphrases field' }));
  const r = inst.revision;
  if (r?.question && isParaphrasePair(inst)) out.push({ question: r.question, kind: 'dataset', detail: 'aligned file' });
  return out.filter((p) => p.question.trim() !== '' && p.question.trim() !== inst.question.trim());
}
