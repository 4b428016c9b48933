/** Universal names: the names that hurt most across all questions when put in for the answer entity (Yan et al. 2022, §4.3). */
import { universalTable } from '../../results/tables.ts';
import { withUniversalCi } from './ci.ts';
import { defineKind } from '../kind.ts';
import type { UniversalPayload } from './schema.ts';

export const universal = defineKind<never, never, UniversalPayload>({
  id: 'universal',
  label: 'Universal names',
  family: 'Entity renaming',
  scope: 'universal',
  wholeSelection: true,
  // Not in audit configs yet: `qarx universal` runs it.
  settings: null,
  table: (p) => withUniversalCi(universalTable(p.result), p.ci),
  // Sliced per name: the app picks the name.
  headline: null,
  slices: null,
  charts: { rowsPerUnit: true, categories: false },
  partialRows: null,
  command: (c) => ({
    command: c.join(['qarx', 'universal', c.data], c.model, ['--type', String(c.s.type), ...c.target, '--source', String(c.s.source), '--origin', String(c.s.origin), '--candidates', String(c.s.candidates), ...(c.s.iterations !== undefined ? ['--iterations', String(c.s.iterations)] : []), ...(c.s.sample !== undefined ? ['--sample', String(c.s.sample)] : []), '--top', String(c.s.top), '--seed', String(c.s.seed)], c.tagger, c.ids, c.v2, c.ciArgs('--ci-seed'), ['--json']),
    note: `${c.dataNote}; ${c.device}.`,
  }),
  audit: null,
  cases: { kinds: ['universal'], page: 'entity/universal' },
});
