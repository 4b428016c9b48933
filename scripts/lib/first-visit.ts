/**
 * Issue 29.2's first-visit targets and the verdict `npm run bench:browser` prints for them: one
 * visit is noisy on a shared 2-core machine, so the verdict is on the median over fresh profiles.
 */

/** Issue 29.2: a first visit on WASM answers within 3 s and transfers at most 20 MB, no file twice. */
export const FIRST_VISIT_TARGET = { seconds: 3, megabytes: 20 } as const;

/** What the verdict needs of one first visit. */
export interface VisitFigures {
  /** Seconds from navigation to the first answer. */
  total: number;
  /** Bytes the server sent until the service worker was active. */
  bytes: number;
  /** How many paths were fetched more than once. */
  repeated: number;
}

/** The verdict over several first visits, each part against its target. */
export interface FirstVisitVerdict {
  medianSeconds: number;
  maxMegabytes: number;
  timeMet: boolean;
  bytesMet: boolean;
  noRepeats: boolean;
}

/** Median of a non-empty list (mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of an empty list');
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Judges first visits against FIRST_VISIT_TARGET: median time, the largest transfer, any repeated file. */
export function firstVisitVerdict(visits: readonly VisitFigures[]): FirstVisitVerdict {
  const medianSeconds = median(visits.map((v) => v.total));
  // Bytes are judged on the worst visit: every user's first visit must stay under the cap.
  const maxMegabytes = Math.max(...visits.map((v) => v.bytes)) / 1e6;
  return {
    medianSeconds,
    maxMegabytes,
    timeMet: medianSeconds <= FIRST_VISIT_TARGET.seconds,
    bytesMet: maxMegabytes <= FIRST_VISIT_TARGET.megabytes,
    noRepeats: visits.every((v) => v.repeated === 0),
  };
}

/** "median 2.62 s over 3 fresh profiles (target ≤ 3 s: met), at most 8.0 MB (target ≤ 20 MB: met), no file fetched twice: met". */
export function verdictLine(v: FirstVisitVerdict, count: number): string {
  const word = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  const { seconds, megabytes } = FIRST_VISIT_TARGET;
  return `median ${v.medianSeconds.toFixed(2)} s over ${count} fresh profile${count === 1 ? '' : 's'} (target ≤ ${seconds} s: ${word(v.timeMet)}), at most ${v.maxMegabytes.toFixed(1)} MB (target ≤ ${megabytes} MB: ${word(v.bytesMet)}), no file fetched twice: ${word(v.noRepeats)}`;
}
