/**
 * The per-question scorer normalises each string once and counts common tokens by pairing, where
 * the official scripts normalise again for every gold and metric and intersect two Counters. These
 * properties check it against the scripts' own formulation, written out plainly here.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { f1, maxOverGolds, normalizeAnswer, pySplit } from '../../src/core/metrics/squad.ts';

/** collections.Counter(a) & Counter(b), summed. */
function counterOverlap(a: string[], b: string[]): number {
  const ca = new Map<string, number>();
  const cb = new Map<string, number>();
  for (const t of a) ca.set(t, (ca.get(t) ?? 0) + 1);
  for (const t of b) cb.set(t, (cb.get(t) ?? 0) + 1);
  let same = 0;
  for (const [t, n] of ca) same += Math.min(n, cb.get(t) ?? 0);
  return same;
}

/** evaluate-v1.1.py's f1_score and evaluate-v2.0.py's compute_f1, as written there. */
function referenceF1(prediction: string, gold: string, version: 'v1.1' | 'v2.0'): number {
  const predToks = prediction === '' && version === 'v2.0' ? [] : pySplit(normalizeAnswer(prediction));
  const goldToks = gold === '' && version === 'v2.0' ? [] : pySplit(normalizeAnswer(gold));
  if (version === 'v2.0' && (goldToks.length === 0 || predToks.length === 0)) return goldToks.join('\u0000') === predToks.join('\u0000') && goldToks.length === predToks.length ? 1 : 0;
  const same = counterOverlap(predToks, goldToks);
  if (same === 0) return 0;
  const precision = same / predToks.length;
  const recall = same / goldToks.length;
  return (2 * precision * recall) / (precision + recall);
}

/** metric_max_over_ground_truths, with v2.0's gold filtering (answers normalising to '' dropped, none left → ['']). */
function referenceMax(metric: 'em' | 'f1', prediction: string, golds: string[], version: 'v1.1' | 'v2.0'): number {
  const kept = version === 'v1.1' ? golds : golds.filter((g) => normalizeAnswer(g) !== '');
  const list = version === 'v2.0' && kept.length === 0 ? [''] : kept;
  const scores = list.map((g) => (metric === 'em' ? Number(normalizeAnswer(prediction) === normalizeAnswer(g)) : referenceF1(prediction, g, version)));
  return Math.max(...scores);
}

const word = fc.constantFrom('a', 'an', 'the', 'The', 'cat', 'dog', 'red', 'red', 'É', 'é', 'x', '1852', 'Kirkwall');
const sep = fc.constantFrom(' ', '  ', '.', ', ', '\u00a0', '\t', '-', '');
const answer = fc.array(fc.tuple(word, sep), { maxLength: 12 }).map((xs) => xs.map(([w, s]) => w + s).join(''));
const long = fc.array(word, { minLength: 30, maxLength: 60 }).map((xs) => xs.join(' '));

describe('fast per-question scoring = the scripts\' formulation', () => {
  it('max EM and F1 over golds, both versions', () => {
    fc.assert(
      fc.property(fc.oneof(answer, long), fc.array(fc.oneof(answer, long), { minLength: 1, maxLength: 5 }), fc.constantFrom('v1.1' as const, 'v2.0' as const), (pred, golds, version) => {
        expect(maxOverGolds('em', pred, golds, version)).toBe(referenceMax('em', pred, golds, version));
        expect(maxOverGolds('f1', pred, golds, version)).toBe(referenceMax('f1', pred, golds, version));
      }),
      { numRuns: 2000 },
    );
  });

  it('token F1 of one pair, with hand-computed cases', () => {
    expect(f1('red red dog', 'red dog dog', 'v1.1')).toBeCloseTo(2 / 3, 15); // 2 common of 3 and 3
    expect(f1('the red', 'a red', 'v2.0')).toBe(1);
    expect(f1('', '', 'v2.0')).toBe(1);
    expect(f1('', '', 'v1.1')).toBe(0);
    expect(f1('The', 'cat', 'v2.0')).toBe(0);
    fc.assert(fc.property(fc.oneof(answer, long), fc.oneof(answer, long), fc.constantFrom('v1.1' as const, 'v2.0' as const), (p, g, v) => {
      expect(f1(p, g, v)).toBe(referenceF1(p, g, v));
    }), { numRuns: 2000 });
  });
});
