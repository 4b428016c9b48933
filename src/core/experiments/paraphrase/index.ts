/** Paraphrases: the share of questions whose answer changes when the question is reworded, DPR (Gan & Ng 2019; Wu et al. 2025). */
import { dprHeadline } from '../../metrics/experiment-headlines.ts';
import { dprTable } from '../../results/tables.ts';
import { summarizeDpr } from '../../sensitivity/dpr.ts';
import { withParaphraseCi } from './ci.ts';
import { defineKind } from '../kind.ts';
import { Paraphrase, type ParaphraseExperiment, type ParaphrasePayload, type ParaphraseUnit } from './schema.ts';

export const paraphrase = defineKind<ParaphraseExperiment, ParaphraseUnit, ParaphrasePayload>({
  id: 'paraphrase',
  label: 'Paraphrases (DPR)',
  family: 'Over-sensitivity',
  scope: 'paraphrase',
  wholeSelection: true,
  settings: Paraphrase,
  table: (p) => withParaphraseCi(dprTable(summarizeDpr(p.rows)), p.ci),
  headline: (p) => dprHeadline(summarizeDpr(p.rows)),
  slices: { title: 'Originals vs paraphrases by slice', perturbed: 'paraphrased' },
  charts: { rowsPerUnit: false, categories: false },
  partialRows: null,
  command: (c) => {
    // The app's headline is per kind, as qarx paraphrases one kind per file: one pair of commands per kind.
    const kinds = String(c.s.kinds ?? '').split(',').map((k) => k.trim()).filter((k) => k && k !== 'none');
    const ds = c.s.datasetParaphrases === true ? ' The dataset\'s own paraphrases (questions tagged "paraphrase") have no qarx command: compare the original and paraphrased files with qarx compare.' : '';
    const cmds = kinds.map((k) => `${c.join(['qarx', 'perturb', 'paraphrase', '--kind', k, '--seed', String(c.s.seed), ...c.ids, ...(c.r.versionTwo ? ['--answerable-only'] : []), c.data, `paraphrased-${k}.json`])} && ${c.join(['qarx', 'compare', c.data, `paraphrased-${k}.json`], c.model, c.v2, c.ciArgs('--seed'), ['--json'])}`);
    return {
      command: cmds.length ? cmds.join(' && ') : null,
      note: `${c.dataNote}; each compare prints the DPR of one kind, the app's row of that kind; the app's "all kinds pooled" rows are their changed counts over their paraphrase counts (with several kinds, the app's CI and p are of the pool, so each compare's --ci is of its kind only).${ds} ${c.device}.`,
    };
  },
  audit: {
    // Paraphrases say which questions they run on: a unit's id must change with anything that changes its result.
    variants: (e, seeds) => seeds.map((seed) => ({ experiment: { ...e, questions: 'answerable' as const }, seed })),
    label: (e) => `paraphrase ${e.kinds.join('/')}${e.dataset ? ' +dataset' : ''}`,
    load: () => import('./unit.ts'),
  },
  cases: { kinds: ['paraphrase'], page: 'sensitivity/paraphrases' },
});
