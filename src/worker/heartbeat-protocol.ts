/**
 * Liveness messages shared by every worker and the page's supervisor, kept apart from the command
 * unions so they pass beside them without touching either protocol.
 */

/**
 * Test hooks: die without an error event (close, hang), or hold a sweep (or one model's robustness
 * row) after its n-th cell (row) until it is cancelled; `skip` lets that many runs go by first; or hold the next Explain job after n model calls.
 */
export type DebugAction = 'close' | 'hang' | { holdSweepAfter: number; skip?: number } | { holdExplainAfter: number } | { holdRunAfter: number };

/** Page → worker: a ping, or a test hook's request. */
export type HeartbeatRequest = { type: 'qarx-ping'; seq: number } | { type: 'qarx-debug'; action: DebugAction };

/** Worker → page: a pong, or word that the worker holds its life lock (released only when it dies). */
export type HeartbeatEvent = { type: 'qarx-pong'; seq: number } | { type: 'qarx-alive' };

/** The Web Lock a worker holds for as long as it lives; the worker's name is unique per creation. */
export const lifeLockName = (workerName: string) => `qarx-life:${workerName}`;

/** Whether a message is a heartbeat request (so the command switch never sees it). */
export function isHeartbeatRequest(m: unknown): m is HeartbeatRequest {
  const t = (m as { type?: unknown } | null)?.type;
  return t === 'qarx-ping' || t === 'qarx-debug';
}

/** Whether a message is a heartbeat event (so the store never sees it). */
export function isHeartbeatEvent(m: unknown): m is HeartbeatEvent {
  const t = (m as { type?: unknown } | null)?.type;
  return t === 'qarx-pong' || t === 'qarx-alive';
}
