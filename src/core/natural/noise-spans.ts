/**
 * Offset helpers of passage noise that stay linear in the passage and its questions: a passage
 * asked 2,000 questions protects 2,000 answers, and scanning them per token (or every edit per
 * answer) was passage × questions.
 */
import type { GoldAnswer } from '../data/types.ts';
import type { Edit } from '../entity/substitute.ts';

/**
 * A test "does [s, e) overlap a protected answer" by binary search over the merged answer spans,
 * e.g. spanIndex([{ text: 'Ann', start: 4 }])(5, 9) === true and (0, 4) === false.
 */
export function spanIndex(answers: readonly GoldAnswer[]): (s: number, e: number) => boolean {
  const spans: { start: number; end: number }[] = [];
  for (const a of [...answers].sort((x, y) => x.start - y.start)) {
    const last = spans[spans.length - 1];
    // Only overlapping spans merge, so an empty answer keeps its own (it protects the token around it, as before).
    if (last && a.start < last.end) last.end = Math.max(last.end, a.start + a.text.length);
    else spans.push({ start: a.start, end: a.start + a.text.length });
  }
  // Ends never decrease, so the spans ending after s are a suffix and its first starts earliest.
  return (s, e) => {
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((spans[mid] as { end: number }).end > s) hi = mid;
      else lo = mid + 1;
    }
    const first = spans[lo];
    return first !== undefined && first.start < e;
  };
}

/**
 * An original offset in the edited text, as mapForward(edits, offset) gives it (inside an edit: its
 * new start), found by binary search over the edits (sorted by start, as applyEdits returns them).
 */
export function shiftThrough(edits: readonly Edit[], offset: number): number {
  let lo = 0;
  let hi = edits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((edits[mid] as Edit).start < offset) lo = mid + 1;
    else hi = mid;
  }
  const e = edits[lo - 1];
  if (!e) return offset;
  return offset < e.end ? e.newStart : offset + e.newEnd - e.end;
}
