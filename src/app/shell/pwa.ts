/// <reference types="vite-plugin-pwa/client" />
/**
 * Registers the service worker of the production build (src/sw/sw.ts): after the first visit the
 * app, ONNX Runtime and the shipped model load without a network. When is offline-setup.ts's policy:
 * once the first model load is over (its install then takes what the load fetched from the HTTP
 * cache) and the inference worker has been quiet for a moment; an install under way pauses while
 * a job or a live request runs. A new
 * version waits until the user reloads from the banner, so a running experiment is never cut off.
 */
import { registerSW } from 'virtual:pwa-register';
import { offlineReadyNow, setOfflineReady, setOfflineWaitsForRun, setUpdateWaiting } from './pwa-state.ts';
import { useApp, type AppState } from '../store/index.ts';
import type { ModelStatus } from '../store/runtime-slice.ts';
import { inferenceBusy, offlineSetupStep, QUIET_MS, workerQuiet } from './offline-setup.ts';
import { lastWorkerTraffic, onWorkerTraffic } from '../workers/worker-client.ts';
import type { InstallPauseMessage } from '../../sw/install-pause.ts';

/** Whether a model status means the first load is over (answered, failed or cancelled). */
export function firstLoadOver(status: ModelStatus, previous: ModelStatus): boolean {
  return status === 'ready' || status === 'error' || (previous === 'loading' && status === 'idle');
}

/** Tells an installing service worker to pause or go on (src/sw/install-pause.ts). */
function tellInstall(r: ServiceWorkerRegistration | undefined, pause: boolean): void {
  const msg: InstallPauseMessage = { type: 'QARX_INSTALL_PAUSE', pause };
  r?.installing?.postMessage(msg);
}

/** Registers the service worker when the policy says so (production builds only; dev and unit tests have none). */
export function startOfflineSupport(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A page an earlier visit's worker controls is already saved: no notice for an update's install.
  const controlled = navigator.serviceWorker.controller !== null;
  let over = false;
  let registered = false;
  let paused = false;
  let registration: ServiceWorkerRegistration | undefined;
  const register = () => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh: () => setUpdateWaiting(() => void update(true)),
      onRegisteredSW: (_url, r) => {
        registration = r;
        if (paused) tellInstall(r, true);
      },
      // The first install finished (it can take half a minute under load): the notice says so.
      onOfflineReady: () => {
        setOfflineReady();
        setOfflineWaitsForRun(false);
      },
    });
  };
  let recheck: ReturnType<typeof setTimeout> | undefined;
  const apply = (s: AppState, prev: ModelStatus) => {
    over ||= firstLoadOver(s.modelStatus, prev);
    const quiet = workerQuiet(performance.now(), lastWorkerTraffic());
    // Not quiet yet: look again when it would be (traffic meanwhile moves that moment on; the look reschedules).
    if (!quiet && over && !recheck) {
      recheck = setTimeout(() => {
        recheck = undefined;
        apply(useApp.getState(), useApp.getState().modelStatus);
      }, Math.max(0, lastWorkerTraffic() + QUIET_MS - performance.now()) + 20);
    }
    const step = offlineSetupStep({ firstLoadOver: over, busy: inferenceBusy(s), quiet, registered, ready: controlled || offlineReadyNow() });
    setOfflineWaitsForRun(step.waitNotice);
    if (step.pause !== paused) tellInstall(registration, (paused = step.pause));
    if (!step.register) return;
    registered = true;
    register();
  };
  apply(useApp.getState(), 'idle');
  useApp.subscribe((s, prev) => apply(s, prev.modelStatus));
  onWorkerTraffic(() => apply(useApp.getState(), useApp.getState().modelStatus));
}
