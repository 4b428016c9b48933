/**
 * The Validate view (issue 43): is a perturbed question still fair? Annotators answer perturbed
 * cases themselves and judge whether the meaning was kept (Wu et al. 2025, App. H); batches go out
 * as files and annotation files come back; agreement and the validated failure rate are shown.
 */
import { useEffect } from 'react';
import { Term } from '../teach/Term.tsx';
import { useApp } from '../store/index.ts';
import { Notice } from '../shell/Notice.tsx';
import { NewBatch } from './NewBatch.tsx';
import { BatchPanel } from './BatchPanel.tsx';
import './validate.css';

/** The saved batches: open one to go on where it was left, or delete it. */
function BatchList() {
  const batches = useApp((s) => s.batches);
  if (batches.length === 0) return null;
  return (
    <section className="card" aria-labelledby="vq-list-title" data-testid="vq-batches">
      <h3 id="vq-list-title">Saved batches</h3>
      <ul className="vq-sources">
        {batches.map((b) => (
          <li key={b.batchId} data-testid="vq-batch-item">
            <span>{b.title}</span>{' '}
            <button type="button" className="small" data-testid="vq-batch-open" onClick={() => void useApp.getState().openBatchById(b.batchId)}>
              Open
            </button>{' '}
            <button type="button" className="small" data-testid="vq-batch-delete" onClick={() => void useApp.getState().deleteBatch(b.batchId)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the last action said (files read, storage that failed). */
function Messages() {
  const messages = useApp((s) => s.validateMessages);
  return (
    <div className="vq-messages" data-testid="vq-messages" aria-live="polite">
      {messages.map((m, i) => (
        <Notice key={`${i}-${m.text}`} noticeKey={`vq-${m.text}`} place="inline" tone={m.kind === 'error' ? 'error' : 'note'} role={m.kind === 'error' ? 'alert' : 'status'} onDismiss={() => useApp.getState().dismissValidateMessage(i)} testid="vq-message">
          {m.text}
        </Notice>
      ))}
    </div>
  );
}

export function ValidateView() {
  const open = useApp((s) => s.openBatch !== null);
  useEffect(() => {
    void useApp.getState().refreshBatches();
  }, []);
  return (
    <div className="validate-view" data-testid="validate-view">
      <h2>Validate perturbed cases</h2>
      <p className="hint vq-intro">
        Is the perturbed question still fair? As in Wu et al. (App. H), an <Term k="annotator">annotator</Term> answers each perturbed question from the perturbed passage, then says whether the perturbation kept its meaning. Cases answered correctly with the meaning kept are valid; the <Term k="validated failure rate">validated failure rate</Term> counts failures on valid cases only. Model outputs are never shown, so no one is primed. Everything stays in this browser and works offline.
      </p>
      <Messages />
      {open ? (
        <BatchPanel />
      ) : (
        <>
          <BatchList />
          <NewBatch />
        </>
      )}
    </div>
  );
}
