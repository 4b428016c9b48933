/**
 * A term with its glossary definition: hover, keyboard focus or a tap shows the definition in a
 * tooltip the term names with aria-describedby, so a screen reader reads it on focus too. The tip
 * lives at the end of the page (a portal), so a table header's or label's text stays the term alone.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { lookupTerm } from '../../core/glossary/terms.ts';

/** Widest tip in px (22rem), kept inside the viewport. */
const TIP_WIDTH = 352;

/** Where a term's tip goes: under the term, kept inside the viewport; null without the term. */
function place(el: HTMLElement | null): { left: number; top: number } | null {
  const r = el?.getBoundingClientRect();
  if (!r) return null;
  const width = Math.min(TIP_WIDTH, window.innerWidth * 0.8);
  return { left: Math.max(8, Math.min(r.left, window.innerWidth - width - 8)), top: r.bottom + 4 };
}

/** `k` is an id, term or alias of the glossary; the children (default: the entry's term) are what the label shows. */
export function Term({ k, children }: { k: string; children?: ReactNode }) {
  const entry = lookupTerm(k);
  const tip = useId();
  const word = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const open = at !== null;
  // A fixed tip follows its term when the page scrolls (focusing a term scrolls it into view).
  useEffect(() => {
    if (!open) return;
    const follow = () => setAt(place(word.current));
    window.addEventListener('scroll', follow, true);
    return () => window.removeEventListener('scroll', follow, true);
  }, [open]);
  // An unknown key shows the words alone; the glossary test fails on it before it ships.
  if (!entry) return <>{children ?? k}</>;
  const show = () => setAt(place(word.current));
  const hide = () => setAt(null);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && at) {
      e.stopPropagation();
      hide();
    }
  };
  return (
    <span
      ref={word}
      className="term-word"
      tabIndex={0}
      aria-describedby={tip}
      data-testid={`term-${entry.id}`}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={onKey}
      // A tap focuses the term (which shows the tip) and must not also toggle a label's control.
      onClick={(e) => {
        e.preventDefault();
        show();
      }}
    >
      {children ?? entry.term}
      {typeof document !== 'undefined' &&
        createPortal(
          <span role="tooltip" id={tip} className="term-tip" hidden={!at} style={at ?? undefined} data-testid="term-tip">
            <b>{entry.term}</b>: {entry.definition} <span className="term-source">({entry.source})</span>
          </span>,
          document.body,
        )}
    </span>
  );
}
