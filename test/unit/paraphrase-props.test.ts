/** Property tests of the paraphrase generators: seeded, never the same question, passages and answers untouched. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { MAX_SEED } from '../../src/core/text/random.ts';
import { paraphrasedToSquad } from '../../src/core/sensitivity/export.ts';
import { isNone, paraphraseItems, paraphraseQuestion, PARAPHRASE_KINDS } from '../../src/core/sensitivity/paraphrase.ts';

const demo = loadDemoSet();
const EN_WORDS = ['Who', 'which', 'What', 'is', 'was', 'the', 'city', 'in', '1966', 'near', 'during', 'local', 'river', 'did', 'built', 'In', 'company', 'when', 'exactly', "what's", 'of', 'Ann'];
const ZH_PARTS = ['鲁迅', '的', '原名', '是', '什么', '哪个', '城市', '位于', '一共', '获得', '了', '请问', '，', '在', '哪一年', '被', '列入', '大约', '多少', '呢'];

/** Questions: the demo set's, and random ones built from words the rules look for. */
const question = fc.oneof(
  fc.constantFrom(...demo.map((i) => ({ q: i.question, lang: i.lang }))),
  fc.array(fc.constantFrom(...EN_WORDS), { minLength: 1, maxLength: 9 }).map((ws) => ({ q: `${ws.join(' ')}?`, lang: 'en' as const })),
  fc.array(fc.constantFrom(...ZH_PARTS), { minLength: 1, maxLength: 9 }).map((ws) => ({ q: `${ws.join('')}？`, lang: 'zh' as const })),
  fc.string({ maxLength: 30 }).map((q) => ({ q, lang: 'en' as const })),
);
const kind = fc.constantFrom(...PARAPHRASE_KINDS);
const seed = fc.integer({ min: 0, max: MAX_SEED });

describe('paraphrase generators (properties)', () => {
  it('never return the question itself, and the same seed gives the same paraphrase', () => {
    fc.assert(
      fc.property(question, kind, seed, ({ q, lang }, k, s) => {
        const a = paraphraseQuestion(q, lang, k, s);
        expect(paraphraseQuestion(q, lang, k, s)).toEqual(a);
        if (isNone(a)) return;
        expect(a.question.trim()).not.toBe(q.trim());
        expect(a.question.trim()).not.toBe('');
        expect(a.kind).toBe(k);
      }),
      { numRuns: 400 },
    );
  });

  it('leave passages and answers untouched: every answer still at its offset, in the items and in the exported SQuAD (code points)', () => {
    const answerable = demo.filter((i) => !i.isImpossible);
    fc.assert(
      fc.property(fc.subarray(answerable, { minLength: 1, maxLength: 8 }), kind, seed, (set, k, s) => {
        const before = set.map((i) => JSON.stringify({ c: i.context, a: i.answers }));
        const { items } = paraphraseItems(set, { dataset: true, kinds: [k], seed: s });
        for (const it of items) {
          expect(set).toContain(it.instance);
          for (const a of it.instance.answers) expect(it.instance.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
        }
        expect(set.map((i) => JSON.stringify({ c: i.context, a: i.answers }))).toEqual(before);
        const gen = items.filter((i) => i.paraphrase.kind !== 'dataset');
        const squad = paraphrasedToSquad(gen, { paraphrase: k, seed: s });
        for (const p of squad.data.flatMap((d) => d.paragraphs)) {
          const cps = Array.from(p.context);
          for (const qa of p.qas) {
            const src = gen.find((g) => g.instance.id === qa.id);
            expect(src?.instance.context).toBe(p.context);
            expect(qa.question).toBe(src?.paraphrase.question);
            expect((qa as unknown as { original_question: string }).original_question).toBe(src?.instance.question);
            for (const a of qa.answers) expect(cps.slice(a.answer_start, a.answer_start + Array.from(a.text).length).join('')).toBe(a.text);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
