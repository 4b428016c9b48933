/** Adversarial SQuAD (AddSent / AddOneSent): each question scored on its worst adversarial variant, as Jia & Liang's evaluator does. */
import { adversarialHeadline } from '../../metrics/experiment-headlines.ts';
import { adversarialTable } from '../../results/tables.ts';
import { withAdversarialCi } from './ci.ts';
import { defineKind } from '../kind.ts';
import { Adversarial, type AdversarialExperiment, type AdversarialPayload } from './schema.ts';

export const adversarial = defineKind<AdversarialExperiment, AdversarialExperiment, AdversarialPayload>({
  id: 'adversarial',
  label: 'Adversarial SQuAD',
  family: 'Over-stability',
  scope: 'adversarial',
  wholeSelection: false,
  settings: Adversarial,
  table: (p) => withAdversarialCi(adversarialTable(p.output), p.ci),
  headline: (p) => adversarialHeadline(p.output),
  slices: { title: 'Original vs adversarial by slice', perturbed: 'adversarial (worst variant)' },
  charts: { rowsPerUnit: false, categories: false },
  partialRows: null,
  command: (c) => ({
    command: `${c.join(['qarx', 'predict'], c.model, ['--data', c.data, '--out', 'predictions'])} && ${c.join(['qarx', 'eval', c.data, 'predictions/predictions.json', '--adversarial'], c.ciArgs('--seed'))}`,
    note: `${c.dataNote} (an AddSent / AddOneSent file); ${c.device}.`,
  }),
  audit: {
    variants: (e) => [{ experiment: e, seed: null }],
    label: (e) => e.kind,
    load: () => import('./unit.ts'),
  },
  cases: { kinds: ['adversarial'], page: 'stability/traps' },
});
