/**
 * The app store with both workers replaced by recorders, for tests of the UI state machine (not a
 * model). Import it before anything that loads the store: its mocks must be in place first.
 * Call resetStore() in beforeEach so every test starts from the store's first state.
 */
import { vi } from 'vitest';
import type { WorkerRequest } from '../../../src/worker/protocol.ts';

/** Every request the store sent to the QA worker, in order. */
export const sent: WorkerRequest[] = [];
/** Every request the store sent to the data worker, in order (the fields tests read). */
export const dataSent: { type: string; reqId?: number; info?: { run: { model: string } } }[] = [];
/** How many times the store restarted the QA worker since the last resetStore(). */
export let restarts = 0;
// Job and request ids keep counting across tests, as in the app, so a stale id never matches.
let nextId = 1;
let nextData = 1;

vi.mock('../../../src/app/workers/worker-client.ts', () => ({
  send: (r: WorkerRequest) => sent.push(r),
  newJobId: () => nextId++,
  restartWorker: () => {
    restarts++;
  },
  onWorkerEvent: () => {},
  onWorkerDied: () => {},
}));
vi.mock('../../../src/app/workers/data-client.ts', () => ({
  sendData: (r: { type: string }) => dataSent.push(r),
  newDataId: () => nextData++,
  onDataEvent: () => {},
  onDataWorkerDied: () => {},
}));

export const { useApp, applyWorkerEvent, applyDataEvent, qaWorkerDied, dataWorkerDied } = await import('../../../src/app/store/index.ts');
/** The store as the app starts. */
export const initial = useApp.getState();

/** The last request of `type` sent to the QA worker. */
export const lastOf = <T extends WorkerRequest['type']>(type: T) => sent.filter((r) => r.type === type).at(-1) as Extract<WorkerRequest, { type: T }>;

/** Empties the recorders and puts the store back to its first state. */
export function resetStore(): void {
  sent.length = 0;
  dataSent.length = 0;
  restarts = 0;
  useApp.setState(initial, true);
}
