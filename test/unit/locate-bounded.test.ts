/** locate(): nearest occurrence of an answer with bounded work (issue 25.3), counted in visited positions, not timed. */
import { describe, expect, it } from 'vitest';
import { locate, locateWork } from '../../src/core/formats/common.ts';
import { importFile } from '../../src/core/formats/index.ts';

/** A SQuAD 1.1 file of about 1.5 MB: one long passage with `occ` "the"s, `q` questions whose answer_start lies past its end. */
function hostileSquad(words: number, q: number): { bytes: Uint8Array; context: string } {
  const context = Array.from({ length: words }, (_, i) => (i % 2 ? 'the' : 'river')).join(' ');
  const qas = Array.from({ length: q }, (_, i) => ({ id: `q${i}`, question: `Which one, ${i}?`, answers: [{ text: 'the', answer_start: context.length + 10 + i }] }));
  const doc = JSON.stringify({ version: '1.1', data: [{ title: 'T', paragraphs: [{ context, qas }] }] });
  return { bytes: new TextEncoder().encode(doc), context };
}

describe('locate', () => {
  it.each([
    { context: 'a b a', text: 'a', near: 3, want: 4 },
    { context: 'a b a', text: 'a', near: 2, want: 0 }, // tie: the earlier one
    { context: 'a b a', text: 'a', near: -1, want: 0 },
    { context: 'a b a', text: 'a', near: 99, want: 4 },
    { context: 'a b a', text: 'a', near: 1.5, want: 0 },
    { context: 'a b a', text: 'c', near: 0, want: -1 },
    { context: 'a b a', text: '', near: 0, want: -1 },
    { context: 'aaaa', text: 'aa', near: 2, want: 2 },
  ])('locate($context, $text, $near) → $want', ({ context, text, near, want }) => {
    expect(locate(context, text, near)).toBe(want);
  });

  it('a 1.5 MB file with every answer_start past the passage end: positions visited stay near one pass over the occurrences, not one per question', async () => {
    const { bytes, context } = hostileSquad(200_000, 8_000);
    expect(bytes.length).toBeGreaterThan(1_400_000);
    const occurrences = context.split('the').length - 1;
    const before = locateWork.scanned;
    const r = await importFile('hostile.json', bytes, { dataset: 'h' });
    expect(r.instances).toHaveLength(8_000);
    expect(r.instances[0]?.answers).toEqual([{ text: 'the', start: context.lastIndexOf('the') }]);
    const scanned = locateWork.scanned - before;
    // One enumeration of the occurrences plus a binary search (≤ 20 steps) per question; before: 8,000 × 100,000.
    expect(scanned).toBeLessThanOrEqual(occurrences + 8_000 * 20);
  }, 120_000);
});
