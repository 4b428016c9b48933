/**
 * Synthetic noise to compare with natural edits: the 13 methods of Wu et al. 2025, App. K, with
 * NLPAug's augmenters and their defaults (NOISE_PARAMS): character level (keyboard typo, OCR error,
 * random insert / substitute / swap / delete) and word level (swap, delete, crop, split, WordNet
 * synonym, insertion, substitution). Word split, synonym and insertion run on each sentence, the
 * others on the whole passage (App. K): per input int(rate · its tokens) words are chosen (1–10).
 * The unit is the passage, drawn once (noisePassage): seeded by its text, never touching a gold answer
 * of any of its questions, so all of them are asked about the same noisy passage with offsets mapped
 * through the same edits (noise-passage.ts groups a dataset's questions by passage).
 */
import nlp from 'compromise';
import synonyms from 'synonyms';
import type { GoldAnswer, Instance } from '../data/types.ts';
import common from '../entity/common-words.json' with { type: 'json' };
import badWords from 'naughty-words/en.json' with { type: 'json' };
import { applyEdits, type Edit } from '../entity/substitute.ts';
import { hashString, mixSeed, pick, rng } from '../text/random.ts';
import { changeChars, isUpper, sample, swapPosition } from './noise-chars.ts';
import { augCount, NOISE_PARAMS, type NoiseKind, type NoiseOptions } from './noise-kinds.ts';
import { sentenceSpans } from '../text/sentences.ts';
import { shiftThrough, spanIndex } from './noise-spans.ts';

export { sentenceSpans } from '../text/sentences.ts';
export { augCount, describeNoise, NOISE_KINDS, NOISE_LABELS, NOISE_PARAMS, type NoiseKind, type NoiseOptions } from './noise-kinds.ts';

// Words for insertion: frequent ones, never a slur or an obscenity (subtitle frequencies are full of them).
const BAD = new Set((badWords as string[]).map((w) => w.toLowerCase()));
const COMMON = (common as string[]).slice(0, 2000).filter((w) => !BAD.has(w));
// The most frequent words are function words ("in", "was"): WordNet's senses for them are noise.
const FUNCTION_WORDS = new Set((common as string[]).slice(0, 150));
// Python's string.punctuation: NLPAug's word augmenters never choose these tokens.
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** A question on its noisy passage, with the passage's edits and words changed. */
export interface NoiseResult extends Omit<PassageNoise, 'context'> {
  perturbed: Instance;
}

/** A token of the passage with its character offsets and index. */
export interface NoiseToken {
  text: string;
  start: number;
  end: number;
  i: number;
}

type Span = { start: number; end: number; to: string };

/**
 * NLPAug's default tokens (re.split(r'(\W)'), blanks dropped): runs of word characters, and every
 * other non-space character alone, e.g. "Ann's bridge." → Ann ' s bridge . — combining marks stay
 * with their letter (Python's \W would cut "é" written as e + U+0301 in two).
 */
export function nlpaugTokens(text: string): NoiseToken[] {
  return [...text.matchAll(/[\p{L}\p{N}\p{M}_]+|[^\s\p{L}\p{N}\p{M}_]/gu)].map((m, i) => ({ text: m[0], start: m.index, end: m.index + m[0].length, i }));
}

const isWord = (t: string) => /[\p{L}\p{N}]/u.test(t);

/** Python's casing classes of a word as NLPAug's get_word_case has them: empty, capitalize, upper, lower, mixed or unknown. */
function wordCase(w: string): string {
  const cps = Array.from(w);
  const cased = cps.filter((c) => c.toUpperCase() !== c.toLowerCase());
  if (cps.length === 0) return 'empty';
  if (cps.length === 1 && isUpper(w)) return 'capitalize';
  if (cased.length && cased.every(isUpper)) return 'upper';
  if (cased.length && cased.every((c) => !isUpper(c))) return 'lower';
  if (cps.slice(1).some(isUpper)) return 'mixed';
  return isUpper(cps[0] as string) ? 'capitalize' : 'unknown';
}

/** Python's str.capitalize: first character upper case, the rest lower. */
const capitalize = (w: string) => (w[0] ?? '').toUpperCase() + w.slice(1).toLowerCase();

/** WordNet's part-of-speech keys for compromise's tags: noun, verb, adjective (a, s), adverb. */
export function wordnetPos(tags: readonly string[]): string[] {
  if (tags.includes('ProperNoun') || tags.includes('Value')) return [];
  if (tags.includes('Verb')) return ['v'];
  if (tags.includes('Adjective')) return ['a', 's'];
  if (tags.includes('Adverb')) return ['r'];
  if (tags.includes('Noun')) return ['n'];
  return [];
}

