/**
 * Issue 42.4: the labelled Chinese sample (our own text, the substitute for DuReader-robust that
 * bench:entity-tagger measures the Chinese tagger on) is whole: ≥ 100 answers, each at its offset,
 * each labelled PER/ORG/GPE/none, every type present.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const sample = JSON.parse(readFileSync(new URL('../../scripts/data/zh-entity-sample.json', import.meta.url), 'utf8')) as {
  labels: Record<string, string>;
  data: { paragraphs: { context: string; qas: { id: string; answers: { text: string; answer_start: number }[] }[] }[] }[];
};

describe('the labelled Chinese sample', () => {
  const qas = sample.data.flatMap((a) => a.paragraphs.flatMap((p) => p.qas.map((q) => ({ ...q, context: p.context }))));
  it('has ≥ 100 answers, each where its offset says, each labelled', () => {
    expect(qas.length).toBeGreaterThanOrEqual(100);
    for (const q of qas) {
      const a = q.answers[0]!;
      expect(q.context.slice(a.answer_start, a.answer_start + a.text.length), q.id).toBe(a.text);
      expect(['PER', 'ORG', 'GPE', 'none'], q.id).toContain(sample.labels[q.id]);
    }
    expect(Object.keys(sample.labels).sort()).toEqual(qas.map((q) => q.id).sort());
    expect(new Set(Object.values(sample.labels))).toEqual(new Set(['PER', 'ORG', 'GPE', 'none']));
  });
});
