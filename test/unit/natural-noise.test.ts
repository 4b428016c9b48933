import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { codePointLength, codePointSlice } from '../../src/core/text/codepoints.ts';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { instancesToSquad } from '../../src/core/formats/squad-export.ts';
import { charCount } from '../../src/core/natural/noise-chars.ts';
import { addNoise, augCount, describeNoise, NOISE_KINDS, NOISE_PARAMS, nlpaugTokens, sentenceSpans, synonymOf, type NoiseKind } from '../../src/core/natural/noise.ts';
import { rng } from '../../src/core/text/random.ts';

// A passage written for these tests.
const CONTEXT = 'The Marl estuary bridge opened in 1931 after four years of careful work. Its engineer, Ruth Ashby, quickly became famous for the elegant steel arches that still carry the coast road today.';
const inst = (answer: string, id = 'q'): Instance => ({ id, dataset: 't', title: '', question: 'Who was the engineer?', context: CONTEXT, answers: [{ text: answer, start: CONTEXT.indexOf(answer) }], isImpossible: false, lang: 'en', tags: [] });
const on = (context: string, answer: string, id = 'q'): Instance => ({ ...inst(answer, id), context, answers: [{ text: answer, start: context.lastIndexOf(answer) }] });
const CHAR_KINDS = NOISE_KINDS.filter((k) => NOISE_PARAMS[k].chars);
/** Every output a kind gives over seeds 0–39 ('' for a dropped passage). */
const outputs = (i: Instance, kind: NoiseKind, rate = 0.3) => [...new Set(Array.from({ length: 40 }, (_, seed) => addNoise(i, { kind, rate, seed })?.perturbed.context ?? ''))].sort();

