/** The exit code of a failed command, with its one-line message (shared by the dispatcher and `qarx eval`'s own entry). */
import { InputError } from '../core/formats/json.ts';
import { SquadEvalError } from '../core/metrics/squad-answer.ts';
import { ModelError } from '../core/qa/model-errors.ts';
import { err, UsageError } from './io.ts';

/** Prints an error as one line and maps it to the exit code: 2 usage/input, 3 model, 1 anything else. */
export function exitCode(e: unknown): number {
  if (e instanceof UsageError || (e instanceof TypeError && 'code' in e && String((e as { code: unknown }).code).startsWith('ERR_PARSE_ARGS'))) {
    err(`qarx: ${e.message}\n`);
    return 2;
  }
  if (e instanceof InputError || e instanceof SquadEvalError || e instanceof RangeError) {
    err(`qarx: ${e.message}\n`);
    return 2;
  }
  if (e instanceof ModelError) {
    err(`qarx: ${e.message}\n`);
    return 3;
  }
  err(`qarx: unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
  return 1;
}
