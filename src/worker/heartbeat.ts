/**
 * The worker half of the supervisor: answers pings, and holds a Web Lock for its whole life so the
 * page learns at once when the worker is gone (closed, crashed, out of memory), even though no
 * error event fires then. Install it before the command switch's `onmessage`.
 */
/// <reference lib="webworker" />
import { isHeartbeatRequest, lifeLockName, type DebugAction, type HeartbeatEvent } from './heartbeat-protocol.ts';
import { holdNextExplain, holdNextRun, holdNextSweep } from './test-hold.ts';

/** Answers heartbeat requests ahead of (and hidden from) the worker's own message handler. */
export function installHeartbeat(scope: DedicatedWorkerGlobalScope): void {
  const post = (e: HeartbeatEvent) => scope.postMessage(e);
  scope.addEventListener('message', (ev: MessageEvent<unknown>) => {
    const m = ev.data;
    if (!isHeartbeatRequest(m)) return;
    ev.stopImmediatePropagation();
    if (m.type === 'qarx-ping') post({ type: 'qarx-pong', seq: m.seq });
    // Test builds only (see src/app/shell/test-hooks.ts): a production worker ignores the request.
    else if (__QARX_TEST_HOOKS__) dieForTest(scope, m.action);
  });
  // A blocked request in a worker shows nowhere on the page: say it in the console, with the worker's name.
  scope.addEventListener('securitypolicyviolation', (ev) => {
    const e = ev as SecurityPolicyViolationEvent;
    console.error(`[${scope.name}] Content Security Policy blocked ${e.blockedURI || 'an inline resource'} (${e.violatedDirective}).`);
  });
  // The lock is released by the browser when this worker's context ends, whatever the cause.
  void scope.navigator.locks
    ?.request(lifeLockName(scope.name), () => {
      post({ type: 'qarx-alive' });
      return new Promise<never>(() => {});
    })
    .catch(() => {});
}

/** Test hook: closes the worker, blocks it for good (a hung worker that keeps its lock), or holds the next sweep. */
function dieForTest(scope: DedicatedWorkerGlobalScope, action: DebugAction): void {
  if (typeof action === 'object') {
    if ('holdExplainAfter' in action) holdNextExplain(action.holdExplainAfter);
    else if ('holdRunAfter' in action) holdNextRun(action.holdRunAfter);
    else holdNextSweep(action.holdSweepAfter, action.skip);
  }
  else if (action === 'close') scope.close();
  else hang();
}

/** Blocks this thread for good (test hook: a hung worker that keeps its lock). */
function hang(): void {
  const spin = () => true;
  while (spin()) {
    // Deliberately endless: only the supervisor's silence timeout can end this worker.
  }
}
