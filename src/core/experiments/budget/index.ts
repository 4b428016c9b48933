/** Worst/best budget (D_worst/D_best over B renamings per question), optionally with RESEMBLE (Yan et al. 2022, §4–5). */
import { budgetHeadline } from '../../metrics/experiment-headlines.ts';
import { budgetTable } from '../../results/tables.ts';
import { withBudgetCi } from '../../results/ci-tables.ts';
import { defineKind } from '../kind.ts';
import { Budget, type BudgetExperiment, type BudgetPayload } from './schema.ts';

export const budget = defineKind<BudgetExperiment, BudgetExperiment, BudgetPayload>({
  id: 'budget',
  label: 'Budget',
  family: 'Entity renaming',
  scope: 'budget',
  wholeSelection: true,
  settings: Budget,
  table: (p) => withBudgetCi(budgetTable(p.result), p.ci),
  headline: (p) => budgetHeadline(p.result),
  slices: { title: 'Original vs D_worst by slice', perturbed: 'D_worst' },
  charts: { rowsPerUnit: true, categories: false },
  partialRows: null,
  command: (c) => {
    const res = c.s.resemble as { m: number; temperature: number; seed?: number } | null | undefined;
    return {
      command: c.join(['qarx', 'budget', c.data], c.model, ['--type', String(c.s.type), '--source', String(c.s.source), '--origin', String(c.s.origin), '--budget', String(c.s.budget)], res ? ['--resemble', String(res.m), '--temperature', String(res.temperature), '--seed', String(res.seed ?? 1)] : [], c.target, c.tagger, c.ids, c.v2, c.ciArgs('--ci-seed'), ['--json']),
      note: `${c.dataNote}; ${c.device}.${c.pool(c.s.source === 'indist')}`,
    };
  },
  audit: {
    variants: (e) => [{ experiment: e, seed: null }],
    label: (e) => `budget ${e.type} ${e.source} B=${e.budget}${e.resemble ? ` RESEMBLE M=${e.resemble.m}` : ''}`,
    load: () => import('./unit.ts'),
  },
  cases: { kinds: ['rename'], page: 'entity/budget' },
});
