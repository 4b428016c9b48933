/**
 * The streaming entity sweep, for inputs of any size: questions are read in blocks; each block's
 * originals are answered, then every cell renames and answers the block, and only the cells'
 * running aggregates outlive it. Memory stays flat however many questions there are: no
 * per-question map, no per-question scores (they go to onQuestion), and the input is read as it
 * goes. Its cells equal runSweep's (without their per-question scores).
 */
import type { Instance } from '../data/types.ts';
import type { CategoryRule } from '../natural/categories.ts';
import type { FoundCase } from '../results/found-case.ts';
import { nextTask, sweepPlan } from './experiment.ts';
import type { SweepConfig } from './options.ts';
import { buildNamePool, type NamePool } from './rename.ts';
import type { QuestionScores, SweepCell, SweepProgress } from './stats.ts';
import { applyStep, CellTally, inputOf, type Predictor } from './tally.ts';
import { InputProgress } from './sweep-progress.ts';
import { plannedInputs } from './input-plan.ts';

/**
 * Questions per block. The entity tagger keeps its last 1,024 passages (spans.ts), so a block's
 * passages are tagged once for all of its cells; 512 questions hold a few MB while in flight.
 */
export const STREAM_BLOCK = 512;

export interface StreamOptions {
  signal?: AbortSignal;
  onProgress?: (p: SweepProgress) => void;
  onCase?: (c: FoundCase) => void;
  /** The InDistName pool; built in a first pass over the input when a cell needs it and none is given. */
  pool?: NamePool;
  /** Answerable questions in the input, for progress; counted in a first pass when absent. */
  questions?: number;
  /** Questions per block (default STREAM_BLOCK). */
  blockSize?: number;
  /** Each renamed question's scores as they are computed, with the index of its cell; nothing of them is kept. */
  onQuestion?: (q: QuestionScores, cell: number) => void;
  /** After each block, with the answerable questions done so far: nothing of the block is held any more. */
  onBlock?: (questions: number) => void;
  /** The category rule of cells and found cases (categories.ts), the released script's by default. */
  rule?: CategoryRule;
}

export interface StreamedSweep {
  /** One cell per step of sweepPlan, over the blocks finished (all of them unless cancelled). */
  cells: SweepCell[];
  cancelled: boolean;
  /** Answerable questions the cells cover. */
  questions: number;
  /** Original predictions made (questions some cell could rename). */
  answered: number;
}

/**
 * Reads the next questions up to and including the `size`-th answerable one ([] at the end). The
 * unanswerable ones read on the way stay in the block, in input order, so applyStep counts them
 * under renameInstance's reason like any other left-out question, as runSweep does (issue 38.4):
 * one rule, and the cells' left-out counts in the same order. A plain function, not a generator:
 * a suspended generator would still hold the block it last yielded while the next is swept.
 */
function readBlock(it: Iterator<Instance>, size: number): Instance[] {
  const block: Instance[] = [];
  let answerable = 0;
  while (answerable < size) {
    const x = it.next();
    if (x.done) break;
    block.push(x.value);
    if (!x.value.isImpossible) answerable++;
  }
  return block;
}

/** Answerable questions of an input, e.g. countAnswerable([{ isImpossible: true }, { isImpossible: false }]) === 1. */
function countAnswerable(instances: Iterable<Pick<Instance, 'isImpossible'>>): number {
  let n = 0;
  for (const inst of instances) if (!inst.isImpossible) n++;
  return n;
}

/** What sweeping one block needs: the plan's tallies and the run's callbacks and progress. */
interface BlockContext {
  tallies: readonly CellTally[];
  plan: ReturnType<typeof sweepPlan>;
  pool: NamePool;
  predict: Predictor;
  opts: StreamOptions;
  /** The run's progress in model inputs (sweep-progress.ts, as runSweep's). */
  progress: InputProgress;
}

/**
 * Sweeps one block: its originals, then every cell. Returns its size and the originals answered,
 * or null when cancelled. The block lives in this call's frame only, so it is gone when it returns.
 */
