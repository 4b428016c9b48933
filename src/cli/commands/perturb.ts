/** qarx perturb entity | synthetic | paraphrase | trap: dispatches to the kind's module, loaded only when it runs. */
import { UsageError } from '../io.ts';

/** Each kind's module, loaded on demand (entity loads the name lists and lexicon; synthetic, paraphrase and trap their own). */
const KINDS: Record<string, () => Promise<(argv: string[]) => Promise<number>>> = {
  entity: async () => (await import('./perturb-entity.ts')).perturbEntity,
  synthetic: async () => (await import('./perturb-synthetic.ts')).perturbSynthetic,
  paraphrase: async () => (await import('./perturb-paraphrase.ts')).perturbParaphrase,
  trap: async () => (await import('./perturb-trap.ts')).perturbTrap,
};

/** Runs `qarx perturb <kind> …` and returns the exit code. */
export async function perturb(argv: string[]): Promise<number> {
  const [kind, ...rest] = argv;
  const load = kind !== undefined && Object.hasOwn(KINDS, kind) ? KINDS[kind] : undefined;
  if (!load) throw new UsageError(`perturb needs a kind: qarx perturb entity …, synthetic …, paraphrase … or trap … (got "${kind ?? ''}").`);
  return (await load())(rest);
}
