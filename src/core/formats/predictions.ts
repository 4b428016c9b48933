/** Predictions and na_prob files ({"id": value, …}) in file order, as the official scripts read them. */
import { InputError, parseJson } from './json.ts';

/**
 * Reads a predictions file ({"id": "answer text", …}), e.g. readPredictions('{"q1": "Paris"}', 'p.json').
 * Keeps file order (a Map), which matters for numeric-looking ids.
 */
export function readPredictions(text: string, file: string): Map<string, string> {
  const raw = flatObject(text, 'string') ?? parseJson(text, file);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new InputError(`${file}: expected an object mapping question ids to answer strings.`);
  const obj = raw as Record<string, unknown>;
  const keys = orderedKeys(text, obj);
  const out = new Map<string, string>();
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const val = obj[k];
    if (typeof val !== 'string') throw new InputError(`${file}: the prediction for "${k}" is ${val === null ? 'null' : typeof val}, expected a string.`);
    out.set(k, val);
  }
  return out;
}

/** Reads a na_prob / null_odds file ({"id": number, …}). */
export function readNaProbs(text: string, file: string): Map<string, number> {
  const raw = flatObject(text, 'number') ?? parseJson(text, file);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new InputError(`${file}: expected an object mapping question ids to numbers.`);
  const obj = raw as Record<string, unknown>;
  const keys = orderedKeys(text, obj);
  const out = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const val = obj[k];
    if (typeof val !== 'number') throw new InputError(`${file}: the value for "${k}" is ${typeof val}, expected a number.`);
    out.set(k, val);
  }
  return out;
}

/**
 * The usual file's object: {"id": value, …} with every value of `type`, parsed without parseJson's
 * depth scan (such an object is one level deep); null for anything else, which parseJson then reads
 * with its messages. The scan was a tenth of reading a predictions file (issue 29).
 */
function flatObject(text: string, type: 'string' | 'number'): Record<string, unknown> | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return null;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const obj = raw as Record<string, unknown>;
  for (const k in obj) if (typeof obj[k] !== type) return null;
  return obj;
}

const INTEGER_KEY = /^(0|[1-9]\d*)$/;

/**
 * Keys in file order: JS objects list integer-like keys first, Python dicts keep file order. Keys,
 * not entries: qarx eval reads thousands cold, where each [key, value] pair is an allocation (issue 29).
 */
function orderedKeys(text: string, obj: Record<string, unknown>): string[] {
  const keys = Object.keys(obj);
  if (!keys.some((k) => INTEGER_KEY.test(k))) return keys;
  const order: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"\s*:/g;
  const want = new Set(keys);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const k = JSON.parse(`"${m[1]}"`) as string;
    if (want.delete(k)) order.push(k);
  }
  return [...order, ...want];
}
