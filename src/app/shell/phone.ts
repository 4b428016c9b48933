/** Small-screen behaviour: which width counts as a phone, and scrolling to the answer once a picked question opens. */
import { useSyncExternalStore } from 'react';
import { rowKey } from '../store/data-slice.ts';
import { useApp } from '../store/index.ts';

/** Widths at or below this are laid out as one column with the live view first (matches teach.css). */
export const PHONE_QUERY = '(max-width: 760px)';

const subscribe = (cb: () => void) => {
  const m = window.matchMedia(PHONE_QUERY);
  m.addEventListener('change', cb);
  return () => m.removeEventListener('change', cb);
};

/** Whether the page is laid out for a phone; re-renders when that changes. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches);
}

let stop: (() => void) | null = null;

/** On a phone, scrolls the answer into view once the picked question (by key) has opened. */
export function scrollToAnswerWhenOpen(key: string): void {
  if (!window.matchMedia(PHONE_QUERY).matches) return;
  stop?.();
  const go = () => {
    stop?.();
    stop = null;
    requestAnimationFrame(() => document.querySelector('[data-testid="answer-card"]')?.scrollIntoView({ block: 'center' }));
  };
  const opened = () => {
    const inst = useApp.getState().instance;
    return inst !== null && rowKey(inst) === key;
  };
  if (opened()) return go();
  stop = useApp.subscribe(() => opened() && go());
}
