/** A found breaking edit as the worker reports it: a trap sentence "Cy ran." at the passage start pulls the answer "Ann" to "Cy". */
import type { BreakingEdit } from '../../../src/core/explain/index.ts';

/** The break on `perturbed` (the edited question and passage), 4 of 9 calls spent. */
export const brokenByTrap = (perturbed: { question: string; context: string }): BreakingEdit => ({
  outcome: 'broken',
  originalAnswer: 'Ann',
  edits: [{ family: 'trap', label: 'trap “Cy ran.” at passage start', changes: [{ field: 'context', start: 0, end: 0, from: '', to: 'Cy ran. ' }] }],
  perturbed: { id: 'live', dataset: 'demo', title: '', question: perturbed.question, context: perturbed.context, answers: [{ text: 'Ann', start: 8 }], isImpossible: false, lang: 'en', tags: ['free-text'] },
  newAnswer: 'Cy',
  calls: 4,
  budget: 9,
  untried: 0,
  singleEdits: 4,
  stats: { windows: 4, computed: 3, cached: 1 },
});