async function sweepBlock(block: readonly Instance[], first: number, ctx: BlockContext): Promise<{ questions: number; answered: number } | null> {
  const { opts } = ctx;
  if (block.length === 0) return { questions: 0, answered: 0 };
  // Progress and the cells' question counts are over answerable questions, as runSweep's.
  const questions = countAnswerable(block);
  const at = `questions ${first + 1}–${first + questions}`;
  const { progress } = ctx;
  const planned = plannedInputs(block, ctx.plan);
  progress.plan(planned.inputs, questions);
  const orig = await ctx.predict(planned.renamable.map((i) => inputOf(i)), (d) => progress.report(`original predictions · ${at}`, d));
  if (orig.cancelled || opts.signal?.aborted) return null;
  // Only this block's predicted texts: they are dropped with the block.
  const originals = new Map(orig.predictions.map((p) => [p.id, p.text]));
  progress.ran(planned.renamable.length);
  for (const [c, tally] of ctx.tallies.entries()) {
    await nextTask();
    if (opts.signal?.aborted) return null;
    const { type, source, origin, seed } = tally.step;
    const label = `${type} · ${source} · ${origin} · seed ${seed} · ${at}`;
    const onQuestion = opts.onQuestion && ((q: QuestionScores) => opts.onQuestion?.(q, c));
    let sent = 0;
    const onInputs = (n: number) => progress.settle(planned.perCell[c] ?? 0, (sent = n));
    if (await applyStep(block, tally, { pool: ctx.pool, originals, predict: ctx.predict, onProgress: (d) => progress.report(label, d), onInputs, onCase: opts.onCase, onQuestion })) return null;
    progress.ran(sent);
    progress.report(label);
  }
  return { questions, answered: originals.size };
}

/** A stopped sweep: its cells cover only the blocks finished, so each is marked partial (summarizeSweep then never calls a row complete). */
const stopped = (s: StreamedSweep): StreamedSweep => ({ ...s, cells: s.cells.map((c) => ({ ...c, partial: true as const })), cancelled: true });

/**
 * Runs a sweep block by block. `instances` may be any iterable; it is read once, plus once more
 * to count (unless `questions` is given) and to build the InDistName pool (unless `pool` is given
 * or no cell uses InDistName), so a generator must be one that can be iterated again. A cancel
 * returns the cells over the blocks finished, marked cancelled.
 */
export async function runSweepStream(instances: Iterable<Instance>, config: SweepConfig, predict: Predictor, opts: StreamOptions = {}): Promise<StreamedSweep> {
  const plan = sweepPlan(config);
  // Only InDistName draws from the pool; runSweep's default pool is the input itself.
  const pool = opts.pool ?? (plan.some((s) => s.source === 'indist') ? buildNamePool(instances) : {});
  const size = opts.questions ?? countAnswerable(instances);
  const tallies = plan.map((s) => new CellTally(s, opts.rule));
  const blockSize = Math.max(1, Math.floor(opts.blockSize ?? STREAM_BLOCK));
  let committed: StreamedSweep = { cells: tallies.map((t) => t.cell()), cancelled: false, questions: 0, answered: 0 };
  const ctx: BlockContext = { tallies, plan, pool, predict, opts, progress: new InputProgress(size, opts.onProgress) };
  const it = instances[Symbol.iterator]();
  for (;;) {
    await nextTask();
    if (opts.signal?.aborted) return stopped(committed);
    // The block is never bound here: when onBlock runs, nothing refers to it.
    const swept = await sweepBlock(readBlock(it, blockSize), committed.questions, ctx);
    if (swept === null) return stopped(committed);
    // The last block may hold only unanswerable questions: their left-out counts are in the cells.
    if (swept.questions === 0) return { ...committed, cells: tallies.map((t) => t.cell()) };
    committed = { cells: tallies.map((t) => t.cell()), cancelled: false, questions: committed.questions + swept.questions, answered: committed.answered + swept.answered };
    opts.onBlock?.(committed.questions);
  }
}
