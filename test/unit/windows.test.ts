/**
 * Sliding windows as run_qa.py builds them (truncation="only_second", stride=doc_stride,
 * return_overflowing_tokens=True), checked on hand-computed cases and random sizes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeText, type EncodedText, type PairTemplate } from '../../src/core/qa/tokenizer.ts';
import { char, type CharSpan } from '../../src/core/types.ts';
import { buildWindows, DEFAULT_WINDOWS, type Window } from '../../src/core/qa/windows.ts';
import { loadFixtureTokenizer } from './helpers/fixture-tokenizer.ts';

const bert = loadFixtureTokenizer('bert-cased-mini');
const roberta = loadFixtureTokenizer('roberta-mini');
const CLS = bert.tokenId('[CLS]');
const SEP = bert.tokenId('[SEP]');

/** A synthetic passage of n tokens with ids 1000+i, each token one character of a long string. */
function passage(n: number): EncodedText {
  return { ids: Array.from({ length: n }, (_, i) => 1000 + i), spans: Array.from({ length: n }, (_, i) => ({ start: char(2 * i), end: char(2 * i + 1) })) };
}
function question(n: number): EncodedText {
  return { ids: Array.from({ length: n }, (_, i) => 500 + i), spans: Array.from({ length: n }, (_, i) => ({ start: char(i), end: char(i + 1) })) };
}
const specials = (t: PairTemplate) => t.prefix.length + t.middle.length + t.suffix.length;

/** The passage token indices a window holds, read back from the synthetic ids. */
const passageRange = (w: Window): number[] => w.inputIds.filter((id) => id >= 1000).map((id) => id - 1000);

/** Layout check shared by all cases: [prefix q middle] ctx [suffix], types and null spans in place. */
function checkLayout(w: Window, q: EncodedText, qLen: number, ctx: EncodedText, start: number, t: PairTemplate): void {
  const head = [...t.prefix, ...q.ids.slice(0, qLen), ...t.middle];
  const n = w.inputIds.length - head.length - t.suffix.length;
  expect(w.inputIds).toEqual([...head, ...ctx.ids.slice(start, start + n), ...t.suffix]);
  expect(w.tokenTypeIds).toEqual([...head.map(() => t.typeA), ...Array<number>(n + t.suffix.length).fill(t.typeB)]);
  expect(w.contextSpans).toEqual([...head.map(() => null), ...ctx.spans.slice(start, start + n), ...t.suffix.map(() => null)]);
  expect(w.key).toBe(w.inputIds.join(','));
}

