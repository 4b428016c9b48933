/**
 * Finds glossary words a page shows without their hover/focus help. Every visible text is matched
 * against the glossary's distinctive spellings (its jargon and its phrases, not its plain words such
 * as "seed" or "drop"); an occurrence is helped when it sits inside the Term of its entry, or when a
 * Term of that entry comes earlier in the same table, list, group or card — a glossary explains a
 * word where it is first used in each place, not at every repeat down a column. A control (an
 * <option>, a radio, a button, a link) cannot hold a focusable Term, so its word is helped by a tip
 * that explains it: the control's own description, a Term in its label or in its group.
 */
import type { Page } from 'playwright-core';
import { SPELLING_SOURCE, SPELLINGS, type Spelling } from '../../src/core/glossary/spot.ts';

/** Where a page shows a glossary word without its help, as "id: 'word' in [testid] …context…". */
export function unhelped(page: Page, skip: readonly string[] = []): Promise<string[]> {
  return page.evaluate(scanPage, { words: [...SPELLINGS], source: SPELLING_SOURCE, skip: [...skip] });
}

/** Runs in the page: see unhelped(). Self-contained (serialised by playwright). */
function scanPage({ words, source, skip }: { words: Spelling[]; source: string; skip: string[] }): string[] {
  const pattern = new RegExp(source, 'gi');
  // spellingOf() of src/core/glossary/spot.ts, here again: this function runs in the page.
  const lookup = (m: string) => words.find((w) => (w.exact ? w.text === m : w.text.toLowerCase() === m.toLowerCase()));
  // Not the app's own running text: the glossary and the tips are the help itself; a navigation link names a page whose title is helped.
  const ignored = ['script', 'style', 'noscript', 'textarea', 'nav', '[role="tooltip"]', '[data-testid="glossary-dialog"]', ...skip].join(',');
  // Where a word's first Term serves its repeats: a table, list, group or card, else the paragraph or heading itself (a whole view is too far).
  const scope = '.term-text, table, ul, ol, dl, fieldset, details, figure, form, .card, [role="dialog"], [role="group"], [role="radiogroup"], [role="region"], [role="listbox"], p, h1, h2, h3, h4, h5, h6, legend, caption, label, dt, dd';
  // Controls (and a chart's SVG and legend, drawn by recharts) cannot hold a focusable Term: their help is their description, their label or a Term in their group.
  const control = 'select, button, a, summary, svg, .recharts-legend-wrapper, [role="radio"], [role="tab"], [role="option"], [role="checkbox"], [role="menuitem"]';
  const byIds = (ids: string | null) => (ids ?? '').split(/\s+/).filter(Boolean).flatMap((i) => document.getElementById(i) ?? []);
  const termsIn = (root: Element, id: string) => [...root.querySelectorAll(`[data-testid="term-${id}"]`)];
  // A tip helps with a word when it is that word's entry or its definition names the word (name source: "InDistName, DBName or RandStr").
  const explains = (tip: Element, id: string, word: string) => tip.hasAttribute('data-term') && ((tip.getAttribute('data-term') ?? '').split(' ').includes(id) || (tip.textContent ?? '').includes(word));
  const tipsOf = (root: Element) => [...root.querySelectorAll('[aria-describedby]'), ...(root.matches('[aria-describedby]') ? [root] : [])].flatMap((t) => byIds(t.getAttribute('aria-describedby')));
  const controlHelped = (c: Element, id: string, word: string) => {
    const labels = [...((c as HTMLSelectElement).labels ?? []), ...byIds(c.getAttribute('aria-labelledby'))];
    const tips = [...byIds(c.getAttribute('aria-describedby')), ...labels.flatMap(tipsOf)];
    // The groups around it up to its card or view: a row of a list is helped by the list's filter that explains the word.
    const up = `${scope}, section`;
    for (let b = c.parentElement?.closest(up); b; b = b.matches('section, [role="dialog"]') ? null : b.parentElement?.closest(up)) tips.push(...tipsOf(b));
    return tips.some((t) => explains(t, id, word));
  };
  const out: string[] = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(ignored)) continue;
    // A label's words go with its control (a checkbox's label is helped by the checkbox's tip).
    const ctl = el.closest(control) ?? el.closest('label')?.control ?? null;
    const shown = el.closest('select') ?? el;
    if (!shown.checkVisibility({ visibilityProperty: true })) continue;
    for (const m of (n.textContent ?? '').matchAll(pattern)) {
      const w = lookup(m[0]);
      if (!w) continue;
      // Inside a Term whose tip explains it (F1 in "script rule: wrong = F1 < 0.4", the category rule's label).
      const inTerm = el.closest('.term-word');
      if (inTerm && byIds(inTerm.getAttribute('aria-describedby')).some((t) => explains(t, w.id, m[0]))) continue;
      if (ctl) {
        if (controlHelped(ctl, w.id, m[0])) continue;
      } else {
        const box = el.closest(scope);
        if (box && termsIn(box, w.id).some((t) => t.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      }
      const at = el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName.toLowerCase();
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      out.push(`${w.id}: '${m[0]}' in [${ctl ? `${ctl.tagName.toLowerCase()} ` : ''}${at}] ${text}`);
    }
  }
  return [...new Set(out)];
}
