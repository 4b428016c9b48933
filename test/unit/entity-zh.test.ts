/** Entity renaming for Chinese passages: dictionary detection, whole-name substitution, exact offsets, seeds. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { dbNames, personNames, randStr, randStrHanChars, zhPlaceLists } from '../../src/core/entity/names.ts';
import { buildNamePool, renameInstance, selectRenameTarget, type NameSource } from '../../src/core/entity/rename.ts';
import { applySubstitutions, findMentions } from '../../src/core/entity/substitute.ts';
import { eligibleInstances, nameSubstitutions, putName, runLanguage, universalCandidates } from '../../src/core/entity/universal.ts';
import { DEFAULT_UNIVERSAL } from '../../src/core/entity/universal.ts';
import { zhAnswerEntity, zhEntitySpans, zhGenderOf, zhLongerNames, zhPersonSpans, zhPlaceKind } from '../../src/core/entity/zh.ts';
import { answerEntityType } from '../../src/core/ner/answer-type.ts';
import { rng } from '../../src/core/text/random.ts';
import { ZH_PLACES_FILE, stripProvince, zhPlaces, zhPlacesJson } from '../../scripts/make-zh-places.ts';
import { readFileSync } from 'node:fs';

/** A Chinese instance whose first answer is the first occurrence of `answer` in the passage. */
function zh(id: string, context: string, question: string, answer: string, answerType?: Instance['answerType']): Instance {
  return { id, dataset: 'test', title: '', question, context, answers: [{ text: answer, start: context.indexOf(answer) }], isImpossible: false, lang: 'zh', answerType, tags: [] };
}

const spansOf = (x: { spans: { text: string; kind: string }[] } | null) => x?.spans.map((s) => `${s.text}:${s.kind}`) ?? null;

describe('Chinese answer entities (dictionary and pattern)', () => {
  it.each([
    { answer: '欧阳修', type: 'PER', entity: '欧阳修', spans: ['欧阳:last', '修:first'] },
    { answer: '司马光', type: 'PER', entity: '司马光', spans: ['司马:last', '光:first'] },
    { answer: '王小明', type: 'PER', entity: '王小明', spans: ['王:last', '小明:first'] },
    { answer: '张伟', type: 'PER', entity: '张伟', spans: ['张:last', '伟:first'] },
    { answer: '诗人李白', type: 'PER', entity: '李白', spans: ['李:last', '白:first'] },
    { answer: '浙江省', type: 'GPE', entity: '浙江省', spans: ['浙江:state'] },
    { answer: '浙江', type: 'GPE', entity: '浙江', spans: ['浙江:state'] },
    { answer: '广西壮族自治区', type: 'GPE', entity: '广西壮族自治区', spans: ['广西:state'] },
    { answer: '浙江省杭州市', type: 'GPE', entity: '浙江省杭州市', spans: ['浙江:state', '杭州:city'] },
    { answer: '印度尼西亚', type: 'GPE', entity: '印度尼西亚', spans: ['印度尼西亚:country'] },
    { answer: '江西', type: 'GPE', entity: '江西', spans: ['江西:state'] }, // a place, not surname 江 + 西
    { answer: '浙江大学', type: 'ORG', entity: '浙江大学', spans: ['浙江:state'] },
    { answer: '深圳银行', type: 'ORG', entity: '深圳银行', spans: ['深圳:city'] },
    { answer: '一零八六年', type: null, entity: null, spans: null },
    { answer: '北宋', type: null, entity: null, spans: null },
    { answer: '大学', type: null, entity: null, spans: null },
  ])('$answer → $type $entity', ({ answer, type, entity, spans }) => {
    const got = zhAnswerEntity({ text: answer, start: 5 });
    expect(got?.entity.type ?? null).toBe(type);
    expect(got?.entity.text ?? null).toBe(entity);
    expect(spansOf(got)).toEqual(spans);
    if (got) expect(got.entity.start).toBe(5 + answer.indexOf(got.entity.text));
    expect(answerEntityType(answer)).toBe(type ?? 'other');
  });

  it('the dataset type restricts: PER on a place, or other, gives no entity', () => {
    expect(zhAnswerEntity({ text: '浙江省', start: 0 }, 'PER')).toBeNull();
    expect(zhAnswerEntity({ text: '欧阳修', start: 0 }, 'other')).toBeNull();
    expect(zhAnswerEntity({ text: '欧阳修', start: 0 }, 'PER')?.entity.text).toBe('欧阳修');
  });

  it.each([
    { name: '欧阳修', spans: ['欧阳:last', '修:first'] },
    { name: '司马相如', spans: ['司马:last', '相如:first'] },
    { name: '诸葛亮', spans: ['诸葛:last', '亮:first'] },
    { name: '王', spans: null }, // a surname alone
    { name: '王小明明', spans: null }, // a given name has at most two characters
    { name: 'Wang', spans: null },
  ])('person name $name', ({ name, spans }) => {
    const got = zhPersonSpans(name);
    expect(got ? spansOf({ spans: got }) : null).toEqual(spans);
  });

  it('given names carry the gender of the name data', () => {
    expect(zhGenderOf('丽娟')).toBe('female');
    expect(zhGenderOf('伟')).toBe('male');
    expect(zhPersonSpans('张丽娟')?.[1]?.gender).toBe('female');
  });
});

