/// <reference types="vite-plugin-pwa/client" />
/**
 * Registers the service worker of the production build (vite.config.ts): after the first visit the
 * app, ONNX Runtime and the shipped model load without a network. A new version waits until the
 * user reloads from the banner, so a running experiment is never cut off by an update.
 */
import { registerSW } from 'virtual:pwa-register';
import { setUpdateWaiting } from './pwa-state.ts';

/** Registers the service worker (production builds only; dev and unit tests have none). */
export function startOfflineSupport(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh: () => setUpdateWaiting(() => void update(true)),
  });
}
