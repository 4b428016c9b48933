/** Splitting a passage into plain and marked pieces, so highlights render as text nodes (never HTML). */

export interface Mark {
  start: number;
  end: number;
  kind: string;
}

export interface Segment {
  text: string;
  /** Kinds of all marks covering this piece, e.g. ['answer', 'gold']. */
  kinds: string[];
}

/**
 * Cuts text at every mark boundary, e.g. segments('Paris is big', [{start: 0, end: 5, kind: 'answer'}])
 * → [{text: 'Paris', kinds: ['answer']}, {text: ' is big', kinds: []}].
 */
export function segments(text: string, marks: readonly Mark[]): Segment[] {
  const valid = marks.filter((m) => m.start >= 0 && m.end <= text.length && m.end > m.start);
  const cuts = new Set<number>([0, text.length]);
  for (const m of valid) {
    cuts.add(m.start);
    cuts.add(m.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as number;
    const b = points[i + 1] as number;
    const kinds = valid.filter((m) => m.start <= a && m.end >= b).map((m) => m.kind);
    out.push({ text: text.slice(a, b), kinds });
  }
  return out;
}
