/**
 * What the service worker told the app (pwa.ts): a new version waits to take over (and how to switch
 * to it), the app was saved for offline use, or saving it waits for a run to end (issue 44: say when it
 * is ready, and why it is not yet).
 */
import { useSyncExternalStore } from 'react';

/** A boolean, and a hook that re-renders its readers when it changes. */
function flag(): { set: (value?: boolean) => void; get: () => boolean; use: () => boolean } {
  let on = false;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  return {
    set: (value = true) => {
      if (on === value) return;
      on = value;
      for (const l of listeners) l();
    },
    get: () => on,
    // The server snapshot (renderToString in the notice tests) is the flag's start: off.
    use: () => useSyncExternalStore(subscribe, () => on, () => false),
  };
}

const waiting = flag();
const offline = flag();
const runWait = flag();
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

/** Whether the app is saved for offline use as far as this visit knows (the install finished). */
export const offlineReadyNow = (): boolean => offline.get();

/** Called by pwa.ts: saving the app for offline use waits for the running job (offline-setup.ts). */
export const setOfflineWaitsForRun = (on: boolean): void => runWait.set(on);

/** True while saving the app for offline use waits for a run to end. */
export const useOfflineWaitsForRun = (): boolean => runWait.use();