/** compromise's tags of each word of a text by its start offset (also tags questions for paraphrase synonyms). */
export function posTags(text: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const s of nlp(text).json({ offset: true, terms: { offset: true } }) as { terms: { tags: string[]; offset: { start: number } }[] }[]) {
    for (const t of s.terms) out.set(t.offset.start, t.tags);
  }
  return out;
}

/** The WordNet synonyms of a single word with the same part of speech; none for function words and names. */
export function synonymOptions(word: string, pos: readonly string[]): string[] {
  const entry = synonyms.dictionary[word.toLowerCase()];
  if (!entry || pos.length === 0 || FUNCTION_WORDS.has(word.toLowerCase())) return [];
  return [...new Set(pos.flatMap((p) => entry[p] ?? []))].filter((w) => w !== word.toLowerCase() && /^[a-z]{3,}$/.test(w));
}

/**
 * A WordNet synonym of a single word with the same part of speech, e.g. synonymOf('quickly', ['r'], r)
 * is 'rapidly', 'speedily'…; null when none (function words and names have none).
 */
export function synonymOf(word: string, pos: readonly string[], rand: () => number): string | null {
  const options = synonymOptions(word, pos);
  if (!options.length) return null;
  const s = pick(options, rand);
  return /^\p{Lu}/u.test(word) ? s[0]?.toUpperCase() + s.slice(1) : s;
}

/** The WordNet keys of a token from its tags, when it is a plain word (letters only). */
const tokenPos = (t: NoiseToken, tags: Map<number, string[]> | null) => (/^\p{L}+$/u.test(t.text) ? wordnetPos(tags?.get(t.start) ?? []) : []);

/**
 * The tokens a kind may choose, as NLPAug's pre_skip_aug and skip_aug decide: at least min_char code
 * points, not ASCII punctuation for word augmenters (character augmenters keep it: include_special_char),
 * for synonyms no determiner and only words that have a synonym (NLPAug checks that for its PPDB
 * source only; our WordNet table is narrower than NLTK's, and a chosen word without one would waste
 * the pick), and never a token inside a gold answer (our stopwords).
 */
function candidates(tokens: readonly NoiseToken[], kind: NoiseKind, inAnswer: (s: number, e: number) => boolean, tags: Map<number, string[]> | null): NoiseToken[] {
  const p = NOISE_PARAMS[kind];
  return tokens.filter((t) => {
    if (inAnswer(t.start, t.end) || Array.from(t.text).length < p.minChar) return false;
    if (p.chars === undefined && PUNCTUATION.includes(t.text)) return false;
    if (p.skip === 'determiners' && tags?.get(t.start)?.includes('Determiner')) return false;
    return kind !== 'synonym' || synonymOptions(t.text, tokenPos(t, tags)).length > 0;
  });
}

/**
 * The texts two swapped words take, with RandomWordAug's case fix when one is the passage's first
 * token: 'The Marl' swapped → 'Marl the'; 'i' becomes 'I' there.
 */
function swappedTexts(chosen: NoiseToken, partner: NoiseToken): { chosen: string; partner: string } {
  if (chosen.i !== 0 && partner.i !== 0) return { chosen: partner.text, partner: chosen.text };
  const [a, b] = [wordCase(chosen.text), wordCase(partner.text)];
  const out =
    chosen.i === 0
      ? { chosen: a === 'capitalize' && b === 'lower' ? capitalize(partner.text) : partner.text, partner: a === 'capitalize' ? chosen.text.toLowerCase() : chosen.text }
      : { partner: a === 'lower' ? capitalize(chosen.text) : chosen.text, chosen: b === 'capitalize' ? partner.text.toLowerCase() : partner.text };
  const fixI = (w: string) => (w === 'i' ? 'I' : w);
  return { chosen: fixI(out.chosen), partner: fixI(out.partner) };
}

/**
 * RandomWordAug's swaps: each chosen word with the token before or after it (the next for the first
 * token, the previous for the last). NLPAug may swap a word with punctuation or one swapped already;
 * here the partner must be a free word outside the answers with only spaces between, or the pick stays.
 */
function swapSpans(chosen: readonly NoiseToken[], tokens: readonly NoiseToken[], text: string, inAnswer: (s: number, e: number) => boolean, rand: () => number): Span[] {
  if (tokens.length < 2) return [];
  const busy = new Set<number>();
  const spans: Span[] = [];
  for (const t of chosen) {
    const partner = tokens[swapPosition(t.i, tokens.length - 1, rand)] as NoiseToken;
    const [left, right] = t.i < partner.i ? [t, partner] : [partner, t];
    const gap = text.slice(left.end, right.start);
    if (busy.has(t.i) || busy.has(partner.i) || !isWord(partner.text) || inAnswer(partner.start, partner.end) || !/^\s+$/.test(gap)) continue;
    const s = swappedTexts(t, partner);
    const [l, r] = t === left ? [s.chosen, s.partner] : [s.partner, s.chosen];
    spans.push({ start: left.start, end: right.end, to: l + gap + r });
    busy.add(t.i).add(partner.i);
  }
  return spans;
}

