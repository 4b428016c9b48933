/**
 * The iteration order of a CPython 2.7 dict with unicode keys. Python 2 scripts that sum
 * `d.values()` (Jia & Liang's evaluate-adversarial.py) add in this order, and float sums depend on
 * the order in their last digits, so reproducing their printed figures needs it.
 *
 * Follows CPython 2.7.18 Objects/unicodeobject.c (unicode_hash, hash randomisation off: the
 * default) and Objects/dictobject.c (open addressing with PERTURB_SHIFT 5, minimum size 8, a
 * resize to the smallest power of two above 4 × used (2 × above 50,000) once fill reaches 2/3).
 * Keys are hashed per code point, as a UCS-4 build (Linux distributions' Python 2) does.
 */

const MASK64 = (1n << 64n) - 1n;
const MINSIZE = 8;
const PERTURB_SHIFT = 5n;

/** Python 2.7's hash() of a unicode string as an unsigned 64-bit value (the dict uses it as size_t). Example: py2UnicodeHash('a') → 12416037344n. */
export function py2UnicodeHash(s: string): bigint {
  const cps = Array.from(s, (c) => BigInt(c.codePointAt(0) ?? 0));
  if (cps.length === 0) return 0n;
  let x = ((cps[0] ?? 0n) << 7n) & MASK64;
  for (const cp of cps) x = ((1000003n * x) & MASK64) ^ cp;
  x ^= BigInt(cps.length);
  // -1 is reserved for errors in C; Python maps it to -2.
  return x === MASK64 ? MASK64 - 1n : x;
}

/** Index of the first free slot for `hash` in `table` (CPython's insertdict_clean probe). */
function freeSlot(table: readonly (string | undefined)[], hash: bigint): number {
  const mask = BigInt(table.length - 1);
  let i = hash & mask;
  let perturb = hash;
  while (table[Number(i & mask)] !== undefined) {
    i = ((i << 2n) + i + perturb + 1n) & MASK64;
    perturb >>= PERTURB_SHIFT;
  }
  return Number(i & mask);
}

/** The order `d.keys()` / `d.values()` visit keys that were inserted (never deleted) in this order. Example: py2DictOrder(['b', 'a']) → ['a', 'b']. */
export function py2DictOrder(insertionOrder: readonly string[]): string[] {
  let table: (string | undefined)[] = new Array<string | undefined>(MINSIZE).fill(undefined);
  const hashes = new Map<string, bigint>();
  for (const key of insertionOrder) {
    if (hashes.has(key)) continue;
    const hash = py2UnicodeHash(key);
    hashes.set(key, hash);
    table[freeSlot(table, hash)] = key;
    const used = hashes.size;
    if (used * 3 >= table.length * 2) {
      const minUsed = (used > 50000 ? 2 : 4) * used;
      let size = MINSIZE;
      while (size <= minUsed) size *= 2;
      const old = table;
      table = new Array<string | undefined>(size).fill(undefined);
      for (const k of old) if (k !== undefined) table[freeSlot(table, hashes.get(k) ?? 0n)] = k;
    }
  }
  return table.filter((k): k is string => k !== undefined);
}
