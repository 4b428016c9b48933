/**
 * A challenge set from revision pairs and several models (the paper's appendix I): each passage
 * pair is used in the orientation (original → edited, or edited → original) that makes the most
 * models go from correct to wrong; ties go to the orientation that keeps more questions.
 */
import type { Instance } from '../data/types.ts';
import { instancesToSquad } from '../formats/squad-export.ts';
import type { SquadDataset } from '../metrics/squad.ts';
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

/**
 * Chooses each pair's orientation from every model's rows, e.g. a question model A gets right on
 * the original and wrong on the edit (C2W) counts for the forward orientation; W2C counts for the reversed one.
 */
export function challengeSet(instances: readonly Instance[], rowsByModel: Readonly<Record<string, readonly PairRow[]>>): ChallengePair[] {
  const groups = new Map<string, Instance[]>();
  for (const i of instances) if (i.revision) groups.set(passageKey(i), [...(groups.get(passageKey(i)) ?? []), i]);
  const index = Object.entries(rowsByModel).map(([model, rows]) => ({ model, rows: new Map(rows.map((r) => [`${r.dataset}\u0000${r.id}`, r])) }));
  const out: ChallengePair[] = [];
  for (const qs of groups.values()) {
    const orient = (reversed: boolean) => {
      const flip = reversed ? 'W2C' : 'C2W';
      const kept = new Set<Instance>();
      const models = new Set<string>();
      let flips = 0;
      for (const q of qs) {
        for (const { model, rows } of index) {
          if (rows.get(`${q.dataset}\u0000${q.id}`)?.category !== flip) continue;
          flips++;
          models.add(model);
          kept.add(q);
        }
      }
      return { reversed, flips, models: [...models].sort(), questions: qs.filter((q) => kept.has(q)) };
    };
    const fwd = orient(false);
    const rev = orient(true);
    const best = rev.models.length > fwd.models.length || (rev.models.length === fwd.models.length && (rev.questions.length > fwd.questions.length || (rev.questions.length === fwd.questions.length && rev.flips > fwd.flips))) ? rev : fwd;
    if (best.flips > 0) out.push(best);
  }
  return out.sort((a, b) => b.models.length - a.models.length || b.flips - a.flips);
}

/** The challenge set as SQuAD JSON: each question on its changed passage, the passage it came from recorded. */
export function challengeToSquad(pairs: readonly ChallengePair[]): SquadDataset & { challenge: { pairs: number; questions: number } } {
  const flipped: Instance[] = pairs.flatMap((p) =>
    p.questions.map((q) => {
      const rev = q.revision as NonNullable<Instance['revision']>;
      const [from, to] = p.reversed ? [rev.context, q.context] : [q.context, rev.context];
      const answers = p.reversed ? q.answers : rev.answers;
      return { ...q, context: to, answers, revision: { context: from, answers: p.reversed ? rev.answers : q.answers, intent: rev.intent } };
    }),
  );
  const squad = instancesToSquad(flipped);
  const from = new Map(flipped.map((q) => [q.context, q.revision?.context ?? '']));
  for (const a of squad.data) for (const para of a.paragraphs) Object.assign(para, { original_context: from.get(para.context) });
  return { ...squad, challenge: { pairs: pairs.length, questions: flipped.length } };
}
