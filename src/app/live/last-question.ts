/**
 * The question open in the live view, kept for this tab (sessionStorage): a reload — or the
 * "new version" banner's Reload — reopens it instead of the start-up demo question. A new tab or
 * a permalink starts where it says.
 */
import { useApp, type AppState } from '../store/index.ts';

export const LAST_QUESTION_KEY = 'qarx.lastQuestion.v1';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The saved question's dataset and id, or null when none (or something unreadable) is saved. */
export function loadLastQuestion(store: KeyValueStore | undefined): { dataset: string; id: string } | null {
  try {
    const raw: unknown = JSON.parse(store?.getItem(LAST_QUESTION_KEY) ?? 'null');
    if (raw === null || typeof raw !== 'object') return null;
    const { dataset, id } = raw as Record<string, unknown>;
    return typeof dataset === 'string' && typeof id === 'string' && dataset !== '' && id !== '' ? { dataset, id } : null;
  } catch {
    return null;
  }
}

/** Saves (or, for null, forgets) the open question; a browser that refuses storage just does not restore it. */
export function saveLastQuestion(store: KeyValueStore | undefined, q: { dataset: string; id: string } | null): void {
  try {
    if (q) store?.setItem(LAST_QUESTION_KEY, JSON.stringify({ dataset: q.dataset, id: q.id }));
    else store?.removeItem(LAST_QUESTION_KEY);
  } catch {
    // Storage disabled or full: nothing to restore after a reload.
  }
}

const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/** Reopens this tab's last question (when `restore`), then keeps the saved one up to date; returns the clean-up. */
export function keepLastQuestion(restore: boolean): () => void {
  const last = restore ? loadLastQuestion(session()) : null;
  // select() reads only the dataset and id of a row.
  if (last) useApp.getState().select(last as Parameters<AppState['select']>[0]);
  return useApp.subscribe((s, prev) => {
    if (s.instance !== prev.instance) saveLastQuestion(session(), s.instance);
  });
}
