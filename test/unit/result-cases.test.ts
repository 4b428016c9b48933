import { describe, expect, it } from 'vitest';
import type { CaseKind, FailureCase } from '../../src/core/results/gallery.ts';
import { EXPERIMENT_PATHS } from '../../src/app/shell/routes.ts';
import { casesOfKinds, PAGE_CASE_KINDS } from '../../src/app/results/result-cases.ts';

const fc = (kind: CaseKind, found: string, id = found): FailureCase => ({
  key: `${kind}:${id}`,
  kind,
  perturbation: kind,
  model: 'm',
  dataset: 'demo',
  id,
  question: `q ${id}?`,
  gold: ['a'],
  original: { passage: 'p', answer: 'a' },
  perturbed: { passage: 'p2', answer: 'b' },
  link: null,
  starred: false,
  found,
});

describe('the questions listed under an experiment result', () => {
  it.each([
    { name: 'traps only, newest first', kinds: ['trap'] as CaseKind[], want: ['t3', 't1'] },
    { name: 'revision pairs and noise together', kinds: ['revision', 'noise'] as CaseKind[], want: ['n2', 'r0'] },
    { name: 'a kind with no case', kinds: ['paraphrase'] as CaseKind[], want: [] },
  ])('$name', ({ kinds, want }) => {
    const cases = [fc('trap', '2026-01-01T00:00:01Z', 't1'), fc('revision', '2026-01-01T00:00:00Z', 'r0'), fc('trap', '2026-01-01T00:00:03Z', 't3'), fc('noise', '2026-01-01T00:00:02Z', 'n2'), fc('rename', '2026-01-01T00:00:04Z', 'e4')];
    expect(casesOfKinds(cases, kinds).map((c) => c.id)).toEqual(want);
  });

  it('names only experiment pages that exist, and every page that produces gallery cases', () => {
    for (const p of Object.keys(PAGE_CASE_KINDS)) expect(EXPERIMENT_PATHS).toContain(p);
    const kinds = new Set(Object.values(PAGE_CASE_KINDS).flat());
    expect([...kinds].sort()).toEqual(['noise', 'paraphrase', 'rename', 'revision', 'trap', 'universal']);
  });
});
