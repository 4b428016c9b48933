/// <reference types="vite-plugin-pwa/client" />
/**
 * Registers the service worker of the production build (src/sw/sw.ts): after the first visit the
 * app, ONNX Runtime and the shipped model load without a network. It is registered once the first
 * model load has finished, so its install neither competes with that load nor downloads again
 * what the load just fetched (it takes those files from the HTTP cache). A new version waits until
 * the user reloads from the banner, so a running experiment is never cut off by an update.
 */
import { registerSW } from 'virtual:pwa-register';
import { setOfflineReady, setUpdateWaiting } from './pwa-state.ts';
import { useApp } from '../store/index.ts';
import type { ModelStatus } from '../store/runtime-slice.ts';

/** Whether a model status means the first load is over (answered, failed or cancelled). */
export function firstLoadOver(status: ModelStatus, previous: ModelStatus): boolean {
  return status === 'ready' || status === 'error' || (previous === 'loading' && status === 'idle');
}

/** Calls `start` once, when the first model load is over (now, if it already is). */
export function afterFirstLoad(start: () => void): void {
  if (firstLoadOver(useApp.getState().modelStatus, 'idle')) return start();
  const stop = useApp.subscribe((s, prev) => {
    if (!firstLoadOver(s.modelStatus, prev.modelStatus)) return;
    stop();
    start();
  });
}

/** Registers the service worker after the first model load (production builds only; dev and unit tests have none). */
export function startOfflineSupport(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterFirstLoad(() => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh: () => setUpdateWaiting(() => void update(true)),
      // The first install finished (it can take half a minute under load): the notice says so.
      onOfflineReady: setOfflineReady,
    });
  });
}
