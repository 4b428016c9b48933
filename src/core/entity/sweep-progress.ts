/**
 * A run's progress in model inputs (issue 44): "1,764 of 1,764 predictions" when 1,764 inputs
 * are run, not "7,128 of 7,128" (questions × (cells + 1), most of which no cell can rename and are
 * never sent to the model). One computation for the app's sweep (runSweep), the CLI's
 * (runSweepStream), the budget run (runBudget) and the robustness table (runRobustness): each plans
 * its inputs (input-plan.ts) and counts them here (countedPredictor for a run that calls the model step by step).
 * Nothing here imports the renaming or its name data: the page's progress line (JobBar) reads
 * progressCount, and the experiments view must not compile megabytes of name lists for it (issue 44).
 */
import type { SweepProgress } from './stats.ts';
import type { Predictor } from './tally.ts';

/**
 * Counts a sweep's model inputs as they run. Blocks are planned as they are read; while questions
 * remain unread, the total is the planned inputs scaled to every question and marked estimated.
 */
export class InputProgress {
  private done = 0;
  private planned = 0;
  private questionsPlanned = 0;

  /** `questions`: the answerable questions of the whole input. */
  constructor(
    private readonly questions: number,
    private readonly onProgress?: (p: SweepProgress) => void,
  ) {}

  /** Adds a block of `questions` answerable questions that plans `inputs` model inputs. */
  plan(inputs: number, questions: number): void {
    this.planned += inputs;
    this.questionsPlanned += questions;
  }

  /** A step planned `planned` inputs and sends `actual` (a renaming failed after its target was chosen). */
  settle(planned: number, actual: number): void {
    this.planned -= planned - actual;
  }

  /** Marks `k` inputs finished. */
  ran(k: number): void {
    this.done += k;
  }

  /** The progress now, `inStep` inputs into the running model call. */
  progress(label: string, inStep = 0): SweepProgress {
    const rest = this.questions - this.questionsPlanned;
    const estimated = rest > 0 && this.questionsPlanned > 0;
    const total = estimated ? this.planned + Math.round((this.planned / this.questionsPlanned) * rest) : this.planned;
    const done = Math.min(total, this.done + Math.max(0, Math.floor(inStep)));
    return { done, total, label, ...(estimated ? { estimated: true } : {}) };
  }

  /** Reports the progress now to the callback given. */
  report(label: string, inStep = 0): void {
    this.onProgress?.(this.progress(label, inStep));
  }
}

/** A progress figure as text, e.g. { done: 12, total: 1764 } → '12 of 1,764'; an estimated total reads 'about 7,000'. */
export function progressCount(p: Pick<SweepProgress, 'done' | 'total' | 'estimated'>): string {
  return `${p.done.toLocaleString('en-US')} of ${p.estimated ? 'about ' : ''}${p.total.toLocaleString('en-US')}`;
}

/**
 * Wraps a model step planned at `planned` inputs so its inputs are counted on `progress` under
 * `label`: the plan is settled to what the step sends, e.g. planned 40 and sent 36 → the total
 * drops by 4, and the done count grows by the step's inputs as the model reports them.
 */
export function countedPredictor(predict: Predictor, progress: InputProgress, planned: number, label: string): Predictor {
  return async (inputs, onProgress) => {
    progress.settle(planned, inputs.length);
    progress.report(label);
    const r = await predict(inputs, (d, of) => {
      onProgress?.(d, of);
      progress.report(label, d);
    });
    progress.ran(r.cancelled ? r.predictions.length : inputs.length);
    progress.report(label);
    return r;
  };
}

/**
 * Progress over a run of steps in model inputs, e.g. the robustness table's seven: each step's
 * inputs are estimated until it starts and tells its own count (settle), so the total reads
 * "about N" until the last step has started. Steps are finished in order with next().
 */
export class StepInputs {
  private done = 0;
  private step = 0;
  private readonly plans: number[];

  /** `estimates`: each step's inputs as far as they are known before it runs. */
  constructor(
    estimates: readonly number[],
    private readonly onProgress?: (p: SweepProgress) => void,
  ) {
    this.plans = [...estimates];
  }

  /** The running step sends `inputs` model inputs in all. */
  settle(inputs: number): void {
    if (this.step < this.plans.length) this.plans[this.step] = inputs;
  }

  /** Reports `inStep` inputs into the running step. */
  report(label: string, inStep = 0): void {
    const total = this.plans.reduce((a, n) => a + n, 0);
    const estimated = this.step < this.plans.length - 1;
    this.onProgress?.({ done: Math.min(total, this.done + Math.max(0, Math.floor(inStep))), total, label, ...(estimated ? { estimated: true } : {}) });
  }

  /** The running step has ended (finished or not): the next one runs. */
  next(): void {
    this.done += this.plans[this.step] ?? 0;
    this.step++;
  }

  /** A Predictor for a step of one model call: its inputs settle the step, its progress is reported under `label`. */
  predictor(predict: Predictor, label: string): Predictor {
    return async (inputs, onProgress) => {
      this.settle(inputs.length);
      this.report(label);
      return predict(inputs, (d, of) => {
        onProgress?.(d, of);
        this.report(label, d);
      });
    };
  }
}
