/**
 * Which model inputs a block of a sweep plans (issue 44): only the questions some cell can rename get
 * an original prediction, and each cell sends one input per question it can rename. Kept apart from
 * sweep-progress.ts because it needs the renaming (and so the name data); the progress line does not.
 */
import type { Instance } from '../data/types.ts';
import type { RenameOptions } from './options.ts';
import { selectRenameTarget } from './rename.ts';

/** What decides whether a question is renamable in a cell: the seed and the origin do not. */
const choiceKey = (s: Pick<RenameOptions, 'type' | 'source' | 'target'>): string => `${s.type}|${s.source}|${s.target}`;

/** A block's plan: the questions whose original is predicted, and each cell's planned inputs (plan order). */
export interface BlockPlan {
  /** The questions some cell can rename: only their originals are predicted. */
  renamable: Instance[];
  /** Per cell of the plan, the questions it can rename (one model input each). */
  perCell: number[];
  /** renamable.length plus every cell's count: the model inputs the block plans. */
  inputs: number;
}

/**
 * Plans a block: which questions get an original prediction and how many renamed inputs each cell
 * sends, e.g. 3 questions, one renamable by the PER cells only, plan = 2 PER seeds + 2 ORG seeds →
 * { renamable: [q], perCell: [1, 1, 0, 0], inputs: 3 }. A renaming can still fail after its target
 * is chosen (InputProgress.settle corrects the total then).
 */
export function plannedInputs(instances: readonly Instance[], plan: readonly RenameOptions[]): BlockPlan {
  const choices = [...new Map(plan.map((s) => [choiceKey(s), s])).entries()];
  const counts = new Map<string, number>(choices.map(([k]) => [k, 0]));
  const renamable: Instance[] = [];
  for (const inst of instances) {
    let any = false;
    for (const [k, c] of choices) {
      if (typeof selectRenameTarget(inst, c) === 'string') continue;
      counts.set(k, (counts.get(k) ?? 0) + 1);
      any = true;
    }
    if (any) renamable.push(inst);
  }
  const perCell = plan.map((s) => counts.get(choiceKey(s)) ?? 0);
  return { renamable, perCell, inputs: renamable.length + perCell.reduce((a, n) => a + n, 0) };
}