/**
 * RandomWordAug's deletions as text edits: each word goes with the spaces after it, or before it when
 * punctuation follows ("careful work." → "careful."); deleting the first word capitalises the
 * second as NLPAug does ("The bridge" → "Bridge"). Spaces inside an answer are kept.
 */
function deleteSpans(chosen: readonly NoiseToken[], tokens: readonly NoiseToken[], text: string, inAnswer: (s: number, e: number) => boolean): Span[] {
  const free = (i: number) => /\s/.test(text[i] ?? '') && !inAnswer(i, i + 1);
  const ranges: { start: number; end: number }[] = [];
  for (const t of [...chosen].sort((a, b) => a.start - b.start)) {
    let end = t.end;
    while (free(end)) end++;
    const last = ranges[ranges.length - 1];
    if (last && last.end >= t.start) last.end = end;
    else ranges.push({ start: t.start, end });
  }
  const spans: Span[] = [];
  for (const r of ranges) {
    if (r.end === text.length || !/\s/.test(text[r.end - 1] ?? '')) while (r.start > 0 && free(r.start - 1)) r.start--;
    const next = tokens[1];
    const first = tokens[0];
    if (r.start === 0 && first && chosen.includes(first) && next && next.start === r.end && !chosen.includes(next) && !inAnswer(next.start, next.end) && wordCase(first.text) === 'capitalize' && wordCase(next.text) === 'lower') {
      spans.push({ start: r.start, end: next.end, to: capitalize(next.text) });
    } else spans.push({ ...r, to: '' });
  }
  return spans;
}

/** The edits of one kind for the chosen tokens; `changed` counts the words changed. */
function noiseSpans(kind: NoiseKind, chosen: readonly NoiseToken[], tokens: readonly NoiseToken[], text: string, inAnswer: (s: number, e: number) => boolean, tags: Map<number, string[]> | null, rand: () => number): { spans: Span[]; changed: number } {
  const one = (f: (t: NoiseToken) => string | null) => {
    const spans = chosen.flatMap((t) => {
      const to = f(t);
      return to === null || to === t.text ? [] : [{ start: t.start, end: t.end, to }];
    });
    return { spans, changed: spans.length };
  };
  switch (kind) {
    case 'word-swap': {
      const spans = swapSpans(chosen, tokens, text, inAnswer, rand);
      return { spans, changed: spans.length };
    }
    case 'word-delete':
      return { spans: deleteSpans(chosen, tokens, text, inAnswer), changed: chosen.length };
    case 'word-split':
      // SplitAug cuts at randint(1, len − 1): between code points 1 … len − 2, never inside a surrogate pair.
      return one((t) => {
        const cps = Array.from(t.text);
        const cut = 1 + Math.floor(rand() * (cps.length - 2));
        return `${cps.slice(0, cut).join('')} ${cps.slice(cut).join('')}`;
      });
    case 'synonym':
      return one((t) => synonymOf(t.text, tokenPos(t, tags), rand));
    case 'word-insert': {
      // The contextual model is replaced by a common word put in front of the chosen token.
      const spans = chosen.map((t) => ({ start: t.start, end: t.start, to: `${pick(COMMON, rand)} ` }));
      return { spans, changed: spans.length };
    }
    case 'word-substitute':
      // The contextual model's word is replaced by a common word, keeping a capital.
      return one((t) => {
        const w = pick(COMMON, rand);
        return wordCase(t.text) === 'capitalize' ? capitalize(w) : w;
      });
    case 'word-crop': {
      // The chosen tokens are one run (cropRun), removed with their spaces; crop, unlike delete, fixes no case.
      // (No token list is passed, so deleteSpans' first-word capital fix does not apply.)
      if (chosen.length < 2) return { spans: [], changed: 0 };
      return { spans: deleteSpans(chosen, [], text, inAnswer), changed: chosen.length };
    }
    default:
      return one((t) => changeChars(t.text, kind, rand));
  }
}

/**
 * RandomWordAug's crop: aug_cnt tokens in one run (any token, punctuation included) at a random
 * start; here the run must miss every answer (starts that would cut one are not drawn), e.g.
 * 10 tokens, n 3 → tokens k, k+1, k+2 for a random k in 0…7. None when no run fits.
 */
