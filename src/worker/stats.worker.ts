/** Confidence intervals and paired tests in a thread of their own: a 10k-question bootstrap never blocks the page or a model run. */
/// <reference lib="webworker" />
import { handleStats } from './stats-jobs.ts';
import type { StatsEvent, StatsRequest } from './stats-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (ev: MessageEvent<StatsRequest>) => {
  const reply: StatsEvent = handleStats(ev.data);
  self.postMessage(reply);
};
