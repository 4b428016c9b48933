/** Slice keys (question words, length buckets, metadata), sliced metrics on hand-computed sets, and their invariants. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNaProbs, readPredictions } from '../../src/core/formats/squad.ts';
import { readEvalData } from '../../src/core/metrics/eval-data.ts';
import { evaluateV1, evaluateV2, evaluateZh } from '../../src/core/metrics/index.ts';
import {
  availableSliceKeys,
  BUILTIN_SLICE_KEYS,
  EN_QWORDS,
  joinScores,
  lengthBucket,
  officialScores,
  parseSliceKey,
  passageLength,
  questionWord,
  sliceTable,
  sliceValue,
  ZH_QWORDS,
  type SliceItem,
  type SliceKey,
  type SliceSource,
} from '../../src/core/metrics/slices.ts';
import { columns, formatSliceTable, sliceKeys } from '../../src/cli/slices.ts';

const EVAL = join(import.meta.dirname, '..', 'fixtures', 'eval');
const src = (over: Partial<SliceSource> = {}): SliceSource => ({ title: 'T', dataset: 'd', question: 'What?', context: 'c', lang: 'en', ...over });

describe('question word', () => {
  it.each([
    ['What is the capital of France?', 'en', 'what'],
    ['In which year did the mill close?', 'en', 'which'],
    ['Whose lens was fitted in 1887?', 'en', 'who'],
    ['To whom was the ferry sold?', 'en', 'who'],
    ['WHEN did it open?', 'en', 'when'],
    ['The ferry sailed where?', 'en', 'where'],
    ['How many families founded it?', 'en', 'how'],
    ['Why was the pier closed, and what replaced it?', 'en', 'why'],
    ['Name the engineer of the bridge.', 'en', 'other'],
    // "somewhat" is not "what": whole words only.
    ['Is it somewhat old?', 'en', 'other'],
    ['白沙镇灯塔建于哪一年？', 'zh', '哪'],
    ['他为什么去北京？', 'zh', '为什么'],
    ['灯塔有多高？', 'zh', '多少'],
    ['春茶在几月采摘？', 'zh', '几'],
    ['青石桥是谁设计的？', 'zh', '谁'],
    ['什么时候开放？', 'zh', '什么'],
    ['如何到达灯塔？', 'zh', '怎么'],
    ['灯塔是否还在使用？', 'zh', '是否'],
    ['灯塔还在吗？', 'zh', '是否'],
    // The earliest pattern wins: 谁 comes before 什么.
    ['谁在什么时候建了桥？', 'zh', '谁'],
    ['请介绍这座桥。', 'zh', '其他'],
  ] as const)('%s (%s) → %s', (q, lang, want) => {
    expect(questionWord(q, lang)).toBe(want);
  });
});

describe('passage length buckets', () => {
  const words = (n: number) => Array.from({ length: n }, () => 'w').join(' ');
  const chars = (n: number) => '字'.repeat(n);
  it.each([
    [1, 'en', '≤100 words'],
    [100, 'en', '≤100 words'],
    [101, 'en', '101–200 words'],
    [200, 'en', '101–200 words'],
    [400, 'en', '201–400 words'],
    [401, 'en', '>400 words'],
    [200, 'zh', '≤200 chars'],
    [201, 'zh', '201–400 chars'],
    [800, 'zh', '401–800 chars'],
    [801, 'zh', '>800 chars'],
  ] as const)('%i (%s) → %s', (n, lang, want) => {
    expect(lengthBucket(lang === 'en' ? words(n) : chars(n), lang)).toBe(want);
  });
  it('counts words on whitespace, and Chinese code points without spaces', () => {
    expect(passageLength('  two\n words ', 'en')).toBe(2);
    expect(passageLength('', 'en')).toBe(0);
    expect(passageLength('北京 是𠀋', 'zh')).toBe(4);
  });
});

describe('slice keys and values', () => {
  it.each([
    ['title', 'title'],
    ['Question-Word', 'qword'],
    ['answer_type', 'answer-type'],
    ['domain', 'meta.domain'],
    ['meta.title', 'meta.title'],
    ['  ', null],
  ] as const)('parseSliceKey(%j) → %j', (raw, want) => {
    expect(parseSliceKey(raw)).toBe(want);
  });
  it('reads each key, with (none) for what is missing', () => {
    const s = src({ title: '', question: 'Who built it?', context: 'a b c', answerType: 'PER', meta: { domain: 'finance', year: 2021, checked: false } });
    expect(sliceValue(s, 'title')).toBe('(none)');
    expect(sliceValue(s, 'dataset')).toBe('d');
    expect(sliceValue(s, 'answer-type')).toBe('PER');
    expect(sliceValue(s, 'qword')).toBe('who');
    expect(sliceValue(s, 'length')).toBe('≤100 words');
    expect(sliceValue(s, 'lang')).toBe('en');
    expect(sliceValue(s, 'meta.domain')).toBe('finance');
    expect(sliceValue(s, 'meta.year')).toBe('2021');
    expect(sliceValue(s, 'meta.checked')).toBe('false');
    expect(sliceValue(s, 'meta.source')).toBe('(none)');
    expect(sliceValue(src(), 'answer-type')).toBe('(none)');
  });
  it('lists the built-in keys and every metadata key seen', () => {
    expect(availableSliceKeys([{ meta: { source: 'a' } }, {}, { meta: { domain: 'b', source: 'c' } }])).toEqual([...BUILTIN_SLICE_KEYS, 'meta.domain', 'meta.source']);
  });
  it('qarx --slice values become keys, repeats dropped, empty ones refused', () => {
    expect(sliceKeys(['title', 'domain', 'title'])).toEqual(['title', 'meta.domain']);
    expect(() => sliceKeys([''])).toThrow(/--slice needs a field name/);
  });
});

describe('sliced metrics (hand-computed)', () => {
  const items: SliceItem[] = [
    { source: src({ title: 'A', question: 'Who?' }), original: { em: 1, f1: 1 }, perturbed: { em: 0, f1: 0.5 } },
    { source: src({ title: 'B', question: 'Who else?' }), original: { em: 0, f1: 0.5 }, perturbed: { em: 0, f1: 0 } },
    { source: src({ title: 'A', question: 'What?' }), original: { em: 1, f1: 1 }, perturbed: { em: 1, f1: 1 } },
  ];
  it('question word: natural order, counts, original, perturbed and the drop (original − perturbed, positive = worse; issue 38 §3)', () => {
    const t = sliceTable(items, 'qword');
    expect(t.perturbed).toBe(true);
    expect(t.rows.map((r) => [r.value, r.n, r.original, r.perturbed, r.drop])).toEqual([
      ['what', 1, { em: 100, f1: 100 }, { em: 100, f1: 100 }, { em: 0, f1: 0 }],
      ['who', 2, { em: 50, f1: 75 }, { em: 0, f1: 25 }, { em: 50, f1: 50 }],
    ]);
    expect(t.all.n).toBe(3);
    expect(t.all.original.em).toBeCloseTo(200 / 3, 10);
    expect(t.all.original.f1).toBeCloseTo(250 / 3, 10);
    expect(t.all.perturbed?.f1).toBeCloseTo(50, 10);
    expect(t.rows.every((r) => r.small)).toBe(true);
  });
  it('title: by count, then label; no perturbed columns without perturbed scores', () => {
    const t = sliceTable(items.map(({ source, original }) => ({ source, original })), 'title');
    expect(t.perturbed).toBe(false);
    expect(t.rows.map((r) => [r.value, r.n, r.original.f1, r.perturbed])).toEqual([
      ['A', 2, 100, null],
      ['B', 1, 50, null],
    ]);
  });
  it('an empty set gives no rows and an all row of n 0', () => {
    const t = sliceTable([], 'title');
    expect(t.rows).toEqual([]);
    expect(t.all.n).toBe(0);
  });
  it('joins rows to their questions by dataset and id', () => {
    const qs = [{ ...src({ title: 'A', dataset: 'x' }), id: 'q1' }, { ...src({ title: 'B', dataset: 'y' }), id: 'q1' }];
    const got = joinScores(qs, [{ id: 'q1', dataset: 'y', s: 1 }, { id: 'q9', dataset: 'y', s: 0 }], (r) => ({ original: { em: r.s, f1: r.s } }));
    expect(got.map((g) => g.source.title)).toEqual(['B']);
    expect(joinScores(qs, [{ id: 'q1' }], () => ({ original: { em: 0, f1: 0 } }))[0]?.source.title).toBe('A');
  });
  it('prints an aligned table, flags small slices and strips control characters from labels', () => {
    const t = sliceTable([{ source: src({ title: 'Evil\u001b[31m' }), original: { em: 1, f1: 1 } }], 'title');
    const text = formatSliceTable(t);
    expect(text.split('\n')).toEqual(['slice by title: 1 value', 'value        n      EM      F1', 'Evil [31m *  1  100.00  100.00', 'all          1  100.00  100.00', '* fewer than 30 questions (a noisy mean)']);
    expect(columns('什么 *')).toBe(6);
  });
});

describe('per-question official scores add up to the official evaluation', () => {
  const data = (f: string) => readEvalData(JSON.parse(readFileSync(join(EVAL, f), 'utf8')), f);
  const preds = (f: string) => readPredictions(readFileSync(join(EVAL, f), 'utf8'), f);
  const mean = (m: Map<string, { em: number; f1: number }>, k: 'em' | 'f1', n = m.size) => (100 * [...m.values()].reduce((a, s) => a + s[k], 0)) / n;
  it('SQuAD v1.1 (a missing prediction scores 0)', () => {
    const d = data('squad-v1.json');
    const s = officialScores(d.dataset, preds('squad-v1.pred.json'), 'v1.1');
    const r = evaluateV1(d.dataset, preds('squad-v1.pred.json')).result;
    expect(s.size).toBe(d.ids.length);
    expect(mean(s, 'em')).toBeCloseTo(r.exact_match, 9);
    expect(mean(s, 'f1')).toBeCloseTo(r.f1, 9);
  });
  it.each([undefined, 0.4])('SQuAD v2.0 with na_prob threshold %s', (thresh) => {
    const d = data('squad-v2.json');
    const p = preds('squad-v2.pred.json');
    const probs = readNaProbs(readFileSync(join(EVAL, 'squad-v2.na_probs.json'), 'utf8'), 'na');
    const s = officialScores(d.dataset, p, 'v2.0', thresh === undefined ? undefined : { probs, thresh });
    const r = evaluateV2(d.dataset, p, thresh === undefined ? undefined : probs, thresh ?? 1).result;
    expect(mean(s, 'em')).toBeCloseTo(r.exact as number, 9);
    expect(mean(s, 'f1')).toBeCloseTo(r.f1 as number, 9);
  });
  it('DuReader-robust (first article, missing counts 0)', () => {
    const d = data('zh.json');
    const s = officialScores(d.dataset, preds('zh.pred.json'), 'zh');
    const r = evaluateZh(d.dataset, preds('zh.pred.json'));
    expect(mean(s, 'em')).toBeCloseTo(r.scores.em, 9);
    expect(mean(s, 'f1')).toBeCloseTo(r.scores.f1, 9);
  });
});

describe('invariants (fast-check)', () => {
  const score = fc.record({ em: fc.constantFrom(0, 1), f1: fc.double({ min: 0, max: 1, noNaN: true }) });
  const source = fc.record({
    title: fc.constantFrom('', 'A', 'B', 'Ünïcode', '<b>x</b>'),
    dataset: fc.constantFrom('d1', 'd2'),
    question: fc.constantFrom('Who?', 'what now', 'In which year?', '谁？', '为什么？', 'Name it.'),
    context: fc.string({ maxLength: 60 }),
    lang: fc.constantFrom('en' as const, 'zh' as const),
    meta: fc.option(fc.dictionary(fc.constantFrom('domain', 'source'), fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean())), { nil: undefined }),
  });
  const items = fc.array(fc.record({ source, original: score, perturbed: score }), { maxLength: 60 });
  const key = fc.constantFrom<SliceKey>(...BUILTIN_SLICE_KEYS, 'meta.domain', 'meta.source');
  it('slice counts sum to the total, and count-weighted slice means equal the overall means', () => {
    fc.assert(
      fc.property(items, key, (xs, k) => {
        const t = sliceTable(xs, k);
        expect(t.rows.reduce((a, r) => a + r.n, 0)).toBe(xs.length);
        expect(new Set(t.rows.map((r) => r.value)).size).toBe(t.rows.length);
        if (xs.length === 0) return;
        const weighted = (f: (r: (typeof t.rows)[number]) => number) => t.rows.reduce((a, r) => a + r.n * f(r), 0) / xs.length;
        expect(weighted((r) => r.original.f1)).toBeCloseTo(t.all.original.f1, 8);
        expect(weighted((r) => r.original.em)).toBeCloseTo(t.all.original.em, 8);
        expect(weighted((r) => r.perturbed?.f1 ?? NaN)).toBeCloseTo(t.all.perturbed?.f1 ?? NaN, 8);
        for (const r of t.rows) expect(r.small).toBe(r.n < 30);
      }),
    );
  });
  it('every question gets exactly one question word from its language list', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('en' as const, 'zh' as const), (q, lang) => {
        expect((lang === 'en' ? (EN_QWORDS as readonly string[]) : (ZH_QWORDS as readonly string[])).includes(questionWord(q, lang))).toBe(true);
      }),
    );
  });
});