export function cropRun(tokens: readonly NoiseToken[], n: number, inAnswer: (s: number, e: number) => boolean, rand: () => number): NoiseToken[] {
  const starts: number[] = [];
  for (let k = 0; k + n <= tokens.length; k++) if (!tokens.slice(k, k + n).some((t) => inAnswer(t.start, t.end))) starts.push(k);
  if (n < 1 || starts.length === 0) return [];
  const k = pick(starts, rand);
  return tokens.slice(k, k + n);
}

/** Noise drawn on a passage: its noisy text, the edits that made it and the words changed. */
export interface PassageNoise {
  context: string;
  edits: Edit[];
  /** Words changed (for a swap, the swaps; for an insertion, the words put in); at most 10 per input (sentence or passage). */
  changed: number;
}

/** The tokens of each sentence in one pass over both lists (filtering all tokens per sentence was sentences × tokens). */
function tokensBySentence(tokens: readonly NoiseToken[], spans: readonly { start: number; end: number }[]): NoiseToken[][] {
  const out: NoiseToken[][] = [];
  let k = 0;
  for (const sp of spans) {
    while (k < tokens.length && (tokens[k] as NoiseToken).start < sp.start) k++;
    const group: NoiseToken[] = [];
    while (k < tokens.length && (tokens[k] as NoiseToken).end <= sp.end) group.push(tokens[k++] as NoiseToken);
    out.push(group);
  }
  return out;
}

/**
 * Noise on one passage (Wu et al. App. K perturbs the passage, not a question), e.g.
 * noisePassage(context, answersOfItsQuestions, { kind: 'keyboard', rate: 0.3, seed: 1 }): seeded by
 * the passage's text, so every surface draws the same noise for it; no chosen token overlaps
 * `protect` (every gold answer of every question asked about it). Null when nothing could change.
 */
export function noisePassage(context: string, protect: readonly GoldAnswer[], opts: NoiseOptions): PassageNoise | null {
  const rand = rng(mixSeed(opts.seed, hashString(context), hashString(opts.kind)));
  const p = NOISE_PARAMS[opts.kind];
  const tokens = nlpaugTokens(context);
  const inAnswer = spanIndex(protect);
  const tags = opts.kind === 'synonym' ? posTags(context) : null;
  // App. K: word split, synonym and insertion augment each sentence, the others the whole passage.
  const inputs = p.unit === 'sentence' ? tokensBySentence(tokens, sentenceSpans(context)) : [tokens];
  // NLPAug counts over every token of the input (answers and punctuation included), then chooses among the candidates.
  const chosen = inputs.flatMap((input) => {
    const n = augCount(input.length, opts.rate, p.wordMin, p.wordMax);
    return opts.kind === 'word-crop' ? cropRun(input, n, inAnswer, rand) : sample(candidates(input, opts.kind, inAnswer, tags), n, rand);
  });
  const { spans, changed } = noiseSpans(opts.kind, chosen, tokens, context, inAnswer, tags, rand);
  if (!spans.length) return null;
  const { text, edits } = applyEdits(context, spans);
  // Swapping two equal words ("the the") edits nothing: no noisy passage to compare with.
  return text === context ? null : { context: text, edits, changed };
}

/**
 * Gold answers carried into a noisy passage, or null when one no longer reads the same there
 * (never for a protected answer), e.g. 'Ashby' at 20 → at 21 after a one-letter insertion before it.
 */
export function answersThrough(noise: PassageNoise, answers: readonly GoldAnswer[]): GoldAnswer[] | null {
  const out = answers.map((a) => ({ text: a.text, start: shiftThrough(noise.edits, a.start) }));
  return out.every((a) => noise.context.startsWith(a.text, a.start)) ? out : null;
}

/**
 * Adds synthetic noise to a question's passage, e.g. addNoise(inst, { kind: 'keyboard', rate: 0.3, seed: 1 }):
 * the passage's noise (noisePassage) keeping `protect` (by default the question's own answers; pass
 * every answer of the passage's questions to get the noise all of them share). Null when nothing
 * outside the answers could be changed.
 */
export function addNoise(inst: Instance, opts: NoiseOptions, protect: readonly GoldAnswer[] = inst.answers): NoiseResult | null {
  const noise = noisePassage(inst.context, protect, opts);
  const answers = noise && answersThrough(noise, inst.answers);
  if (!noise || !answers) return null;
  return { perturbed: { ...inst, context: noise.context, answers, revision: undefined, trap: undefined, paraphrases: undefined }, edits: noise.edits, changed: noise.changed };
}
