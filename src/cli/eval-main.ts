/**
 * `qarx eval`'s own entry: bin/qarx.mjs imports it directly for `qarx eval …`, and the build makes it
 * one file (dist-cli/eval.js) holding only the plain path (eval-plain.ts): a plain SQuAD JSON file
 * scored with the official figures loads one module, not the dispatcher and its ~20 shared chunks.
 * Start-up is most of eval's time on SQuAD-sized files (issue 29: ≥ 3× the official script).
 * Every other eval (slices, --ci, adversarial, Chinese data, other formats) runs the dispatcher's,
 * which bin/qarx.mjs hands in: eval.js imports nothing lazily, so no module has a second copy.
 */
import { evaluatePlain } from './eval-plain.ts';
import { exitCode } from './exit-code.ts';

/**
 * Runs `qarx eval …argv` (argv without "eval") and returns the exit code, as main(['eval', …argv])
 * does; `full` is the whole CLI's main (bin/qarx.mjs loads it, checked against its own sources).
 */
export async function main(argv: string[], full: (argv: string[]) => Promise<number>): Promise<number> {
  let code: number | null;
  try {
    code = evaluatePlain(argv);
  } catch (e) {
    return exitCode(e);
  }
  // Not the plain case: nothing was printed, so the full command starts over (a Chinese file is read twice).
  return code ?? full(['eval', ...argv]);
}
