/** Adversarial SQuAD runs feed the failure gallery: each original the run broke opens its worst variant in Live (issue 26.1). */
import { describe, expect, it } from 'vitest';
import { casesFromAdversarial } from '../../src/core/results/gallery.ts';
import type { AdversarialRow } from '../../src/core/trap/adversarial.ts';
import type { Instance } from '../../src/core/data/types.ts';

const ORIG = 'Maren Holt lit the lighthouse.';
const inst = (id: string, context: string, adversarial?: Instance['adversarial']): Instance => ({ id, dataset: 'adv', title: 't', context, question: 'Who lit the lighthouse?', answers: [{ text: 'Maren Holt', start: 0 }], isImpossible: false, lang: 'en', tags: [], ...(adversarial ? { adversarial } : {}) }) as Instance;
const variant = inst('q1-turk0', `${ORIG} Jonas Vell lit the beacon.`, { originalId: 'q1', originalContext: ORIG, inserted: { start: 31, end: 57 } } as Instance['adversarial']);
const instances = [inst('q1', ORIG), variant, inst('q2', 'Other.')];
const model = { kind: 'local' as const, id: 'qarx-lexical-qa' };
const row = (r: Partial<AdversarialRow>): AdversarialRow => ({ originalId: 'q1', variants: ['q1-turk0'], original: { em: 1, f1: 1 }, worstId: 'q1-turk0', adversarial: { em: 0, f1: 0 }, ...r });
const predictions = { q1: 'Maren Holt', 'q1-turk0': 'Jonas Vell' };
const cases = (rows: AdversarialRow[], max?: number) => casesFromAdversarial({ output: { rows }, predictions }, instances, model, { allowNull: false, found: '2026-11-27T00:00:00Z' }, max);

describe('casesFromAdversarial', () => {
  it.each([
    ['broken: exact on the original, wrong on the worst variant', row({}), 1],
    ['still exact with the sentence', row({ adversarial: { em: 1, f1: 1 } }), 0],
    ['partly right on the original (EM 0)', row({ original: { em: 0, f1: 0.5 } }), 0],
    ['no variant answered: the worst is the original itself', row({ worstId: 'q1' }), 0],
    ['original unanswered', row({ original: null }), 0],
    ['variant not among the instances', row({ worstId: 'q9-turk0' }), 0],
  ])('%s → %d case(s)', (_name, r, n) => expect(cases([r])).toHaveLength(n));

  it('a case shows both passages and answers and links to the variant, which Live shows beside its original', () => {
    const [c] = cases([row({})]);
    expect(c).toMatchObject({ kind: 'adversarial', id: 'q1-turk0', dataset: 'adv', gold: ['Maren Holt'], original: { passage: ORIG, answer: 'Maren Holt' }, perturbed: { passage: variant.context, answer: 'Jonas Vell' } });
    expect(c?.perturbation).toMatch(/Adversarial SQuAD/);
    expect(c?.link).toEqual({ v: 1, models: [model], q: { kind: 'instance', dataset: 'adv', id: 'q1-turk0' }, p: { kind: 'none' }, allowNull: false });
  });

  it('keeps at most max cases', () => {
    expect(cases([row({}), row({}), row({})], 2)).toHaveLength(2);
  });
});
