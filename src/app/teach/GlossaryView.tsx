/**
 * The glossary as a view: every term with its definition and paper reference, searchable, from the
 * same list as the hover help, `qarx help` and docs/glossary.md. GlossaryLink opens it in a dialog
 * from the header; the view itself needs nothing from its host, so it can move to a route as is.
 */
import { useRef, useState } from 'react';
import { GLOSSARY, searchGlossary } from '../../core/glossary/terms.ts';

/** The searchable list of every glossary entry. */
export function GlossaryView() {
  const [q, setQ] = useState('');
  const shown = q.trim() ? searchGlossary(q) : GLOSSARY;
  return (
    <section className="glossary" aria-labelledby="glossary-title" data-testid="glossary-view">
      <h2 id="glossary-title">Glossary</h2>
      <p className="hint">Every term the app and qarx use, with the paper passage it comes from. The same text shows when you hover or focus a dotted term.</p>
      <label className="row">
        Find a term <input type="search" value={q} onChange={(e) => setQ(e.target.value)} data-testid="glossary-search" />
      </label>
      <p className="hint" role="status">
        {shown.length} of {GLOSSARY.length} terms
      </p>
      <dl className="glossary-list">
        {shown.map((e) => (
          <div key={e.id} id={`glossary-${e.id}`} data-testid="glossary-entry">
            <dt>
              {e.term}
              {e.aliases.length > 0 && <span className="hint"> · also {e.aliases.join(', ')}</span>}
            </dt>
            <dd>
              {e.definition}
              <br />
              <span className="term-source">Source: {e.source}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The header's Glossary button and the modal dialog it opens (Escape or Close shuts it and focus returns). */
export function GlossaryLink() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  return (
    <>
      <button type="button" data-testid="glossary-open" aria-haspopup="dialog" onClick={show}>
        Glossary
      </button>
      <dialog ref={dialog} className="glossary-dialog" aria-labelledby="glossary-title" data-testid="glossary-dialog" onClose={() => setOpen(false)}>
        {open && <GlossaryView />}
        <form method="dialog" className="row">
          <button type="submit" data-testid="glossary-close">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
