/**
 * What a question can be sliced by: its title, dataset, answer type, language, question word,
 * passage-length bucket, or any metadata key its file gave it (Instance.meta). Each key maps an
 * instance to one label; metrics are then averaged per label (slices.ts).
 */
import type { Instance } from '../data/types.ts';

/** The slice keys every instance has; metadata keys are written `meta.<key>`. */
export const BUILTIN_SLICE_KEYS = ['title', 'dataset', 'answer-type', 'qword', 'length', 'lang'] as const;
export type BuiltinSliceKey = (typeof BUILTIN_SLICE_KEYS)[number];
export type SliceKey = BuiltinSliceKey | `meta.${string}`;

/** What a key means, for table headings and the select. */
export const SLICE_KEY_LABELS: Record<BuiltinSliceKey, string> = {
  title: 'title',
  dataset: 'dataset',
  'answer-type': 'answer type (PER / ORG / GPE / other)',
  qword: 'question word',
  length: 'passage length',
  lang: 'language',
};

/** The fields of an instance a slice key reads. */
export type SliceSource = Pick<Instance, 'title' | 'dataset' | 'question' | 'context' | 'lang'> & Partial<Pick<Instance, 'answerType' | 'meta'>> & {
  /** passageLength of the context, when the context itself is not kept (a saved run's questions). */
  contextLength?: number;
};

/** The label of a missing value (no title, no such metadata key, no answer type). */
export const NONE = '(none)';

// Other spellings people type for the built-in keys.
const ALIASES: Record<string, BuiltinSliceKey> = {
  answer_type: 'answer-type',
  answertype: 'answer-type',
  type: 'answer-type',
  'question-word': 'qword',
  question_word: 'qword',
  wh: 'qword',
  'passage-length': 'length',
  'length-bucket': 'length',
  language: 'lang',
};

/**
 * A typed slice key: built-in names (and aliases) as they are, anything else a metadata key,
 * e.g. parseSliceKey('domain') → 'meta.domain', parseSliceKey('question-word') → 'qword';
 * null for an empty name.
 */
export function parseSliceKey(raw: string): SliceKey | null {
  const s = raw.trim();
  if (s === '' || s === 'meta.') return null;
  if (s.startsWith('meta.')) return s as SliceKey;
  const low = s.toLowerCase();
  if ((BUILTIN_SLICE_KEYS as readonly string[]).includes(low)) return low as BuiltinSliceKey;
  return ALIASES[low] ?? `meta.${s}`;
}

/** A key's heading, e.g. sliceKeyLabel('meta.domain') → 'domain (from the file)'. */
export function sliceKeyLabel(key: SliceKey): string {
  return key.startsWith('meta.') ? `${key.slice(5)} (from the file)` : SLICE_KEY_LABELS[key as BuiltinSliceKey];
}

/** Every key the instances can be sliced by: the built-ins, then each metadata key seen (sorted). */
export function availableSliceKeys(sources: Iterable<Pick<SliceSource, 'meta'>>): SliceKey[] {
  const meta = new Set<string>();
  for (const s of sources) for (const k of Object.keys(s.meta ?? {})) meta.add(k);
  return [...BUILTIN_SLICE_KEYS, ...[...meta].sort().map((k) => `meta.${k}` as SliceKey)];
}

/** English question words in label order; "whom"/"whose" count as "who". */
export const EN_QWORDS = ['what', 'who', 'when', 'where', 'which', 'why', 'how', 'other'] as const;
const EN_MAP: Record<string, string> = { what: 'what', who: 'who', whom: 'who', whose: 'who', when: 'when', where: 'where', which: 'which', why: 'why', how: 'how' };

/** Chinese question words: each pattern → its label, longer patterns before the ones they contain (为什么 before 什么). */
export const ZH_QWORD_PATTERNS: readonly (readonly [string, string])[] = [
  ['为什么', '为什么'],
  ['为何', '为什么'],
  ['怎么', '怎么'],
  ['怎样', '怎么'],
  ['如何', '怎么'],
  ['什么', '什么'],
  ['啥', '什么'],
  ['谁', '谁'],
  ['哪', '哪'],
  ['多少', '多少'],
  ['多久', '多少'],
  ['多长', '多少'],
  ['多大', '多少'],
  ['多高', '多少'],
  ['多远', '多少'],
  ['几', '几'],
  ['是否', '是否'],
  ['是不是', '是否'],
  ['吗', '是否'],
];
export const ZH_QWORDS = ['什么', '谁', '哪', '几', '多少', '怎么', '为什么', '是否', '其他'] as const;

