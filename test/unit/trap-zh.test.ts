/** Chinese trap sentences: question → statement rules, fake answers of the answer's type, never the gold answer, exact offsets when inserted, character-level similarity. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { metricLabel, scorePrediction } from '../../src/core/data/score.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { personNames } from '../../src/core/entity/names.ts';
import { rng } from '../../src/core/text/random.ts';
import { trapFor } from '../../src/core/trap/experiment.ts';
import { containsAnswerZh, fakeAnswerZh, generateTrapZh, swapQuestionZh, toStatementZh, ZH_PLACES, zhQuestionWord } from '../../src/core/trap/generate-zh.ts';
import { insertTrap, trapSimilarity, TRAP_POSITIONS } from '../../src/core/trap/insert.ts';

// Questions and passages written for these tests.
describe('toStatementZh', () => {
  it.each([
    ['长江在哪里注入东海？', '杭州', '长江在杭州注入东海。'],
    ['长城哪一年被列入世界文化遗产？', '1990年', '长城1990年被列入世界文化遗产。'],
    ['《红楼梦》的作者是谁？', '王丽', '《红楼梦》的作者是王丽。'],
    ['古琴一般有几根弦？', '9', '古琴一般有9根弦。'],
    ['水在多少度沸腾？', '90摄氏度', '水在90摄氏度沸腾。'], // the unit said once
    ['阿里巴巴在哪个交易所上市？', '东方证券交易所', '阿里巴巴在东方证券交易所上市。'],
    ['大熊猫的主要食物是什么呢？', '铁门', '大熊猫的主要食物是铁门。'],
    ['他是谁吗?', '王丽', '他是王丽。'],
    ['纸鸢节每年在什么时候举行？', '2月', '纸鸢节每年在2月举行。'],
    ['请介绍一下长城。', '王丽', null],
  ])('%s + %s → %s', (q, fake, want) => {
    expect(toStatementZh(q, fake)).toBe(want);
  });
});

describe('zhQuestionWord', () => {
  it.each([
    ['长城哪一年被列入？', 'when', 2, 5],
    ['邓亚萍获得了几枚金牌？', 'how-many', 6, 7],
    ['作者是谁？', 'who', 3, 4],
    ['华为的总部位于哪个城市？', 'where', 7, 11],
    ['青石镇最有名的企业是什么？', 'what', 10, 12],
    ['今天天气很好。', null, 0, 0],
  ])('%s → %s', (q, kind, start, end) => {
    const w = zhQuestionWord(q);
    expect(w).toEqual(kind === null ? null : { kind, start, end });
  });
});

describe('fakeAnswerZh', () => {
  const r = rng(3);
  it('gives a fake of the answer type', () => {
    const n = personNames('cn', 'zh');
    const name = fakeAnswerZh('曹雪芹', 'who', '谁', r);
    expect(n.last.some((s) => name.startsWith(s))).toBe(true);
    expect(fakeAnswerZh('周树人', 'what', '什么', r, '鲁迅的原名是什么？')).toMatch(/^\p{Script=Han}{2,4}$/u);
    expect(['杭州', '成都', '西安']).not.toContain(fakeAnswerZh('深圳', 'where', '哪个省', r)); // a province, not a city
    expect(ZH_PLACES).toContain(fakeAnswerZh('上海', 'where', '哪里', r));
    expect(fakeAnswerZh('1987年', 'when', '哪一年', r)).toMatch(/^\d{4}年$/);
    expect(fakeAnswerZh('四月', 'when', '什么时候', r)).toMatch(/^\d{1,2}月$/);
    expect(fakeAnswerZh('四枚', 'how-many', '几', r)).toMatch(/^\d+$/);
    expect(fakeAnswerZh('8848.86米', 'how-many', '多少', r)).toMatch(/^\d{4}\.\d\d米$/);
    expect(fakeAnswerZh('纽约证券交易所', 'what', '哪个', r)).toMatch(/^\p{Script=Han}{2}证券交易所$/u);
  });
});

describe('swapQuestionZh', () => {
  it('swaps places, titles and numbers, the same one for each repeat', () => {
    const s = swapQuestionZh('《红楼梦》在杭州和杭州的2019年版本是谁写的？', rng(1));
    const place = s.swaps.find((x) => x.from === '杭州')?.to ?? '';
    expect(place).not.toBe('杭州');
    expect(s.text).not.toContain('红楼梦');
    expect(s.text).not.toContain('2019');
    expect(s.text.split(place).length - 1).toBe(2);
    expect(s.text.endsWith('年版本是谁写的？')).toBe(true);
  });
});

describe('generateTrapZh', () => {
  const zh = loadDemoSet().filter((i) => i.lang === 'zh' && !i.isImpossible);

  it('never holds a gold answer over the Chinese demo × 3 seeds, is seeded, and ends in 。', () => {
    let made = 0;
    for (const i of zh) {
      const golds = i.answers.map((a) => a.text);
      for (const seed of [1, 2, 3]) {
        const t = generateTrapZh(i.question, golds, seed);
        if (!t) continue;
        made++;
        for (const g of golds) expect(containsAnswerZh(t.sentence, g), `${i.id} seed ${seed}: ${t.sentence}`).toBe(false);
        expect(t.sentence.endsWith('。')).toBe(true);
        expect(t.sentence).not.toMatch(/[？?吗]/);
        expect(generateTrapZh(i.question, golds, seed)).toEqual(t);
      }
    }
    expect(made).toBe(zh.length * 3); // every demo question has a rule
  });

  it('shares most characters with the question (DuReader character F1 as similarity)', () => {
    const t = generateTrapZh('海鸥号科考船的船长是谁？', ['刘明远'], 1)!;
    expect(t.sentence.startsWith('海鸥号科考船的船长是')).toBe(true);
    expect(trapSimilarity('海鸥号科考船的船长是谁？', t.sentence, 'zh')).toBeGreaterThan(0.6);
    // SQuAD's whitespace tokens see each Chinese sentence as one token: 0 for any rewording.
    expect(trapSimilarity('海鸥号科考船的船长是谁？', t.sentence, 'en')).toBe(0);
    // Hand-computed: 船长是谁 vs 船长是王 → 3 common characters of 4 each → F1 0.75.
    expect(trapSimilarity('船长是谁', '船长是王', 'zh')).toBeCloseTo(0.75, 12);
  });
});

describe('Chinese traps in passages', () => {
  const CONTEXT = '白沙岛位于海湾的入口处。白沙岛灯塔于1912年建成。从此船只夜间也能进港。';
  const base: Instance = { id: 'z', dataset: 't', title: '', question: '白沙岛灯塔是哪一年建成的？', context: CONTEXT, answers: [{ text: '1912年', start: CONTEXT.indexOf('1912年') }], isImpossible: false, lang: 'zh', tags: [] };

  it.each([
    ['start', 0],
    ['before', 12],
    ['after', 26],
    ['end', CONTEXT.length],
  ] as const)('goes in at the %s without spaces between Chinese sentences', (position, at) => {
    const v = insertTrap(base, '黑石岛灯塔是1936年建成的。', position)!;
    expect(v.trap).toEqual({ start: at, end: at + 15 });
    expect(v.context).toBe(CONTEXT.slice(0, at) + '黑石岛灯塔是1936年建成的。' + CONTEXT.slice(at));
  });

  it('keeps every answer at its offset on any Chinese passage (property)', () => {
    const clause = fc.array(fc.constantFrom('山', '水', '城', '人', '年', '1', '9', '的', '是'), { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''));
    const passage = fc.array(fc.tuple(clause, fc.constantFrom('。', '！', '？', '，')), { minLength: 1, maxLength: 6 }).map((ss) => ss.map(([c, p]) => c + p).join(''));
    fc.assert(
      fc.property(passage, fc.nat(), fc.nat(), fc.constantFrom(...TRAP_POSITIONS), fc.nat(), (ctx, a, len, position, seed) => {
        const start = a % ctx.length;
        const text = ctx.slice(start, start + 1 + (len % 4));
        const inst: Instance = { ...base, context: ctx, answers: [{ text, start }] };
        const t = trapFor(inst, { source: 'generated', position, seed });
        if (typeof t === 'string') return;
        const v = t.variant;
        expect(v.context.slice(v.trap.start, v.trap.end)).toBe(t.sentence);
        for (const ans of v.answers) expect(v.context.slice(ans.start, ans.start + ans.text.length)).toBe(ans.text);
        expect(v.context.length, JSON.stringify([ctx, v.context])).toBe(ctx.length + t.sentence.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the metric a Chinese question is scored with', () => {
  it('is DuReader-robust character level, named so', () => {
    expect(metricLabel('zh')).toBe('DuReader-robust character-level EM/F1');
    expect(metricLabel('en')).toBe('SQuAD 2.0 EM/F1');
    // Hand-computed: 刘明 vs 刘明远 → LCS 2, precision 1, recall 2/3 → F1 0.8; SQuAD tokens would give 0.
    const inst = { answers: [{ text: '刘明远', start: 0 }], isImpossible: false, lang: 'zh' as const };
    expect(scorePrediction('刘明', inst).f1).toBeCloseTo(0.8, 12);
    expect(scorePrediction('刘明', { ...inst, lang: 'en' }).f1).toBe(0);
  });
});

describe('a Chinese trap holds an entity of the answer type that is not the answer (property)', () => {
  const surnames = personNames('cn', 'zh').last;
  const subject = fc.array(fc.constantFrom('白', '沙', '岛', '灯', '塔', '海', '鸥', '号', '桥', '馆'), { minLength: 2, maxLength: 5 }).map((cs) => cs.join(''));
  // [question template (S = the subject), gold answer arbitrary, what the fake must look like]
  const cases = [
    ['person', (s: string) => `${s}是谁建造的？`, fc.tuple(fc.constantFrom('王', '李', '张', '刘', '陈'), fc.constantFrom('伟', '明远', '秀英', '建国')).map(([a, b]) => a + b), (f: string) => surnames.some((x) => f.startsWith(x)) && /^\p{Script=Han}{2,4}$/u.test(f)],
    ['place', (s: string) => `${s}位于哪个城市？`, fc.constantFrom(...ZH_PLACES.slice(0, 20)), (f: string) => ZH_PLACES.includes(f)],
    ['year', (s: string) => `${s}是哪一年建成的？`, fc.integer({ min: 1000, max: 2029 }).map((y) => `${y}年`), (f: string) => /^\d{4}年$/.test(f)],
    ['number', (s: string) => `${s}有多少级台阶？`, fc.integer({ min: 1, max: 99_999 }).map(String), (f: string) => /^\d+$/.test(f)],
  ] as const;
  it.each(cases)('%s answers', (_kind, template, gold, looksRight) => {
    let made = 0;
    fc.assert(
      fc.property(subject, gold as fc.Arbitrary<string>, fc.nat(), (s, g, seed) => {
        const t = generateTrapZh(template(s), [g], seed);
        if (!t) return; // five draws all held the answer: no trap, never a wrong one
        made++;
        expect(looksRight(t.fake), `${t.fake} for ${g}`).toBe(true);
        expect(t.fake).not.toBe(g);
        expect(t.sentence).toContain(t.fake);
        expect(containsAnswerZh(t.sentence, g)).toBe(false);
        expect(generateTrapZh(template(s), [g], seed)).toEqual(t); // seeded
      }),
      { numRuns: 150 },
    );
    expect(made).toBeGreaterThan(140);
  });
});
