/**
 * The smallest breaking edit: from a question the model answers correctly (EM 1), search the
 * single edits of the chosen families for one that makes the answer wrong — C2W under the category
 * rule (categories.ts; by default F1 < 0.4, a partly right answer is not a break), scored against the
 * edited instance's gold answers — greedy first (single edits in turn, in batches), then a beam
 * search over two and three edits, growing the edits that lowered the gold answer's probability
 * most. Every answered input is one model call, counted against the user's budget; "none found
 * within N calls" is a result too.
 */
import { scorePrediction } from '../data/score.ts';
import type { Instance } from '../data/types.ts';
import { isC2W } from '../natural/categories.ts';
import { interleavedCandidates, type EditCandidate } from './edits.ts';
import { addStats, noWindows, type ExplainPredictor } from './predictor.ts';
import { answerProbability } from './units.ts';
import { DEFAULT_SEARCH, type BreakingEdit, type SearchOptions, type SearchOutcome } from './search-options.ts';
import { appliedEdits, type EditStep } from './sequence.ts';

export { DEFAULT_SEARCH, describeBreak, isApplicable, type AppliedEdit, type BreakingEdit, type RenameDetail, type SearchOptions, type SearchOutcome, type TextChange } from './search-options.ts';
export { appliedEdits, composeRenames, mergeRenames, renameLabel, renamesSameEntity, textChanges, type EditStep } from './sequence.ts';

interface State {
  instance: Instance;
  /** The edits so far, each with the instance before and after it. */
  steps: EditStep[];
  /** The original answer's probability on this instance (lower = closer to breaking). */
  probability: number;
}

/**
 * Searches for the smallest edit that breaks a correct answer, e.g.
 * await findBreakingEdit(inst, predict, { ...DEFAULT_SEARCH, budget: 20 }).
 */
export async function findBreakingEdit(inst: Instance, predict: ExplainPredictor, o: SearchOptions = DEFAULT_SEARCH, signal?: AbortSignal): Promise<BreakingEdit> {
  const stats = noWindows();
  let calls = 0;
  let singleEdits = 0;
  const answer = async (insts: readonly Instance[]) => {
    const r = await predict(insts.map((x, i) => ({ id: `${inst.id}#${calls + i}`, question: x.question, context: x.context })));
    calls += r.predictions.length;
    addStats(stats, r.stats);
    return r;
  };
  const result = (outcome: SearchOutcome, originalAnswer: string, extra: Partial<BreakingEdit> = {}): BreakingEdit => ({ outcome, originalAnswer, edits: [], perturbed: null, newAnswer: null, calls, budget: o.budget, untried: 0, singleEdits, stats, ...extra });
  if (o.budget < 1) return result('none-found', '');
  const first = await answer([inst]);
  const p0 = first.predictions[0];
  if (!p0) return result('cancelled', '');
  const gold = p0.text;
  const before = scorePrediction(gold, inst);
  if (before.em !== 1) return result('not-correct', gold);

  let frontier: State[] = [{ instance: inst, steps: [], probability: answerProbability(p0, gold) }];
  for (let depth = 1; depth <= o.depth; depth++) {
    // Greedy at depth 1 (every single edit in turn), beam after: each kept sequence grows by one edit.
    const cands: { from: State; c: EditCandidate }[] = frontier.flatMap((from) => interleavedCandidates(from.instance, o.families, o).map((c) => ({ from, c })));
    // The original's single edits: 0 means none of the families applies to this question.
    if (depth === 1) singleEdits = cands.length;
    if (!cands.length) break;
    const scored: State[] = [];
    for (let i = 0; i < cands.length; i += o.batch) {
      if (signal?.aborted) return result('cancelled', gold);
      const left = o.budget - calls;
      if (left <= 0) return result('none-found', gold, { untried: cands.length - i });
      const chunk = cands.slice(i, i + Math.min(o.batch, left));
      const r = await answer(chunk.map((x) => x.c.instance));
      if (r.cancelled) return result('cancelled', gold);
      for (let k = 0; k < chunk.length; k++) {
        const { from, c } = chunk[k] as { from: State; c: EditCandidate };
        const p = r.predictions[k];
        if (!p) continue;
        const steps: EditStep[] = [...from.steps, { family: c.family, label: c.label, ...(c.rename ? { rename: c.rename } : {}), before: from.instance, after: c.instance }];
        if (isC2W(before, scorePrediction(p.text, c.instance), o.rule)) return result('broken', gold, { edits: appliedEdits(steps), perturbed: c.instance, newAnswer: p.text, untried: cands.length - i - k - 1 });
        scored.push({ instance: c.instance, steps, probability: answerProbability(p, p.text) });
      }
    }
    frontier = scored.sort((a, b) => a.probability - b.probability).slice(0, o.beam);
  }
  return result('none-found', gold);
}
