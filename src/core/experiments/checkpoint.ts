/**
 * Checkpoints of a running experiment: what a Cancel at the current point would give, so the page
 * can end the run exactly as a Cancel ends it when its worker dies (issue 40.3). The predictor's
 * calls are logged; replaying the log to the same job code — the predictions so far, then
 * "cancelled" at the first one not yet computed — yields the job's cancelled result without any
 * per-kind code, since every kind's runner already turns a cancelled predictor into a partial result.
 */
import type { QaPrediction } from '../types.ts';
import type { Predictor } from '../entity/tally.ts';

/** One predictor call: its input ids and the predictions computed so far; `done` once it returned. */
interface LoggedCall {
  ids: string[];
  predictions: QaPrediction[];
  done: boolean;
}

/** A job's predictor calls in order (a snapshot is immutable; the live log keeps growing). */
export interface PredictLog {
  calls: readonly LoggedCall[];
}

/** A recorder of a job's predictor calls; `chunk` adds predictions of the running call as they arrive. */
export interface PredictRecorder {
  record(p: Predictor): Predictor;
  chunk(predictions: readonly QaPrediction[]): void;
  /** How many predictions were computed so far, over every call. */
  count(): number;
  /** A frozen copy of the log (the replay must not see later predictions). */
  snapshot(): PredictLog;
}

/** A recorder: `record(enginePredictor(engine, { onChunk: rec.chunk }))` logs every call and chunk. */
export function predictRecorder(): PredictRecorder {
  const calls: LoggedCall[] = [];
  let count = 0;
  return {
    record: (p) => async (inputs, onProgress) => {
      const call: LoggedCall = { ids: inputs.map((i) => i.id), predictions: [], done: false };
      calls.push(call);
      const r = await p(inputs, onProgress);
      // The call's own result is the truth (a predictor without chunks, or one that cached some).
      count += r.predictions.length - call.predictions.length;
      call.predictions = r.predictions;
      call.done = !r.cancelled;
      return r;
    },
    chunk(predictions) {
      const call = calls[calls.length - 1];
      if (!call || call.done) return;
      call.predictions = [...call.predictions, ...predictions];
      count += predictions.length;
    },
    count: () => count,
    snapshot: () => ({ calls: calls.map((c) => ({ ids: c.ids, predictions: c.predictions.slice(), done: c.done })) }),
  };
}

/**
 * A predictor that answers as the logged run did, call by call, and reports "cancelled" (with the
 * predictions computed so far) at the first call that had not finished — as a Cancel at that point
 * would. A call whose inputs differ from the log's is cancelled with nothing (never a wrong answer).
 */
export function replayPredictor(log: PredictLog): Predictor {
  let k = 0;
  return async (inputs) => {
    const call = log.calls[k++];
    if (!call || call.ids.length !== inputs.length || call.ids.some((id, i) => id !== inputs[i]?.id)) return { predictions: [], cancelled: true };
    // A call whose every input is answered returned whole, as a Cancel after its last chunk leaves it.
    return { predictions: call.predictions.slice(), cancelled: !call.done && call.predictions.length < call.ids.length };
  };
}

/** Whether a checkpoint is due: not before `minGapMs` after the last, nor before ten times the last replay's cost (so replays stay under a tenth of the run). */
export function checkpointDue(now: number, lastEnd: number, lastCostMs: number, minGapMs = 1_000): boolean {
  return now - lastEnd >= Math.max(minGapMs, 10 * lastCostMs);
}
