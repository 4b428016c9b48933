import { describe, expect, it } from 'vitest';
import { runBudget, runSweep } from '../../src/core/entity/experiment.ts';
import { buildNamePool, renameInstance } from '../../src/core/entity/rename.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { caseCollector, foundCase, isC2W, type FoundCase } from '../../src/core/results/found-case.ts';
import { casesFromFound } from '../../src/core/results/gallery.ts';
import { char, type QaPrediction } from '../../src/core/types.ts';

const inst = { ...makeInstance({ id: 'g1', dataset: 'd', title: '', question: 'Where did Ann Hollis move in 1990?', context: 'Ann Hollis moved to Leeds in 1990 and later to York.', answers: [{ text: 'Leeds', start: 20 }], isImpossible: false, lang: 'en' }), answerType: 'GPE' as const };
const answer = (id: string, context: string, text: string): QaPrediction => {
  const start = Math.max(0, context.indexOf(text));
  const best = { text, start: char(start), end: char(start + text.length), startLogit: 0, endLogit: 0, score: 0, probability: 1 };
  return { id, text, best, nbest: [best], nullScoreDiff: null, windows: 1 };
};
/** Right on the original passage ("Leeds"), wrong on every renamed one ("York"): every renaming is a C2W case. */
const breaksOnRename = async (inputs: { id: string; context: string }[]) => ({
  predictions: inputs.map((x) => answer(x.id, x.context, x.context.includes('Leeds') ? 'Leeds' : 'York')),
  cancelled: false,
});
/** Right everywhere (the renamed answer is the entity at offset 20 up to " in"). */
const alwaysRight = async (inputs: { id: string; context: string }[]) => ({
  predictions: inputs.map((x) => answer(x.id, x.context, x.context.slice(20, x.context.indexOf(' in 1990')))),
  cancelled: false,
});

describe('C2W cases found by batch experiments', () => {
  // Wu et al. 2025 "Error Analysis" and the released script: wrong = F1 < 0.4, a side in between is partial (never C2W).
  it.each([
    { name: 'right → wrong', o: { em: 1, f1: 1 }, p: { em: 0, f1: 0 }, c2w: true, em: true },
    { name: 'right → right', o: { em: 1, f1: 1 }, p: { em: 1, f1: 1 }, c2w: false, em: false },
    { name: 'wrong → wrong', o: { em: 0, f1: 0 }, p: { em: 0, f1: 0 }, c2w: false, em: false },
    { name: 'wrong → right', o: { em: 0, f1: 0 }, p: { em: 1, f1: 1 }, c2w: false, em: false },
    { name: 'right → partly right (F1 0.67): partial', o: { em: 1, f1: 1 }, p: { em: 0, f1: 2 / 3 }, c2w: false, em: true },
    { name: 'right → F1 0.4 exactly: partial', o: { em: 1, f1: 1 }, p: { em: 0, f1: 0.4 }, c2w: false, em: true },
    { name: 'right → F1 0.39: wrong', o: { em: 1, f1: 1 }, p: { em: 0, f1: 0.39 }, c2w: true, em: true },
  ])('isC2W (Wu et al. 2025 script rule; em rule): $name', ({ o, p, c2w, em }) => {
    expect(isC2W(o, p)).toBe(c2w);
    expect(isC2W(o, p, 'script')).toBe(c2w);
    expect(isC2W(o, p, 'em')).toBe(em);
  });

  it('a sweep hands over one case per renaming that broke the answer, with the renamed passage and the seed', async () => {
    const got: FoundCase[] = [];
    await runSweep([inst], { types: ['GPE'], sources: ['randstr'], seeds: 2, origin: 'us', origins: [] }, breaksOnRename, { onCase: (c) => got.push(c) });
    expect(got.map((c) => c.rename?.seed)).toEqual([1, 2]);
    const pool = buildNamePool([inst]);
    for (const c of got) {
      const again = renameInstance(inst, c.rename!, pool);
      if (typeof again === 'string') throw new Error(again);
      // The case's passage is exactly what the same renaming makes again (what "Open live" shows).
      expect(c.perturbed.passage).toBe(again.perturbed.context);
      expect(c.perturbed.passage).not.toContain('Leeds');
      expect(c).toMatchObject({ id: 'g1', dataset: 'd', stored: true, gold: ['Leeds'], original: { passage: inst.context, answer: 'Leeds' }, perturbed: { answer: 'York' } });
    }
  });

  it('a sweep that breaks nothing hands over nothing', async () => {
    const got: FoundCase[] = [];
    await runSweep([inst], { types: ['GPE'], sources: ['randstr'], seeds: 2, origin: 'us', origins: [] }, alwaysRight, { onCase: (c) => got.push(c) });
    expect(got).toEqual([]);
  });

  it('the worst of a budget is a case when it broke a right answer', async () => {
    const got: FoundCase[] = [];
    await runBudget([inst], { type: 'GPE', source: 'randstr', origin: 'us', budget: 3, resemble: null, versionTwo: false }, breaksOnRename, { onCase: (c) => got.push(c) });
    expect(got).toHaveLength(1);
    expect(got[0]?.rename).toMatchObject({ type: 'GPE', source: 'randstr', target: 'answer' });
    expect(got[0]?.rename?.seed).toBeGreaterThanOrEqual(1);
    expect(got[0]?.perturbed.answer).toBe('York');
  });

  it('keeps at most the cap per run', () => {
    const col = caseCollector(3);
    for (let i = 0; i < 5; i++) col.add(foundCase({ ...inst, id: `q${i}` }, inst, { original: 'Leeds', perturbed: 'York' }));
    expect(col.cases.map((c) => c.id)).toEqual(['q0', 'q1', 'q2']);
    expect(col.dropped()).toBe(2);
  });
});

