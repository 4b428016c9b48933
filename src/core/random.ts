/** Seeded pseudo-random numbers: every perturbation is reproducible from its seed. */

/** A generator of numbers in [0, 1) (mulberry32), the same sequence for the same seed, e.g. rng(7)(). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
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

/** A seed mixed from several numbers, so (seed, instance) pairs get independent streams, e.g. mixSeed(1, 2) !== mixSeed(2, 1). */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x01000193) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0;
  }
  return h >>> 0;
}

/** A 32-bit hash of a string (FNV-1a), e.g. to seed per instance id: hashString('q1'). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
