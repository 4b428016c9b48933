/**
 * A loaded NER tagger (a Hub token-classification model) applied to a run's questions: each English
 * passage the file did not annotate itself is tagged once, and its spans then choose the answer
 * entity as a file's own spans would (Yan et al. 2022 §3.1 tag with spaCy). The InDistName pool is
 * not re-tagged: it stays the dataset's (the app's data worker builds it with the built-in tagger).
 */
import type { TaggedSpan } from './file-entities.ts';

/** What the tagging needs of a question. */
type Taggable = { context: string; lang: string; entities?: TaggedSpan[]; entitiesBy?: string; answerType?: string; answerTypeBy?: 'builtin' };

/**
 * Copies of `instances` with the tagger's spans as `entities`, except questions whose file gave
 * spans (they win) or that are not English (the model is an English one); `passages` counts the
 * passages tagged, e.g. two questions on one passage → passages 1. `by` (the tagger's Hub id) marks
 * the spans as the tagger's (answerTagSource). Stops early when `signal` aborts.
 */
export async function tagInstances<T extends Taggable>(instances: readonly T[], tag: (text: string) => Promise<TaggedSpan[]>, signal?: AbortSignal, by = 'hub'): Promise<{ instances: T[]; passages: number }> {
  const byPassage = new Map<string, TaggedSpan[]>();
  const out: T[] = [];
  for (const inst of instances) {
    if (signal?.aborted) break;
    if (inst.entities || inst.lang !== 'en') {
      out.push(inst);
      continue;
    }
    let spans = byPassage.get(inst.context);
    if (!spans) byPassage.set(inst.context, (spans = await tag(inst.context)));
    // The built-in tagger's stored guess (the app's import) gives way: the answer type comes from these spans.
    const { answerType, answerTypeBy, ...rest } = inst;
    out.push({ ...(answerTypeBy === 'builtin' ? rest : { ...rest, ...(answerType !== undefined ? { answerType } : {}) }), entities: spans, entitiesBy: by } as T);
  }
  return { instances: out, passages: byPassage.size };
}
