/**
 * Issue 40.2: one huge passage asked many questions is worked on once, not once per question. These
 * tests count the work (sizes and calls), never time: the content hash's text grows with the
 * passage plus the questions, not their product; the code-point index of a passage is built once
 * per passage; the offset conversions and sentenceAt's local search agree with their definitions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bigPassageJson, bigPassageSquad } from '../../scripts/lib/big-passage.ts';
import { contentText } from '../../src/core/data/content-hash.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { instancesToSquad } from '../../src/core/formats/squad-export.ts';
import { codePointMapper, codePointSlice, isLowSurrogateAt, mapperBuilds } from '../../src/core/text/codepoints.ts';
import { sentenceAt, sentenceSpans, sentenceSplits } from '../../src/core/text/sentences.ts';
import { prepareTraps } from '../../src/core/trap/experiment.ts';
import { detectEntities } from '../../src/core/entity/spans.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

/** The big-passage file imported as the app and qarx import it. */
async function imported(chars: number, questions: number) {
  return importFile('big.json', bytes(bigPassageJson({ chars, questions, astralEvery: 7 })), { dataset: 'big' });
}

describe('a big passage asked many questions (issue 40.2)', () => {
  it('the generator writes correct code-point answer_start (Python slicing finds each answer)', () => {
    const f = bigPassageSquad({ chars: 5000, questions: 40, astralEvery: 3 });
    const p = f.data[0]?.paragraphs[0];
    expect(p?.qas).toHaveLength(40);
    for (const qa of p?.qas ?? []) for (const a of qa.answers) expect(codePointSlice(p?.context ?? '', a.answer_start, a.answer_start + Array.from(a.text).length)).toBe(a.text);
  });

  it('imports every question at its offset, with no offset issue', async () => {
    const r = await imported(20_000, 300);
    expect(r.instances).toHaveLength(300);
    expect(r.issues).toEqual([]);
    for (const i of r.instances) for (const a of i.answers) expect(i.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
  });

  it('the content hash covers each passage once: its text grows with passage + questions, not passage × questions', async () => {
    const r = await imported(200_000, 400);
    const passage = r.instances[0]?.context.length ?? 0;
    // Each question adds its id, question, answers and passage number (< 200 characters), the passage is in once.
    expect(contentText(r.instances).length).toBeLessThan(passage * 1.1 + 400 * 200);
  });

  it('the content hash still tells different data apart (passage, question, answer, order)', async () => {
    const base = (await imported(2000, 4)).instances;
    const variants = [
      base.map((i, k) => (k === 1 ? { ...i, context: `${i.context} ` } : i)),
      base.map((i, k) => (k === 2 ? { ...i, question: `${i.question}?` } : i)),
      base.map((i, k) => (k === 3 ? { ...i, answers: [{ text: 'x', start: 0 }] } : i)),
      [...base].reverse(),
    ];
    for (const v of variants) expect(contentText(v)).not.toBe(contentText(base));
  });

  it('exporting 2,000 questions of one passage indexes its code points once', async () => {
    const r = await imported(50_000, 2000);
    const before = mapperBuilds.count;
    const squad = instancesToSquad(r.instances);
    expect(mapperBuilds.count - before).toBe(1);
    expect(squad.data[0]?.paragraphs).toHaveLength(1);
  });

  it('trapping 300 questions of one passage finds each answer sentence without splitting the whole passage', async () => {
    const r = await imported(50_000, 300);
    const before = sentenceSplits.count;
    const { items } = prepareTraps(r.instances, { source: 'generated', position: 'after', seed: 1 });
    expect(items).toHaveLength(300);
    expect(sentenceSplits.count - before).toBe(0);
  });
});

/** The definitions, unit by unit: code points before UTF-16 offset u (a low half after a high one is no code point of its own). */
const cpBefore = (s: string, u: number) => {
  let n = 0;
  for (let k = 0; k < Math.min(Math.max(0, u), s.length); k++) if (!isLowSurrogateAt(s, k)) n++;
  return n;
};
/** The UTF-16 offset where code point c starts (s.length past the end). */
const u16Of = (s: string, c: number) => {
  for (let u = 0; u < s.length; u++) if (!isLowSurrogateAt(s, u) && cpBefore(s, u) === Math.max(0, c)) return u;
  return s.length;
};

describe('tagging a long passage (offsets computed once per kind, overlaps by covered units)', () => {
  it('every entity of a 20,000-character passage is the text at its span, none overlap, and the asked people are found', () => {
    const f = bigPassageSquad({ chars: 20_000, questions: 30, astralEvery: 5 });
    const p = f.data[0]?.paragraphs[0] as { context: string; qas: { answers: { text: string }[] }[] };
    const found = detectEntities(p.context);
    for (const e of found) expect(p.context.slice(e.start, e.end)).toBe(e.text);
    for (let k = 1; k < found.length; k++) expect(found[k]?.start ?? 0).toBeGreaterThanOrEqual(found[k - 1]?.end ?? 0);
    const people = new Set(found.filter((e) => e.type === 'PER').map((e) => e.text));
    expect(p.qas.filter((qa) => people.has(qa.answers[0]?.text ?? '')).length).toBeGreaterThan(20);
  });
});

describe('offset conversion and sentence search agree with their definitions', () => {
  it('codePointMapper (astral characters listed only) equals the per-unit count on every UTF-16 offset, lone surrogates too (property)', () => {
    const text = fc.array(fc.constantFrom('a', ' ', '😀', '𠀀', '\ud800', '\udc00', 'é'), { maxLength: 30 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, (s) => {
        const m = codePointMapper(s);
        const n = Array.from(s).length;
        for (let u = -1; u <= s.length + 1; u++) expect(m.toCodePoint(u)).toBe(cpBefore(s, u));
        for (let c = -1; c <= n + 1; c++) expect(m.fromCodePoint(c)).toBe(u16Of(s, c));
      }),
      { numRuns: 1000 },
    );
  });

  it('sentenceAt, searching around the offset only, equals the first sentence of sentenceSpans ending past it (property)', () => {
    const text = fc.array(fc.constantFrom('a', ' ', '.', '!', '?', '\n', '。', '3', '\t'), { maxLength: 30 }).map((a) => a.join(''));
    const whole = (t: string, offset: number) => {
      const spans = sentenceSpans(t);
      return spans.find((s) => s.end > offset) ?? { start: spans.at(-1)?.end ?? 0, end: t.length };
    };
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 34 }), (t, offset) => {
        expect(sentenceAt(t, offset)).toEqual(whole(t, offset));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    // text, offset, sentence (hand-split)
    ['A b. C d. E.', 6, { start: 5, end: 9 }],
    ['A b. C d. E.', 0, { start: 0, end: 4 }],
    ['A.\n\nB', 2, { start: 4, end: 5 }],
    ['A b.   ', 6, { start: 4, end: 7 }],
    ['3.5 is it. Yes', 1, { start: 0, end: 10 }],
  ])('sentenceAt(%j, %i) → %j', (t, offset, span) => {
    expect(sentenceAt(t, offset)).toEqual(span);
  });
});
