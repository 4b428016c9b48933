/**
 * The notices on screen, newest last, and the one Escape rule for all of them (issue 41.4): Escape
 * dismisses the notice that holds the focus, else the newest one, unless the key belongs to
 * something else (a field being typed in, an open dialog, a handler that already used it).
 */

/** A notice on screen: its key and how it goes away. */
export interface StackedNotice {
  readonly key: string;
  dismiss(): void;
  /** Whether an element is inside the notice (the focused notice goes first). */
  holds(el: Element | null): boolean;
}

const stack: StackedNotice[] = [];

/** Adds a notice on top (newest); returns the function that takes it off again. */
export function pushNotice(n: StackedNotice): () => void {
  stack.push(n);
  ensureListener();
  return () => {
    const i = stack.indexOf(n);
    if (i >= 0) stack.splice(i, 1);
  };
}

/** The notices on screen, oldest first (tests read it). */
export const stackedNotices = (): readonly StackedNotice[] => stack;

/** What Escape would dismiss now: the notice holding `focused`, else the newest; null for none. */
export function escapeTarget(notices: readonly StackedNotice[], focused: Element | null): StackedNotice | null {
  return notices.find((n) => n.holds(focused)) ?? notices[notices.length - 1] ?? null;
}

/** The parts of a key event the rule reads. */
export interface KeyFacts {
  key: string;
  defaultPrevented: boolean;
  /** The focused element's tag (upper case, as the DOM gives it) and whether it is editable text. */
  tag: string;
  editable: boolean;
  /** A modal dialog (the glossary) is open: its Escape closes it, not a notice. */
  dialogOpen: boolean;
}

/** Whether an Escape press is the notices' to take, e.g. not when it clears a search field. */
export function escapeIsOurs(k: KeyFacts): boolean {
  if (k.key !== 'Escape' || k.defaultPrevented || k.dialogOpen || k.editable) return false;
  return k.tag !== 'INPUT' && k.tag !== 'TEXTAREA' && k.tag !== 'SELECT';
}

let listening = false;

/** Installs the one document listener (once, in a browser). */
function ensureListener(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('keydown', (e) => {
    const el = document.activeElement;
    const facts: KeyFacts = { key: e.key, defaultPrevented: e.defaultPrevented, tag: el?.tagName ?? '', editable: el instanceof HTMLElement && el.isContentEditable, dialogOpen: document.querySelector('dialog[open]') !== null };
    if (!escapeIsOurs(facts)) return;
    const target = escapeTarget(stack, el);
    if (!target) return;
    e.preventDefault();
    target.dismiss();
  });
}
