/**
 * A Hub token-classification model (e.g. Xenova/bert-base-NER, CoNLL-2003 labels) as an entity
 * tagger beside the built-in compromise one, closer to the spaCy NER of Yan et al. 2022 §3.1.
 * transformers.js loads the files and runs the session; tokens, offsets and the grouping of
 * B-/I- labels into spans are ours (its pipeline gives no character offsets).
 */
import { AutoConfig, AutoModelForTokenClassification, AutoTokenizer, env, Tensor, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';
import { classifyModelError, ModelError } from '../qa/model-errors.ts';
import { encodeText } from '../qa/tokenizer.ts';
import type { TaggedSpan } from '../ner/file-entities.ts';
import { typeEntity } from '../entity/typing.ts';
import { adaptTokenizer, useSource, type LoadOptions, type ModelSource } from './transformers.ts';

/** A loaded NER tagger: the passage's PER/ORG/GPE spans (UTF-16), as a file's own spans would give them. */
export interface NerTagger {
  id: string;
  /** The model's labels, index = class id (e.g. O, B-MISC, I-MISC, B-PER, …). */
  labels: string[];
  tag(text: string): Promise<TaggedSpan[]>;
  dispose(): Promise<void>;
}

/** One token's label, its probability and its character span. */
export interface LabelledToken {
  label: string;
  score: number;
  start: number;
  end: number;
}

/** A run of tokens of one entity type: its CoNLL/spaCy type (PER, ORG, LOC, MISC, …), span and mean score. */
export interface LabelledSpan {
  type: string;
  start: number;
  end: number;
  score: number;
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/**
 * Groups labelled tokens into entity spans as HF's "first" aggregation does: a word (tokens with no
 * gap between them, letters on both sides) takes its first token's label; consecutive words of one type form a span, a
 * B- label or O ends it, e.g. Ada/B-PER Love/I-PER ##lace/O → PER "Ada Lovelace".
 */
export function groupLabels(tokens: readonly LabelledToken[], text: string): LabelledSpan[] {
  const out: { type: string; start: number; end: number; sum: number; n: number }[] = [];
  let cur: (typeof out)[number] | null = null;
  let wordType: string | null = null;
  let prevEnd = -1;
  for (const t of tokens) {
    // A subword ("##lace") continues its word; a full stop or comma right after a word does not.
    const inWord = t.start === prevEnd && WORD_CHAR.test(text[t.start - 1] ?? '') && WORD_CHAR.test(text[t.start] ?? '');
    prevEnd = t.end;
    if (inWord) {
      if (wordType !== null && cur) [cur.end, cur.sum, cur.n] = [t.end, cur.sum + t.score, cur.n + 1];
      continue;
    }
    wordType = t.label === 'O' ? null : t.label.replace(/^[BIES]-/, '');
    if (wordType === null) cur = null;
    else if (cur && cur.type === wordType && !/^[BS]-/.test(t.label)) [cur.end, cur.sum, cur.n] = [t.end, cur.sum + t.score, cur.n + 1];
    else out.push((cur = { type: wordType, start: t.start, end: t.end, sum: t.score, n: 1 }));
  }
  return out.map(({ type, start, end, sum, n }) => ({ type, start, end, score: sum / n }));
}

/**
 * A tagger's spans as renaming's types: PER and ORG as they are, CoNLL's LOC as a GPE candidate (the
 * place dictionaries then decide what is renamed), MISC and the rest dropped; then typing.ts's
 * second opinion (a building, landmark or work is no entity), e.g. "Eiffel" PER before "Tower" is dropped.
 */
export function taggedSpans(text: string, spans: readonly LabelledSpan[]): TaggedSpan[] {
  const typed = spans.flatMap((s) => {
    const type: TaggedSpan['type'] | null = s.type === 'PER' || s.type === 'PERSON' ? 'PER' : s.type === 'ORG' ? 'ORG' : s.type === 'LOC' || s.type === 'GPE' ? 'GPE' : null;
    return type ? [{ ...s, type }] : [];
  });
  const people = typed.filter((s) => s.type === 'PER').map((s) => text.slice(s.start, s.end));
  const out: TaggedSpan[] = [];
  for (const s of typed) {
    const type = typeEntity({ type: s.type, text: text.slice(s.start, s.end), start: s.start, end: s.end }, text, people);
    if (type) out.push({ type, start: s.start, end: s.end, score: s.score });
  }
  return out;
}

/** Sentence-sized pieces of a text of at most `max` characters each (a model sees 512 tokens at most). */
function pieces(text: string, max = 1000): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  const ends = [...text.matchAll(/[.!?]["”’)]?\s+/g)].map((m) => m.index + m[0].length);
  let last = 0;
  for (const e of [...ends, text.length]) {
    if (e - start > max && last > start) {
      out.push([start, last]);
      start = last;
    }
    last = e;
  }
  if (start < text.length) out.push([start, text.length]);
  // A sentence longer than max is cut at max (its last entity may be cut too; rare in QA passages).
  return out.flatMap(([s, e]) => Array.from({ length: Math.ceil((e - s) / max) }, (_, k): [number, number] => [s + k * max, Math.min(e, s + (k + 1) * max)]));
}

/** Softmax maximum and its index of one row of logits. */
function argmax(row: Float32Array): [number, number] {
  let best = 0;
  for (let k = 1; k < row.length; k++) if ((row[k] as number) > (row[best] as number)) best = k;
  let sum = 0;
  for (const x of row) sum += Math.exp(x - (row[best] as number));
  return [best, 1 / sum];
}

/** Loads a token-classification model (config.json with id2label, tokenizer, onnx/model*.onnx) as a tagger. */
export async function loadNerTagger(source: ModelSource, opts: Pick<LoadOptions, 'device' | 'dtype' | 'signal' | 'onProgress'>): Promise<NerTagger> {
  const fetchBefore = env.fetch;
  useSource(source, opts.signal);
  const id = source.id;
  const revision = source.kind === 'hub' ? (source.revision ?? 'main') : 'main';
  try {
    const config = (await AutoConfig.from_pretrained(id, { revision, progress_callback: opts.onProgress })) as unknown as { id2label?: Record<string, string> };
    const labels = Object.entries(config.id2label ?? {})
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([, l]) => l);
    if (!labels.some((l) => /PER|ORG|LOC|GPE/.test(l))) throw new ModelError('bad-signature', `"${id}" is no NER model: its labels (${labels.join(', ') || 'none'}) name no PER, ORG or LOC.`);
    const tok: PreTrainedTokenizer = await AutoTokenizer.from_pretrained(id, { revision, progress_callback: opts.onProgress });
    const qaTok = adaptTokenizer(tok);
    const model: PreTrainedModel = await AutoModelForTokenClassification.from_pretrained(id, { revision, dtype: opts.dtype ?? 'fp32', device: opts.device, progress_callback: opts.onProgress });
    const session = Object.values((model as unknown as { sessions: Record<string, { inputNames: string[] }> }).sessions)[0];
    const withTypes = session?.inputNames.includes('token_type_ids') ?? false;
    const t = tok as unknown as { cls_token_id?: number; sep_token_id?: number; bos_token_id?: number; eos_token_id?: number };
    const cls = t.cls_token_id ?? t.bos_token_id;
    const sep = t.sep_token_id ?? t.eos_token_id;
    const tagPiece = async (text: string, offset: number): Promise<LabelledToken[]> => {
      const enc = encodeText(qaTok, text);
      if (!enc.ids.length) return [];
      const ids = [...(cls !== undefined ? [cls] : []), ...enc.ids, ...(sep !== undefined ? [sep] : [])];
      const n = ids.length;
      const feeds: Record<string, Tensor> = {
        input_ids: new Tensor('int64', BigInt64Array.from(ids.map(BigInt)), [1, n]),
        attention_mask: new Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]),
      };
      if (withTypes) feeds.token_type_ids = new Tensor('int64', new BigInt64Array(n), [1, n]);
      const { logits } = (await model(feeds)) as { logits: Tensor };
      const width = logits.dims[2] as number;
      const data = logits.data as Float32Array;
      const first = cls !== undefined ? 1 : 0;
      return enc.spans.map((span, k) => {
        const [best, score] = argmax(data.subarray((first + k) * width, (first + k + 1) * width));
        return { label: labels[best] ?? 'O', score, start: offset + span.start, end: offset + span.end };
      });
    };
    return {
      id,
      labels,
      async tag(text: string) {
        const tokens: LabelledToken[] = [];
        for (const [s, e] of pieces(text)) tokens.push(...(await tagPiece(text.slice(s, e), s)));
        return taggedSpans(text, groupLabels(tokens, text));
      },
      dispose: async () => {
        await model.dispose();
      },
    };
  } catch (err) {
    if (opts.signal?.aborted) throw new ModelError('cancelled', `Loading "${id}" was cancelled.`);
    throw err instanceof ModelError ? err : classifyModelError(err, id);
  } finally {
    env.fetch = fetchBefore;
  }
}
