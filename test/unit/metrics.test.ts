import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  detectSquadVersion,
  evaluateV1,
  evaluateV2,
  exactMatch,
  f1,
  getTokens,
  maxOverGolds,
  normalizeAnswer,
  pyJsonDumps,
  pySplit,
  SQUAD_V2_INT_KEYS,
  SquadEvalError,
  v2GoldAnswers,
  type NaProbs,
  type PySumMode,
  type SquadDataset,
  type SquadPredictions,
} from '../../src/core/metrics/index.ts';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/eval/${name}`, import.meta.url), 'utf8');
const json = <T>(name: string): T => JSON.parse(fixture(name)) as T;

interface PythonReference {
  normalize: [string, string][];
  metric: [string, string, number, number, number][];
}
const reference = json<PythonReference>('python-reference.expected.json');

describe('normalizeAnswer', () => {
  it.each([
    ['article and punctuation', 'The Harbour Lighthouse!', 'harbour lighthouse'],
    ['accented word containing "the"', 'The Théâtre', 'théâtre'],
    ['Unicode \\b: no boundary between ç and a', 'ça ira', 'ça ira'],
    ['combining mark is not a word char', 'the\u0301 end', '\u0301 end'],
    ['underscore is a word char', 'an_the the_a', 'anthe thea'],
    ['hyphen removed before article removal', 'A-the', 'athe'],
    ['NBSP and ideographic space split', 'x\u00a0y\u3000z', 'x y z'],
    ['U+FEFF is not Python whitespace', 'x\ufeffy', 'x\ufeffy'],
    ['U+001C and U+0085 are Python whitespace', 'x\x1cy\x85z', 'x y z'],
    ['typographic quotes survive (not string.punctuation) yet still bound a word', '\u00abthe\u00bb', '\u00ab \u00bb'],
    ['only articles', 'a an the', ''],
  ])('%s', (_name, input, expected) => {
    expect(normalizeAnswer(input)).toBe(expected);
  });

  it.each(reference.normalize.map(([input, out], i) => [i, JSON.stringify(input), input, out] as const))(
    'matches CPython normalize_answer #%i %s',
    (_i, _shown, input, expected) => {
      expect(normalizeAnswer(input)).toBe(expected);
    },
  );

  it('is idempotent', () => {
    const pieces = fc.constantFrom('a', 'an', 'the', 'The', 'A', ' ', '.', '-', '_', 'é', 'ç', '\u0301', '\u00a0', 'x', '1', 'Σ', 'İ', '\ufeff');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: pieces }), fc.string({ unit: 'binary' })), (s) => {
        const once = normalizeAnswer(s);
        expect(normalizeAnswer(once)).toBe(once);
      }),
    );
  });
});

describe('pySplit / getTokens', () => {
  it.each([
    ['empty', '', []],
    ['leading/trailing', '  a b  ', ['a', 'b']],
    ['mixed Unicode spaces', 'a\u2003b\u2028c\td', ['a', 'b', 'c', 'd']],
    ['zero-width space is not whitespace', 'a\u200bb', ['a\u200bb']],
  ])('pySplit: %s', (_name, input, expected) => {
    expect(pySplit(input)).toEqual(expected);
  });

  it.each([
    ['empty string', '', []],
    ['articles vanish', 'An apple, the pie', ['apple', 'pie']],
  ])('getTokens: %s', (_name, input, expected) => {
    expect(getTokens(input)).toEqual(expected);
  });
});

describe('exactMatch and f1', () => {
  it.each([
    ['identical after normalization', 'the Cat.', 'cat', 1],
    ['different', 'cat', 'dog', 0],
    ['both normalize to empty', 'The', 'a!', 1],
  ])('exactMatch: %s', (_name, pred, gold, expected) => {
    expect(exactMatch(pred, gold)).toBe(expected);
  });

  it.each([
    ['partial overlap', 'big red dog', 'red dog', 'v1.1', 0.8],
    ['partial overlap v2', 'big red dog', 'red dog', 'v2.0', 0.8],
    ['repeated tokens counted with multiplicity', 'very fast fast fast', 'very very fast', 'v1.1', 0.5714285714285715],
    ['no overlap', 'cat', 'dog', 'v2.0', 0],
    ['both empty, v1.1', '', '', 'v1.1', 0],
    ['both empty, v2.0', '', '', 'v2.0', 1],
    ['empty prediction, v2.0', '', 'dog', 'v2.0', 0],
    ['article-only gold vs empty, v2.0', '', 'the', 'v2.0', 1],
  ] as const)('f1: %s', (_name, pred, gold, version, expected) => {
    expect(f1(pred, gold, version)).toBe(expected);
  });

  it.each(reference.metric.map(([p, g, v1, v2, em], i) => [i, p, g, v1, v2, em] as const))(
    'matches CPython f1_score / compute_f1 / exact_match_score #%i',
    (_i, pred, gold, v1, v2, em) => {
      expect(f1(pred, gold, 'v1.1')).toBe(v1);
      expect(f1(pred, gold, 'v2.0')).toBe(v2);
      expect(exactMatch(pred, gold)).toBe(em);
    },
  );

  const text = fc.string({ unit: fc.constantFrom('a', 'the', 'cat', 'dog', 'red', ' ', '.', 'É', 'é', 'x') });

  it('F1 lies in [0, 1] and does not depend on argument order', () => {
    fc.assert(
      fc.property(text, text, fc.constantFrom('v1.1' as const, 'v2.0' as const), (a, b, version) => {
        const s = f1(a, b, version);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(f1(b, a, version)).toBe(s);
      }),
    );
  });

  it('EM implies F1 = 1 (v2.0 always; v1.1 unless both normalize to empty, where it gives 0)', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        fc.pre(exactMatch(a, b) === 1);
        expect(f1(a, b, 'v2.0')).toBe(1);
        expect(f1(a, b, 'v1.1')).toBe(normalizeAnswer(a) === '' ? 0 : 1);
      }),
    );
  });

  it('EM implies F1 = 1 for a prediction that equals the gold up to case and punctuation', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('cat', 'dog', 'red', 'été'), { minLength: 1 }), (words) => {
        const gold = words.join(' ');
        const pred = `${gold.toUpperCase()}!`;
        expect(exactMatch(pred, gold)).toBe(1);
        expect(f1(pred, gold, 'v1.1')).toBe(1);
      }),
    );
  });
});

describe('maxOverGolds and v2GoldAnswers', () => {
  it.each([
    ['v1.1 f1 takes the best gold', 'f1', 'red dog', ['dog', 'red dog'], 'v1.1', 1],
    ['v1.1 em', 'em', 'Dog', ['cat', 'the dog'], 'v1.1', 1],
    ['v2.0 drops golds that normalize to empty', 'f1', '', ['The', 'dome'], 'v2.0', 0],
    ['v2.0 with no usable gold scores against ""', 'em', '', ['The'], 'v2.0', 1],
    ['v2.0 unanswerable, empty prediction', 'f1', '', [], 'v2.0', 1],
  ] as const)('%s', (_name, metric, pred, golds, version, expected) => {
    expect(maxOverGolds(metric, pred, golds, version)).toBe(expected);
  });

  it('accepts a custom metric function', () => {
    expect(maxOverGolds((p, g) => (p.length === g.length ? 1 : 0), 'abc', ['xy', 'xyz'], 'v1.1')).toBe(1);
  });

  it('v1.1 with no ground truths fails like max([]) does', () => {
    expect(() => maxOverGolds('f1', 'x', [], 'v1.1')).toThrow(/ValueError/);
  });

  it.each([
    ['keeps non-empty', ['The', 'x', '!!'], ['x']],
    ['falls back to empty string', ['a', ''], ['']],
    ['no answers', [], ['']],
  ])('v2GoldAnswers: %s', (_name, golds, expected) => {
    expect(v2GoldAnswers(golds)).toEqual(expected);
  });
});

describe('detectSquadVersion', () => {
  const qa = (extra: object) => ({ data: [{ title: 't', paragraphs: [{ context: 'c', qas: [{ id: '1', question: 'q', answers: [], ...extra }] }] }] });
  it.each([
    ['version field 1.1', { version: '1.1', data: [] }, 'v1.1'],
    ['version field v2.0', { version: 'v2.0', data: [] }, 'v2.0'],
    ['no version, is_impossible present', qa({ is_impossible: false }), 'v2.0'],
    ['no version, no is_impossible', qa({}), 'v1.1'],
  ] as const)('%s', (_name, dataset, expected) => {
    expect(detectSquadVersion(dataset as SquadDataset)).toBe(expected);
  });
});

describe('evaluateV1 against evaluate-v1.1.py', () => {
  const dataset = json<SquadDataset>('squad-v1.json');
  const preds = json<SquadPredictions>('squad-v1.pred.json');

  it('prints the same JSON', () => {
    const { result, warnings } = evaluateV1(dataset, preds);
    expect(Object.keys(result)).toEqual(['exact_match', 'f1']);
    expect(`${pyJsonDumps(result)}\n`).toBe(fixture('squad-v1.expected.json'));
    expect(warnings.map((w) => `${w}\n`).join('')).toBe(fixture('squad-v1.stderr.expected.txt'));
  });

  it('accepts predictions as a Map', () => {
    const { result } = evaluateV1(dataset, new Map(Object.entries(preds)));
    expect(`${pyJsonDumps(result)}\n`).toBe(fixture('squad-v1.expected.json'));
  });

  it('on v2.0 data: complains about the version, then fails on an unanswerable question like the script', () => {
    const v2 = json<SquadDataset>('squad-v2.json');
    let caught: unknown;
    try {
      evaluateV1(v2, json<SquadPredictions>('squad-v2.pred.json'));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SquadEvalError);
    expect((caught as SquadEvalError).message).toMatch(/^ValueError: max\(\) arg is an empty sequence/);
  });

  it('an empty dataset fails (ZeroDivisionError in the script)', () => {
    expect(() => evaluateV1({ data: [] }, {})).toThrow(/ZeroDivisionError/);
  });
});

describe('evaluateV2 against evaluate-v2.0.py', () => {
  const dataset = json<SquadDataset>('squad-v2.json');
  const preds = json<SquadPredictions>('squad-v2.pred.json');
  const naProbs = json<NaProbs>('squad-v2.na_probs.json');
  const sumDataset = json<SquadDataset>('squad-v2-sum.json');
  const sumPreds = json<SquadPredictions>('squad-v2-sum.pred.json');

  const runs: [string, SquadDataset, SquadPredictions, NaProbs | undefined, number][] = [
    ['squad-v2', dataset, preds, undefined, 1.0],
    ['squad-v2.na', dataset, preds, naProbs, 1.0],
    ['squad-v2.na-t0.4', dataset, preds, naProbs, 0.4],
    ['squad-v2-sum', sumDataset, sumPreds, undefined, 1.0],
  ];
  const modes: [PySumMode, string][] = [
    ['legacy', 'py311'],
    ['compensated', 'py312'],
  ];
  const cases = runs.flatMap(([name, ds, p, na, t]) => modes.map(([mode, py]) => [`${name}.${py}`, ds, p, na, t, mode] as const));

  it.each(cases)('%s: same JSON (indent=2) as the script', (file, ds, p, na, thresh, mode) => {
    const { result, warnings } = evaluateV2(ds, p, na, thresh, { pySum: mode });
    expect(`${pyJsonDumps(result, 2, { intKeys: SQUAD_V2_INT_KEYS })}\n`).toBe(fixture(`${file}.expected.json`));
    expect(warnings).toEqual([]);
  });

  it('defaults to CPython >= 3.12 summation and threshold 1.0', () => {
    const { result } = evaluateV2(sumDataset, sumPreds);
    expect(`${pyJsonDumps(result, 2, { intKeys: SQUAD_V2_INT_KEYS })}\n`).toBe(fixture('squad-v2-sum.py312.expected.json'));
  });

  it('emits keys in the OrderedDict order', () => {
    const { result } = evaluateV2(dataset, preds, naProbs);
    expect(Object.keys(result)).toEqual([
      'exact', 'f1', 'total',
      'HasAns_exact', 'HasAns_f1', 'HasAns_total',
      'NoAns_exact', 'NoAns_f1', 'NoAns_total',
      'best_exact', 'best_exact_thresh', 'best_f1', 'best_f1_thresh',
    ]);
  });

  it('a missing prediction: same note as the script, then the KeyError the script dies with', () => {
    let caught: unknown;
    try {
      evaluateV2(dataset, json<SquadPredictions>('squad-v2-missing.pred.json'));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SquadEvalError);
    const err = caught as SquadEvalError;
    expect(err.message).toMatch(/^KeyError: 'v2-q09'/);
    expect(err.warnings.map((w) => `${w}\n`).join('')).toBe(fixture('squad-v2-missing.stdout.expected.txt'));
  });

  describe('hand-computed HasAns / NoAns / best threshold', () => {
    const ds: SquadDataset = {
      version: 'v2.0',
      data: [{ title: 't', paragraphs: [{ context: 'red dog cat', qas: [
        { id: 'h1', question: 'q', answers: [{ text: 'red dog', answer_start: 0 }] },
        { id: 'h2', question: 'q', answers: [{ text: 'cat', answer_start: 8 }] },
        { id: 'n1', question: 'q', answers: [] },
        { id: 'n2', question: 'q', answers: [] },
      ] }] }],
    };
    // h1 'dog' vs 'red dog': EM 0, F1 P 1 R 1/2 → 2/3; h2 EM 1 F1 1; n1 '' vs no answer: EM 1, F1 1
    // (both empty); n2 'x' vs no answer: EM 0, F1 0.
    const preds = { h1: 'dog', h2: 'cat', n1: '', n2: 'x' };
    const na = { h1: 0.2, h2: 0.9, n1: 0.5, n2: 0.1 };
    it.each([
      // threshold 1.0: no na-prob exceeds it, raw scores. exact (0+1+1+0)/4 = 50; f1 (2/3+1+1+0)/4 = 66.67;
      // HasAns: exact 1/2, f1 (2/3+1)/2 = 83.33; NoAns: exact 1/2, f1 1/2.
      // best, sorted by na-prob n2 .1, h1 .2, n1 .5, h2 .9, start at #NoAns = 2:
      //   exact: n2 'x' → −1 (1), h1 +0 (1), n1 '' → 0 (1), h2 +1 (2): never above 2 → 2/4 = 50 at 0.0
      //   f1: n2 −1 (1), h1 +2/3 (5/3), n1 0, h2 +1 (8/3 > 2) → (8/3)/4 = 66.67 at 0.9
      [1.0, { exact: 50, f1: 200 / 3, HasAns_exact: 50, HasAns_f1: 250 / 3, NoAns_exact: 50, NoAns_f1: 50, best_exact: 50, best_exact_thresh: 0, best_f1: 200 / 3, best_f1_thresh: 0.9 }],
      // threshold 0.4: h2 (0.9) and n1 (0.5) are predicted no-answer → h2 scores 0, n1 scores 1.
      // exact (0+0+1+0)/4 = 25; f1 (2/3+0+1+0)/4 = 41.67; HasAns exact 0, f1 (2/3)/2 = 33.33; NoAns 50 / 50.
      // best_* do not depend on the threshold (raw scores).
      [0.4, { exact: 25, f1: 125 / 3, HasAns_exact: 0, HasAns_f1: 100 / 3, NoAns_exact: 50, NoAns_f1: 50, best_exact: 50, best_exact_thresh: 0, best_f1: 200 / 3, best_f1_thresh: 0.9 }],
    ] as const)('threshold %s', (thresh, expected) => {
      const { result } = evaluateV2(ds, preds, na, thresh);
      for (const [k, v] of Object.entries(expected)) expect(result[k as keyof typeof result], k).toBeCloseTo(v, 12);
      expect([result.total, result.HasAns_total, result.NoAns_total]).toEqual([4, 2, 2]);
    });
  });

  it('tied na-probs keep file order, as Python\'s stable sorted() does', () => {
    const ds: SquadDataset = {
      data: [{ title: 't', paragraphs: [{ context: 'x y', qas: [
        { id: 'h', question: 'q', answers: [{ text: 'x', answer_start: 0 }] },
        { id: 'n', question: 'q', answers: [] },
      ] }] }],
    };
    const p = { h: 'x', n: 'y' };
    // h (+1) before n (-1) at the same probability records the peak; the other order never does.
    expect(evaluateV2(ds, p, new Map([['h', 0.5], ['n', 0.5]])).result.best_exact).toBe(100.0);
    expect(evaluateV2(ds, p, new Map([['n', 0.5], ['h', 0.5]])).result.best_exact).toBe(50.0);
  });
});