/**
 * The question word: English, the first word of the question that is a wh-word
 * (what/who/whom/whose/when/where/which/why/how), else 'other'; Chinese, the pattern that starts
 * earliest (ties: the longer one), else '其他'. e.g. questionWord('In which year did he die?', 'en') → 'which',
 * questionWord('他为什么去北京？', 'zh') → '为什么'.
 */
export function questionWord(question: string, lang: 'en' | 'zh'): string {
  if (lang === 'zh') {
    for (let i = 0; i < question.length; i++) {
      for (const [pat, label] of ZH_QWORD_PATTERNS) if (question.startsWith(pat, i)) return label;
    }
    return '其他';
  }
  for (const m of question.toLowerCase().matchAll(/[a-z]+/g)) {
    const w = EN_MAP[m[0]];
    if (w) return w;
  }
  return 'other';
}

/** Upper bounds of the passage-length buckets: words for English, characters (code points, no spaces) for Chinese. */
export const LENGTH_BUCKETS = { en: [100, 200, 400], zh: [200, 400, 800] } as const;

/** The passage's length in the bucket unit: whitespace-separated words (English) or non-space code points (Chinese). */
export function passageLength(context: string, lang: 'en' | 'zh'): number {
  if (lang === 'zh') return Array.from(context.replace(/\s+/g, '')).length;
  const t = context.trim();
  return t === '' ? 0 : t.split(/\s+/).length;
}

/** Every bucket label of a language in order, e.g. lengthLabels('en')[0] → '≤100 words'. */
export function lengthLabels(lang: 'en' | 'zh'): string[] {
  const b = LENGTH_BUCKETS[lang];
  const unit = lang === 'zh' ? 'chars' : 'words';
  return [`≤${b[0]} ${unit}`, `${b[0] + 1}–${b[1]} ${unit}`, `${b[1] + 1}–${b[2]} ${unit}`, `>${b[2]} ${unit}`];
}

/** The bucket label of a passage, e.g. lengthBucket('a b c', 'en') → '≤100 words'. */
export function lengthBucket(context: string, lang: 'en' | 'zh'): string {
  return lengthBucketOf(passageLength(context, lang), lang);
}

/** The bucket label of a passage length in the bucket unit, e.g. lengthBucketOf(150, 'en') → '101–200 words'. */
export function lengthBucketOf(n: number, lang: 'en' | 'zh'): string {
  const b = LENGTH_BUCKETS[lang];
  const i = b.findIndex((max) => n <= max);
  return lengthLabels(lang)[i === -1 ? 3 : i] as string;
}

/** The label of one instance under a key, e.g. sliceValue({ …, meta: { domain: 'finance' } }, 'meta.domain') → 'finance'. */
export function sliceValue(s: SliceSource, key: SliceKey): string {
  switch (key) {
    case 'title':
      return s.title.trim() || NONE;
    case 'dataset':
      return s.dataset || NONE;
    case 'answer-type':
      return s.answerType ?? NONE;
    case 'qword':
      return questionWord(s.question, s.lang);
    case 'length':
      return s.contextLength === undefined ? lengthBucket(s.context, s.lang) : lengthBucketOf(s.contextLength, s.lang);
    case 'lang':
      return s.lang;
    default: {
      const v = s.meta?.[key.slice(5)];
      return v === undefined || v === '' ? NONE : String(v);
    }
  }
}

/** Where a label sorts for keys with a natural order (question words, length buckets); -1 for the rest. */
export function naturalRank(key: SliceKey, value: string): number {
  if (key === 'qword') return ([...EN_QWORDS, ...ZH_QWORDS] as string[]).indexOf(value);
  if (key === 'length') return [...lengthLabels('en'), ...lengthLabels('zh')].indexOf(value);
  return -1;
}
