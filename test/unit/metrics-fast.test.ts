/**
 * The per-question scorer normalises each string once and counts common tokens by pairing, where
 * the official scripts normalise again for every gold and metric and intersect two Counters. These
 * properties check it against the scripts' own formulation, written out plainly here.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { f1, maxOverGolds, normalizeAnswer, pySplit, sortByProbability } from '../../src/core/metrics/squad.ts';
import { scoreTagged, type PyNum } from '../../src/core/metrics/squad-answer.ts';

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

  // scoreTagged normalises a gold equal to the prediction or to an earlier gold only once, and scores
  // equal normalised answers F1 1.0 without counting tokens: golds here repeat both on purpose.
  it('golds repeating the prediction or each other: same scores and the same int/float tags', () => {
    const tagged = (v: number, int: boolean): PyNum => ({ v, int });
    /** The scripts' max over golds with Python's tags: EM ints; F1 an int 0/1 on an empty side (v2.0) or no common token, else a float; the first of equal maxima. */
    const reference = (pred: string, golds: string[], version: 'v1.1' | 'v2.0') => {
      const kept = version === 'v1.1' ? golds : golds.filter((g) => normalizeAnswer(g) !== '');
      const list = version === 'v2.0' && kept.length === 0 ? [''] : kept;
      const pick = (xs: PyNum[]) => xs.reduce((best, x) => (x.v > best.v ? x : best));
      const ems = list.map((g) => tagged(Number(normalizeAnswer(pred) === normalizeAnswer(g)), true));
      const f1s = list.map((g) => {
        const p = pySplit(normalizeAnswer(pred));
        const t = pySplit(normalizeAnswer(g));
        if (version === 'v2.0' && (p.length === 0 || t.length === 0)) return tagged(Number(p.join('\u0000') === t.join('\u0000') && p.length === t.length), true);
        return counterOverlap(p, t) === 0 ? tagged(0, true) : tagged(referenceF1(pred, g, version), false);
      });
      return { em: pick(ems), f1: pick(f1s) };
    };
    fc.assert(
      fc.property(answer, answer, answer, fc.array(fc.nat(2), { minLength: 1, maxLength: 6 }), fc.constantFrom('v1.1' as const, 'v2.0' as const), (pred, a, b, picks, version) => {
        const golds = picks.map((k) => [pred, a, b][k] as string);
        expect(scoreTagged(pred, golds, version)).toEqual(reference(pred, golds, version));
      }),
      { numRuns: 3000 },
    );
    expect(scoreTagged('Paris', ['paris', 'Paris', 'paris'], 'v2.0')).toEqual({ em: tagged(1, true), f1: tagged(1, false) });
    expect(scoreTagged('The', ['the', 'a'], 'v2.0')).toEqual({ em: tagged(1, true), f1: tagged(1, true) });
    expect(scoreTagged('', ['', ''], 'v1.1')).toEqual({ em: tagged(1, true), f1: tagged(0, true) });
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

// Python's str.isspace() code points, listed from CPython 3.11 (`[c for c in range(0x110000) if chr(c).isspace()]`).
const PY_SPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);

/** str.split() written out: maximal runs of non-space code points. */
function referenceSplit(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const ch of s) {
    if (PY_SPACE.has(ch.codePointAt(0) as number)) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** normalize_answer written out: lower(), drop string.punctuation, \b(a|an|the)\b → ' ', ' '.join(split()). */
function referenceNormalize(s: string): string {
  const punct = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
  const noPunct = [...s.toLowerCase()].filter((c) => !punct.has(c)).join('');
  return referenceSplit(noPunct.replace(/(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu, ' ')).join(' ');
}

describe('normalisation in one replace = the scripts\' split and join', () => {
  const spaceChar = fc.constantFrom(...[...PY_SPACE].map((c) => String.fromCodePoint(c)), '\u200b', '\ufeff', '\u180e');
  const text = fc.array(fc.oneof(word, sep, spaceChar, fc.string({ maxLength: 3, unit: 'grapheme' })), { maxLength: 16 }).map((xs) => xs.join(''));

  it('pySplit and normalizeAnswer, hand-computed', () => {
    expect(pySplit(' a\u00a0b ')).toEqual(['a', 'b']);
    expect(pySplit('x\u001cy\u0085z')).toEqual(['x', 'y', 'z']); // JS \s has neither
    expect(pySplit('a\u200bb\ufeffc')).toEqual(['a\u200bb\ufeffc']); // Python: not whitespace
    expect(pySplit('\t \n')).toEqual([]);
    expect(normalizeAnswer('  The  cat,\u3000a dog ')).toBe('cat dog');
    expect(normalizeAnswer('the')).toBe('');
  });

  it('equal on random text with every Python whitespace character', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(pySplit(s)).toEqual(referenceSplit(s));
        expect(normalizeAnswer(s)).toBe(referenceNormalize(s));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('na_probs in the order of sorted(na_probs, key=na_probs.get)', () => {
  /** The order as a stable sort with a comparator (what the scripts' sorted() gives), e.g. ties in file order. */
  const reference = (all: [string, number][]) => [...all].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));

  it('hand-computed: by value, ties in file order, -0.0 tied with 0.0', () => {
    const ids = (xs: [string, number][]) => xs.map(([k]) => k);
    expect(ids(sortByProbability([['a', 0.5], ['b', 0.1], ['c', 0.5]]))).toEqual(['b', 'a', 'c']);
    expect(ids(sortByProbability([['a', 0], ['b', -0], ['c', -1], ['d', 0]]))).toEqual(['c', 'a', 'b', 'd']);
    expect(sortByProbability([])).toEqual([]);
  });

  it('the native sort with grouping = a stable comparator sort', () => {
    const value = fc.constantFrom(0, -0, 0.5, 0.001, 1, 1e-300, -2.5, Infinity, -Infinity, 0.30000000000000004, 0.3);
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), (vs) => {
        const all = vs.map((v, i) => [`q${i}`, v] as [string, number]);
        expect(sortByProbability(all.slice()).map(([k]) => k)).toEqual(reference(all).map(([k]) => k));
      }),
      { numRuns: 3000 },
    );
  });
});
