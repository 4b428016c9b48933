/** Revision pairs: the same question on a passage before and after a Wikipedia edit (Wu et al. 2025). */
import { summarizePairs } from '../../natural/pairs.ts';
import { pairsHeadline } from '../../metrics/experiment-headlines.ts';
import { pairsTable } from '../../results/tables.ts';
import { withPairsCi } from './ci.ts';
import { defineKind, type CommandContext } from '../kind.ts';
import { Natural, type NaturalExperiment, type PairsPayload } from './schema.ts';

/** The command of a revision-pair run: compare the two aligned files. */
function command(c: CommandContext) {
  const { r } = c;
  return {
    command: c.join(['qarx', 'compare', 'original.json', 'edited.json'], c.model, ['--rule', String(c.s.rule)], c.ids, c.v2, c.ciArgs('--seed'), ['--json']),
    note: r.ids
      ? `original.json and edited.json stand for the two aligned files (or the pairs CSV, exported by "Export pairs") of the revision pairs of ${r.datasets.join(' + ') || 'the data'}${c.idsNote}; ${c.device}.`
      : `original.json and edited.json stand for the two aligned files (or the pairs CSV, exported by "Export pairs") of the ${r.n} revision pair${r.n === 1 ? '' : 's'} of ${r.datasets.join(' + ') || 'the data'}${c.sel}; ${c.device}.`,
  };
}

export const natural = defineKind<NaturalExperiment, NaturalExperiment, PairsPayload>({
  id: 'natural',
  label: 'Revision pairs',
  family: 'Natural edits',
  scope: 'natural',
  wholeSelection: false,
  settings: Natural,
  table: (p) => withPairsCi({ ...pairsTable([{ name: 'natural edits', s: summarizePairs(p.rows) }]), title: 'Revision pairs' }, p.ci, 'natural edits'),
  headline: (p) => pairsHeadline(summarizePairs(p.rows)),
  slices: { title: 'Natural edits by slice', perturbed: 'edited' },
  charts: { rowsPerUnit: false, categories: true },
  partialRows: null,
  command,
  audit: {
    variants: (e) => [{ experiment: e, seed: null }],
    label: (e) => `natural ${e.rule}`,
    load: () => import('./unit.ts'),
  },
  cases: { kinds: ['revision'], page: 'natural/pairs' },
});
