/**
 * Input reduction (Feng et al. 2018, "Pathologies of Neural Models Make Interpretations
 * Difficult", §3): remove the least important word of the question, again and again, while the
 * model's answer stays the same; the shortest question left shows how little the model needed.
 * Importance is leave-one-out (the drop in the answer's probability when the word is removed), the
 * quantity the paper's gradient approximates: the browser has no gradients. Each step removes the
 * least important word whose removal keeps the answer (the paper's beam, with the answer as its
 * constraint); the passage variant removes sentences the same way.
 */
import type { QaInput } from '../types.ts';
import { occlude, occlusionUnits, withoutUnits, type OcclusionTarget } from './occlusion.ts';
import { addStats, noWindows, type ExplainPredictor, type WindowStats } from './predictor.ts';

/** One removal: the unit's text and the answer's probability once it was gone. */
export interface ReductionStep {
  removed: string;
  probability: number;
  text: string;
}

export interface Reduction {
  target: OcclusionTarget;
  answer: string;
  probability: number;
  original: string;
  /** The shortest text (question, or passage) that still gets the same answer. */
  reduced: string;
  steps: ReductionStep[];
  /** Units at the start and at the end. */
  before: number;
  after: number;
  calls: number;
  stats: WindowStats;
  cancelled: boolean;
}

/**
 * Reduces the question (words) or the passage (sentences), e.g. await reduceInput(
 * { id, question: 'Where was Marie Curie born?', context }, 'question', predict) → reduced 'Marie born'.
 */
export async function reduceInput(input: QaInput, target: OcclusionTarget, predict: ExplainPredictor, signal?: AbortSignal): Promise<Reduction> {
  const kind = target === 'question' ? 'word' : 'sentence';
  let current = input;
  const steps: ReductionStep[] = [];
  const stats = noWindows();
  let calls = 0;
  let answer: string | null = null;
  let probability = 0;
  let before = 0;
  let cancelled = false;
  for (;;) {
    const units = occlusionUnits(current, target, kind);
    if (answer === null) before = units.length;
    const occ = await occlude(current, units.length > 1 ? units : [], target, kind, predict);
    calls += occ.calls;
    addStats(stats, occ.stats);
    if (occ.cancelled || signal?.aborted) {
      cancelled = true;
      break;
    }
    if (answer === null) {
      answer = occ.answer;
      probability = occ.probability;
    }
    // Least important: the removal that keeps the answer and leaves it most probable.
    const keep = occ.rows.filter((r) => r.answer === answer).sort((a, b) => b.probability - a.probability || a.unit.index - b.unit.index)[0];
    if (!keep) break;
    current = withoutUnits(current, target, [keep.unit], current.id);
    steps.push({ removed: keep.unit.text, probability: keep.probability, text: target === 'question' ? current.question : current.context });
  }
  const text = (i: QaInput) => (target === 'question' ? i.question : i.context);
  return { target, answer: answer ?? '', probability, original: text(input), reduced: text(current), steps, before, after: before - steps.length, calls, stats, cancelled };
}
