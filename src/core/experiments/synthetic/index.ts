/** Synthetic noise: keyboard typos, OCR errors, … at a rate, compared like the revision pairs (Wu et al. 2025). */
import { summarizePairs } from '../../natural/pairs.ts';
import { pairsHeadline } from '../../metrics/experiment-headlines.ts';
import { pairsTable } from '../../results/tables.ts';
import { withPairsCi } from '../natural/ci.ts';
import { defineKind } from '../kind.ts';
import type { PairsPayload } from '../natural/schema.ts';
import { Synthetic, type SyntheticExperiment, type SyntheticUnit } from './schema.ts';

export const synthetic = defineKind<SyntheticExperiment, SyntheticUnit, PairsPayload>({
  id: 'synthetic',
  label: 'Synthetic noise',
  family: 'Natural edits',
  scope: 'synthetic',
  wholeSelection: false,
  settings: Synthetic,
  table: (p) => withPairsCi({ ...pairsTable([{ name: p.label, s: summarizePairs(p.rows) }]), title: `Synthetic noise (${p.label})` }, p.ci, p.label),
  headline: (p) => pairsHeadline(summarizePairs(p.rows)),
  slices: { title: 'Synthetic noise by slice', perturbed: 'noisy' },
  charts: { rowsPerUnit: false, categories: true },
  partialRows: null,
  command: (c) => ({
    command: `${c.join(['qarx', 'perturb', 'synthetic', '--kind', String(c.s.kind), '--rate', String(c.s.rate), '--seed', String(c.s.seed), ...(c.r.ids ? c.ids : c.r.versionTwo ? ['--answerable-only'] : []), c.data, 'noisy.json'])} && ${c.join(['qarx', 'compare', c.data, 'noisy.json'], c.model, ['--rule', String(c.s.rule)], c.ids, c.v2, c.ciArgs('--seed'), ['--json'])}`,
    note: `${c.dataNote}; ${c.device}.`,
  }),
  audit: {
    // Synthetic noise says which questions it runs on: a unit's id must change with anything that changes its result.
    variants: (e, seeds) => e.noise.flatMap((noise) => seeds.map((seed) => ({ experiment: { ...e, noise, questions: 'answerable' as const }, seed }))),
    label: (e) => `synthetic ${e.noise}`,
    load: () => import('../natural/unit.ts'),
  },
  cases: { kinds: ['noise'], page: 'natural/pairs' },
});
