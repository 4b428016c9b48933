/** Seeded pseudo-random numbers: every perturbation is reproducible from its seed. */

/** The largest seed: seeds are the integers 0…2^53 − 1 (every one a JS number exactly). */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

const TWO_32 = 2 ** 32;

/**
 * Reads a seed as typed by a user, e.g. parseSeed('7') → { seed: 7 }, parseSeed('1e300') →
 * { error: 'seed must be a whole number from 0 to 9007199254740991 (2^53 − 1), got "1e300"' }.
 * Only decimal digits are accepted: "1e3" or "0x10" are numbers to JS but rarely what was meant.
 */
export function parseSeed(text: string | number, name = 'seed'): { seed: number } | { error: string } {
  const s = String(text).trim();
  const n = /^\d+$/.test(s) ? Number(s) : NaN;
  if (Number.isSafeInteger(n)) return { seed: n };
  const why = s === '' ? 'nothing' : `"${s.length > 40 ? `${s.slice(0, 40)}…` : s}"`;
  return { error: `${name} must be a whole number from 0 to ${MAX_SEED} (2^53 − 1), got ${why}` };
}

/** A 32-bit key for the high bits of a seed, 0 only when they are 0 (so seeds < 2^32 keep their old streams). */
function highKey(hi: number): number {
  if (hi === 0) return 0;
  let h = Math.imul(hi ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0 || 1;
}

/**
 * A generator of numbers in [0, 1) (mulberry32), the same sequence for the same seed, e.g. rng(7)().
 * Seeds up to 2^53 − 1: the low 32 bits drive mulberry32's counter and the high 21 bits are
 * mixed into every step, so 2^32 and 0 give different streams (seeds below 2^32 are unchanged).
 */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  const k = highKey(Math.floor(Math.abs(seed) / TWO_32) % 2 ** 21);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = (a ^ k) >>> 0;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of a non-empty list, e.g. pick(['a', 'b'], rng(1)) is 'a' or 'b'. */
export function pick<T>(items: readonly T[], rand: () => number): T {
  if (items.length === 0) throw new Error('pick: empty list');
  return items[Math.floor(rand() * items.length)] as T;
}

/**
 * A seed mixed from several numbers, so (seed, instance) pairs get independent streams, e.g.
 * mixSeed(1, 2) !== mixSeed(2, 1). Parts below 2^32 give the 32-bit result they always gave;
 * the high bits of larger parts (seeds up to 2^53 − 1) go into the result's high 21 bits.
 */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  let hi = 0;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x01000193) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0;
    const top = Math.floor(Math.abs(p) / TWO_32) % 2 ** 21;
    if (top !== 0 || hi !== 0) hi = (Math.imul(hi ^ top ^ h, 0x01000193) >>> 11) || 1;
  }
  return h + hi * TWO_32;
}

/** A 32-bit hash of a string (FNV-1a), e.g. to seed per instance id: hashString('q1'). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