describe('synthetic noise', () => {
  it.each(NOISE_KINDS.map((kind) => ({ kind })))('$kind changes the passage and keeps the answer', ({ kind }) => {
    const r = addNoise(inst('Ruth Ashby'), { kind, rate: 0.3, seed: 3 });
    expect(r).not.toBeNull();
    expect(r?.perturbed.context).not.toBe(CONTEXT);
    expect(r?.changed).toBeGreaterThan(0);
    const a = r?.perturbed.answers[0];
    expect(r?.perturbed.context.slice(a?.start, (a?.start ?? 0) + (a?.text.length ?? 0))).toBe('Ruth Ashby');
  });

  it.each([
    // tokens, aug_p, NLPAug's count: int(p · tokens), at least 1, at most 10
    [3, 0.3, 1],
    [5, 0.3, 1],
    [20, 0.3, 6],
    [33, 0.3, 9],
    [34, 0.3, 10],
    [100, 0.3, 10],
    [1000, 0.3, 10],
    [20, 0.1, 2],
    [10, 0.05, 1],
  ])('augCount(%i tokens, p %f) is %i', (size, p, n) => {
    expect(augCount(size, p, 1, 10)).toBe(n);
  });

  it.each([
    [5, 1],
    [20, 6],
    [33, 9],
    [100, 10],
    [1000, 10],
  ])('a passage of %i tokens gets %i changed words (keyboard, word delete)', (size, n) => {
    const context = `${'bridge '.repeat(size - 1)}Ashby`;
    expect(nlpaugTokens(context)).toHaveLength(size);
    for (const kind of ['keyboard', 'char-delete', 'word-delete', 'word-split'] as const) {
      const r = addNoise(on(context, 'Ashby'), { kind, rate: 0.3, seed: 5 });
      expect(r?.changed, kind).toBe(n);
      if (kind !== 'word-delete') expect(r?.edits, kind).toHaveLength(n);
    }
  });

  it('counts over every token, punctuation and answer included, and changes no more words than qualify', () => {
    // 10 words, 10 commas and the answer: 21 tokens → int(6.3) = 6.
    expect(addNoise(on(`${'bridge, '.repeat(10)}Ashby`, 'Ashby'), { kind: 'keyboard', rate: 0.3, seed: 1 })?.changed).toBe(6);
    // 40 tokens → 10 wanted, but only "near" and "road" have 4 or more characters.
    const short = `${'the cat sat on a mat '.repeat(6)}near the road to Ashby`;
    expect(nlpaugTokens(short)).toHaveLength(41);
    expect(addNoise(on(short, 'Ashby'), { kind: 'keyboard', rate: 0.3, seed: 1 })?.changed).toBe(2);
  });

  it.each([
    // kind, word, characters changed: int(0.3 · length) between aug_char_min and aug_char_max
    ['keyboard', 'bridge', 1],
    ['keyboard', 'quickly', 2],
    ['keyboard', 'engineering', 3],
    ['keyboard', 'x'.repeat(40), 10],
    ['char-substitute', 'quickly', 2],
    ['ocr', 'oooo', 2], // OcrAug's aug_char_min is 2
    ['ocr', 'rat', 1], // … but 'r' is its only character OCR confuses
  ] as const)('%s changes %s in %i characters', (kind, word, n) => {
    for (let seed = 0; seed < 20; seed++) {
      const after = addNoise(on(`${word} Ashby`, 'Ashby'), { kind, rate: 0.3, seed })?.perturbed.context.replace(/ Ashby$/, '') ?? '';
      const a = Array.from(word);
      const b = Array.from(after);
      if (kind === 'char-substitute') expect(b.filter((c, i) => c !== a[i]).length).toBeLessThanOrEqual(n); // a random substitute may repeat the letter
      else expect(b.filter((c, i) => c !== a[i]).length).toBe(n);
    }
    if (NOISE_PARAMS[kind].charModel !== 'ocr') expect(charCount(kind, Array.from(word).length)).toBe(n);
  });

  it('inserts and deletes int(0.3 · length) characters; keyboard typos are QWERTY neighbours in either case', () => {
    for (let seed = 0; seed < 20; seed++) {
      const r = (kind: NoiseKind, w: string) => addNoise(on(`${w} Ashby`, 'Ashby'), { kind, rate: 0.3, seed })?.perturbed.context.replace(/ Ashby$/, '') ?? '';
      expect(r('char-delete', 'engineering')).toHaveLength(8);
      expect(r('char-insert', 'engineering')).toHaveLength(14);
      expect(r('keyboard', 'eeee')).toMatch(/^e*[2@3#4$wrsdfWRSDF]e*$/);
    }
  });

  it('skips words shorter than min_char: 4 for keyboard and split, none for OCR', () => {
    expect(addNoise(on('The cat sat on the mat by Ashby', 'Ashby'), { kind: 'keyboard', rate: 1, seed: 1 })).toBeNull();
    expect(addNoise(on('The cat sat on the mat by Ashby', 'Ashby'), { kind: 'word-split', rate: 1, seed: 1 })).toBeNull();
    expect(addNoise(on('The cat sat near the mat by Ashby', 'Ashby'), { kind: 'keyboard', rate: 1, seed: 1 })?.perturbed.context).toMatch(/^The cat sat (?!near)\S{4} the mat by Ashby$/);
    expect(addNoise(on('o Ashby', 'Ashby'), { kind: 'ocr', rate: 1, seed: 1 })?.perturbed.context).toMatch(/^[u0] Ashby$/);
  });

  it('swaps adjacent characters and keeps each position\'s case (RandomCharAug)', () => {
    expect(outputs(on('Ruth 1931', '1931'), 'char-swap')).toEqual(['Rtuh 1931', 'Ruht 1931', 'Urth 1931']);
  });

  it('deletes words with their space, capitalising the next after a first word (RandomWordAug)', () => {
    expect(addNoise(on('The bridge opened in 1931.', '1931'), { kind: 'word-delete', rate: 1, seed: 1 })?.perturbed.context).toBe('1931.');
    expect(addNoise(on('Ruth Ashby built it well.', 'Ruth Ashby built it'), { kind: 'word-delete', rate: 1, seed: 1 })?.perturbed.context).toBe('Ruth Ashby built it.');
    expect(outputs(on('The bridge opened in 1931.', 'opened in 1931'), 'word-delete')).toEqual(['Bridge opened in 1931.', 'The opened in 1931.']);
  });

  it('swaps a word with its neighbour, fixing the first word\'s case; a pick next to the answer stays', () => {
    expect(outputs(on('The bridge opened in 1931.', 'in 1931'), 'word-swap')).toEqual(['', 'Bridge the opened in 1931.', 'The opened bridge in 1931.']);
  });

  it('finds synonyms of the same part of speech only for content words', () => {
    expect(synonymOf('quickly', ['r'], rng(1))).toMatch(/^(rapidly|speedily|apace|chop-chop)$/);
    expect(synonymOf('in', ['n'], rng(1))).toBeNull();
    expect(synonymOf('quickly', [], rng(1))).toBeNull();
  });

  describe('Wu et al. 2025 App. K: word split, synonym and insertion per sentence, the others per passage; 13 methods', () => {
    it('has the 13 methods, three of them per sentence', () => {
      expect(NOISE_KINDS).toHaveLength(13);
      expect(NOISE_KINDS.filter((k) => NOISE_PARAMS[k].unit === 'sentence')).toEqual(['word-split', 'synonym', 'word-insert']);
    });

    it.each([
      { text: 'A b. C d.', spans: ['A b.', 'C d.'] },
      { text: 'It is 3.5 m. Next!  Then', spans: ['It is 3.5 m.', 'Next!', 'Then'] },
      { text: 'One\nTwo.', spans: ['One\n', 'Two.'] },
      { text: '', spans: [] },
    ])('sentenceSpans($text)', ({ text, spans }) => expect(sentenceSpans(text).map((x) => text.slice(x.start, x.end))).toEqual(spans));

    // Five sentences of 9 words + "." (10 tokens each: int(0.3 · 10) = 3 per sentence) and "Ashby." (2 tokens, nothing to change).
    const s10 = `${'bridge '.repeat(9).trim()}.`;
    const five = on(`${s10} ${s10} ${s10} ${s10} ${s10} Ashby.`, 'Ashby');
    it('splits 3 words in each of five 10-token sentences (15), where per passage it would be 10', () => {
      expect(nlpaugTokens(five.context)).toHaveLength(52);
      const r = addNoise(five, { kind: 'word-split', rate: 0.3, seed: 2 });
      expect(r?.changed).toBe(15);
      const perSentence = sentenceSpans(r?.perturbed.context ?? '').map((sp) => (r?.perturbed.context.slice(sp.start, sp.end).match(/bridge/g) ?? []).length);
      expect(perSentence).toEqual([6, 6, 6, 6, 6, 0]);
      expect(addNoise(five, { kind: 'word-insert', rate: 0.3, seed: 2 })?.changed).toBe(15);
    });

    it('keeps the passage as one input for the other kinds (int(0.3 · 52) = 15, at most 10)', () => {
      for (const kind of ['keyboard', 'word-delete', 'word-substitute'] as const) expect(addNoise(five, { kind, rate: 0.3, seed: 2 })?.changed, kind).toBe(10);
    });

    it('crops one run of aug_cnt tokens that misses the answer (RandomWordAug crop)', () => {
      // 6 tokens at rate 0.5 → 3 in a row; runs from "The" or "bridge" miss "1931". Unlike delete, crop fixes no case.
      expect(outputs(on('The bridge opened in 1931.', '1931'), 'word-crop', 0.5)).toEqual(['The 1931.', 'in 1931.']);
      // rate 1 → 6 tokens in a row would cut the answer: nothing to change.
      expect(addNoise(on('The bridge opened in 1931.', '1931'), { kind: 'word-crop', rate: 1, seed: 1 })).toBeNull();
      // fewer than 2 tokens: NLPAug leaves the text as it was.
      expect(addNoise(on('The bridge opened in 1931.', '1931'), { kind: 'word-crop', rate: 0.2, seed: 1 })).toBeNull();
    });

    it('substitutes one word with another, keeping a capital (ContextualWordEmbsAug substitute, common-word stand-in)', () => {
      for (let seed = 0; seed < 10; seed++) {
        const r = addNoise(on('The bridge opened in 1931.', '1931'), { kind: 'word-substitute', rate: 0.3, seed });
        const a = 'The bridge opened in 1931.'.split(' ');
        const b = r?.perturbed.context.split(' ') ?? [];
        expect(b).toHaveLength(5);
        expect(b.filter((w, i) => w !== a[i])).toHaveLength(1);
        expect(b[0]).toMatch(/^\p{Lu}/u);
      }
    });
  });

  it('states each kind\'s parameters for the UI', () => {
    expect(describeNoise('word-split', 0.3)).toBe("NLPAug SplitAug defaults: 30% of each sentence's tokens, 1–10 words per sentence of ≥ 4 characters.");
    expect(describeNoise('keyboard', 0.3)).toBe("NLPAug KeyboardAug defaults: 30% of the passage's tokens, 1–10 words of ≥ 4 characters; 30% of each word's characters, 1–10.");
    expect(describeNoise('ocr', 0.5)).toBe("NLPAug OcrAug defaults: 50% of the passage's tokens, 1–10 words; 30% of each word's characters, 2–10.");
  });

  const word = fc.stringMatching(/^[a-zA-Z]{1,9}$/);
  const passage = fc.array(fc.tuple(word, fc.constantFrom(' ', ' ', ', ', '. ', ' (', ') ', ' - ')), { minLength: 1, maxLength: 120 }).map((ws) => ws.map(([w, g]) => w + g).join(''));

  it('property: every kind changes at most 10 words and no more than int(rate · tokens) (at least 1) per input (sentence or passage)', () => {
    fc.assert(
      fc.property(passage, fc.constantFrom(...NOISE_KINDS), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.nat(), (before, kind, rate, seed) => {
        const context = `${before} Ashby.`;
        const r = addNoise(on(context, 'Ashby'), { kind, rate, seed });
        if (!r) return;
        // App. K: per sentence for split, synonym and insertion, per passage for the others.
        const inputs = NOISE_PARAMS[kind].unit === 'sentence' ? sentenceSpans(context).map((sp) => nlpaugTokens(context.slice(sp.start, sp.end)).length) : [nlpaugTokens(context).length];
        const wanted = inputs.reduce((n, size) => n + augCount(size, rate, 1, 10), 0);
        expect(r.changed).toBeLessThanOrEqual(wanted);
        expect(r.edits.length).toBeLessThanOrEqual(r.changed);
        // Character noise rewrites whole tokens: each edit is one original word.
        if (CHAR_KINDS.includes(kind)) for (const e of r.edits) expect(nlpaugTokens(e.from)).toHaveLength(1);
      }),
      { numRuns: 400 },
    );
  });

  it('property: answers stay exact at their recomputed offsets; same seed, same output', () => {
    const answers = ['Ruth Ashby', '1931', 'the coast road', 'careful work', 'The Marl estuary bridge'];
    fc.assert(
      fc.property(fc.constantFrom(...NOISE_KINDS), fc.constantFrom(...answers), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.nat(), (kind, answer, rate, seed) => {
        const r = addNoise(inst(answer), { kind, rate, seed });
        if (!r) return;
        for (const a of r.perturbed.answers) expect(r.perturbed.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
        expect(addNoise(inst(answer), { kind, rate, seed })).toEqual(r);
      }),
      { numRuns: 200 },
    );
  });

  it('on the demo set no input (sentence or passage) changes in more than 10 words (prints the median per kind)', () => {
    const demo = loadDemoSet().filter((i) => i.lang === 'en');
    const medians: string[] = [];
    for (const kind of NOISE_KINDS) {
      const per = (i: Instance) => (NOISE_PARAMS[kind].unit === 'sentence' ? sentenceSpans(i.context).length : 1);
      for (const i of demo) expect(addNoise(i, { kind, rate: 0.3, seed: 1 })?.changed ?? 0).toBeLessThanOrEqual(10 * per(i));
      const changed = demo.flatMap((i) => addNoise(i, { kind, rate: 0.3, seed: 1 })?.changed ?? []).sort((a, b) => a - b);
      medians.push(`${kind} ${changed[changed.length >> 1]}`);
    }
    console.log(`median changed words per passage on the demo set (rate 0.3, seed 1): ${medians.join(', ')}`);
  });

  // Astral letters (mathematical script, Deseret) take two UTF-16 units; combining marks one.
  const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

  it.each([
    // word, kind, every possible output (hand-listed: changes are whole code points)
    { kind: 'word-split', word: '𝒜𝓃𝓃𝒶', outputs: ['𝒜 𝓃𝓃𝒶', '𝒜𝓃 𝓃𝒶'] },
    { kind: 'char-delete', word: '𝒜𝓃𝓃𝒶', outputs: ['𝓃𝓃𝒶', '𝒜𝓃𝒶', '𝒜𝓃𝓃'] },
    { kind: 'char-swap', word: '𝒜𝓃𝐨𝒶', outputs: ['𝓃𝒜𝐨𝒶', '𝒜𝐨𝓃𝒶', '𝒜𝓃𝒶𝐨'] },
  ] as const)('$kind on "$word" works on code points (seeds 0–39)', ({ kind, word, outputs: want }) => {
    expect(outputs(on(`${word} 1931`, '1931'), kind, 1)).toEqual(want.map((w) => `${w} 1931`).sort());
  });

  it('property: noise on astral text never leaves a lone surrogate, and exported offsets are Python-correct', () => {
    const astral = fc.array(fc.constantFrom('𝒜', '𝓃', '𐐷', '𝕆', 'a', 'n', 'o', 'r', 'e\u0301', 'ß'), { minLength: 1, maxLength: 8 }).map((l) => l.join(''));
    const gap = fc.constantFrom(' ', ' 😀 ', ' 👩‍👩‍👧 ', ', ');
    const text = fc.array(fc.tuple(astral, gap), { minLength: 2, maxLength: 12 }).map((ws) => ws.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(text, astral, fc.constantFrom(...NOISE_KINDS), fc.double({ min: 0.1, max: 1, noNaN: true }), fc.nat(), (before, answer, kind, rate, seed) => {
        const r = addNoise(on(`${before}${answer}.`, answer), { kind, rate, seed });
        if (!r) return;
        expect(r.perturbed.context).not.toMatch(LONE);
        const a = r.perturbed.answers[0];
        expect(r.perturbed.context.slice(a?.start, (a?.start ?? 0) + answer.length)).toBe(answer);
        for (const p of instancesToSquad([r.perturbed]).data[0]?.paragraphs ?? []) {
          for (const x of p.qas[0]?.answers ?? []) expect(codePointSlice(p.context, x.answer_start, x.answer_start + codePointLength(x.text))).toBe(answer);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('word insertion vocabulary', () => {
  it('never inserts an obscenity or a slur (the subtitle word list has them)', async () => {
    const bad = new Set(((await import('naughty-words/en.json', { with: { type: 'json' } })).default as string[]).map((w) => w.toLowerCase()));
    const inserted = new Set<string>();
    for (const inst of loadDemoSet().filter((i) => i.lang === 'en')) {
      for (let seed = 0; seed < 40; seed++) {
        const r = addNoise(inst, { kind: 'word-insert', rate: 0.3, seed });
        for (const e of r?.edits ?? []) for (const w of e.to.trim().split(/\s+/)) if (w) inserted.add(w.toLowerCase());
      }
    }
    expect(inserted.size).toBeGreaterThan(200);
    expect([...inserted].filter((w) => bad.has(w))).toEqual([]);
  });
});
