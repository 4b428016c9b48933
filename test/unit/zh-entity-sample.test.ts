/**
 * Issue 42.4: the labelled Chinese samples (our own text, the substitute for DuReader-robust that
 * bench:entity-tagger measures the Chinese tagger on) are whole: the tuning sample ≥ 100 answers, the
 * fresh held-out one ≥ 60 answers in ≥ 15 passages; each answer at its offset, each labelled
 * PER/ORG/GPE/none, every type present.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Sample {
  labels: Record<string, string>;
  data: { paragraphs: { context: string; qas: { id: string; answers: { text: string; answer_start: number }[] }[] }[] }[];
}
const read = (name: string) => JSON.parse(readFileSync(new URL(`../../scripts/data/${name}`, import.meta.url), 'utf8')) as Sample;

describe.each([
  { name: 'zh-entity-sample.json', answers: 100, passages: 15 },
  { name: 'zh-entity-fresh.json', answers: 60, passages: 15 },
])('the labelled Chinese sample $name', ({ name, answers, passages }) => {
  const sample = read(name);
  const qas = sample.data.flatMap((a) => a.paragraphs.flatMap((p) => p.qas.map((q) => ({ ...q, context: p.context }))));
  it(`has ≥ ${answers} answers in ≥ ${passages} passages, each where its offset says, each labelled`, () => {
    expect(qas.length).toBeGreaterThanOrEqual(answers);
    expect(sample.data.flatMap((a) => a.paragraphs).length).toBeGreaterThanOrEqual(passages);
    for (const q of qas) {
      const a = q.answers[0]!;
      expect(q.context.slice(a.answer_start, a.answer_start + a.text.length), q.id).toBe(a.text);
      expect(['PER', 'ORG', 'GPE', 'none'], q.id).toContain(sample.labels[q.id]);
    }
    expect(Object.keys(sample.labels).sort()).toEqual(qas.map((q) => q.id).sort());
    expect(new Set(Object.values(sample.labels))).toEqual(new Set(['PER', 'ORG', 'GPE', 'none']));
  });
});
