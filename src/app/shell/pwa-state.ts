/**
 * What the service worker told the app (pwa.ts): a new version waits to take over (and how to switch
 * to it), or the app was saved for offline use (issue 44: say when it is ready).
 */
import { useSyncExternalStore } from 'react';

/** A boolean that turns true once, and a hook that re-renders its readers then. */
function onceFlag(): { set: () => void; use: () => boolean } {
  let on = false;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  return {
    set: () => {
      on = true;
      for (const l of listeners) l();
    },
    // The server snapshot (renderToString in the notice tests) is the flag's start: off.
    use: () => useSyncExternalStore(subscribe, () => on, () => false),
  };
}

const waiting = onceFlag();
const offline = onceFlag();
let activate: (() => void) | null = null;

/** Called by pwa.ts when a new service worker waits; `reload` activates it and reloads the page. */
export function setUpdateWaiting(reload: () => void): void {
  activate = reload;
  waiting.set();
}

/** Activates the waiting version and reloads (the banner's "Reload"). */
export function reloadToUpdate(): void {
  activate?.();
}

/** True once a new version waits. */
export const useUpdateWaiting = (): boolean => waiting.use();

/** Called by pwa.ts when the first service worker has installed: the app, ONNX Runtime and the model are cached. */
export const setOfflineReady = (): void => offline.set();

/** True once this browser can open the app without a network. */
export const useOfflineReady = (): boolean => offline.use();
