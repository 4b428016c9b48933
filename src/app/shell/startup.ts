/**
 * What the page asks of the inference worker at start-up (settings from the URL, the 'init' message
 * and the model loaded first), in one small module: boot.ts sends it before the app's modules have
 * loaded (the worker prewarms that model) and the app sends the same, so the two cannot disagree.
 */
import type { DeviceChoice, ModelSourceMsg, WorkerRequest } from '../../worker/protocol.ts';
import { SHIPPED_MODEL_ID } from '../models/models.ts';
import { PERMALINK_PREFIX } from '../../core/results/permalink-prefix.ts';

export const DEFAULT_REMOTE_HOST = 'https://huggingface.co/';

/** Start-up settings from the URL (?device=wasm&hub=http://mirror/), so demos and tests can pin them. */
export function startupSettings(search = window.location.search): { device: DeviceChoice; hub: string; wiki: string | null; wikiBudgetMs: number | null } {
  const p = new URLSearchParams(search);
  const d = p.get('device');
  const device: DeviceChoice = d === 'webgpu' || d === 'wasm' ? d : 'auto';
  const budget = Number(p.get('wiki-budget'));
  return { device, hub: p.get('hub') ?? localStorage.getItem('qarx.remoteHost') ?? DEFAULT_REMOTE_HOST, wiki: p.get('wiki'), wikiBudgetMs: budget > 0 ? budget : null };
}

/** The worker's 'init' for a model host (?memory-mb=N sets the memory budget, for demos and tests of the memory check). */
export function initRequest(host: string, search = window.location.search): Extract<WorkerRequest, { type: 'init' }> {
  const memoryMb = Number(new URLSearchParams(search).get('memory-mb'));
  return { type: 'init', remoteHost: host, baseUrl: new URL(import.meta.env.BASE_URL, document.baseURI).href, ...(memoryMb > 0 ? { memoryBudgetMb: memoryMb } : {}) };
}

/** The model the app loads first when the address has no permalink (a permalink names its own). */
export const STARTUP_MODEL: ModelSourceMsg = { kind: 'local', id: SHIPPED_MODEL_ID };

/** True when the address carries a permalink, which picks the first model itself. */
export const hasPermalink = (hash = window.location.hash) => hash.startsWith(PERMALINK_PREFIX);
