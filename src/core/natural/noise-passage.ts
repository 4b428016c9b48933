/**
 * Synthetic noise per passage (Wu et al. 2025, App. K perturbs the reading passage): a dataset's
 * questions grouped by passage text, one noisy passage drawn per (passage, kind, rate, seed) and
 * shared by all its questions. Every surface (Live, experiments, `qarx perturb synthetic`, the
 * audit, the robustness table) goes through passageNoiser, so one passage gets one noisy text.
 */
import type { GoldAnswer, Instance } from '../data/types.ts';
import { answersThrough, noisePassage, type PassageNoise } from './noise.ts';
import { NOISE_LABELS, type NoiseOptions } from './noise-kinds.ts';

/** A question's place on its noisy passage: the passage's noise (one object per passage) and the question's answers there. */
export interface NoisyQuestion {
  noise: PassageNoise;
  answers: GoldAnswer[];
}

/**
 * Every gold answer of the questions asked about each passage, keyed by the passage's text, e.g.
 * two questions on 'Ann met Bo.' → that text ↦ [Ann at 0, Bo at 8].
 */
export function passageAnswers(among: readonly Pick<Instance, 'context' | 'answers'>[]): Map<string, GoldAnswer[]> {
  const out = new Map<string, GoldAnswer[]>();
  for (const i of among) {
    const list = out.get(i.context);
    if (list) list.push(...i.answers);
    else out.set(i.context, [...i.answers]);
  }
  return out;
}

/**
 * A function giving each question its passage's noise, drawn once per passage and remembered; the
 * answers kept intact are those of `among`'s questions on that passage (the whole loaded dataset or
 * scope, so a subset run draws what the whole file draws), with the question's own added when they
 * are not among them (free text, an edited question). Null when the passage had nothing outside the answers to change.
 */
export function passageNoiser(among: readonly Pick<Instance, 'context' | 'answers'>[], opts: NoiseOptions): (inst: Pick<Instance, 'context' | 'answers'>) => NoisyQuestion | null {
  const protect = passageAnswers(among);
  const keys = new Map<string, Set<string>>();
  const drawn = new Map<string, PassageNoise | null>();
  const key = (a: GoldAnswer) => `${a.start}\u0000${a.text}`;
  /** Whether the passage's remembered noise already keeps this question's answers (it was among, or asks for the same spans). */
  const covered = (context: string, answers: readonly GoldAnswer[]) => {
    let set = keys.get(context);
    if (!set) keys.set(context, (set = new Set((protect.get(context) ?? []).map(key))));
    return answers.every((a) => set.has(key(a)));
  };
  return (inst) => {
    const known = protect.get(inst.context);
    let noise: PassageNoise | null;
    if (known && covered(inst.context, inst.answers)) {
      const seen = drawn.get(inst.context);
      noise = seen === undefined ? noisePassage(inst.context, known, opts) : seen;
      drawn.set(inst.context, noise);
    } else noise = noisePassage(inst.context, [...(known ?? []), ...inst.answers], opts);
    const answers = noise && answersThrough(noise, inst.answers);
    return noise && answers ? { noise, answers } : null;
  };
}

/**
 * The questions as pairs of their passage and its noisy copy (the revision slot holds the copy), for
 * comparing synthetic with natural edits: every question of a passage shares one noisy passage.
 * `among` holds the questions whose answers the noise keeps (by default `instances`); `dropped`
 * counts the questions left out because their passage had nothing outside the answers to change.
 */
export function noisyPairs(instances: readonly Instance[], opts: NoiseOptions, among: readonly Instance[] = instances): { instances: Instance[]; dropped: number } {
  const noisy = passageNoiser(among, opts);
  const intent = `synthetic: ${NOISE_LABELS[opts.kind]}`;
  const out: Instance[] = [];
  let dropped = 0;
  for (const inst of instances) {
    if (inst.lang !== 'en') continue;
    const n = noisy(inst);
    if (!n) dropped++;
    else out.push({ ...inst, revision: { context: n.noise.context, answers: n.answers, intent } });
  }
  return { instances: out, dropped };
}
