/**
 * Where a text names glossary terms: the glossary's distinctive spellings (its jargon, and its terms
 * of several words with their variants) found in running text. The app wraps them in their hover
 * help; the e2e check looks for the same spellings in what the app shows, so both read one list.
 */
import { foldTerm, GLOSSARY } from './terms.ts';

/** Jargon-looking words of a text, e.g. jargonWords('DBName drop F1 on rare-only questions') → ['DBName', 'F1', 'rare-only']. */
export function jargonWords(text: string): string[] {
  const words = (text.match(/[A-Za-z][A-Za-z0-9_]*/g) ?? []).filter((w) => (w.match(/[A-Z]/g) ?? []).length >= 2 || /[A-Za-z]\d|\d[A-Za-z]/.test(w) || /[A-Za-z]_[A-Za-z]/.test(w));
  return [...words, ...(text.match(/\b(?:[a-z]+-only|no-[a-z]+|[a-z]+\/s|long-name)\b/g) ?? [])];
}

/** One spelling to look for: its entry and whether case matters (jargon) or not (phrases). */
export interface Spelling {
  id: string;
  text: string;
  exact: boolean;
}

/** Content words of a spelling (five letters or more), to tell a variant of a term from a plain phrase. */
const contentWords = (s: string) => foldTerm(s).split(/[^a-z0-9]+/).filter((w) => w.length >= 5);

/**
 * The distinctive spellings, longest first: jargon-shaped ones (DBName, C2W, rare-only) match
 * exactly; a term of several words ("revision pair") and its variants sharing a word with it
 * ("wrong entity") match in any case. Plain aliases ("worst", "names", "runs on") are left out:
 * in running text they are ordinary words.
 */
export const SPELLINGS: readonly Spelling[] = GLOSSARY.flatMap((e) =>
  [e.term, ...e.aliases].flatMap((text): Spelling[] => {
    if (jargonWords(text).length > 0) return [{ id: e.id, text, exact: true }];
    const variant = text === e.term || contentWords(text).some((w) => contentWords(e.term).includes(w));
    return /\s/.test(text) && variant ? [{ id: e.id, text, exact: false }] : [];
  }),
).sort((a, b) => b.text.length - a.text.length);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of every spelling as a whole word (no letter, digit, _ or - on either side). */
export const SPELLING_SOURCE = SPELLINGS.map((w) => `(?<![\\w-])${escape(w.text)}(?![\\w-])`).join('|');

/** The spelling a match is, honouring case for jargon, e.g. spellingOf('wrong Entity')?.id === 'wrong-entity', spellingOf('Mix') === undefined. */
export function spellingOf(match: string): Spelling | undefined {
  return SPELLINGS.find((w) => (w.exact ? w.text === match : w.text.toLowerCase() === match.toLowerCase()));
}

/** A text cut into plain pieces and terms, e.g. spotTerms('InDistName drop') → [{ id: 'indistname', text: 'InDistName' }, ' drop']. */
export function spotTerms(text: string): (string | { id: string; text: string })[] {
  const out: (string | { id: string; text: string })[] = [];
  let at = 0;
  for (const m of text.matchAll(new RegExp(SPELLING_SOURCE, 'gi'))) {
    const w = spellingOf(m[0]);
    if (!w) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push({ id: w.id, text: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
