/**
 * V8 settings for `qarx eval`'s plain path (issue 29). Scoring a SQuAD-sized file takes a few
 * hundred milliseconds, most of it start-up, so two of V8's defaults cost more than they save there:
 * - TurboFan: it compiles the hot scoring and reading functions on a background thread, which
 *   on a 6,000-question file cost ~15% more CPU than it saved; on a 17 MB file (60,000 questions)
 *   it pays off (~15% faster), so it stays on above NO_OPT_MAX_BYTES (measured with bench:cli on 2 cores).
 * - The young generation doubling as it fills: its fresh pages are page faults (a third of eval's
 *   own CPU was in the kernel, mostly faults). Keeping it at its start size took 1,500 faults and
 *   7 MB of peak memory off a 6,000-question eval and 20 MB off a 60,000-question one, for no loss.
 * Both flags are read by V8 as it runs (when a function turns hot, when the young generation would
 * grow), which is what makes setting them after start-up work.
 */
import { setFlagsFromString } from 'node:v8';

/** Data files up to this size are scored without TurboFan (see above): SQuAD 2.0's dev set is 4.4 MB. */
export const NO_OPT_MAX_BYTES = 5_000_000;

/** V8's defaults of the flags evalV8Flags sets (node --v8-options), which the dispatcher's eval runs with. */
const DEFAULTS: Readonly<Record<string, string>> = { '--semi-space-growth-factor=1': '--semi-space-growth-factor=2', '--no-opt': '--opt' };

/** The V8 flags for scoring a data file of `bytes`, e.g. evalV8Flags(1_700_000) → ['--semi-space-growth-factor=1', '--no-opt']. */
export function evalV8Flags(bytes: number): string[] {
  return bytes <= NO_OPT_MAX_BYTES ? ['--semi-space-growth-factor=1', '--no-opt'] : ['--semi-space-growth-factor=1'];
}

/** Sets V8 up for scoring a data file of `bytes`; returns what puts V8's defaults back (for an eval the dispatcher then runs). */
export function tuneV8ForEval(bytes: number): () => void {
  const flags = evalV8Flags(bytes);
  for (const f of flags) setFlagsFromString(f);
  return () => {
    for (const f of flags) setFlagsFromString(DEFAULTS[f] as string);
  };
}