describe('gallery cases from found cases', () => {
  const model = { kind: 'local' as const, id: 'qarx-lexical-qa' };
  const renamed = foundCase(inst, { context: 'Ann Hollis moved to Qorvath in 1990 and later to York.', question: inst.question }, { original: 'Leeds', perturbed: 'York' }, { rename: { type: 'GPE', target: 'answer', source: 'randstr', origin: 'us', seed: 4 } });
  const named = foundCase(inst, { context: 'Ann Hollis moved to Qorvath in 1990 and later to York.', question: inst.question }, { original: 'Leeds', perturbed: 'York' }, { name: 'Qorvath' });
  const para = foundCase(inst, { context: inst.context, question: 'In 1990, where did Ann Hollis move?' }, { original: 'Leeds', perturbed: 'York' });
  it.each([
    { name: 'a seeded renaming opens as that renaming of the stored question', c: renamed, kind: 'rename' as const, key: 'rename|qarx-lexical-qa|d|g1|GPE|answer|randstr|us|4', q: { kind: 'instance', dataset: 'd', id: 'g1' }, p: { kind: 'rename', type: 'GPE', target: 'answer', source: 'randstr', origin: 'us', seed: 4, resemble: false } },
    // Issue 41.1: no live control makes these, so the stored question itself opens (dataset, gold) and the case shows the perturbed side.
    { name: 'a universal name opens its stored question', c: named, kind: 'universal' as const, key: 'universal|qarx-lexical-qa|d|g1|Qorvath', q: { kind: 'instance', dataset: 'd', id: 'g1' }, p: { kind: 'none' } },
    { name: 'a paraphrase opens its stored question, not the paraphrase as typed text', c: para, kind: 'paraphrase' as const, key: `paraphrase|qarx-lexical-qa|d|g1|${para.perturbed.question}`, q: { kind: 'instance', dataset: 'd', id: 'g1' }, p: { kind: 'none' } },
    { name: 'a free-text paraphrase opens its original text', c: { ...para, stored: false }, kind: 'paraphrase' as const, key: `paraphrase|qarx-lexical-qa|d|${inst.context}|${para.perturbed.question}`, q: { kind: 'text', passage: inst.context, question: inst.question }, p: { kind: 'none' } },
  ])('$name', ({ c, kind, key, q, p }) => {
    const [g] = casesFromFound([c], model, kind, { allowNull: false, found: '2026-01-01T00:00:00Z', perturbation: () => 'label' });
    expect(g?.key).toBe(key);
    expect(g?.link).toEqual({ v: 1, models: [model], q, p, allowNull: false });
    expect(g?.perturbation).toBe('label');
    expect(g?.perturbedQuestion).toBe(kind === 'paraphrase' ? para.perturbed.question : undefined);
  });
});

describe('the renamed gold answer travels with a case (issue 26: shown beside the renamed passage)', () => {
  it('a renamed answer entity gives the gold in the perturbed passage; an unchanged gold gives none', () => {
    const renamed = { ...inst, context: 'Ann Hollis moved to Brixley in 1990 and later to York.', answers: [{ text: 'Brixley', start: char(20) }] };
    const c = foundCase(inst, renamed, { original: 'Leeds', perturbed: 'York' });
    expect(c.gold).toEqual(['Leeds']);
    expect(c.perturbedGold).toEqual(['Brixley']);
    expect(casesFromFound([c], { kind: 'local', id: 'm' }, 'rename', { allowNull: false, found: '2026-01-01', perturbation: () => 'x' })[0]!.perturbedGold).toEqual(['Brixley']);
    expect(foundCase(inst, { context: inst.context, question: 'Where did she move?', answers: inst.answers }, { original: 'Leeds', perturbed: 'York' }).perturbedGold).toBeUndefined();
    expect(foundCase(inst, { context: inst.context, question: 'Where did she move?' }, { original: 'Leeds', perturbed: 'York' }).perturbedGold).toBeUndefined();
  });
});