describe('buildWindows', () => {
  it('BERT template from the fixture: [CLS] q [SEP] / p [SEP], types 0 then 1', () => {
    expect(bert.template).toEqual({ prefix: [CLS], middle: [SEP], suffix: [SEP], typeA: 0, typeB: 1, clsIndex: 0, padId: bert.tokenId('[PAD]') });
  });

  it('RoBERTa template from the fixture: <s> q </s></s> p </s>, all types 0', () => {
    const s = roberta.tokenId('<s>');
    const e = roberta.tokenId('</s>');
    expect(roberta.template).toEqual({ prefix: [s], middle: [e, e], suffix: [e], typeA: 0, typeB: 0, clsIndex: 0, padId: roberta.tokenId('<pad>') });
  });

  it('short passage: one window holding everything (real tokenizer)', () => {
    const q = encodeText(bert, 'Where is Paris?');
    const ctx = encodeText(bert, 'Paris is the capital of France.');
    const ws = buildWindows(q, ctx, bert.template);
    expect(ws).toHaveLength(1);
    const w = ws[0] as Window;
    const id = (t: string) => bert.tokenId(t);
    expect(w.inputIds).toEqual([CLS, id('W'), id('##h'), id('##e'), id('##r'), id('##e'), id('is'), id('Paris'), id('?'), SEP, id('Paris'), id('is'), id('the'), id('capital'), id('of'), id('France'), id('.'), SEP]);
    expect(w.tokenTypeIds).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    const text = 'Paris is the capital of France.';
    expect(w.contextSpans.map((s) => (s ? text.slice(s.start, s.end) : null))).toEqual([
      null, null, null, null, null, null, null, null, null, null, 'Paris', 'is', 'the', 'capital', 'of', 'France', '.', null,
    ]);
  });

  it('RoBERTa: double separator and all-zero token types (real tokenizer)', () => {
    const q = encodeText(roberta, 'the capital');
    const ctx = encodeText(roberta, 'Paris is the capital');
    const [w, ...rest] = buildWindows(q, ctx, roberta.template);
    expect(rest).toHaveLength(0);
    const id = (t: string) => roberta.tokenId(t);
    const s = id('<s>');
    const e = id('</s>');
    expect(w?.inputIds).toEqual([s, id('t'), id('he'), id('Ġcap'), id('i'), id('t'), id('a'), id('l'), e, e, id('Paris'), id('Ġis'), id('Ġthe'), id('Ġcap'), id('i'), id('t'), id('a'), id('l'), e]);
    expect(w?.tokenTypeIds.every((t) => t === 0)).toBe(true);
    expect(w?.contextSpans.map((sp) => sp !== null)).toEqual([false, false, false, false, false, false, false, false, false, false, true, true, true, true, true, true, true, true, false]);
  });

  // room = maxLength - question - specials; windows start at 0, room-stride, 2(room-stride)...
  it.each([
    { name: 'fits exactly: one window', maxLength: 20, docStride: 4, q: 3, n: 14, template: 'bert', starts: [0], ends: [14] },
    { name: 'one token over: a second window of the overlap + 1', maxLength: 20, docStride: 4, q: 3, n: 15, template: 'bert', starts: [0, 10], ends: [14, 15] },
    { name: 'second window ends exactly at the end: no third', maxLength: 20, docStride: 4, q: 3, n: 24, template: 'bert', starts: [0, 10], ends: [14, 24] },
    { name: 'three windows (room 14, stride 4, step 10)', maxLength: 20, docStride: 4, q: 3, n: 30, template: 'bert', starts: [0, 10, 20], ends: [14, 24, 30] },
    { name: 'stride 0: disjoint windows', maxLength: 20, docStride: 0, q: 3, n: 30, template: 'bert', starts: [0, 14, 28], ends: [14, 28, 30] },
    { name: 'stride >= room shrinks to room - 1 (step 1)', maxLength: 10, docStride: 128, q: 3, n: 6, template: 'bert', starts: [0, 1, 2], ends: [4, 5, 6] },
    { name: 'RoBERTa has one more special (room 13, step 9)', maxLength: 20, docStride: 4, q: 3, n: 30, template: 'roberta', starts: [0, 9, 18], ends: [13, 22, 30] },
    { name: 'defaults: 600 tokens, 10-token question → starts 0 and 243', maxLength: 384, docStride: 128, q: 10, n: 600, template: 'bert', starts: [0, 243], ends: [371, 600] },
    { name: 'defaults: 1000 tokens → 0, 243, 486, 729', maxLength: 384, docStride: 128, q: 10, n: 1000, template: 'bert', starts: [0, 243, 486, 729], ends: [371, 614, 857, 1000] },
    { name: 'empty passage: one window without passage tokens', maxLength: 20, docStride: 4, q: 3, n: 0, template: 'bert', starts: [0], ends: [0] },
  ])('$name', ({ maxLength, docStride, q, n, template, starts, ends }) => {
    const t = template === 'bert' ? bert.template : roberta.template;
    const qt = question(q);
    const ctx = passage(n);
    const ws = buildWindows(qt, ctx, t, { maxLength, docStride, maxQueryLength: 64 });
    expect(ws.map((w) => passageRange(w)[0] ?? 0)).toEqual(starts);
    expect(ws.map((w) => (passageRange(w).at(-1) ?? -1) + 1)).toEqual(ends);
    ws.forEach((w, i) => {
      checkLayout(w, qt, q, ctx, starts[i] as number, t);
      expect(w.inputIds.length).toBeLessThanOrEqual(maxLength);
    });
  });

  it.each([
    { name: 'question over maxQueryLength is cut to its first tokens', q: 70, maxQueryLength: 64, kept: 64 },
    { name: 'question at maxQueryLength is kept whole', q: 64, maxQueryLength: 64, kept: 64 },
    { name: 'a smaller maxQueryLength', q: 20, maxQueryLength: 5, kept: 5 },
  ])('$name', ({ q, maxQueryLength, kept }) => {
    const qt = question(q);
    const ctx = passage(400);
    const ws = buildWindows(qt, ctx, bert.template, { ...DEFAULT_WINDOWS, maxQueryLength });
    const room = 384 - kept - 3;
    const first = ws[0] as Window;
    expect(first.inputIds.slice(0, kept + 2)).toEqual([CLS, ...qt.ids.slice(0, kept), SEP]);
    expect(passageRange(first)).toHaveLength(room);
    ws.forEach((w, i) => checkLayout(w, qt, kept, ctx, i * (room - 128), bert.template));
  });

  it('throws a RangeError when the question leaves no room', () => {
    expect(() => buildWindows(question(10), passage(5), bert.template, { maxLength: 13, docStride: 1, maxQueryLength: 64 })).toThrow(RangeError);
    expect(() => buildWindows(question(10), passage(5), bert.template, { maxLength: 14, docStride: 1, maxQueryLength: 64 })).not.toThrow();
  });

  it('windows of a long real passage reassemble to the passage tokens', () => {
    const text = Array.from({ length: 60 }, (_, i) => ['Paris', 'is', 'the', 'capital', 'of', 'France', 'unaffable', '北京', 'café'][i % 9]).join(' ');
    const q = encodeText(bert, 'What is the capital?');
    const ctx = encodeText(bert, text);
    const ws = buildWindows(q, ctx, bert.template, { maxLength: 32, docStride: 8, maxQueryLength: 64 });
    expect(ws.length).toBeGreaterThan(3);
    const room = 32 - q.ids.length - 3;
    const seen: (CharSpan | null)[] = [];
    ws.forEach((w, i) => {
      const spans = w.contextSpans.filter((s) => s !== null);
      spans.forEach((s, k) => (seen[i * (room - 8) + k] = s));
      checkLayout(w, q, q.ids.length, ctx, i * (room - 8), bert.template);
    });
    expect(seen).toEqual(ctx.spans);
  });
});

