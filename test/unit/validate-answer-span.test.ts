import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { answerOf, applyMove, choiceOf, isEdited, moveOfKey, wordsOf, type Choice } from '../../src/app/validate/answer-span.ts';
import { codePointSlice } from '../../src/core/text/codepoints.ts';
import { answerSpanProblem } from '../../src/core/validation/files.ts';

const P = 'Ann met Bo. Then 1,000 😀 fans came.';
const words = wordsOf(P);
const text = (c: Choice) => answerOf(P, words, c);

describe('the validation card’s words (code points, as the files count)', () => {
  it('cuts letters/digits runs and single other characters, with sentence starts', () => {
    expect(words.map((w) => codePointSlice(P, w.start, w.end))).toEqual(['Ann', 'met', 'Bo', '.', 'Then', '1', ',', '000', '😀', 'fans', 'came', '.']);
    expect(words.filter((w) => w.sentenceStart).map((w) => codePointSlice(P, w.start, w.end))).toEqual(['Ann', 'Then']);
    // After the astral emoji, offsets are code points: "fans" starts at 25, not at UTF-16 index 26.
    expect(words[9]).toMatchObject({ start: 25, end: 29 });
  });

  it('a Chinese character is a word of its own', () => {
    expect(wordsOf('鲁迅原名').length).toBe(4);
  });
});

describe('keys → moves → the answer', () => {
  it.each([
    ['ArrowRight', false, 'next'],
    ['ArrowRight', true, 'grow'],
    ['ArrowLeft', true, 'shrink'],
    ['ArrowDown', false, 'next-sentence'],
    ['0', false, 'no-answer'],
    ['c', false, 'clear'],
    ['y', false, null],
  ])('%s (shift %s) is %s', (key, shift, move) => {
    expect(moveOfKey(key, shift)).toBe(move);
  });

  it('→ picks the first word, Shift+→ grows the answer, ↓ jumps to the next sentence', () => {
    let c: Choice = { kind: 'none' };
    expect(text(c)).toBeUndefined();
    c = applyMove(words, c, 'next');
    expect(text(c)).toEqual({ text: 'Ann', start: 0 });
    c = applyMove(words, applyMove(words, c, 'grow'), 'grow');
    expect(text(c)).toEqual({ text: 'Ann met Bo', start: 0 });
    c = applyMove(words, c, 'next-sentence');
    expect(text(c)).toEqual({ text: 'Then', start: 12 });
    c = applyMove(words, applyMove(words, applyMove(words, c, 'next'), 'grow'), 'grow');
    expect(text(c)).toEqual({ text: '1,000', start: 17 });
    expect(text(applyMove(words, c, 'prev-sentence'))).toEqual({ text: 'Then', start: 12 });
    expect(text(applyMove(words, c, 'no-answer'))).toBeNull();
    expect(text(applyMove(words, c, 'clear'))).toBeUndefined();
  });

  it('moves stay inside the passage', () => {
    expect(text(applyMove(words, { kind: 'none' }, 'prev'))).toEqual({ text: 'Ann', start: 0 });
    expect(text(applyMove(words, { kind: 'span', anchor: 11, focus: 11 }, 'next'))).toEqual({ text: '.', start: 34 });
    expect(text(applyMove(words, { kind: 'span', anchor: 0, focus: 0 }, 'shrink'))).toEqual({ text: 'Ann', start: 0 });
  });

  it('a stored answer selects its words again (resuming a case)', () => {
    expect(choiceOf(words, { text: '1,000', start: 17 })).toEqual({ kind: 'span', anchor: 5, focus: 7 });
    expect(choiceOf(words, null)).toEqual({ kind: 'no-answer' });
    expect(choiceOf(words, undefined)).toEqual({ kind: 'none' });
  });

  it('every answer the keys can make is one the annotation reader accepts (fast-check)', () => {
    const moves = fc.constantFrom('next', 'prev', 'grow', 'shrink', 'next-sentence', 'prev-sentence', 'first', 'last', 'no-answer', 'clear' as const);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.', '😀', '鲁', ',', '\n') }), fc.array(moves, { maxLength: 20 }), (passage, ms) => {
        const ws = wordsOf(passage);
        let c: Choice = { kind: 'none' };
        for (const m of ms) c = applyMove(ws, c, m);
        const a = answerOf(passage, ws, c);
        if (a === undefined) return;
        expect(answerSpanProblem({ passage }, a)).toBeNull();
        expect(choiceOf(ws, a)).toEqual(a === null ? { kind: 'no-answer' } : { kind: 'span', anchor: Math.min((c as { anchor: number }).anchor, (c as { focus: number }).focus), focus: Math.max((c as { anchor: number }).anchor, (c as { focus: number }).focus) });
      }),
    );
  });
});

describe('the edit highlight', () => {
  it.each([
    [{ start: 4, end: 7 }, [{ start: 5, end: 6 }], true],
    [{ start: 4, end: 7 }, [{ start: 7, end: 9 }], false],
    // A deletion is an empty span where the text was: the word after it is marked.
    [{ start: 4, end: 7 }, [{ start: 4, end: 4 }], true],
    [{ start: 4, end: 7 }, [{ start: 7, end: 7 }], false],
  ])('%o with edits %o is edited: %s', (w, edits, want) => {
    expect(isEdited(w, edits)).toBe(want);
  });
});
