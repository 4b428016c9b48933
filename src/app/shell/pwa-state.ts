/** Whether a new version of the app waits to take over (the service worker found one), and how to switch to it. */
import { useSyncExternalStore } from 'react';

let waiting = false;
let activate: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Called by pwa.ts when a new service worker waits; `reload` activates it and reloads the page. */
export function setUpdateWaiting(reload: () => void): void {
  waiting = true;
  activate = reload;
  for (const l of listeners) l();
}

/** Activates the waiting version and reloads (the banner's "Reload"). */
export function reloadToUpdate(): void {
  activate?.();
}

/** True once a new version waits. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting,
  );
}
