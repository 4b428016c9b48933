/**
 * English question rewrites of each DuReader-robust paraphrase kind. Each function lists every
 * rewrite its rules allow (deterministic, in question order); the caller picks one with a seed.
 * Only the question is read or written.
 */
import { posTags, synonymOptions, wordnetPos } from '../natural/noise.ts';
import type { Rewrite } from './kinds.ts';

const PREPOSITIONS = 'in|on|at|during|after|before|from|since|until|within|near|inside|outside|throughout|under|along';
const WH = /^(what|who|whom|whose|where|when|which|why|how)$/i;
const BE = 'is|was|are|were';

/** First letter upper case, e.g. cap('in 1863') → 'In 1863'. */
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** First letter lower case unless the first word is a name or "I" (a wh-word or common word starts the rest), e.g. decap('Who won') → 'who won'. */
function decap(s: string): string {
  const first = /^\S+/.exec(s)?.[0] ?? '';
  return WH.test(first) || /^(the|a|an|did|does|do|is|was|are|were)$/i.test(first) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/** The question without its final "?" and the mark itself, e.g. splitMark('Who? ') → ['Who', '?']. */
function splitMark(q: string): [string, string] {
  const m = /^(.*?)\s*([?？]?)\s*$/su.exec(q);
  return [m?.[1] ?? q, m?.[2] || '?'];
}

/**
 * Word reordering: a trailing prepositional phrase fronted ("Who won in 1966?" → "In 1966, who
 * won?"), a fronted one moved back, "In which country is X?" → "X is in which country?", and
 * "What is X?" → "X is what?".
 */
export function reorderEn(q: string): Rewrite[] {
  const [body, mark] = splitMark(q);
  const out: Rewrite[] = [];
  const trailing = new RegExp(`^(\\S.*?\\s\\S+)\\s+((?:${PREPOSITIONS})\\s[^,]+)$`, 'iu').exec(body);
  // A short phrase with no second preposition ("in 1966", not "in Physics with Marie Curie"): a long one may belong to a noun.
  const movable = (pp: string) => pp.split(/\s+/).length <= 4 && !/\b(which|what|whose|with|of|and|or|aboard|to|for)\b/i.test(pp);
  if (trailing?.[1] && trailing[2] && WH.test(trailing[1].split(/\s/)[0] ?? '') && movable(trailing[2])) {
    out.push({ question: `${cap(trailing[2])}, ${decap(trailing[1])}${mark}`, detail: `fronted "${trailing[2]}"` });
  }
  const fronted = new RegExp(`^((?:${PREPOSITIONS})\\s[^,]+),\\s*(\\S.*)$`, 'iu').exec(body);
  if (fronted?.[1] && fronted[2] && movable(fronted[1])) {
    out.push({ question: `${cap(fronted[2])} ${fronted[1].charAt(0).toLowerCase()}${fronted[1].slice(1)}${mark}`, detail: `moved "${fronted[1]}" to the end` });
  }
  const prepWh = new RegExp(`^(${PREPOSITIONS}) (which|what|whose) ((?:\\S+ ){0,2}?\\S+) (${BE}) (\\S.*)$`, 'iu').exec(body);
  if (prepWh?.[5]) {
    const [, prep = '', wh = '', noun = '', be = '', rest] = prepWh;
    out.push({ question: `${cap(rest)} ${be} ${prep.toLowerCase()} ${wh.toLowerCase()} ${noun}${mark}`, detail: `"${prep} ${wh} ${noun}" moved after the verb` });
  }
  const whBe = new RegExp(`^(what|who) (${BE}) (\\S.*)$`, 'iu').exec(body);
  // A passive ("What is X called?") would become "X called is what?": only plain noun phrases move.
  if (whBe?.[3] && !/(ed|called|known|made|built|found|born|located|named)$/i.test(whBe[3])) {
    out.push({ question: `${cap(whBe[3])} ${whBe[2]?.toLowerCase()} ${whBe[1]?.toLowerCase()}${mark}`, detail: `"${whBe[1]} ${whBe[2]}" moved to the end` });
  }
  return out;
}

/** Function-word swaps: [pattern, replacement], each applied at one place. */
const FUNCTION_SWAPS: readonly [RegExp, string][] = [
  [/\bwhat is\b/gi, "what's"],
  [/\bwhat's\b/gi, 'what is'],
  [/\bwho is\b/gi, "who's"],
  [/\bwho's\b/gi, 'who is'],
  [/\bwhere is\b/gi, "where's"],
  [/\bwhich\b(?= \w)/gi, 'what'],
  [/\bwhat\b(?= (?!is\b|was\b|are\b|were\b|did\b|does\b|do\b|has\b|have\b|had\b|can\b|could\b|will\b|would\b|the\b|a\b|an\b|it\b|he\b|she\b|they\b|his\b|her\b|its\b|their\b|this\b|that\b)[a-z]+)/gi, 'which'],
  [/\bduring\b/gi, 'in'],
  [/\bin\b(?= \d{3,4}\b)/gi, 'during'],
  [/\bupon\b/gi, 'on'],
  [/\bamong\b/gi, 'amongst'],
  [/\bamongst\b/gi, 'among'],
  [/\btowards\b/gi, 'toward'],
  [/\btoward\b/gi, 'towards'],
  [/\buntil\b/gi, 'till'],
  [/\bwhom\b/gi, 'who'],
  [/\bnear\b/gi, 'close to'],
  [/\bclose to\b/gi, 'near'],
  [/\binside\b/gi, 'within'],
  [/\bwithin\b/gi, 'inside'],
  [/\bdid not\b/gi, "didn't"],
  [/\bdidn't\b/gi, 'did not'],
  [/\bis not\b/gi, "isn't"],
  [/\bisn't\b/gi, 'is not'],
];

/** The same casing as `from` on the first letter, e.g. keepCase('What', "what's") → "What's". */
const keepCase = (from: string, to: string) => (/^\p{Lu}/u.test(from) ? cap(to) : to);

/** Function-word replacement: one function word (or contraction) swapped for an equivalent, e.g. "which year" → "what year". */
export function functionWordEn(q: string): Rewrite[] {
  const out: Rewrite[] = [];
  for (const [re, to] of FUNCTION_SWAPS) {
    for (const m of q.matchAll(re)) {
      const question = q.slice(0, m.index) + keepCase(m[0], to) + q.slice(m.index + m[0].length);
      out.push({ question, detail: `"${m[0]}" → "${keepCase(m[0], to)}"` });
    }
  }
  return out;
}

/** The words of a question with offsets (letters only). */
const words = (q: string) => [...q.matchAll(/\p{L}+(?:'\p{L}+)?/gu)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));

/** Synonym substitution: a content word for one of its WordNet synonyms of the same part of speech (the synonym table of the synthetic noise). */
export function synonymEn(q: string): Rewrite[] {
  const tags = posTags(q);
  const out: Rewrite[] = [];
  for (const w of words(q)) {
    if (WH.test(w.text)) continue;
    // WordNet lists a word's commonest senses first: later ones ("world" → "man") rarely keep the question's meaning; inflections are no synonyms.
    const options = synonymOptions(w.text, wordnetPos(tags.get(w.start) ?? [])).filter((s) => !s.startsWith(w.text.toLowerCase()));
    for (const s of options.slice(0, 3)) {
      const to = keepCase(w.text, s);
      out.push({ question: q.slice(0, w.start) + to + q.slice(w.end), detail: `"${w.text}" → "${to}"` });
    }
  }
  return out;
}

// "How long", "how many": the word after "how" carries the question.
const KEEP_AFTER_HOW = /^(many|much|long|far|old|big|tall|high|large|often|deep|wide)$/i;
const ADDED = ['exactly', 'precisely'];
// Quantifiers and negation words change what is asked when dropped.
const KEEP_WORDS = /^(most|more|least|less|not|never|only|first|last|aboard|each|every|all|no)$/i;
const AUX = /^(is|was|are|were|did|does|do|has|have|had|can|could|will|would)$/i;

/**
 * Adding or removing content words: an adjective or adverb dropped ("the green pigment" → "the
 * pigment"; never an ordinal, a superlative or a number), or "exactly"/"precisely" added after the
 * question word ("When was it built?" → "When exactly was it built?").
 */
export function contentWordEn(q: string): Rewrite[] {
  const tags = posTags(q);
  const ws = words(q);
  const out: Rewrite[] = [];
  ws.forEach((w, i) => {
    const t = tags.get(w.start) ?? [];
    const prev = ws[i - 1]?.text ?? '';
    const droppable = (t.includes('Adjective') || t.includes('Adverb')) && !t.some((x) => ['Ordinal', 'Superlative', 'Comparative', 'Value', 'ProperNoun', 'Negative', 'Preposition'].includes(x)) && !KEEP_WORDS.test(w.text);
    if (i > 0 && droppable && !WH.test(w.text) && !(prev.toLowerCase() === 'how' && KEEP_AFTER_HOW.test(w.text)) && /^\s/.test(q.slice(w.end)) === true) {
      out.push({ question: q.slice(0, w.start) + q.slice(w.end).replace(/^\s+/, ''), detail: `removed "${w.text}"` });
    }
    const next = ws[i + 1];
    if (WH.test(w.text) && !/how/i.test(w.text) && next && AUX.test(next.text) && !ws.some((x) => ADDED.includes(x.text.toLowerCase()))) {
      for (const a of ADDED) out.push({ question: `${q.slice(0, w.end)} ${a}${q.slice(w.end)}`, detail: `added "${a}"` });
    }
  });
  return out;
}
