/**
 * Entity annotations a data file carries itself, which take precedence over any tagger (Yan et al.
 * 2022 tag with spaCy; a file tagged that way renames as the paper did): spaCy-style spans of the
 * passage and an `answer_type` per answer. Offsets in files are code points (Python's).
 */
import { fromCodePoint } from '../text/codepoints.ts';

/** A named entity of a passage from the file or a loaded tagger: its type and UTF-16 span. */
export interface TaggedSpan {
  type: 'PER' | 'ORG' | 'GPE';
  start: number;
  end: number;
  /** The tagger's score when it gave one (a Hub NER model), else absent (a file's own span). */
  score?: number;
}

/** data/types.ts's AnswerEntityType, spelled out here: data/types.ts imports TaggedSpan from this file. */
type AnswerEntityType = TaggedSpan['type'] | 'other';

/**
 * An entity label as the renaming types it: spaCy's PERSON/ORG/GPE and CoNLL's PER/ORG, also in
 * B-/I- form; LOC, NORP, FAC and the rest are no PER/ORG/GPE (spaCy's LOC is a mountain or river,
 * not a country), e.g. entityTypeOfLabel('PERSON') === 'PER', entityTypeOfLabel('LOC') === null.
 */
export function entityTypeOfLabel(label: string): TaggedSpan['type'] | null {
  const l = label.replace(/^[BIES]-/, '').toUpperCase();
  if (l === 'PERSON' || l === 'PER') return 'PER';
  if (l === 'ORG' || l === 'ORGANIZATION') return 'ORG';
  if (l === 'GPE') return 'GPE';
  return null;
}

/**
 * An answer's own `answer_type` (the app's PER/ORG/GPE/other, or a spaCy label: any other label
 * means "not a renamable entity"), null when absent, e.g. answerTypeOfLabel('PERSON') === 'PER',
 * answerTypeOfLabel('DATE') === 'other'.
 */
export function answerTypeOfLabel(label: unknown): AnswerEntityType | null {
  if (typeof label !== 'string' || !label.trim()) return null;
  if (label.toLowerCase() === 'other') return 'other';
  return entityTypeOfLabel(label.trim()) ?? 'other';
}

/** One span of a file: [start, end, label] (spaCy's training format) or { start, end, label } (Doc.to_json's `ents`). */
function spanOf(x: unknown): [number, number, string] | null {
  if (Array.isArray(x) && x.length >= 3 && typeof x[0] === 'number' && typeof x[1] === 'number' && typeof x[2] === 'string') return [x[0], x[1], x[2]];
  if (x && typeof x === 'object' && !Array.isArray(x)) {
    const o = x as Record<string, unknown>;
    if (typeof o.start === 'number' && typeof o.end === 'number' && typeof o.label === 'string') return [o.start, o.end, o.label];
  }
  return null;
}

/**
 * The PER/ORG/GPE spans of a file's `entities` or `ents` list for a passage (code-point offsets
 * turned into UTF-16; spans outside the passage or empty dropped), or null when the object has
 * neither key, e.g. fileEntities({ ents: [{ start: 0, end: 3, label: 'PERSON' }] }, 'Ann ran.') →
 * [{ type: 'PER', start: 0, end: 3 }]. `problems` counts the entries that were not spans.
 */
export function fileEntities(owner: unknown, context: string): { spans: TaggedSpan[]; problems: number } | null {
  if (!owner || typeof owner !== 'object') return null;
  const o = owner as Record<string, unknown>;
  const list = Array.isArray(o.entities) ? o.entities : Array.isArray(o.ents) ? o.ents : null;
  if (!list) return null;
  const spans: TaggedSpan[] = [];
  let problems = 0;
  const length = [...context].length;
  for (const x of list) {
    const s = spanOf(x);
    if (!s || s[0] < 0 || s[1] > length || s[1] <= s[0]) {
      problems++;
      continue;
    }
    const type = entityTypeOfLabel(s[2]);
    if (type) spans.push({ type, start: fromCodePoint(context, s[0]), end: fromCodePoint(context, s[1]) });
  }
  return { spans: spans.sort((a, b) => a.start - b.start), problems };
}

/**
 * The answer type the file's spans give the first gold answer: the type of the span overlapping it
 * most, 'other' when none does (the file tagged the passage and found no entity there), e.g.
 * spanAnswerType([{ type: 'PER', start: 0, end: 3 }], { text: 'Ann', start: 0 }) === 'PER'.
 */
export function spanAnswerType(spans: readonly TaggedSpan[], answer: { text: string; start: number } | undefined): AnswerEntityType {
  if (!answer) return 'other';
  const a0 = answer.start;
  const a1 = a0 + answer.text.length;
  let best: TaggedSpan | null = null;
  let bestOverlap = 0;
  for (const s of spans) {
    const overlap = Math.min(s.end, a1) - Math.max(s.start, a0);
    if (overlap > bestOverlap) [best, bestOverlap] = [s, overlap];
  }
  return best?.type ?? 'other';
}
