/**
 * A challenge set from revision pairs and several models (appendix I of Wu et al. 2025). A
 * (model, question) flip is correct (EM 1) on one passage and wrong (F1 < 0.4) on the other, the
 * released script's rule. Each passage pair takes the orientation (original → edited, or the edit
 * undone) with the most flips, then the one keeping more questions, then a seeded coin; given the
 * SQuAD dev passages, only pairs starting from one are kept (App. I's last step); a passage that
 * would appear twice keeps the version with the most questions.
 */
import type { Instance } from '../data/types.ts';
import { instancesToSquad } from '../formats/squad-export.ts';
import type { SquadDataset } from '../metrics/squad.ts';
import { hashString, mixSeed, rng } from '../text/random.ts';
import { isC2W } from './categories.ts';
import type { PairRow } from './pairs.ts';

/** One passage pair of the challenge set in its chosen orientation. */
export interface ChallengePair {
  /** True when the edited passage plays the original (the edit is undone). */
  reversed: boolean;
  /** (model, question) pairs going from correct to wrong in this orientation. */
  flips: number;
  /** Models with at least one question going from correct to wrong. */
  models: string[];
  /** The questions kept: those at least one model gets wrong after the change. */
  questions: Instance[];
}

const passageKey = (i: Instance) => `${i.context}\u0000${i.revision?.context ?? ''}`;

/** True when a row goes from correct to wrong in the given orientation, by the script's rule. */
export function isFlip(r: Pick<PairRow, 'original' | 'perturbed'>, reversed: boolean): boolean {
  const [from, to] = reversed ? [r.perturbed, r.original] : [r.original, r.perturbed];
  return isC2W(from, to, 'script');
}

/** Orders candidates: more flips, then more questions kept. */
const better = (a: ChallengePair, b: ChallengePair) => a.flips - b.flips || a.questions.length - b.questions.length;

/**
 * Chooses each pair's orientation from every model's rows, e.g. a question model A gets right on
 * the original and wrong on the edit counts for the forward orientation, the opposite for the
 * reversed one. `seed` decides exact ties.
 */
export function challengeSet(instances: readonly Instance[], rowsByModel: Readonly<Record<string, readonly PairRow[]>>, seed = 0): ChallengePair[] {
  return buildChallenge(instances, rowsByModel, seed).pairs;
}

/** A challenge set with what App. I's dev-passage filter did: pairs removed (null when no dev passages were given). */
export interface ChallengeBuild {
  pairs: ChallengePair[];
  notInDev: number | null;
}

/**
 * challengeSet with App. I's last step: with `devPassages` (the contexts of the SQuAD dev file),
 * a pair whose starting passage in its chosen orientation is not one of them, compared exactly as
 * the released script does, is removed and counted, before one version per passage is chosen.
 */
export function buildChallenge(instances: readonly Instance[], rowsByModel: Readonly<Record<string, readonly PairRow[]>>, seed = 0, devPassages?: ReadonlySet<string>): ChallengeBuild {
  const groups = new Map<string, Instance[]>();
  for (const i of instances) if (i.revision) groups.set(passageKey(i), [...(groups.get(passageKey(i)) ?? []), i]);
  const index = Object.entries(rowsByModel).map(([model, rows]) => ({ model, rows: new Map(rows.map((r) => [`${r.dataset}\u0000${r.id}`, r])) }));
  const chosen: ChallengePair[] = [];
  for (const [key, qs] of groups) {
    const orient = (reversed: boolean): ChallengePair => {
      const kept = new Set<Instance>();
      const models = new Set<string>();
      let flips = 0;
      for (const q of qs) {
        for (const { model, rows } of index) {
          const row = rows.get(`${q.dataset}\u0000${q.id}`);
          if (!row || !isFlip(row, reversed)) continue;
          flips++;
          models.add(model);
          kept.add(q);
        }
      }
      return { reversed, flips, models: [...models].sort(), questions: qs.filter((q) => kept.has(q)) };
    };
    const fwd = orient(false);
    const rev = orient(true);
    const d = better(rev, fwd);
    const best = d > 0 ? rev : d < 0 ? fwd : rng(mixSeed(seed, hashString(key)))() < 0.5 ? fwd : rev;
    if (best.flips > 0) chosen.push(best);
  }
  const inDev = devPassages ? chosen.filter((p) => devPassages.has(sides(p)[0])) : chosen;
  return { pairs: dedupePassages(inDev).sort((a, b) => -better(a, b)), notInDev: devPassages ? chosen.length - inDev.length : null };
}

