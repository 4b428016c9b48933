/** The one app store, built from slices; worker events are folded in here. */
import { create } from 'zustand';
import type { ModelSourceMsg, WorkerEvent } from '../../worker/protocol.ts';
import { onWorkerEvent } from '../worker-client.ts';
import { createLiveSlice, type LiveSlice } from './live-slice.ts';
import { createRuntimeSlice, type RuntimeSlice } from './runtime-slice.ts';

export type AppState = RuntimeSlice & LiveSlice & { lastSource: ModelSourceMsg | null };

export const useApp = create<AppState>()((...a) => ({
  ...createRuntimeSlice(...a),
  ...createLiveSlice(...a),
  lastSource: null,
}));

/** Applies one worker event to the store. Stale jobs (superseded or cancelled) are ignored. */
export function applyWorkerEvent(e: WorkerEvent): void {
  const s = useApp.getState();
  switch (e.type) {
    case 'ready':
      useApp.setState({ capabilities: e.capabilities });
      return;
    case 'load-progress':
      if (e.jobId === s.loadJob) useApp.setState({ loadProgress: e.progress });
      return;
    case 'loaded':
      if (e.jobId !== s.loadJob) return;
      // The old answer stays until the new model's arrives; the live view re-answers on the status change.
      useApp.setState({ model: e.model, modelStatus: 'ready', loadJob: null, loadProgress: null, loadMs: e.loadMs, modelError: null });
      return;
    case 'predict-progress':
    case 'prediction':
      return;
    case 'predicted':
      if (e.jobId !== s.predictJob) return;
      if (e.cancelled) return;
      useApp.setState({
        prediction: e.predictions[0] ?? null,
        selectedSpan: 0,
        predictJob: null,
        inferenceMs: e.inferenceMs,
        windowsComputed: e.computed,
        windowsCached: e.cached,
      });
      return;
    case 'error':
      if (e.jobId !== null && e.jobId === s.loadJob) {
        useApp.setState({ modelStatus: s.model ? 'ready' : 'error', loadJob: null, loadProgress: null, modelError: e.message });
      } else if (e.jobId !== null && e.jobId === s.predictJob) {
        useApp.setState({ predictJob: null, predictError: e.message });
      } else if (e.jobId === null) {
        useApp.setState({ modelError: e.message, modelStatus: s.modelStatus === 'loading' ? 'error' : s.modelStatus });
      }
      return;
    default: {
      const never: never = e;
      void never;
    }
  }
}

onWorkerEvent(applyWorkerEvent);
