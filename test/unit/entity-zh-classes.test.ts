/**
 * Issue 42.4: the classes of Chinese answers zh-classes.ts types (OntoNotes labels: PERSON, ORG,
 * GPE; mountains, rivers, buildings, products none). Each row is a case the dictionaries alone
 * typed wrong, except the guards (一所大学, 外国, 达尔文 without 谁, 宋江/王海 asked with 谁, 泰山
 * for 哪里) that keep each class from reaching too far. Only QQ is also an answer of
 * scripts/data/zh-entity-sample.json.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnswerEntityType } from '../../src/core/data/types.ts';
import { zhAnswerEntity } from '../../src/core/entity/zh.ts';
import { zhQuestionCue } from '../../src/core/entity/zh-classes.ts';
import { answerEntityType } from '../../src/core/ner/answer-type.ts';

describe('Chinese answer classes (issue 42.4; Yan et al. 2022 §3.1 step 1, answer entity recognition)', () => {
  it.each([
    // Organizations named by a designator, with no listed place inside.
    { cls: 'ORG designator', answer: '复旦大学', question: '', type: 'ORG' },
    { cls: 'ORG designator', answer: '比亚迪公司', question: '', type: 'ORG' },
    { cls: 'ORG designator', answer: '招商银行', question: '', type: 'ORG' },
    { cls: 'ORG designator', answer: '协和医院', question: '', type: 'ORG' },
    { cls: 'ORG designator', answer: '岳麓书院', question: '', type: 'ORG' },
    { cls: 'ORG designator, no name', answer: '一所大学', question: '', type: 'other' },
    // A one-character state + 国 (historical states); 国 after a common word is no state.
    { cls: 'old state', answer: '齐国', question: '', type: 'GPE' },
    { cls: 'old state', answer: '楚国', question: '', type: 'GPE' },
    { cls: 'old state', answer: '晋国', question: '', type: 'GPE' },
    { cls: 'not a state', answer: '外国', question: '', type: 'other' },
    { cls: 'not a state', answer: '王国', question: '', type: 'other' },
    // Foreign names: with a middle dot always, in transliteration characters when 谁 is asked.
    { cls: 'dotted name', answer: '列夫·托尔斯泰', question: '', type: 'PER' },
    { cls: 'dotted name', answer: '玛丽·居里', question: '', type: 'PER' },
    { cls: 'transliterated, 谁', answer: '达尔文', question: '谁提出了进化论？', type: 'PER' },
    { cls: 'transliterated, 谁', answer: '莎士比亚', question: '《哈姆雷特》的作者是谁？', type: 'PER' },
    { cls: 'transliterated, no 谁', answer: '达尔文', question: '', type: 'other' },
    // Landmarks, features and products that start with a surname are no person, unless 谁 is asked.
    { cls: 'feature', answer: '黄河', question: '', type: 'other' },
    { cls: 'feature', answer: '白塔', question: '', type: 'other' },
    { cls: 'feature', answer: '孔庙', question: '', type: 'other' },
    { cls: 'product', answer: '余额宝', question: '', type: 'other' },
    { cls: 'feature-like person, 谁', answer: '宋江', question: '梁山的首领是谁？', type: 'PER' },
    { cls: 'feature-like person, 谁', answer: '王海', question: '谁获得了冠军？', type: 'PER' },
    { cls: 'number', answer: '3万亿元', question: '', type: 'other' },
    // The type the question asks for, on a short name the lists lack.
    { cls: 'asked: city', answer: '柏林', question: '爱因斯坦晚年前住在德国哪座城市？', type: 'GPE' },
    { cls: 'asked: where', answer: '徐州', question: '他在哪里出生？', type: 'GPE' },
    { cls: 'asked: landmark where', answer: '泰山', question: '他们在哪里看日出？', type: 'other' },
    { cls: 'asked: company', answer: '百度', question: '哪家公司开发了文心一言？', type: 'ORG' },
    { cls: 'asked: mountain', answer: '黄山', question: '哪座山以云海著称？', type: 'other' },
    { cls: 'asked: a person-shaped place', answer: '蔡甸', question: '他住在武汉的哪个区？', type: 'GPE' },
    { cls: 'Latin answer, Chinese question', answer: 'QQ', question: '腾讯最早推出的产品是什么？', type: 'other' },
  ])('$cls: $answer ($question) → $type', ({ answer, question, type }) => {
    expect(answerEntityType(answer, undefined, question || undefined)).toBe(type);
  });

  it('new classes type an entity but rename nothing unless a listed place or a Chinese name is inside', () => {
    expect(zhAnswerEntity({ text: '复旦大学', start: 3 })).toMatchObject({ entity: { type: 'ORG', text: '复旦大学', start: 3, end: 7 }, spans: [] });
    expect(zhAnswerEntity({ text: '齐国', start: 0 })?.spans).toEqual([]);
    expect(zhAnswerEntity({ text: '宋江', start: 0 }, undefined, '谁是首领？')?.spans.map((s) => s.text)).toEqual(['宋', '江']);
    expect(zhAnswerEntity({ text: '齐国', start: 0 }, 'PER')).toBeNull();
  });

  it.each([
    { question: '李明考入了哪所大学？', cue: 'ORG' },
    { question: '谁发明了造纸术？', cue: 'PER' },
    { question: '哪位诗人写了《静夜思》？', cue: 'PER' },
    { question: '长城有多少公里？', cue: 'other' },
    { question: '他哪一年出生？', cue: 'other' },
    { question: '哪座日本城市以温泉闻名？', cue: 'GPE' },
    { question: '孟子是哪国人？', cue: 'GPE' },
    { question: '这本书讲了什么故事？', cue: null },
  ])('question cue: $question → $cue', ({ question, cue }) => {
    expect(zhQuestionCue(question)).toBe(cue);
  });

  it('property: the entity lies inside the answer, obeys the hint, and is never a person with a digit', () => {
    const chars = [...'王李张山国大学公司斯尔克特德姆·城河宝1２鲁齐外'];
    const questions = ['', '谁发明了它？', '哪座城市？', '哪家公司？', '多少？'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { minLength: 1, maxLength: 7 }), fc.constantFrom(...questions), fc.constantFrom<AnswerEntityType | undefined>(undefined, 'PER', 'ORG', 'GPE'), (cs, question, hint) => {
        const text = cs.join('');
        const got = zhAnswerEntity({ text, start: 4 }, hint, question || undefined);
        if (!got) return;
        expect(text.slice(got.entity.start - 4, got.entity.end - 4)).toBe(got.entity.text);
        if (hint) expect(got.entity.type).toBe(hint);
        if (got.entity.type === 'PER') expect(/\p{N}/u.test(text)).toBe(false);
      }),
    );
  });
});
