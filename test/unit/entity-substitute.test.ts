import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordDiff } from '../../src/core/text/diff.ts';
import { applySubstitutions, findMentions, mapBack, mapForward, mapSpanBack, matchCase } from '../../src/core/entity/substitute.ts';

describe('findMentions (whole words only)', () => {
  it.each([
    { name: 'plain word', text: 'Ann met Bob.', from: 'Ann', found: ['0-3'] },
    { name: 'not inside a longer word', text: 'Ann announced it; Annette too.', from: 'Ann', found: ['0-3'] },
    { name: 'possessive counts', text: "Curie's lab", from: 'Curie', found: ['0-5'] },
    { name: 'hyphenated neighbour counts', text: 'the Curie-Sklodowska prize', from: 'Curie', found: ['4-9'] },
    { name: 'capitals for headlines', text: 'CURIE WINS; Curie smiles', from: 'Curie', found: ['0-5', '12-17'] },
    { name: 'multi-word name', text: 'New York and York', from: 'New York', found: ['0-8'] },
    { name: 'case differs: not matched', text: 'the curie unit', from: 'Curie', found: [] },
    { name: 'accented neighbour letter', text: 'Annéa and Ann', from: 'Ann', found: ['10-13'] },
    { name: 'digits are word characters', text: 'Ann2 Ann', from: 'Ann', found: ['5-8'] },
    // UTF-16 offsets below; 𝒜 and 𠀀 are letters of two units each.
    { name: 'astral letter before: not a boundary', text: '𝒜nn met nn', from: 'nn', found: ['9-11'] },
    { name: 'astral letter after: not a boundary', text: 'Ann𝒜 and Ann', from: 'Ann', found: ['10-13'] },
    { name: 'a name with an astral letter, and its capitals', text: '𝒜nn met 𝒜nna and 𝒜NN', from: '𝒜nn', found: ['0-4', '19-23'] },
    { name: 'emoji are not letters', text: '😀Ann😀', from: 'Ann', found: ['2-5'] },
    { name: 'CJK Extension B before, like BMP CJK', text: '𠀀Ann 北Ann Ann', from: 'Ann', found: ['11-14'] },
  ])('$name', ({ text, from, found }) => {
    expect(findMentions(text, from).map((m) => `${m.start}-${m.end}`)).toEqual(found);
  });
});

describe('applySubstitutions', () => {
  it.each([
    { name: 'reference bug: "announced" stays', text: 'Ann announced that Ann left.', subs: [['Ann', 'Beth']], out: 'Beth announced that Beth left.' },
    { name: 'longest name first', text: 'New York is not York.', subs: [['York', 'Leeds'], ['New York', 'Boston']], out: 'Boston is not Leeds.' },
    { name: 'capitals kept', text: 'CURIE: Curie', subs: [['Curie', 'Smith']], out: 'SMITH: Smith' },
    { name: 'swap without chaining', text: 'Ann and Bob', subs: [['Ann', 'Bob'], ['Bob', 'Ann']], out: 'Bob and Ann' },
    { name: 'nothing to do', text: 'no names here', subs: [['Ann', 'Beth']], out: 'no names here' },
  ])('$name', ({ text, subs, out }) => {
    expect(applySubstitutions(text, subs.map(([from, to]) => ({ from: from as string, to: to as string }))).text).toBe(out);
  });

  it('matchCase keeps capitals only for all-capital mentions', () => {
    expect(matchCase('CURIE', 'Curie', 'Smith')).toBe('SMITH');
    expect(matchCase('Curie', 'Curie', 'Smith')).toBe('Smith');
  });

  it('maps offsets both ways around an edit', () => {
    const { edits } = applySubstitutions('Ann met Bob', [{ from: 'Ann', to: 'Beth' }]);
    expect(mapForward(edits, 0)).toBe(0);
    expect(mapForward(edits, 4)).toBe(5);
    expect(mapForward(edits, 3, 'end')).toBe(4);
    expect(mapBack(edits, 5)).toBe(4);
    expect(mapSpanBack(edits, 1, 3)).toEqual({ start: 0, end: 3 }); // a span inside "Beth" covers "Ann"
  });
});

