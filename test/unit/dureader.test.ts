import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  approxWordTokenize,
  calcEmScore,
  calcF1Score,
  evaluateCmrc2018,
  evaluateZh,
  findLcs,
  mixedSegmentation,
  normalizeZh,
  pyJsonDumps,
  removePunctuation,
  tokenizeChineseChars,
  ZH_INT_KEYS,
  type SquadDataset,
  type SquadPredictions,
} from '../../src/core/metrics/index.ts';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/eval/${name}`, import.meta.url), 'utf8');
const json = <T>(name: string): T => JSON.parse(fixture(name)) as T;

interface ZhReference {
  rows: [string[], string, number, number, string[]][];
}
const reference = json<ZhReference>('zh-reference.expected.json');

describe('DuReader-robust building blocks', () => {
  it.each([
    ['drops the script punctuation and lower-cases', '《三体》，Liu', '三体liu'],
    ['ASCII ( ) , | are in the list', 'a(b),c|d', 'abcd'],
    ['a lone … stays: only the two-character "……" is listed', '好…', '好…'],
    ['spaces stay', 'A B', 'a b'],
  ])('normalizeZh: %s', (_name, input, expected) => {
    expect(normalizeZh(input)).toBe(expected);
  });

  it.each([
    ['CJK chars alone, other runs whole', '在2020 年', ['在', '2020 ', '年']],
    ['= splits', 'e=mc2', ['e', '=', 'mc2']],
    ['extension B and compatibility ideographs', '\u{20001}x\uf900', ['\u{20001}', 'x', '\uf900']],
    ['empty', '', []],
  ])('tokenizeChineseChars: %s', (_name, input, expected) => {
    expect(tokenizeChineseChars(input)).toEqual(expected);
  });

  it.each([
    ['common suffix', ['a', 'b', 'c'], ['x', 'b', 'c'], [['b', 'c'], 2]],
    ['first longest run in s1 order wins', ['a', 'b', 'x', 'c', 'd'], ['c', 'd', 'a', 'b'], [['a', 'b'], 2]],
    ['nothing shared', ['a'], ['b'], [[], 0]],
    ['empty side', [], ['a'], [[], 0]],
  ])('findLcs: %s', (_name, a, b, expected) => {
    expect(findLcs(a, b)).toEqual(expected);
  });

  it.each([
    ['partial', ['北京大学'], '北京', 0.6666666666666666],
    ['best over answers', ['上海', '北京大学'], '北京大学', 1],
    ['no overlap', ['北京'], '上海', 0],
    // ASCII '.' is not in sp_char: pred ['北','京','.'] vs ['北','京'], run 2 → P 2/3, R 1 → 2·(2/3)/(5/3) = 0.8
    ['ASCII full stop kept', ['北京'], '北京.', 0.8],
    // full-width letters are not folded: lower('ＡＢ') = 'ａｂ', one run ≠ 'ab' → 0
    ['full-width letters differ', ['ab'], 'ＡＢ', 0],
    // a non-Chinese run is one token: ['iphone 12'] vs ['iphone'] share nothing → 0
    ['a Latin run is one token', ['iPhone 12'], 'iPhone', 0],
    // '，' and '《》' dropped: '三体二' vs '三体' + '二' … pred ['三','体','二'], answer ['三','体'] → P 2/3, R 1 → 0.8
    ['Chinese punctuation dropped', ['《三体》，'], '三体二', 0.8],
  ])('calcF1Score: %s', (_name, answers, pred, expected) => {
    expect(calcF1Score(answers, pred)).toBe(expected);
  });

  it('calcF1Score fails on a question without answers, like max([])', () => {
    expect(() => calcF1Score([], 'x')).toThrow(/ValueError/);
  });

  it.each([
    ['punctuation ignored', ['《三体》'], '三体', 1],
    ['case ignored', ['iPad'], 'IPAD', 1],
    ['different', ['三体'], '三体二', 0],
    // '，' dropped on both sides: '三体二' = '三体二'
    ['full-width comma dropped', ['三体，二'], '《三体二》', 1],
    // U+FF0E full-width full stop is not in the list: '北京．' ≠ '北京'
    ['full-width full stop kept', ['北京'], '北京．', 0],
  ])('calcEmScore: %s', (_name, answers, pred, expected) => {
    expect(calcEmScore(answers, pred)).toBe(expected);
  });

  it.each(reference.rows.map((row, i) => [i, ...row] as const))(
    'matches the script on fuzzed input #%i',
    (_i, answers, pred, f1, em, segs) => {
      expect(calcF1Score(answers, pred)).toBe(f1);
      expect(calcEmScore(answers, pred)).toBe(em);
      expect(tokenizeChineseChars(normalizeZh(pred))).toEqual(segs);
    },
  );

  const zhText = fc.string({ unit: fc.constantFrom('北', '京', '大', '学', 'a', 'B', '1', ' ', '，', '《', '》', '=', '…') });

  it('F1 lies in [0, 1]; EM with a non-empty normalized answer implies F1 = 1', () => {
    fc.assert(
      fc.property(fc.array(zhText, { minLength: 1, maxLength: 3 }), zhText, (answers, pred) => {
        const f = calcF1Score(answers, pred);
        expect(f).toBeGreaterThanOrEqual(0);
        expect(f).toBeLessThanOrEqual(1);
        if (calcEmScore(answers, pred) === 1 && normalizeZh(pred) !== '') expect(f).toBe(1);
      }),
    );
  });

  it('findLcs returns a run present in both sequences', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c')), fc.array(fc.constantFrom('a', 'b', 'c')), (a, b) => {
        const [run, len] = findLcs(a, b);
        expect(run.length).toBe(len);
        const has = (xs: string[]) => xs.some((_, i) => run.every((t, k) => xs[i + k] === t)) || len === 0;
        expect(has(a)).toBe(true);
        expect(has(b)).toBe(true);
      }),
    );
  });
});

describe('CMRC 2018 building blocks', () => {
  it.each([
    ['plain words', 'hello world', ['hello', 'world']],
    ['edge punctuation peeled', '(hello, world)', ['(', 'hello', ',', 'world', ')']],
    ['inner punctuation kept', '3.14 e-mail', ['3.14', 'e-mail']],
  ])('approxWordTokenize: %s', (_name, input, expected) => {
    expect(approxWordTokenize(input)).toEqual(expected);
  });

  it.each([
    ['English run then Chinese', 'iPhone 12发布', true, ['iphone', '12', '发', '布']],
    ['sp_char kept as a segment without rm_punc', '北-京', false, ['北', '-', '京']],
    ['sp_char dropped with rm_punc', '北-京', true, ['北', '京']],
    ['U+9FA6 and later are not "Chinese" here', '\u9fa6a', true, ['\u9fa6a']],
    ['strips Python whitespace', '\u3000北京 ', false, ['北', '京']],
  ])('mixedSegmentation: %s', (_name, input, rmPunc, expected) => {
    expect(mixedSegmentation(input, rmPunc)).toEqual(expected);
  });

  it.each([
    ['CMRC list', ' 《三体》+ ', '三体'],
    ['ASCII parentheses are not in the CMRC list', '(三体)', '(三体)'],
  ])('removePunctuation: %s', (_name, input, expected) => {
    expect(removePunctuation(input)).toBe(expected);
  });
});

describe('evaluateZh against DuReader-robust evaluate.py', () => {
  const dataset = json<SquadDataset>('zh.json');
  const preds = json<SquadPredictions>('zh.pred.json');

  it('prints the same JSON', () => {
    const { result, skipped } = evaluateZh(dataset, preds);
    expect(Object.keys(result)).toEqual(['F1', 'EM', 'TOTAL', 'SKIP']);
    expect(`${pyJsonDumps(result, null, { intKeys: ZH_INT_KEYS })}\n`).toBe(fixture('zh.dureader.expected.json'));
    expect(skipped).toEqual(['zh-q06']);
  });

  it('reads only data[0], as the script does', () => {
    const firstOnly: SquadDataset = { data: dataset.data.slice(0, 1) };
    expect(evaluateZh(firstOnly, preds).result).toEqual(evaluateZh(dataset, preds).result);
  });

  it('fails on an empty dataset like the script (IndexError)', () => {
    expect(() => evaluateZh({ data: [] }, {})).toThrow(/IndexError/);
  });
});

describe('evaluateCmrc2018 against cmrc2018_evaluate.py (nltk stand-in on both sides)', () => {
  it('prints the same JSON and the same stderr', () => {
    const { result, warnings } = evaluateCmrc2018(json<SquadDataset>('zh.json'), json<SquadPredictions>('zh.pred.json'), 'zh.pred.json');
    expect(`${pyJsonDumps(result, null, { intKeys: ZH_INT_KEYS })}\n`).toBe(fixture('zh.cmrc2018.expected.json'));
    expect(warnings.map((w) => `${w}\n`).join('')).toBe(fixture('zh.cmrc2018.stderr.expected.txt'));
  });
});
