/**
 * Reads a WordPiece tokenizer.json without JSON.parse of its vocabulary: V8 spends most of a
 * tokenizer's start-up building a 65,000-key object and then a Map from it. The vocabulary
 * object is scanned straight into the Map; the rest of the file (a few kB) is JSON.parsed.
 * Anything unusual (a duplicate key or id, a non-integer id) returns null and the caller falls
 * back to the library, so the result is always what JSON.parse would have given.
 */
import type { WordPieceVocab } from './wordpiece.ts';

const QUOTE = 34;
const BACKSLASH = 92;

/** Whether c is JSON whitespace. */
const isWs = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function skipWs(text: string, i: number): number {
  while (isWs(text.charCodeAt(i))) i++;
  return i;
}

/** Index just past the string starting at i (text[i] === '"'), or -1 when it never ends. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; ) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) return j + 1;
    j += c === BACKSLASH ? 2 : 1;
  }
  return -1;
}

/** The string value of the JSON string text[i, end). */
function stringAt(text: string, i: number, end: number): string {
  const raw = text.slice(i + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw;
}

/** Index just past the JSON value starting at i, or -1. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return stringEnd(text, i);
  if (c !== 123 && c !== 91) {
    let j = i;
    while (j < text.length && !',}] \n\r\t'.includes(text.charAt(j))) j++;
    return j;
  }
  let depth = 0;
  for (let j = i; j < text.length; ) {
    const d = text.charCodeAt(j);
    if (d === QUOTE) {
      j = stringEnd(text, j);
      if (j < 0) return -1;
      continue;
    }
    if (d === 123 || d === 91) depth++;
    else if ((d === 125 || d === 93) && --depth === 0) return j + 1;
    j++;
  }
  return -1;
}

/** Index of the value of `key` in the object starting at i, or -1. */
function memberAt(text: string, i: number, key: string): number {
  if (text.charCodeAt(i) !== 123) return -1;
  let j = skipWs(text, i + 1);
  while (text.charCodeAt(j) === QUOTE) {
    const kEnd = stringEnd(text, j);
    if (kEnd < 0) return -1;
    const name = stringAt(text, j, kEnd);
    j = skipWs(text, kEnd);
    if (text.charCodeAt(j) !== 58) return -1;
    j = skipWs(text, j + 1);
    if (name === key) return j;
    j = valueEnd(text, j);
    if (j < 0) return -1;
    j = skipWs(text, j);
    if (text.charCodeAt(j) !== 44) return -1;
    j = skipWs(text, j + 1);
  }
  return -1;
}

/** Where `"model": { "vocab": {…} }` starts in tokenizer.json text, or -1. */
export function vocabStart(text: string): number {
  const model = memberAt(text, skipWs(text, 0), 'model');
  if (model < 0) return -1;
  const vocab = memberAt(text, model, 'vocab');
  return vocab >= 0 && text.charCodeAt(vocab) === 123 ? vocab : -1;
}

/** The vocabulary object at `start` scanned into a Map and an id array, with the index past it; null if unusual. */
export function scanVocab(text: string, start: number): { vocab: WordPieceVocab; end: number } | null {
  const ids = new Map<string, number>();
  const tokens: (string | undefined)[] = [];
  let i = skipWs(text, start + 1);
  if (text.charCodeAt(i) === 125) return { vocab: { ids, tokens }, end: i + 1 };
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return null;
    const kEnd = stringEnd(text, i);
    if (kEnd < 0) return null;
    const key = stringAt(text, i, kEnd);
    i = skipWs(text, kEnd);
    if (text.charCodeAt(i) !== 58) return null;
    i = skipWs(text, i + 1);
    let c = text.charCodeAt(i);
    if (c < 48 || c > 57) return null;
    let v = 0;
    for (; c >= 48 && c <= 57; c = text.charCodeAt(++i)) v = v * 10 + (c - 48);
    if (!Number.isSafeInteger(v) || ids.has(key) || tokens[v] !== undefined) return null;
    ids.set(key, v);
    tokens[v] = key;
    i = skipWs(text, i);
    c = text.charCodeAt(i);
    if (c === 125) return { vocab: { ids, tokens }, end: i + 1 };
    if (c !== 44) return null;
    i = skipWs(text, i + 1);
  }
}

/** tokenizer.json text → its JSON with `model.vocab` emptied and where the vocabulary starts (for scanVocab); null when unusual. */
export function jsonWithoutVocab(text: string): { json: Record<string, unknown>; vocabAt: number } | null {
  const start = vocabStart(text);
  const end = start < 0 ? -1 : valueEnd(text, start);
  if (end < 0) return null;
  try {
    return { json: JSON.parse(`${text.slice(0, start)}{}${text.slice(end)}`) as Record<string, unknown>, vocabAt: start };
  } catch {
    return null;
  }
}