describe('Chinese place list', () => {
  it('is what scripts/make-zh-places.ts generates from faker zh_CN', () => {
    expect(readFileSync(ZH_PLACES_FILE, 'utf8')).toBe(zhPlacesJson(zhPlaces()));
  });

  it.each([
    ['浙江省', '浙江'],
    ['北京市', '北京'],
    ['宁夏回族自治区', '宁夏'],
    ['新疆维吾尔自治区', '新疆'],
  ])('strips %s to %s', (full, base) => expect(stripProvince(full)).toBe(base));

  it('kinds: municipality is a city, province a state, country a country; suffixed forms are not listed', () => {
    expect(zhPlaceKind('北京')).toBe('city');
    expect(zhPlaceKind('浙江')).toBe('state');
    expect(zhPlaceKind('印度')).toBe('country');
    expect(zhPlaceKind('浙江省')).toBeNull();
    const all = Object.values(zhPlaceLists()).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((p) => /^\p{Script=Han}{2,}$/u.test(p))).toBe(true);
  });
});

describe('Chinese mentions and substitution', () => {
  it.each([
    { text: '印度和印度尼西亚', name: '印度', longer: ['印度尼西亚'], starts: [0] },
    { text: '印度和印度尼西亚', name: '印度', longer: [], starts: [0, 3] },
    { text: '欧阳修，欧阳修。', name: '欧阳修', longer: [], starts: [0, 4] },
    { text: '王伟说王伟明来了', name: '王伟', longer: [], starts: [0, 3] }, // no word boundaries: documented limit
    { text: 'Ann和安', name: '安', longer: [], starts: [4] },
  ])('$name in $text', ({ text, name, longer, starts }) => {
    expect(findMentions(text, name, longer).map((m) => m.start)).toEqual(starts);
  });

  it('the live view lists each place of a passage once, at its first mention', () => {
    const e = zhEntitySpans('中国浙江人，去过中国和印度尼西亚。');
    expect(e.map((x) => `${x.entity.text}@${x.entity.start}:${x.spans[0]?.kind}`)).toEqual(['中国@0:country', '浙江@2:state', '印度尼西亚@11:country']);
  });

  it('a name inside a longer listed name is not replaced', () => {
    const r = applySubstitutions('印度和印度尼西亚都很远。', [{ from: '印度', to: '秘鲁' }], zhLongerNames);
    expect(r.text).toBe('秘鲁和印度尼西亚都很远。');
    expect(zhLongerNames('印度')).toContain('印度尼西亚');
    expect(zhLongerNames('Ann')).toEqual([]);
  });
});

