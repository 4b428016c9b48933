/** Trap sentences: a distracting sentence put into the passage, which an over-stable model answers from. */
import { trapHeadline } from '../../metrics/experiment-headlines.ts';
import { trapTable } from '../../results/tables.ts';
import { summarizeTraps } from '../../trap/summary.ts';
import { withTrapCi } from './ci.ts';
import { defineKind } from '../kind.ts';
import { Traps, type TrapsExperiment, type TrapsPayload } from './schema.ts';

export const traps = defineKind<TrapsExperiment, TrapsExperiment, TrapsPayload>({
  id: 'traps',
  label: 'Trap sentences',
  family: 'Over-stability',
  scope: 'traps',
  wholeSelection: true,
  settings: Traps,
  table: (p) => withTrapCi(trapTable(summarizeTraps(p.rows)), p.ci),
  headline: (p) => trapHeadline(summarizeTraps(p.rows)),
  slices: { title: 'Original vs trapped by slice', perturbed: 'trapped' },
  charts: { rowsPerUnit: false, categories: false },
  partialRows: null,
  command: (c) => ({
    command: `${c.join(['qarx', 'perturb', 'trap', '--source', String(c.s.source), '--position', String(c.s.position), '--seed', String(c.s.seed), ...c.ids, c.data, 'trapped.json'])} && ${c.join(['qarx', 'compare', c.data, 'trapped.json'], c.model, c.ids, c.v2, c.ciArgs('--seed'), ['--json'])}`,
    note: `${c.dataNote}; compare gives EM/F1 without and with the trap; ${c.device}.`,
  }),
  audit: {
    variants: (e, seeds) => seeds.map((seed) => ({ experiment: e, seed })),
    label: (e) => `traps ${e.source} ${e.position}`,
    load: () => import('./unit.ts'),
  },
  cases: { kinds: ['trap'], page: 'stability/traps' },
});
