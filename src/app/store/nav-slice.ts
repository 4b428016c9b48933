/**
 * Where the user is (Data, Models, Live, an experiment), kept in the store and in the address bar
 * as a hash route, so the URL says where one is, a reload returns there, and Back works.
 */
import type { StateCreator } from 'zustand';
import { HOME, parseRoute, routeHash, sameRoute, type Route } from '../shell/routes.ts';
import type { AppState } from './index.ts';

export interface NavSlice {
  route: Route;
  /**
   * Opens a place. A new place gets its own history entry (Back returns); `fromUrl` only follows an
   * address the browser already shows (start-up, Back, a typed hash). The live view keeps a
   * permalink (#v1=…) in the address bar: it says more than #/live.
   */
  navigate(to: Route, opts?: { fromUrl?: boolean }): void;
}

/** The route the address bar names: a hash route, else the live view (a permalink, or nothing). */
export function routeOfUrl(hash: string): Route {
  return parseRoute(hash) ?? HOME;
}

export const createNavSlice: StateCreator<AppState, [], [], NavSlice> = (set, get) => ({
  route: HOME,
  navigate(to, opts = {}) {
    if (!sameRoute(get().route, to)) set({ route: to });
    if (opts.fromUrl || typeof window === 'undefined') return;
    const hash = window.location.hash;
    if (to.section === 'live' && !parseRoute(hash)) return; // no hash, or a permalink: already the live view's address
    if (routeHash(to) !== hash) history.pushState(null, '', routeHash(to));
  },
});

/** Follows the address bar: applies its route now and after every Back, Forward or typed hash; returns the clean-up. */
export function followRoutes(apply: (r: Route) => void): () => void {
  const take = () => apply(routeOfUrl(window.location.hash));
  take();
  window.addEventListener('popstate', take);
  window.addEventListener('hashchange', take);
  return () => {
    window.removeEventListener('popstate', take);
    window.removeEventListener('hashchange', take);
  };
}
