import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { answerSentenceSpans, answerSentenceUnmodified } from '../../src/core/natural/answer-sentence.ts';
import { sentenceAt, sentenceSpans, sentenceText } from '../../src/core/text/sentences.ts';
import { pairRow, revisedInstance, summarizePairs } from '../../src/core/natural/pairs.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import type { Instance } from '../../src/core/data/types.ts';

describe('sentenceAt (the splitter both passages share)', () => {
  it.each([
    { name: 'first sentence', text: 'A b. C d. E f.', at: 1, s: 'A b.' },
    { name: 'middle sentence', text: 'A b. C d. E f.', at: 6, s: 'C d.' },
    { name: 'last without a full stop', text: 'A b. C d', at: 7, s: 'C d' },
    { name: 'decimal point is not an end', text: 'It is 3.5 m long. Next.', at: 8, s: 'It is 3.5 m long.' },
    { name: 'Chinese full stop', text: '甲乙。丙丁。', at: 4, s: '丙丁。' },
    { name: 'line break ends a sentence', text: 'A b\nC d', at: 5, s: 'C d' },
  ])('$name', ({ text, at, s }) => expect(sentenceText(text, sentenceAt(text, at))).toBe(s));
});

describe('Wu et al. 2025 §5.2: answer sentence unmodified = the answer sentence at its offset is a sentence of the edited passage', () => {
  // 'Ruth Ashby' at 27: its sentence is 'Ruth Ashby was its engineer.'
  const a = 'The bridge opened in 1931. Ruth Ashby was its engineer. It still stands.';
  const ruth = [{ text: 'Ruth Ashby', start: 27 }];
  it.each([
    // The word diff of the old rule put each of these four edits inside (or at the edge of) the answer sentence.
    { name: 'a sentence inserted before it', b: 'The bridge opened in 1931. Work began in 1929. Ruth Ashby was its engineer. It still stands.', unmodified: true },
    { name: 'the next sentence deleted', b: 'The bridge opened in 1931. Ruth Ashby was its engineer.', unmodified: true },
    // The answer sentence last: the word diff glued the new sentence in before its full stop ('engineer' + '. She was 30' + '.').
    { name: 'text glued after it (a sentence added after the last one)', ctx: 'The bridge opened in 1931. Ruth Ashby was its engineer.', b: 'The bridge opened in 1931. Ruth Ashby was its engineer. She was 30.', unmodified: true },
    { name: 'a sentence inserted after it', b: 'The bridge opened in 1931. Ruth Ashby was its engineer. She was 30. It still stands.', unmodified: true },
    { name: 'the previous sentence deleted', b: 'Ruth Ashby was its engineer. It still stands.', unmodified: true },
    { name: 'an edit in another sentence', b: 'The bridge first opened in 1931. Ruth Ashby was its engineer. It still stands.', unmodified: true },
    { name: 'the sentences reordered (the same sentence, elsewhere)', b: 'Ruth Ashby was its engineer. The bridge opened in 1931. It still stands.', unmodified: true },
    { name: 'a space before it turned into a line break', b: 'The bridge opened in 1931.\nRuth Ashby was its engineer. It still stands.', unmodified: true },
    { name: 'no edit', b: a, unmodified: true },
    { name: 'a genuine edit inside it', b: 'The bridge opened in 1931. Ruth Ashby was its chief engineer. It still stands.', unmodified: false },
    { name: 'the answer word replaced', b: 'The bridge opened in 1931. Ruth Ashley was its engineer. It still stands.', unmodified: false },
    { name: 'a word put at its start', b: 'The bridge opened in 1931. Then Ruth Ashby was its engineer. It still stands.', unmodified: false },
    { name: 'its full stop removed (merged with the next sentence)', b: 'The bridge opened in 1931. Ruth Ashby was its engineer and it still stands.', unmodified: false },
    // Glued text (no space after a full stop) closes no sentence for the splitter, yet leaves the answer sentence whole.
    { name: 'a citation glued to its full stop', b: 'The bridge opened in 1931. Ruth Ashby was its engineer.[2] It still stands.', unmodified: true },
    { name: 'text glued after it with no space (last sentence)', ctx: 'The bridge opened in 1931. Ruth Ashby was its engineer.', b: 'The bridge opened in 1931. Ruth Ashby was its engineer.Compton 1989, p. 199', unmodified: true },
    { name: 'text glued before it with no space', b: 'The bridge opened in 1931.Ruth Ashby was its engineer. It still stands.', unmodified: true },
    { name: 'words appended to it before its full stop', b: 'The bridge opened in 1931. Ruth Ashby was its engineer in 1931. It still stands.', unmodified: false },
    { name: 'its words glued to a word before it (not after a mark)', b: 'The bridge opened in 1931. SoRuth Ashby was its engineer. It still stands.', unmodified: false },
    { name: 'a doubled space inside it (exact text)', b: 'The bridge opened in 1931. Ruth  Ashby was its engineer. It still stands.', unmodified: false },
  ])('$name → unmodified $unmodified', ({ ctx, b, unmodified }: { ctx?: string; b: string; unmodified: boolean }) => expect(answerSentenceUnmodified({ context: ctx ?? a, answers: ruth }, { context: b })).toBe(unmodified));

  const c = 'Ruth Ashby built the bridge. It opened in 1931. Ashby later moved to Leeds.';
  it.each([
    // 'Ashby' at 5 (first sentence) also occurs in the third: the old rule counted that occurrence's sentence too.
    { name: 'another occurrence of the answer text, in a modified sentence, plays no part', answers: [{ text: 'Ashby', start: 5 }], b: 'Ruth Ashby built the bridge. It opened in 1931. Ashby later moved to York.', unmodified: true },
    { name: 'the occurrence at the offset is the one looked at', answers: [{ text: 'Ashby', start: 48 }], b: 'Ruth Ashby built the bridge. It opened in 1931. Ashby later moved to York.', unmodified: false },
    // Several gold answers: every answer sentence must be unmodified ("answer sentence(s)").
    { name: 'two gold answers, the second one’s sentence edited', answers: [{ text: 'Ruth Ashby', start: 0 }, { text: 'Leeds', start: 69 }], b: 'Ruth Ashby built the bridge. It opened in 1931. Ashby later moved to Leeds city.', unmodified: false },
    { name: 'two gold answers in one sentence, another sentence edited', answers: [{ text: 'Ruth Ashby', start: 0 }, { text: 'Ashby', start: 5 }], b: 'Ruth Ashby built the bridge. It first opened in 1931. Ashby later moved to Leeds.', unmodified: true },
    { name: 'an empty gold answer holds no sentence', answers: [{ text: '', start: 48 }], b: 'Something else entirely.', unmodified: true },
  ])('$name → unmodified $unmodified', ({ answers, b, unmodified }) => expect(answerSentenceUnmodified({ context: c, answers }, { context: b })).toBe(unmodified));

  it('an answer running across a sentence boundary holds both sentences', () => {
    const ctx = 'He worked at Acme Inc. Ltd in York. He left.';
    const answers = [{ text: 'Acme Inc. Ltd', start: 13 }];
    expect(answerSentenceSpans(ctx, answers).map((s) => sentenceText(ctx, s))).toEqual(['He worked at Acme Inc.', 'Ltd in York.']);
    expect(answerSentenceUnmodified({ context: ctx, answers }, { context: 'He worked at Acme Inc. Ltd in Leeds. He left.' })).toBe(false);
    expect(answerSentenceUnmodified({ context: ctx, answers }, { context: 'He worked at Acme Inc. Ltd in York. He left in 1990.' })).toBe(true);
  });

  it('a last sentence without a full stop is whole only to the end of its sentence', () => {
    const ctx = 'The bridge opened in 1931. Ruth Ashby was its engineer';
    expect(answerSentenceUnmodified({ context: ctx, answers: ruth }, { context: 'The bridge opened in 1931. Ruth Ashby was its engineer' })).toBe(true);
    expect(answerSentenceUnmodified({ context: ctx, answers: ruth }, { context: 'The bridge opened in 1931. Ruth Ashby was its engineers' })).toBe(false);
    expect(answerSentenceUnmodified({ context: ctx, answers: ruth }, { context: 'The bridge opened in 1931. Ruth Ashby was its engineer. It stands.' })).toBe(false);
  });

  it('Chinese sentences split at 。', () => {
    const ctx = '桥建于1931年。鲁迅是工程师。它还在。';
    const answers = [{ text: '鲁迅', start: 8 }];
    expect(answerSentenceUnmodified({ context: ctx, answers }, { context: '桥建于1931年。后来。鲁迅是工程师。' })).toBe(true);
    expect(answerSentenceUnmodified({ context: ctx, answers }, { context: '桥建于1931年。鲁迅是总工程师。它还在。' })).toBe(false);
  });

  const sentence = fc.stringMatching(/^[A-Z][a-z]{1,6}( [a-z]{1,6}){0,4}\.$/);
  it('property: inserting or deleting whole sentences elsewhere never modifies the answer sentence', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(sentence, fc.boolean()), { minLength: 1, maxLength: 6 }), fc.nat(), fc.array(sentence, { maxLength: 3 }), fc.nat(), (sents, pick, extra, where) => {
        const i = pick % sents.length;
        const context = sents.map(([t]) => t).join(' ');
        const start = sents.slice(0, i).reduce((n, [t]) => n + t.length + 1, 0);
        const answers = [{ text: sents[i]![0].slice(0, 2), start }];
        // Keep the answer sentence, drop the others marked false, then insert the extra sentences anywhere.
        const kept = sents.filter(([, keep], j) => keep || j === i).map(([t]) => t);
        const at = where % (kept.length + 1);
        const b = [...kept.slice(0, at), ...extra, ...kept.slice(at)].join(' ');
        return answerSentenceUnmodified({ context, answers }, { context: b });
      }),
    );
  });

  it('property: identical passages leave every answer sentence unmodified', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.nat(), fc.nat({ max: 5 }), (text, s, len) => {
        const start = text.length ? s % text.length : 0;
        return answerSentenceUnmodified({ context: text, answers: [{ text: text.slice(start, start + len), start }] }, { context: text });
      }),
    );
  });

  it('sentenceSpans covers every non-blank character once', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const spans = sentenceSpans(text);
        const covered = spans.reduce((n, sp) => n + text.slice(sp.start, sp.end).replace(/\s/g, '').length, 0);
        return covered === text.replace(/\s/g, '').length;
      }),
    );
  });
});

describe('Wu et al. 2025 §5.2: pair rows and the unmodified share use the same rule', () => {
  it('a C2C pair whose edit inserts a sentence before the answer sentence counts as unmodified (share 1 of 1)', () => {
    const context = 'The bridge opened in 1931. Ruth Ashby was its engineer.';
    const edited = 'The bridge opened in 1931. Work began in 1929. Ruth Ashby was its engineer.';
    const a = makeInstance({ id: 'q', dataset: 'd', title: '', question: 'Who?', context, answers: [{ text: 'Ruth Ashby', start: 27 }], isImpossible: false, lang: 'en', revision: { context: edited, answers: [{ text: 'Ruth Ashby', start: 47 }] } });
    const b = revisedInstance(a) as Instance;
    const row = pairRow(a, b, 'Ruth Ashby', 'Ruth Ashby', 'script');
    expect(row.touchesAnswer).toBe(false);
    expect(summarizePairs([row]).unmodified.C2C).toBe(1);
  });
});
