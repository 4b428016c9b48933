/**
 * What a live result belongs to: the question on its passage, the model that answers (with the
 * device and precision asked for) and the "allow no answer" decoding. Results computed on demand —
 * Find a failure, the explanation, the paraphrase pair, the noise pair — are dropped, and their
 * running jobs cancelled, as soon as it changes (another question, an edit, another model, the
 * tour); the panels that follow the question (renaming, traps, compare) compute again on their own.
 */
import type { AppState } from '../store/index.ts';

export type LiveKeyed = Pick<AppState, 'question' | 'passage' | 'allowNull' | 'loadedSource' | 'deviceChoice' | 'dtypeChoice'>;

/** The key of what the live view shows, e.g. "hub:m·auto·q8|true|Who ran?|Ann ran." (no model: "none"). */
export function liveKey(s: LiveKeyed): string {
  const src = s.loadedSource;
  const model = src ? `${src.kind}:${src.id}·${s.deviceChoice}·${s.dtypeChoice}` : 'none';
  return JSON.stringify([model, s.allowNull, s.question, s.passage]);
}

/** The on-demand live results and their jobs, as the store has them when nothing was computed. */
export const NO_LIVE_RESULTS = {
  failure: null,
  failureJob: null,
  failureFor: null,
  failureProgress: null,
  failureError: null,
  replayedEdit: null,
  explained: null,
  explainJob: null,
  reduceJob: null,
  explainFor: null,
  explainProgress: null,
  explainError: null,
  liveParaRow: null,
  liveParaJob: null,
  liveParaNote: null,
  noisePair: null,
  noiseJob: null,
} satisfies Partial<AppState>;

/** Whether any of the live key's parts moved between two states (cheap: identity of each part). */
function keyMoved(s: LiveKeyed, prev: LiveKeyed): boolean {
  return s.question !== prev.question || s.passage !== prev.passage || s.allowNull !== prev.allowNull || s.loadedSource !== prev.loadedSource || s.deviceChoice !== prev.deviceChoice || s.dtypeChoice !== prev.dtypeChoice;
}

/**
 * The patch that drops every on-demand result computed for another question or model (null when
 * the key did not change); the running jobs it drops are passed to `cancel`.
 */
export function dropStaleLive(s: AppState, prev: AppState, cancel: (jobId: number) => void): Partial<AppState> | null {
  if (!keyMoved(s, prev) || liveKey(s) === liveKey(prev)) return null;
  for (const j of [s.failureJob, s.explainJob, s.reduceJob, s.liveParaJob, s.noiseJob, s.replayedEdit?.jobId ?? null]) if (j !== null) cancel(j);
  const held = Object.entries(NO_LIVE_RESULTS).some(([k]) => s[k as keyof typeof NO_LIVE_RESULTS] !== null);
  return held ? NO_LIVE_RESULTS : null;
}
