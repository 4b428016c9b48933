/**
 * One sweep step (a type · source · origin · seed cell) applied to a list of questions, and the
 * cell's running aggregates. The plain sweep scores a cell over every question at once, the
 * streaming sweep block by block; both add the same scores in question order, so their cells are
 * identical to the last bit.
 */
import { scorePrediction, type Score } from '../data/score.ts';
import type { Instance } from '../data/types.ts';
import { pairCategory, type CategoryRule, type PairCategory } from '../natural/categories.ts';
import { foundCase, type FoundCase } from '../results/found-case.ts';
import type { QaInput, QaPrediction } from '../types.ts';
import { renameInstance, type NamePool, type NotRenamable, type RenameOptions, type RenameResult } from './rename.ts';
import { errorKind, noErrors, type ErrorCounts, type QuestionScores, type SweepCell } from './stats.ts';

/** Answers questions; returns predictions in input order (a prefix of them when cancelled). */
export type Predictor = (inputs: QaInput[], onProgress?: (done: number, total: number) => void) => Promise<{ predictions: QaPrediction[]; cancelled: boolean }>;

/** A model input from an instance; `suffix` keeps several inputs of one question apart. */
export const inputOf = (inst: Instance, suffix = ''): QaInput => ({ id: inst.id + suffix, question: inst.question, context: inst.context });

/** Sum of EM and F1 (0..1 each) over the scores added so far. */
interface Sums {
  em: number;
  f1: number;
}

/**
 * A cell's aggregates, built one question at a time. Sums start at 0 and add in question order, as
 * averageScore's reduce does, so cell() gives averageScore's exact means.
 */
export class CellTally {
  private renamed = 0;
  private scored = 0;
  private readonly orig: Sums = { em: 0, f1: 0 };
  private readonly pert: Sums = { em: 0, f1: 0 };
  private readonly categories: Record<PairCategory, number> = { C2C: 0, C2W: 0, W2C: 0, W2W: 0, partial: 0 };
  private readonly errors: { orig: ErrorCounts; pert: ErrorCounts } = { orig: noErrors(), pert: noErrors() };
  private readonly skipped: Partial<Record<NotRenamable, number>> = {};

  /** `rule` decides each question's category (categories.ts), the released script's by default. */
  constructor(
    readonly step: RenameOptions,
    readonly rule: CategoryRule = 'script',
  ) {}

  /** Counts a question the step could not rename, by reason. */
  skip(why: NotRenamable): void {
    this.skipped[why] = (this.skipped[why] ?? 0) + 1;
  }

  /** Counts questions renamed (whether or not both answers came back). */
  countRenamed(k: number): void {
    this.renamed += k;
  }

  /** Scores one renamed question from its original and renamed answers, with its category under the tally's rule. */
  add(inst: Instance, perturbed: Instance, original: string, renamed: string): QuestionScores & { category: PairCategory } {
    const o = scorePrediction(original, inst);
    const p = scorePrediction(renamed, perturbed);
    this.scored++;
    addTo(this.orig, o);
    addTo(this.pert, p);
    const c = pairCategory(o, p, this.rule);
    this.categories[c]++;
    this.errors.orig[errorKind(original, inst.answers.map((a) => a.text), o.em)]++;
    this.errors.pert[errorKind(renamed, perturbed.answers.map((a) => a.text), p.em)]++;
    return { id: inst.id, dataset: inst.dataset, original: o, perturbed: p, category: c };
  }

  /** The cell so far (a fresh object each call), with each question's scores when given. */
  cell(questions?: QuestionScores[]): SweepCell {
    const mean = (s: Sums): Score => (this.scored === 0 ? { em: NaN, f1: NaN } : { em: (100 * s.em) / this.scored, f1: (100 * s.f1) / this.scored });
    const copy = <T extends object>(x: T): T => ({ ...x });
    return {
      ...this.step,
      n: this.renamed,
      orig: mean(this.orig),
      pert: mean(this.pert),
      categories: copy(this.categories),
      errors: { orig: copy(this.errors.orig), pert: copy(this.errors.pert) },
      skipped: copy(this.skipped),
      ...(questions ? { questions } : {}),
    };
  }
}

/** Adds a score to running sums, e.g. { em: 1, f1: 0.5 } + { em: 0, f1: 0.5 } → { em: 1, f1: 1 }. */
function addTo(sums: Sums, s: Score): void {
  sums.em += s.em;
  sums.f1 += s.f1;
}

/** What applying a step to a list of questions needs besides the questions. */
export interface StepContext {
  pool: NamePool;
  /** Predicted text of each original by question id (a question without one is not scored). */
  originals: ReadonlyMap<string, string>;
  predict: Predictor;
  onProgress?: (done: number) => void;
  /** The model inputs the step sends (its renamed questions), before it sends them. */
  onInputs?: (n: number) => void;
  onCase?: (c: FoundCase) => void;
  onQuestion?: (q: QuestionScores) => void;
}

/**
 * Renames every question of the list for one step, answers the renamed copies in one predictor
 * call and adds each to the tally. Returns true when the predictor was cancelled (nothing added
 * then but the skip counts).
 */
export async function applyStep(list: readonly Instance[], tally: CellTally, ctx: StepContext): Promise<boolean> {
  const renamed: { inst: Instance; r: RenameResult }[] = [];
  for (const inst of list) {
    const r = renameInstance(inst, tally.step, ctx.pool);
    if (typeof r === 'string') tally.skip(r);
    else renamed.push({ inst, r });
  }
  ctx.onInputs?.(renamed.length);
  const res = await ctx.predict(
    renamed.map(({ r }) => inputOf(r.perturbed)),
    (d) => ctx.onProgress?.(d),
  );
  if (res.cancelled) return true;
  tally.countRenamed(renamed.length);
  renamed.forEach(({ inst, r }, k) => {
    const op = ctx.originals.get(inst.id);
    const pp = res.predictions[k];
    if (op === undefined || !pp) return;
    const { category: c, ...q } = tally.add(inst, r.perturbed, op, pp.text);
    ctx.onQuestion?.(q);
    if (c === 'C2W') ctx.onCase?.(foundCase(inst, r.perturbed, { original: op, perturbed: pp.text }, { rename: tally.step }));
  });
  return false;
}
