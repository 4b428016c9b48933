/**
 * `qarx eval`'s own entry: bin/qarx.mjs imports it directly for `qarx eval …`, and the build makes it
 * one file (dist-cli/eval.js) holding only the plain path (eval-plain.ts): a plain SQuAD JSON file
 * scored with the official figures loads one module, not the dispatcher and its ~20 shared chunks.
 * Start-up is most of eval's time on SQuAD-sized files (issue 29: ≥ 3× the official script).
 * Every other eval (slices, --ci, adversarial, Chinese data, other formats) runs the dispatcher's.
 */
import { evaluatePlain } from './eval-plain.ts';
import { exitCode } from './exit-code.ts';

/** Runs `qarx eval …argv` (argv without "eval") and returns the exit code, as main(['eval', …argv]) does. */
export async function main(argv: string[]): Promise<number> {
  let code: number | null;
  try {
    code = evaluatePlain(argv);
  } catch (e) {
    return exitCode(e);
  }
  // Not the plain case: nothing was printed, so the full command starts over (a Chinese file is read twice).
  return code ?? (await import('./qarx.ts')).main(['eval', ...argv]);
}
