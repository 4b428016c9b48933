/**
 * The one `--squad2` / `--squad1` convention of every qarx command that runs or scores a model:
 * the flags are the user's override of the dataset's no-answer decision (core/data/no-answer.ts).
 */
import { decideNoAnswer, type NoAnswerData, type NoAnswerDecision } from '../core/data/no-answer.ts';
import { err, UsageError } from './io.ts';

/** The parseArgs options of the override, shared by every command. */
export const NO_ANSWER_OPTIONS = { squad2: { type: 'boolean' }, squad1: { type: 'boolean' } } as const;

/** The help line every command shows for the override. */
export const NO_ANSWER_HELP = '--squad2 / --squad1  force "no answer" (SQuAD 2.0) on or off (default: the data decides: unanswerable questions, then the file\'s version; --squad1 is refused on data with unanswerable questions)';

/**
 * The dataset's decision under the command's flags (the run record and --json keep its reason), e.g.
 * noAnswerOf('attack', { squad2: true }, { unanswerable: 0, version: 'v1.1' }).reason === 'on: --squad2'.
 * Throws UsageError for both flags, or for --squad1 on data with unanswerable questions.
 */
export function noAnswerOf(cmd: string, values: { squad2?: boolean; squad1?: boolean }, data: NoAnswerData): NoAnswerDecision {
  if (values.squad2 && values.squad1) throw new UsageError('--squad2 and --squad1 contradict each other: give one (or neither: the data decides).');
  const override = values.squad2 ? 'squad2' : values.squad1 ? 'squad1' : null;
  const d = decideNoAnswer({ ...data, override });
  if (d.refused) throw new UsageError(`${cmd}: no answer ${d.reason}.`);
  return d;
}

/** The one stderr line that shows a scoring run's decision and why, e.g. "qarx: no answer (SQuAD 2.0) on: --squad2"; `where` names a dataset of a multi-dataset run (the audit). */
export function noAnswerLine(d: Pick<NoAnswerDecision, 'reason'>, where?: string): string {
  return `qarx: ${where ? `${where}: ` : ''}no answer (SQuAD 2.0) ${d.reason}\n`;
}

/** Prints noAnswerLine on stderr (never stdout: several commands write --json there); once per command run, or per dataset in the audit. */
export function showNoAnswer(d: Pick<NoAnswerDecision, 'reason'>, where?: string): void {
  err(noAnswerLine(d, where));
}
