/**
 * The statistics of an adversarial SQuAD run: one comparison over the original questions (Jia &
 * Liang's unit), each one's own score vs its adversary's pick, 0 when missing as the script counts —
 * the pairs, in row order, that `qarx eval --adversarial --ci` tests.
 */
import type { AdversarialRow } from '../../trap/adversarial.ts';
import type { CiComparison, ExperimentCi, PairedQuestion } from '../../stats/index.ts';
import { withRowCi } from '../../results/ci-tables.ts';
import type { ResultTable } from '../../results/table.ts';

/** The comparison key of an adversarial run. */
export const ADVERSARIAL_CI_KEY = 'adversarial';

const ZERO = { em: 0, f1: 0 };

/** Each original question's pair (original, adversarial), passage = the original's id, as qarx eval pairs them. */
export const adversarialPairs = (rows: readonly AdversarialRow[]): PairedQuestion[] => rows.map((x) => ({ original: x.original ?? ZERO, perturbed: x.adversarial ?? ZERO, passage: x.originalId }));

/** An adversarial run's comparison. */
export const adversarialComparisons = (rows: readonly AdversarialRow[]): CiComparison[] => [{ key: ADVERSARIAL_CI_KEY, items: adversarialPairs(rows) }];

/** The adversarial table with the CI columns on its "adversarial" row. */
export const withAdversarialCi = (t: ResultTable, ci: ExperimentCi | undefined): ResultTable => withRowCi(t, ci, (cell) => (cell('measure') === 'adversarial' ? ADVERSARIAL_CI_KEY : null), 'orig', 'adv');
