/**
 * The over-stability experiment: every question answered on its passage and on the passage with a
 * trap sentence (generated AddSent-like, or the dataset's own trap variant), with F1 on both, the
 * question–trap similarity, and whether the trapped answer lands inside the trap.
 */
import { scorePrediction, scoringLangOf } from '../data/score.ts';
import type { Instance, TrapVariant } from '../data/types.ts';
import { predictedSpan, type Predictor } from '../entity/experiment.ts';
import { evaluateAdversarial, type AdversarialOutput } from './adversarial.ts';
import { generateTrap } from './generate.ts';
import { generateTrapZh } from './generate-zh.ts';
import { insertTrap, inTrap, trapSimilarity } from './insert.ts';
import type { TrapConfig, TrapRow, TrapSkip, TrapSkipped } from './summary.ts';

export * from './summary.ts';

/** A question ready to be answered: the instance, its trap passage and the trap sentence. */
export interface TrapItem {
  inst: Instance;
  variant: TrapVariant;
  sentence: string;
}

/** The trap for one question, or why it has none. */
export function trapFor(inst: Instance, config: TrapConfig): TrapItem | TrapSkip {
  if (inst.adversarial) return 'adversarial variant';
  if (inst.isImpossible || inst.answers.length === 0) return 'unanswerable';
  if (config.source === 'dataset') {
    if (!inst.trap) return 'no trap variant';
    return { inst, variant: inst.trap, sentence: inst.trap.context.slice(inst.trap.trap.start, inst.trap.trap.end) };
  }
  if (inst.lang !== 'en' && inst.lang !== 'zh') return 'not English or Chinese';
  const golds = inst.answers.map((a) => a.text);
  const g = inst.lang === 'zh' ? generateTrapZh(inst.question, golds, config.seed) : generateTrap(inst.question, golds, config.seed);
  if (!g) return 'no rewriting rule';
  const variant = insertTrap(inst, g.sentence, config.position);
  return variant ? { inst, variant, sentence: g.sentence } : 'insertion point inside an answer';
}

/** The traps of many questions, and the others counted per reason. */
export function prepareTraps(instances: readonly Instance[], config: TrapConfig): { items: TrapItem[]; skipped: TrapSkipped } {
  const items: TrapItem[] = [];
  const skipped: TrapSkipped = {};
  for (const inst of instances) {
    const t = trapFor(inst, config);
    if (typeof t !== 'string') {
      items.push(t);
      continue;
    }
    const s = (skipped[t] ??= { count: 0, ids: [] });
    s.count++;
    if (s.ids.length < 5) s.ids.push(inst.id);
  }
  return { items, skipped };
}

/** Answers each item on its passage and its trap passage (one model call) and scores both. */
export async function answerTraps(items: readonly TrapItem[], predict: Predictor, onProgress?: (done: number, total: number) => void): Promise<{ rows: TrapRow[]; cancelled: boolean }> {
  const inputs = items.flatMap(({ inst, variant }, k) => [
    { id: `${k}#original`, question: inst.question, context: inst.context },
    { id: `${k}#trap`, question: inst.question, context: variant.context },
  ]);
  const res = await predict(inputs, onProgress);
  const byId = new Map(res.predictions.map((p) => [p.id, p]));
  const rows: TrapRow[] = [];
  items.forEach(({ inst, variant, sentence }, k) => {
    const po = byId.get(`${k}#original`);
    const pt = byId.get(`${k}#trap`);
    if (!po || !pt) return;
    const span = predictedSpan(pt);
    rows.push({
      id: inst.id,
      dataset: inst.dataset,
      question: inst.question,
      sentence,
      similarity: trapSimilarity(inst.question, sentence, scoringLangOf(inst)),
      original: { text: po.text, span: predictedSpan(po), ...scorePrediction(po.text, inst) },
      trapped: { text: pt.text, span, hit: inTrap(span, variant.trap), ...scorePrediction(pt.text, { ...inst, answers: variant.answers }) },
      trap: variant.trap,
    });
  });
  return { rows, cancelled: res.cancelled };
}

/** Jia & Liang's figures for the questions of an adversarial file, with the predictions they came from. */
export interface AdversarialRun {
  output: AdversarialOutput;
  /** Question id → predicted text (what `qarx eval --adversarial` would read). */
  predictions: Record<string, string>;
  /** Questions without gold answers, left out (the script cannot score them). */
  unscorable: number;
  cancelled: boolean;
}

/**
 * Answers every question (originals and variants, in list order) and scores them as Jia &
 * Liang's script does; null when cancelled before any prediction or nothing is scorable.
 */
export async function runAdversarial(instances: readonly Instance[], predict: Predictor, onProgress?: (done: number, total: number) => void): Promise<AdversarialRun | null> {
  const scorable = instances.filter((i) => i.answers.length > 0);
  if (scorable.length === 0) return null;
  const res = await predict(scorable.map((i) => ({ id: i.id, question: i.question, context: i.context })), onProgress);
  if (res.predictions.length === 0) return null;
  const predictions: Record<string, string> = {};
  for (const p of res.predictions) predictions[p.id] = p.text;
  // A cancelled run scores the questions answered so far: the unanswered ones would count as 0.
  const done = res.cancelled ? scorable.filter((i) => Object.prototype.hasOwnProperty.call(predictions, i.id)) : scorable;
  const output = evaluateAdversarial(done.map((i) => ({ id: i.id, golds: i.answers.map((a) => a.text) })), predictions);
  return { output, predictions, unscorable: instances.length - scorable.length, cancelled: res.cancelled };
}
