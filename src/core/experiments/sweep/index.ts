/** Entity sweep: every answer entity renamed by type × name source × origin, over seeds (Yan et al. 2022, §3). */
import { ORIGIN_LABELS, SOURCE_LABELS, sweepPlan, type NameSource, type Origin, type SweepConfig } from '../../entity/options.ts';
import { summarizeSweep } from '../../entity/stats.ts';
import { sweepTable } from '../../results/tables.ts';
import { withSweepCi } from '../../results/ci-tables.ts';
import { defineKind } from '../kind.ts';
import { Sweep, type SweepExperiment, type SweepPayload } from './schema.ts';

/** A sweep row's key as its table shows it, e.g. sweepRowLabel('PER · db · us') === 'PER · DBName · US', sweepRowLabel('ORG · indist · us') === 'ORG · InDistName'. */
function sweepRowLabel(key: string): string {
  const [type, source, origin] = key.split(' · ') as [string, NameSource, Origin];
  return [type, SOURCE_LABELS[source] ?? source, source === 'db' ? (ORIGIN_LABELS[origin] ?? origin) : ''].filter(Boolean).join(' · ');
}

/** A sweep's planned rows as its table keys them, e.g. ['PER · db · us', 'ORG · db · us']; undefined when the settings lack the grid. */
function sweepRows(s: Record<string, unknown>): string[] | undefined {
  if (!Array.isArray(s.types) || !Array.isArray(s.sources) || !Array.isArray(s.origins) || typeof s.origin !== 'string') return undefined;
  // One seed is enough to list the rows: seeds only repeat them.
  return [...new Set(sweepPlan({ ...(s as unknown as SweepConfig), seeds: 1 }).map((c) => `${c.type} · ${c.source} · ${c.origin}`))];
}

export const sweep = defineKind<SweepExperiment, SweepExperiment, SweepPayload>({
  id: 'sweep',
  label: 'Sweep',
  family: 'Entity renaming',
  scope: 'sweep',
  wholeSelection: true,
  settings: Sweep,
  table: (p, run) => withSweepCi(sweepTable(summarizeSweep(p.cells, Number(run.settings.seeds ?? 0))), p.ci),
  // Sliced per row (type · source · origin): the app picks the row.
  headline: null,
  slices: null,
  charts: { rowsPerUnit: true, categories: false },
  partialRows: { planned: sweepRows, label: sweepRowLabel },
  command: (c) => ({
    command: c.join(['qarx', 'sweep', c.data], c.model, ['--types', c.list(c.s.types), '--sources', c.list(c.s.sources), '--seeds', String(c.s.seeds), '--origin', String(c.s.origin), '--origins', c.list(c.s.origins)], c.target, c.tagger, c.ids, c.v2, c.ciArgs('--seed'), ['--json']),
    note: `${c.dataNote}; ${c.device}.${c.pool(Array.isArray(c.s.sources) && c.s.sources.includes('indist'))}`,
  }),
  audit: {
    variants: (e) => [{ experiment: e, seed: null }],
    label: (e) => `sweep ${e.types.join('/')} ${e.sources.join('/')}`,
    load: () => import('./unit.ts'),
  },
  cases: { kinds: ['rename'], page: 'entity/sweep' },
});
