/**
 * The statistics worker's one command: core's experimentCi over the comparisons the app sends (the
 * same function and order `qarx … --ci` uses, so a fixed seed gives the same CI and p in both).
 */
import { bootstrapError, experimentCi } from '../core/stats/index.ts';
import type { StatsEvent, StatsRequest } from './stats-protocol.ts';

/** Answers one request; a bad request is an error event naming what failed, never a thrown error. */
export function handleStats(msg: StatsRequest, now: () => number = () => performance.now()): StatsEvent {
  const t0 = now();
  try {
    const bad = bootstrapError(msg.options.bootstrap);
    if (bad) throw new Error(bad);
    return { type: 'ci-done', reqId: msg.reqId, result: experimentCi(msg.comparisons, msg.options, msg.shares ?? []), ms: now() - t0 };
  } catch (err) {
    return { type: 'ci-error', reqId: msg.reqId, message: err instanceof Error ? err.message : String(err) };
  }
}
