/**
 * Occlusion (model-agnostic saliency): each unit of the passage or question removed in turn, all
 * re-answered in one batched call; per unit, the change in the probability of the predicted answer
 * and whether the answer changed. The browser has no gradients; this needs forward passes only,
 * and windows that do not hold the removed unit come from the engine's cache.
 */
import type { QaInput } from '../types.ts';
import { noWindows, type ExplainPredictor, type WindowStats } from './predictor.ts';
import { answerProbability, removeUnits, sentenceUnits, wordUnits, type Unit, type UnitKind } from './units.ts';

/** Which text loses the units: the passage (sentences or words of one sentence) or the question (words). */
export type OcclusionTarget = 'context' | 'question';

/** One removed unit's effect on the answer. */
export interface OcclusionRow {
  unit: Unit;
  /** The probability of the original answer text without the unit. */
  probability: number;
  /** probability − the original answer's probability: negative when the unit supported the answer. */
  delta: number;
  /** The answer without the unit. */
  answer: string;
  changed: boolean;
}

export interface Occlusion {
  target: OcclusionTarget;
  kind: UnitKind;
  /** The answer and its probability on the whole text. */
  answer: string;
  probability: number;
  rows: OcclusionRow[];
  /** Inputs answered (the whole text and one per unit) and the windows they took. */
  calls: number;
  stats: WindowStats;
  cancelled: boolean;
}

/** The units of an occlusion: the passage's sentences, the words of sentence k, or the question's words. */
export function occlusionUnits(input: QaInput, target: OcclusionTarget, kind: UnitKind, sentence?: number): Unit[] {
  if (target === 'question') return wordUnits(input.question);
  if (kind === 'sentence') return sentenceUnits(input.context);
  const s = sentence === undefined ? undefined : sentenceUnits(input.context)[sentence];
  return s ? wordUnits(input.context, s.start, s.end) : wordUnits(input.context);
}

/** The input with some units of the target removed. */
export function withoutUnits(input: QaInput, target: OcclusionTarget, units: readonly Unit[], id: string): QaInput {
  return target === 'question' ? { id, question: removeUnits(input.question, units), context: input.context } : { id, question: input.question, context: removeUnits(input.context, units) };
}

/**
 * Removes each unit in turn and answers all in one batch, e.g.
 * await occlude(input, occlusionUnits(input, 'context', 'sentence'), 'context', 'sentence', predict).
 */
export async function occlude(input: QaInput, units: readonly Unit[], target: OcclusionTarget, kind: UnitKind, predict: ExplainPredictor, onProgress?: (done: number, total: number) => void): Promise<Occlusion> {
  const inputs = [input, ...units.map((u) => withoutUnits(input, target, [u], `${input.id}#without-${u.index}`))];
  const r = await predict(inputs, onProgress);
  const base = r.predictions[0];
  const answer = base?.text ?? '';
  const probability = base ? answerProbability(base, answer) : 0;
  const rows: OcclusionRow[] = [];
  units.forEach((unit, i) => {
    const p = r.predictions[i + 1];
    if (!p) return;
    const q = answerProbability(p, answer);
    rows.push({ unit, probability: q, delta: q - probability, answer: p.text, changed: p.text !== answer });
  });
  return { target, kind, answer, probability, rows, calls: r.predictions.length, stats: r.stats ?? noWindows(), cancelled: r.cancelled || rows.length < units.length };
}

/** Rows by effect: the units whose removal lowered the answer's probability most come first. */
export function byEffect(rows: readonly OcclusionRow[]): OcclusionRow[] {
  return [...rows].sort((a, b) => Number(b.changed) - Number(a.changed) || a.delta - b.delta || a.unit.index - b.unit.index);
}