const word = fc.stringMatching(/^[A-Z][a-z]{1,7}$/);
const filler = fc.stringMatching(/^[a-z ,.'-]{0,12}$/);

describe('substitution properties', () => {
  it('replaces every whole-word mention and edits nothing else', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(word, filler), { minLength: 1, maxLength: 20 }), word, word, (parts, from, to) => {
        fc.pre(from !== to && !from.includes(to) && !to.includes(from));
        const text = parts.join(' ');
        const { text: out, edits } = applySubstitutions(text, [{ from, to }]);
        expect(findMentions(out, from)).toEqual([]);
        expect(edits.length).toBe(findMentions(text, from).length);
        // Outside the edits the text is unchanged: undo every edit and get the original back.
        let undone = out;
        for (const e of [...edits].reverse()) undone = undone.slice(0, e.newStart) + e.from + undone.slice(e.newEnd);
        expect(undone).toBe(text);
        for (const e of edits) {
          expect(out.slice(e.newStart, e.newEnd)).toBe(e.to);
          expect(/[\p{L}\p{N}]/u.test(out[e.newStart - 1] ?? ' ')).toBe(false);
          expect(/[\p{L}\p{N}]/u.test(out[e.newEnd] ?? ' ')).toBe(false);
        }
      }),
    );
  });

  it('maps offsets outside edits forward and back unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(word, filler), { minLength: 1, maxLength: 12 }), word, word, fc.nat(), (parts, from, to, k) => {
        const text = parts.join(' ');
        const { text: out, edits } = applySubstitutions(text, [{ from, to }]);
        const off = k % (text.length + 1);
        if (edits.some((e) => off > e.start && off < e.end)) return;
        const fwd = mapForward(edits, off);
        expect(mapBack(edits, fwd)).toBe(off);
        expect(out.slice(fwd, fwd + 1)).toBe(text.slice(off, off + 1));
      }),
    );
  });
});

describe('wordDiff', () => {
  it.each([
    { name: 'renamed person', a: 'Ann Hollis met Bob.', b: 'Mia Stone met Bob.', pieces: ['-Ann Hollis', '+Mia Stone', '= met Bob.'] },
    { name: 'no change', a: 'same text', b: 'same text', pieces: ['=same text'] },
    { name: 'never splits a word', a: 'announced', b: 'announces', pieces: ['-announced', '+announces'] },
    { name: 'insertion', a: 'in Leeds.', b: 'in rainy Leeds.', pieces: ['=in ', '+rainy ', '=Leeds.'] },
    { name: 'a Chinese name alone, each character a word', a: '鲁迅原名周树人，浙江人。', b: '鲁迅原名关桂馨，浙江人。', pieces: ['=鲁迅原名', '-周树人', '+关桂馨', '=，浙江人。'] },
  ])('$name', ({ a, b, pieces }) => {
    expect(wordDiff(a, b).map((p) => ({ equal: '=', delete: '-', insert: '+' })[p.op] + p.text)).toEqual(pieces);
  });

  it('past ~63,000 distinct words it diffs code points: an emoji is never cut in half', () => {
    const many = Array.from({ length: 64_000 }, (_, i) => `w${i}`).join(' ');
    const d = wordDiff(`${many} 😀`, `${many} 😁`);
    expect(d.slice(-2)).toEqual([{ op: 'delete', text: '😀' }, { op: 'insert', text: '😁' }]);
    expect(d[0]).toEqual({ op: 'equal', text: `${many} ` });
  }, 60_000); // ~2 s: a large input on purpose, so a generous limit that a busy machine cannot hit

  it('property: the equal and deleted pieces give the original, equal and inserted the new text', () => {
    const text = fc.array(fc.constantFrom('Ann', 'Bob', 'met', 'in', 'Leeds', ' ', ', ', '.'), { maxLength: 30 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const d = wordDiff(a, b);
        expect(d.filter((p) => p.op !== 'insert').map((p) => p.text).join('')).toBe(a);
        expect(d.filter((p) => p.op !== 'delete').map((p) => p.text).join('')).toBe(b);
      }),
    );
  });
});
