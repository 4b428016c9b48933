/**
 * A found breaking edit ("Find a failure") as a link carries it and as Live shows it: the edits with
 * their changes and the edited passage's gold answers go into a permalink, and a link opened later
 * replays them on its question (one pair of answers, no search), so it shows the same break — or
 * says that this model is not broken by it.
 */
import { applyEdits } from '../../core/explain/sequence.ts';
import type { PairRow } from '../../core/natural/pair-summary.ts';
import type { Permalink } from '../../core/results/permalink.ts';
import type { Instance } from '../../core/data/types.ts';
import type { AppState } from '../store/index.ts';

/** A link's found edit. */
export type FoundEditLink = Extract<Permalink['p'], { kind: 'edit' }>;

/** A found edit opened from a link on this question: what it makes of the texts, its pair job, then its row (or why it could not be replayed). */
export interface ReplayedEdit {
  edits: FoundEditLink['edits'];
  answers: FoundEditLink['answers'];
  perturbed: { question: string; context: string } | null;
  jobId: number | null;
  row: PairRow | null;
  error: string | null;
}

/** The found edit Live shows for its question, as a link carries it (a search's break, else a replayed link's); null when none. */
export function foundEditLink(s: Pick<AppState, 'failure' | 'replayedEdit'>): FoundEditLink | null {
  const r = s.failure?.result;
  if (r?.outcome === 'broken' && r.perturbed) {
    return { kind: 'edit', edits: r.edits.map((e) => ({ family: e.family, label: e.label, changes: e.changes })), answers: r.perturbed.answers.map((a) => ({ text: a.text, start: a.start })) };
  }
  const p = s.replayedEdit;
  return p && !p.error ? { kind: 'edit', edits: p.edits, answers: p.answers } : null;
}

/** The edited question and passage of the found edit Live shows (the "after" side of an explanation); null when none. */
export function foundEditText(s: Pick<AppState, 'failure' | 'replayedEdit' | 'question' | 'passage'>): { question: string; context: string } | null {
  const f = s.failure;
  if (f?.result.perturbed && f.instance.context === s.passage && f.instance.question === s.question) return f.result.perturbed;
  return s.replayedEdit?.row ? s.replayedEdit.perturbed : null;
}

/** The replay of `link` on `base` (the open question): the instance paired with its edited side, or why it does not fit. */
export function replayPair(base: Instance, link: FoundEditLink): { instance: Instance; perturbed: { question: string; context: string } } | { error: string } {
  const perturbed = applyEdits(base, link.edits);
  if (!perturbed) return { error: 'The link’s found edit does not fit this question: its passage or question is not the one the edit was found on.' };
  const question = perturbed.question !== base.question ? { question: perturbed.question } : {};
  return { instance: { ...base, revision: { context: perturbed.context, answers: link.answers, ...question } }, perturbed };
}