// Passages written for these tests.
const PASSAGE = '欧阳修是北宋的文学家，生于𠮷州。欧阳修晚年住在颍州，他的学生苏轼也很有名。印度和印度尼西亚都很远。';
const CASES: Instance[] = [
  zh('per', PASSAGE, '谁是北宋的文学家？', '欧阳修'),
  zh('per2', PASSAGE, '欧阳修的学生是谁？', '苏轼'),
  zh('gpe', PASSAGE, '哪个国家很远？', '印度'),
  zh('female', '张丽娟在浙江省杭州教书。张丽娟的学生很多。', '谁在杭州教书？', '张丽娟'),
  zh('org', '王小明在浙江大学读书，浙江的风景很好。', '王小明在哪所大学读书？', '浙江大学'),
];
const SOURCES: NameSource[] = ['db', 'indist', 'randstr'];
const pool = buildNamePool(CASES);

describe('renaming Chinese instances', () => {
  it.each(CASES.flatMap((c) => SOURCES.map((source) => ({ id: c.id, c, source }))))('$id $source: whole name replaced everywhere, offsets exact, seeded', ({ c, source }) => {
    const opts = { type: 'MIX' as const, source, origin: 'us' as const, seed: 3 };
    const r = renameInstance(c, opts, pool);
    if (typeof r === 'string') throw new Error(r);
    expect(renameInstance(c, opts, pool)).toEqual(r);
    const [sub] = r.substitutions;
    if (!sub) throw new Error('no substitution');
    expect(r.substitutions).toHaveLength(1); // a person is one whole-name substitution; these places are one
    expect(sub.to).not.toBe(sub.from);
    expect([...sub.to].length).toBeGreaterThanOrEqual(2);
    expect(findMentions(c.context, sub.to, zhLongerNames(sub.to))).toEqual([]); // never a name already there
    expect(findMentions(r.perturbed.context, sub.from, zhLongerNames(sub.from))).toEqual([]);
    for (const a of r.perturbed.answers) expect(r.perturbed.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
    expect(r.perturbed.context.split(sub.to).length).toBe(c.context.split(sub.from).length - (sub.from === '印度' ? 1 : 0));
  });

  it('印度 is renamed but 印度尼西亚 kept; 浙江大学 keeps its designator', () => {
    const r = renameInstance(CASES[2] as Instance, { type: 'GPE', source: 'db', origin: 'us', seed: 1 });
    if (typeof r === 'string') throw new Error(r);
    expect(r.perturbed.context).toContain('印度尼西亚');
    expect(r.perturbed.context).not.toMatch(/印度和/);
    const o = renameInstance(CASES[4] as Instance, { type: 'ORG', source: 'db', origin: 'us', seed: 1 });
    if (typeof o === 'string') throw new Error(o);
    expect(o.perturbed.answers[0]?.text).toMatch(/^\p{Script=Han}+大学$/u);
    expect(o.perturbed.context).not.toContain('浙江');
  });

  it('DBName keeps the gender of a Chinese given name', () => {
    const female = new Set(personNames('cn', 'zh').first.female);
    for (let seed = 1; seed <= 12; seed++) {
      const r = renameInstance(CASES[3] as Instance, { type: 'PER', source: 'db', origin: 'fr', seed });
      if (typeof r === 'string') throw new Error(r);
      const to = r.substitutions[0]?.to ?? '';
      const surname = personNames('cn', 'zh').last.find((s) => to.startsWith(s) && female.has(to.slice(s.length)));
      expect(surname, to).toBeDefined();
    }
  });

  it('seeds differ, types filter, unknown answers are no-entity (an unlisted place asked for is typed, with nothing to rename)', () => {
    const a = renameInstance(CASES[0] as Instance, { type: 'PER', source: 'db', origin: 'us', seed: 1 });
    const b = renameInstance(CASES[0] as Instance, { type: 'PER', source: 'db', origin: 'us', seed: 2 });
    expect(typeof a !== 'string' && typeof b !== 'string' && a.substitutions[0]?.to !== b.substitutions[0]?.to).toBe(true);
    expect(selectRenameTarget(CASES[0] as Instance, { type: 'GPE', source: 'db' })).toBe('other-type');
    expect(selectRenameTarget(zh('x', PASSAGE, '他的故乡叫什么？', '𠮷州'), { type: 'MIX', source: 'db' })).toBe('no-entity');
    expect(selectRenameTarget(zh('x', PASSAGE, '生于哪里？', '𠮷州'), { type: 'MIX', source: 'db' })).toBe('no-spans');
  });

  it('the InDistName pool keeps Chinese names in characters; DBName uses the Chinese lists', () => {
    expect(pool.last).toEqual(['张', '欧阳', '苏']);
    expect(pool.first).toEqual(['丽娟', '修', '轼']);
    expect(pool.state).toEqual(['浙江']);
    expect(dbNames({ kind: 'last' }, 'us', 'zh')).toContain('欧阳');
    expect(dbNames({ kind: 'city' }, 'us', 'zh')).toContain('杭州');
  });

  it('RandStr draws Chinese characters from the given names of the name data', () => {
    const chars = new Set(randStrHanChars());
    expect(chars.size).toBeGreaterThan(100);
    const out = randStr('欧阳修', rng(9));
    expect([...out]).toHaveLength(3);
    expect([...out].every((ch) => chars.has(ch))).toBe(true);
  });

  it('question-person mode finds a person of the question in the passage', () => {
    const t = selectRenameTarget(zh('q', PASSAGE, '欧阳修晚年住在哪里？', '颍州'), { type: 'PER', source: 'db', target: 'question-person' });
    expect(typeof t !== 'string' && t.entity.text).toBe('欧阳修');
    expect(selectRenameTarget(zh('q', PASSAGE, '谁住在颍州？', '欧阳修'), { type: 'PER', source: 'db', target: 'question-person' })).toBe('no-person');
    // 文学家 has the shape surname 文 + 学家 but is mentioned once and 学 is in no given name.
    expect(selectRenameTarget(zh('q', PASSAGE, '谁是北宋的文学家？', '欧阳修'), { type: 'PER', source: 'db', target: 'question-person' })).toBe('no-person');
  });
});

describe('universal names on Chinese passages', () => {
  it('draws whole Chinese names and puts them in whole', () => {
    expect(runLanguage(CASES)).toBe('zh');
    const names = universalCandidates(CASES, { ...DEFAULT_UNIVERSAL, type: 'PER', source: 'db', candidates: 5, seed: 2 });
    expect(names).toHaveLength(5);
    for (const n of names) expect(n.name).toBe(`${n.last}${n.first}`);
    const { items } = eligibleInstances(CASES, 'PER');
    expect(items.map((i) => i.inst.id)).toEqual(['per', 'per2', 'female']);
    const name = { name: '林黛玉', last: '林', first: '黛玉' };
    expect(nameSubstitutions(items[0]?.spans ?? [], name)).toEqual([{ from: '欧阳修', to: '林黛玉' }]);
    const put = putName(items[0] as (typeof items)[number], name);
    expect(typeof put !== 'string' && put.perturbed.context.startsWith('林黛玉是北宋')).toBe(true);
  });
});

// Characters in no name or place of the lists, so a generated passage creates no name by accident.
const FILLER = [...'是在了有到说这那着过很都也就的，。；'];
const NAMES = ['欧阳修', '司马光', '王小明', '张丽娟', '苏轼', '诸葛亮'];

describe('property: Chinese renaming', () => {
  it('offsets exact, same seed same output, the old name gone as a whole name', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...NAMES), fc.constantFrom(...zhPlaceLists().state), fc.stringMatching(new RegExp(`^[${FILLER.join('')}]{1,6}$`))), { minLength: 1, maxLength: 14 }),
        fc.nat({ max: 13 }),
        fc.constantFrom<NameSource>('db', 'indist', 'randstr'),
        fc.integer({ min: 1, max: 1000 }),
        (parts, k, source, seed) => {
          // Separators around every part: a replaced name then cannot join its neighbours into the old one.
          const context = parts.join('，');
          const answer = parts[k % parts.length] as string;
          const c = zh('p', context, '问题？', answer);
          const opts = { type: 'MIX' as const, source, origin: 'cn' as const, seed };
          const r = renameInstance(c, opts, buildNamePool([c]));
          if (typeof r === 'string') return true;
          expect(renameInstance(c, opts, buildNamePool([c]))).toEqual(r);
          for (const a of r.perturbed.answers) expect(r.perturbed.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
          for (const s of r.substitutions) expect(findMentions(r.perturbed.context, s.from, zhLongerNames(s.from))).toEqual([]);
          return true;
        },
      ),
      { numRuns: 150 },
    );
  });
});
