/**
 * Keyboard for radio groups and tab lists (WAI-ARIA Authoring Practices): one Tab stop per group
 * (the checked item, else the first), arrow keys and Home/End move between the items. By default
 * the focused item is also chosen, as radios and automatic tabs do; `follow: false` only moves
 * focus (Space/Enter then choose), for groups where choosing starts something costly (a model download).
 */
import type { KeyboardEvent } from 'react';

const ITEMS = '[role="radio"]:not(:disabled), [role="tab"]:not(:disabled)';

/** tabIndex of an item: 0 for the checked one (or the first when none is), -1 for the rest. */
export function rovingTabIndex(checked: boolean, index: number, anyChecked: boolean): 0 | -1 {
  return checked || (!anyChecked && index === 0) ? 0 : -1;
}

/** The index an arrow/Home/End key moves to among `n` items from `i` (wrapping), or null for other keys. */
export function nextIndex(key: string, i: number, n: number): number | null {
  if (n === 0) return null;
  if (key === 'ArrowRight' || key === 'ArrowDown') return (i + 1) % n;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (i - 1 + n) % n;
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return null;
}

/** onKeyDown for the element with role radiogroup or tablist. */
export function onRovingKey(e: KeyboardEvent<HTMLElement>, follow = true): void {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(ITEMS)];
  const i = items.indexOf(document.activeElement as HTMLElement);
  if (i < 0) return;
  const next = nextIndex(e.key, i, items.length);
  if (next === null) return;
  e.preventDefault();
  const target = items[next];
  target?.focus();
  if (follow) target?.click();
}