/**
 * The passages of a SQuAD dev file (`data[].paragraphs[].context`), for App. I's filter, e.g.
 * squadPassages('{"data":[{"paragraphs":[{"context":"A."}]}]}', 'dev.json') → Set { 'A.' }.
 * Throws an Error naming the file when it is not SQuAD JSON or holds no passage.
 */
export function squadPassages(text: string, file: string): Set<string> {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`);
  }
  const data = (root as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error(`${file}: not a SQuAD file (no "data" list)`);
  const out = new Set<string>();
  for (const article of data) {
    const paragraphs = (article as { paragraphs?: unknown } | null)?.paragraphs;
    if (!Array.isArray(paragraphs)) continue;
    for (const p of paragraphs) {
      const context = (p as { context?: unknown } | null)?.context;
      if (typeof context === 'string') out.add(context);
    }
  }
  if (out.size === 0) throw new Error(`${file}: no passage (data[].paragraphs[].context) found`);
  return out;
}

/** The passage a pair starts from and the one it is changed to, in its orientation. */
function sides(p: ChallengePair): [string, string] {
  const q = p.questions[0] as Instance;
  const rev = q.revision?.context ?? '';
  return p.reversed ? [rev, q.context] : [q.context, rev];
}

/** Keeps one pair per passage (as starting or changed passage): the one with the most questions, then flips. */
function dedupePassages(pairs: readonly ChallengePair[]): ChallengePair[] {
  const order = [...pairs].sort((a, b) => b.questions.length - a.questions.length || b.flips - a.flips);
  const used = new Set<string>();
  const out: ChallengePair[] = [];
  for (const p of order) {
    const [from, to] = sides(p);
    if (used.has(from) || used.has(to)) continue;
    used.add(from);
    used.add(to);
    out.push(p);
  }
  return out;
}

/** The challenge set as SQuAD JSON: each question on its changed passage, the passage it came from recorded; `versionTwo` keeps the source's no-answer decision. */
export function challengeToSquad(pairs: readonly ChallengePair[], versionTwo?: boolean): SquadDataset & { challenge: { pairs: number; questions: number } } {
  const flipped: Instance[] = pairs.flatMap((p) =>
    p.questions.map((q) => {
      const rev = q.revision as NonNullable<Instance['revision']>;
      const [from, to] = p.reversed ? [rev.context, q.context] : [q.context, rev.context];
      const answers = p.reversed ? q.answers : rev.answers;
      // Each passage keeps the question it was asked with (they differ only in paraphrase files).
      const [fromQ, toQ] = p.reversed ? [rev.question ?? q.question, q.question] : [q.question, rev.question ?? q.question];
      const reworded = fromQ !== toQ ? { question: fromQ } : {};
      return { ...q, question: toQ, context: to, answers, revision: { context: from, answers: p.reversed ? rev.answers : q.answers, intent: rev.intent, ...reworded } };
    }),
  );
  const squad = instancesToSquad(flipped, versionTwo);
  const from = new Map(flipped.map((q) => [q.context, q.revision?.context ?? '']));
  for (const a of squad.data) for (const para of a.paragraphs) Object.assign(para, { original_context: from.get(para.context) });
  return { ...squad, challenge: { pairs: pairs.length, questions: flipped.length } };
}
