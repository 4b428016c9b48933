/** logits.jsonl records: token offsets leave the tool, so they count code points of the passage. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointSlice } from '../../src/core/text/codepoints.ts';
import { logitsRecord } from '../../src/core/qa/logits-dump.ts';
import { char, type CharSpan } from '../../src/core/types.ts';
import type { Window } from '../../src/core/qa/windows.ts';

const window = (contextSpans: (CharSpan | null)[]): Window => ({ inputIds: contextSpans.map((_, k) => k), tokenTypeIds: contextSpans.map((s) => (s ? 1 : 0)), contextSpans, key: '' });
const span = (start: number, end: number): CharSpan => ({ start: char(start), end: char(end) });
const logits = (n: number) => ({ start: new Float32Array(n).fill(0.5), end: new Float32Array(n).fill(-1) });

describe('logitsRecord', () => {
  it.each([
    // context, UTF-16 spans, code-point offsets (hand-counted)
    { context: 'Ann met Bob', spans: [span(0, 3), span(8, 11)], want: [[0, 3], [8, 11]] },
    { context: '😀 Ann', spans: [span(0, 2), span(3, 6)], want: [[0, 1], [2, 5]] },
    { context: '𝒜nn and 👩‍👩‍👧 Bob', spans: [span(0, 4), span(5, 8), span(9, 17), span(18, 21)], want: [[0, 3], [4, 7], [8, 13], [14, 17]] },
  ])('$context', ({ context, spans, want }) => {
    const r = logitsRecord('q1', 2, context, window([null, ...spans, null]), logits(spans.length + 2));
    expect(r.offsets).toEqual([null, ...want, null]);
    expect(Object.keys(r)).toEqual(['id', 'window', 'input_ids', 'token_type_ids', 'offsets', 'start_logits', 'end_logits']);
    expect(r).toMatchObject({ id: 'q1', window: 2, start_logits: Array(spans.length + 2).fill(0.5), end_logits: Array(spans.length + 2).fill(-1) });
  });

  it("property: Python's context[start:end] is the token's text", () => {
    const piece = fc.oneof(fc.constantFrom('😀', '👩‍👩‍👧', 'e\u0301', '𝒜', '𠀀', 'Ann', ' '), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 20 }), (pieces) => {
        const context = pieces.join('');
        const spans: CharSpan[] = [];
        let at = 0;
        for (const p of pieces) spans.push(span(at, (at += p.length)));
        const r = logitsRecord('q', 0, context, window(spans), logits(spans.length));
        r.offsets.forEach((o, k) => expect(codePointSlice(context, o?.[0] ?? -1, o?.[1])).toBe(pieces[k]));
      }),
    );
  });
});
