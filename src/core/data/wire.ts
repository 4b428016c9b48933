/**
 * Messages between the page and its workers with every long text sent once. postMessage's
 * structured clone copies a string each time it occurs: 2,000 questions of one 1 MB passage were
 * 2,000 copies of it (2–4 GB) in one `collected` or `sweep` message (issue 40.2). packMessage puts
 * each distinct long text (passages, edited passages, an export's JSON) in one list and leaves a
 * reference where it stood; unpackMessage puts the texts back, so every question of a passage
 * shares one string again. Both sides of every worker call these two, whatever the message.
 */

/** The key of a reference object `{ [REF]: n }` (no file or protocol key starts with a NUL). */
const REF = '\u0000qarx-text';
/** The key of the texts list on a packed message. */
const TEXTS = '\u0000qarx-texts';
/** Strings shorter than this are cloned as they are (questions, ids, answers): a reference would not pay. */
export const SHARED_MIN_LENGTH = 256;

type Plain = Record<string, unknown>;

/** Whether `x` is an array or a plain object (not a Blob, typed array, Map, Date …: those are cloned as they are). */
function isPlain(x: unknown): x is Plain {
  if (typeof x !== 'object' || x === null) return false;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Copies `x` with each long string replaced by a reference into `texts` (one entry per distinct text). */
function pack(x: unknown, texts: string[], index: Map<string, number>): unknown {
  if (typeof x === 'string') {
    if (x.length < SHARED_MIN_LENGTH) return x;
    let n = index.get(x);
    if (n === undefined) {
      n = texts.push(x) - 1;
      index.set(x, n);
    }
    return { [REF]: n };
  }
  if (Array.isArray(x)) return x.map((v: unknown) => pack(v, texts, index));
  if (!isPlain(x)) return x;
  const out: Plain = {};
  for (const k of Object.keys(x)) out[k] = pack(x[k], texts, index);
  return out;
}

/** The message as it is posted: unchanged when it holds no long text, else with its texts listed once. */
export function packMessage<T>(msg: T): T {
  if (!isPlain(msg)) return msg;
  const texts: string[] = [];
  const packed = pack(msg, texts, new Map()) as Plain;
  if (texts.length === 0) return msg;
  packed[TEXTS] = texts;
  return packed as T;
}

/** Puts the texts back into a freshly received value, in place (it is the receiver's own clone). */
function unpack(x: unknown, texts: readonly string[]): unknown {
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) x[i] = unpack(x[i], texts);
    return x;
  }
  if (!isPlain(x)) return x;
  if (REF in x) return texts[x[REF] as number];
  for (const k of Object.keys(x)) x[k] = unpack(x[k], texts);
  return x;
}

/** A received message as it was sent (a message posted without packMessage passes through unchanged). */
export function unpackMessage<T>(data: T): T {
  if (!isPlain(data) || !(TEXTS in data)) return data;
  const texts = data[TEXTS] as string[];
  delete data[TEXTS];
  return unpack(data, texts) as T;
}
