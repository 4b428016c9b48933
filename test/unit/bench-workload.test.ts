/** The benchmark workload: seeded, gold answers at their offsets on both sides, SQuAD-like lengths. */
import { describe, expect, it } from 'vitest';
import { benchInputs } from '../../src/core/bench/inputs.ts';
import { benchWorkload, sentences } from '../../src/core/bench/workload.ts';

describe('benchWorkload', () => {
  const work = benchWorkload({ instances: 60 });
  it('is reproducible and sized as asked', () => {
    expect(work).toHaveLength(60);
    expect(benchWorkload({ instances: 60 })).toEqual(work);
    expect(new Set(work.map((i) => i.id)).size).toBe(60);
  });

  it('keeps every gold answer at its offset in the passage and in the edited passage', () => {
    for (const i of work) {
      for (const a of i.answers) expect(i.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
      for (const a of i.revision?.answers ?? []) expect(i.revision?.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
      expect(i.revision?.context).not.toBe(i.context);
      expect(['PER', 'ORG', 'GPE']).toContain(i.answerType);
    }
  });

  it('spreads passage lengths from short to several windows long', () => {
    const words = work.map((i) => i.context.split(/\s+/).length);
    expect(Math.min(...words)).toBeLessThan(80);
    expect(Math.max(...words)).toBeGreaterThan(350);
  });

  it('splits sentences and pairs inputs original/edited', () => {
    expect(sentences('A b. C d? E')).toEqual(['A b.', 'C d?', 'E']);
    const inputs = benchInputs(5);
    expect(inputs.map((x) => x.id.slice(-2))).toEqual(['#o', '#e', '#o', '#e', '#o']);
  });
});