describe('window properties', () => {
  it('every passage token is in a window, windows fit, starts follow the stride', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 80 }),
        fc.boolean(),
        (n, q, extra, docStride, maxQueryLength, useRoberta) => {
          const t = useRoberta ? roberta.template : bert.template;
          const kept = Math.min(q, maxQueryLength);
          const maxLength = kept + specials(t) + extra;
          const ws = buildWindows(question(q), passage(n), t, { maxLength, docStride, maxQueryLength });
          const room = extra;
          const step = room - Math.min(docStride, room - 1);
          const covered = new Set<number>();
          ws.forEach((w, i) => {
            expect(w.inputIds.length).toBeLessThanOrEqual(maxLength);
            const r = passageRange(w);
            r.forEach((x) => covered.add(x));
            if (n > 0) expect(r[0]).toBe(i * step);
            checkLayout(w, question(q), kept, passage(n), i * step, t);
          });
          expect(covered.size).toBe(n);
          // The last window reaches the end and is the first one to do so.
          expect(ws.slice(0, -1).every((w) => (passageRange(w).at(-1) ?? -1) + 1 < n)).toBe(true);
          if (n > 0) expect((passageRange(ws.at(-1) as Window).at(-1) ?? -1) + 1).toBe(n);
        },
      ),
      { numRuns: 150 },
    );
  });
});
