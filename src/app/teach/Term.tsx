/**
 * A term with its glossary definition: hover, keyboard focus or a tap shows the definition in a
 * tooltip the term names with aria-describedby, so a screen reader reads it on focus too. The tip
 * lives at the end of the page (a portal), so a table header's or label's text stays the term alone.
 * A control (a select, a radio, a button) cannot hold a focusable word, so it gets the tip as its own:
 * `<Term k="mix">{(tip) => <button aria-describedby={tip}>MIX</button>}</Term>` shows the tip while
 * the pointer is over the control or it has focus, and a screen reader reads it as its description.
 */
import { Fragment, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { spotTerms } from '../../core/glossary/spot.ts';
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

/**
 * `k` is an id, term or alias of the glossary; the children (default: the entry's term) are what the
 * label shows, or a control given the tip's id. A control whose choices are several terms (a select of
 * C2W, C2C, W2C, W2W) names them all in `k` and its tip defines each.
 */
export function Term({ k, children }: { k: string | readonly string[]; children?: ReactNode | ((tip: string | undefined) => ReactNode) }) {
  const entries = (typeof k === 'string' ? [k] : k).map(lookupTerm);
  const entry = entries.every((e) => e !== null) ? entries[0] : null;
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
  if (!entry) return <>{typeof children === 'function' ? children(undefined) : (children ?? k)}</>;
  const show = () => setAt(place(word.current));
  const hide = () => setAt(null);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && at) {
      e.stopPropagation();
      hide();
    }
  };
  const tipBox =
    typeof document !== 'undefined' &&
    createPortal(
      <span role="tooltip" id={tip} className="term-tip" hidden={!at} style={at ?? undefined} data-testid="term-tip" data-term={entries.map((e) => e?.id).join(' ')}>
        {entries.map((e) => e && (
          <span key={e.id} className="term-entry">
            <b>{e.term}</b>: {e.definition} <span className="term-source">({e.source})</span>
          </span>
        ))}
      </span>,
      document.body,
    );
  // A control keeps its own focus and clicks; focus and blur bubble up to this wrapper in React.
  if (typeof children === 'function')
    return (
      <span ref={word} className="term-control" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide} onKeyDown={onKey}>
        {children(tip)}
        {tipBox}
      </span>
    );
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
      {tipBox}
    </span>
  );
}

/**
 * Terms at their first use only: within one list or table a word repeated down a column is wrapped
 * once, where the reader meets it first, e.g. `const first = firstUse(); rows.map((r) => first(r.type))`.
 */
export function firstUse(): (k: string, children?: ReactNode) => ReactNode {
  const seen = new Set<string>();
  return (k, children) => {
    const id = lookupTerm(k)?.id;
    if (!id || seen.has(id)) return children ?? k;
    seen.add(id);
    return <Term k={k}>{children ?? k}</Term>;
  };
}

/**
 * A sentence of the app's own words with each glossary term in it wrapped at its first use, e.g.
 * <TermText text="Worst / best case and RESEMBLE" />; texts down one list share `first` (one firstUse()).
 */
export function TermText({ text, first }: { text: string; first?: ReturnType<typeof firstUse> }) {
  const term = first ?? firstUse();
  const pieces = spotTerms(text).map((p, i) => <Fragment key={i}>{typeof p === 'string' ? p : term(p.id, p.text)}</Fragment>);
  // Alone, one span per text: the words a term's first use serves (the e2e check reads it as their place).
  return first ? <>{pieces}</> : <span className="term-text">{pieces}</span>;
}
