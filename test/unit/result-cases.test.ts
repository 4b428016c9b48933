import { describe, expect, it } from 'vitest';
import type { CaseKind, FailureCase } from '../../src/core/results/gallery.ts';
import type { CaseRun } from '../../src/core/results/case-run.ts';
import { EXPERIMENT_PATHS } from '../../src/app/shell/routes.ts';
import { allKinds } from '../../src/core/experiments/registry.ts';
import { casesByRun, pageCases, pageListsCases } from '../../src/app/results/result-cases.ts';

const run = (kind: string, date: string): CaseRun => ({ kind, date, datasets: ['Demo set'], allowNull: false, scoringLang: 'auto', rule: 'script' });

const fc = (kind: CaseKind, found: string, id: string, r?: CaseRun): FailureCase => ({
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
  ...(r ? { run: r } : {}),
});

const T = (s: number) => `2026-01-01T00:00:0${s}Z`;
const CASES = [
  fc('trap', T(1), 't1', run('traps', T(0))),
  fc('revision', T(0), 'r0', run('natural', T(0))),
  fc('trap', T(3), 't3', run('traps', T(2))),
  fc('noise', T(2), 'n2', run('synthetic', T(1))),
  fc('rename', T(4), 'e4', run('sweep', T(3))),
  fc('adversarial', T(5), 'a5', run('adversarial', T(4))),
  // Found in Live: in the gallery, not under a run.
  fc('rename', T(6), 'live6', run('live', T(6))),
  // Collected before runs were named: listed by its case kind.
  fc('paraphrase', T(7), 'old7'),
];

describe('the questions listed under an experiment result', () => {
  it.each([
    { name: 'traps and Adversarial SQuAD share a page, newest first', path: 'stability/traps', want: ['a5', 't3', 't1'] },
    { name: 'revision pairs and noise together', path: 'natural/pairs', want: ['n2', 'r0'] },
    { name: 'a sweep lists its runs, not renamings found in Live', path: 'entity/sweep', want: ['e4'] },
    { name: 'an old case without a run goes by its kind', path: 'sensitivity/paraphrases', want: ['old7'] },
    { name: 'a page of a kind with no case', path: 'entity/universal', want: [] },
  ])('$name', ({ path, want }) => {
    expect(pageCases(CASES, path).map((c) => c.id)).toEqual(want);
  });

  it('groups cases by the run that found them, in first-case order (issue 41.10)', () => {
    const groups = casesByRun(pageCases(CASES, 'stability/traps'));
    expect(groups.map((g) => [g.run?.kind, g.run?.date, g.cases.map((c) => c.id)])).toEqual([
      ['adversarial', T(4), ['a5']],
      ['traps', T(2), ['t3']],
      ['traps', T(0), ['t1']],
    ]);
  });

  it('a sweep case a later budget run found again is under the sweep run on the sweep page and under the budget run on the budget page', () => {
    const sweep = run('sweep', T(3));
    const budget = run('budget', T(8));
    const both = { ...fc('rename', T(4), 'e4', sweep), alsoRuns: [budget] };
    const cases = [both, fc('rename', T(9), 'b9', budget)];
    const on = (path: string) => casesByRun(pageCases(cases, path), path).map((g) => [g.run?.kind, g.cases.map((c) => c.id)]);
    expect(on('entity/sweep')).toEqual([['sweep', ['e4']]]);
    expect(on('entity/budget')).toEqual([['budget', ['b9', 'e4']]]);
    // Without a page, every run that found a case lists it.
    expect(casesByRun(cases).map((g) => [g.run?.kind, g.cases.map((c) => c.id)])).toEqual([['sweep', ['e4']], ['budget', ['e4', 'b9']]]);
  });

  it('the registry names only experiment pages that exist, and every kind that collects cases has a page', () => {
    for (const k of allKinds()) if (k.cases) expect(EXPERIMENT_PATHS).toContain(k.cases.page);
    const kinds = new Set(allKinds().flatMap((k) => k.cases?.kinds ?? []));
    expect([...kinds].sort()).toEqual(['adversarial', 'noise', 'paraphrase', 'rename', 'revision', 'trap', 'universal']);
    expect(EXPERIMENT_PATHS.filter(pageListsCases).sort()).toEqual(['entity/budget', 'entity/sweep', 'entity/universal', 'natural/pairs', 'sensitivity/paraphrases', 'stability/traps']);
  });
});
