/**
 * The inference worker's entry: light, so that it runs at once. It answers heartbeats, starts ONNX
 * Runtime when its name says which build the start-up model needs (on a first visit that start is
 * the longest wait before the first answer, issue 29.2), and keeps the page's requests in order
 * while the commands' module (transformers.js, the engine; qa-commands.ts) loads.
 */
/// <reference lib="webworker" />
import { installHeartbeat } from './heartbeat.ts';
import { startRuntimeAt } from './ort-start.ts';
import { parseOrtHint } from '../core/runtime/ort-paths.ts';
import type { WorkerRequest } from './protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

installHeartbeat(self); // pings and the life lock, ahead of the command switch

const hint = parseOrtHint(self.name);
if (hint) startRuntimeAt(hint.base, hint.build);

const queued: MessageEvent<WorkerRequest>[] = [];
let handle: ((ev: MessageEvent<WorkerRequest>) => void) | null = null;

self.onmessage = (ev: MessageEvent<WorkerRequest>) => {
  if (handle) handle(ev);
  else queued.push(ev);
};

import('./qa-commands.ts').then(
  (m) => {
    handle = m.handle;
    for (const ev of queued.splice(0)) m.handle(ev);
  },
  (err: unknown) => {
    // Surfaces as the worker's error event: the page's supervisor restarts it and says why.
    setTimeout(() => {
      throw err instanceof Error ? err : new Error(String(err));
    });
  },
);
