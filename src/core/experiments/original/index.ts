/** The original score: every answerable question of the scope, unperturbed — the robustness table's "original F1" column, as an audit unit. */
import { originalTable } from '../../results/tables.ts';
import { defineKind } from '../kind.ts';
import { Original, type OriginalExperiment, type OriginalPayload } from './schema.ts';

export const original = defineKind<OriginalExperiment, OriginalExperiment, OriginalPayload>({
  id: 'original',
  label: 'Original score',
  family: 'Audit',
  // Every question of the scope; the unit keeps the answerable ones (scope.ts's 'original' rule).
  scope: 'audit',
  wholeSelection: false,
  settings: Original,
  table: (p) => originalTable(p.n, p),
  headline: null,
  slices: null,
  charts: { rowsPerUnit: false, categories: false },
  partialRows: null,
  // The app shows this score inside the robustness table; only audits run it on its own.
  command: (c) => ({ command: null, note: `The robustness table's original column; qarx audit runs it as the experiment {"kind": "original"}. ${c.device}.` }),
  audit: {
    variants: (e) => [{ experiment: e, seed: null }],
    label: (e) => e.kind,
    load: () => import('./unit.ts'),
  },
  cases: null,
});
