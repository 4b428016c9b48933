/** Runtime state: what the browser can do, which model is loaded on which device, and loading progress. */
import type { StateCreator } from 'zustand';
import type { Capabilities, DeviceChoice, LoadProgress, ModelInfo, ModelSourceMsg } from '../../worker/protocol.ts';
import type { DtypeChoice } from '../../core/runtime/dtypes.ts';
import { newJobId, send } from '../workers/worker-client.ts';
import type { AppState } from './index.ts';
import { DEFAULT_REMOTE_HOST, initRequest } from '../shell/startup.ts';

export type ModelStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface RuntimeSlice {
  capabilities: Capabilities | null;
  deviceChoice: DeviceChoice;
  /** Precision of the primary model ('auto': the device's best; never q8 on WebGPU). */
  dtypeChoice: DtypeChoice;
  remoteHost: string;
  model: ModelInfo | null;
  modelStatus: ModelStatus;
  /** What the user asked to load (shown while loading and on errors). */
  requested: { id: string; kind: ModelSourceMsg['kind'] } | null;
  /** The source of the running load job, and of the model that is loaded now. */
  loadingSource: ModelSourceMsg | null;
  loadedSource: ModelSourceMsg | null;
  /** The model host of the running load and of the loaded model (null: not from a host). */
  loadingHost: string | null;
  modelHost: string | null;
  /** Device forced for the running load (a WebGPU failure retried on WASM), and why. */
  loadDeviceOverride: { device: DeviceChoice; reason: string } | null;
  loadJob: number | null;
  loadProgress: LoadProgress | null;
  loadMs: number | null;
  /** Models loaded so far: a reload of the same id (another host, a picked folder of the same name) is a new model to the live panels' asks (live-ask.ts). */
  modelLoads: number;
  /** Windows the loaded model computed in its last job and the milliseconds they took. */
  lastRun: { windows: number; ms: number } | null;
  modelError: string | null;
  setDeviceChoice(d: DeviceChoice): void;
  setDtypeChoice(d: DtypeChoice): void;
  setRemoteHost(h: string): void;
  loadModel(source: ModelSourceMsg, override?: { device: DeviceChoice; reason: string }): void;
  cancelLoad(): void;
  /** Takes the model error off the screen (toast and panel); a model already loaded keeps answering. */
  dismissModelError(): void;
}

export { DEFAULT_REMOTE_HOST };

export const createRuntimeSlice: StateCreator<AppState, [], [], RuntimeSlice> = (set, get) => ({
  capabilities: null,
  deviceChoice: 'auto',
  dtypeChoice: 'auto',
  remoteHost: DEFAULT_REMOTE_HOST,
  model: null,
  modelStatus: 'idle',
  requested: null,
  loadingSource: null,
  loadedSource: null,
  loadingHost: null,
  modelHost: null,
  loadDeviceOverride: null,
  loadJob: null,
  loadProgress: null,
  loadMs: null,
  modelLoads: 0,
  lastRun: null,
  modelError: null,
  setDeviceChoice(d) {
    // q8 would give wrong answers on WebGPU (transformers.js #1512/#1728): back to Auto there.
    set({ deviceChoice: d, ...(d !== 'wasm' && get().dtypeChoice === 'q8' ? { dtypeChoice: 'auto' as const } : {}) });
    // Re-load what is in use (or what is being loaded) on the new device.
    const src = get().loadingSource ?? get().loadedSource;
    if (src) get().loadModel(src);
  },
  setDtypeChoice(d) {
    set({ dtypeChoice: d });
    const src = get().loadingSource ?? get().loadedSource;
    if (src) get().loadModel(src);
  },
  setRemoteHost(h) {
    const host = h.trim() || DEFAULT_REMOTE_HOST;
    set({ remoteHost: host });
    send(initRequest(host));
  },
  loadModel(source, override) {
    const prev = get().loadJob;
    if (prev !== null) send({ type: 'cancel', jobId: prev });
    const jobId = newJobId();
    set({
      modelStatus: 'loading',
      loadJob: jobId,
      loadProgress: null,
      modelError: null,
      requested: { id: source.id, kind: source.kind },
      loadingSource: source,
      loadingHost: source.kind === 'hub' ? get().remoteHost : null,
      loadDeviceOverride: override ?? null,
    });
    send({ type: 'load', jobId, source, device: override?.device ?? get().deviceChoice, dtype: get().dtypeChoice });
  },
  cancelLoad() {
    const job = get().loadJob;
    if (job === null) return;
    send({ type: 'cancel', jobId: job });
    set({ loadJob: null, loadProgress: null, loadingSource: null, modelStatus: get().model ? 'ready' : 'idle', modelError: null });
  },
  dismissModelError() {
    set({ modelError: null });
  },
});
