/** Importing datasets (files, drag and drop, URL, Hub datasets) and managing the saved ones. */
import { useState, type DragEvent, type FormEvent } from 'react';
import { Term, TermText } from '../teach/Term.tsx';
import { useApp } from '../store/index.ts';
import { Notice } from '../shell/Notice.tsx';
import { formatBytes } from '../../core/text/bytes.ts';
import { StoragePanel } from './StoragePanel.tsx';
import { countOf } from '../../core/text/plural.ts';

const PHASES: Record<string, string> = { start: 'Starting', download: 'Downloading', parse: 'Reading', classify: 'Typing answers', store: 'Saving' };

export function DataPanel() {
  const datasets = useApp((s) => s.datasets);
  const job = useApp((s) => s.importJob);
  const message = useApp((s) => s.importMessage);
  const dataError = useApp((s) => s.dataError);
  const notices = useApp((s) => s.dataNotices);
  const pending = useApp((s) => s.pendingImport);
  const remoteHost = useApp((s) => s.remoteHost);
  const { requestImport: startImport, answerPendingImport, cancelImport, deleteDataset, dismissImportMessage, dismissNotice, setFilters } = useApp.getState();
  const [pairs, setPairs] = useState(false);
  const [url, setUrl] = useState('');
  const [hf, setHf] = useState({ name: 'rajpurkar/squad_v2', config: 'squad_v2', split: 'validation', limit: '1000' });
  const [dragging, setDragging] = useState(false);
  const [formError, setError] = useState<string | null>(null);
  /** A new attempt's error, or null when it goes ahead: either way the last import's outcome is stale, so it goes. */
  const setFormError = (text: string | null) => {
    setError(text);
    if (text !== null) dismissImportMessage();
  };

  const importFiles = (list: FileList | File[] | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    if (pairs && files.length !== 2) {
      setFormError(`A pair import takes exactly two aligned SQuAD files (original, then perturbed); ${countOf(files.length, 'file')} given.`);
      return;
    }
    if (!pairs && files.length > 1) {
      setFormError(`One dataset at a time: drop or pick a single file (${countOf(files.length, 'file')} given).`);
      return;
    }
    setFormError(null);
    // For pairs, the file whose name says "perturbed" (or new/edited/after) is the edited side.
    const ordered = pairs ? [...files].sort((a, b) => Number(/perturb|new|edit|after/i.test(a.name)) - Number(/perturb|new|edit|after/i.test(b.name))) : files;
    startImport({ kind: 'files', files: ordered.map((x) => ({ name: x.name, blob: x })), pairs }, ordered.map((x) => x.name).join(' + '));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    importFiles(e.dataTransfer.files);
  };
  const submitUrl = (e: FormEvent) => {
    e.preventDefault();
    try {
      const u = new URL(url.trim());
      if (!/^https?:$/.test(u.protocol)) throw new Error('only http(s)');
      setFormError(null);
      startImport({ kind: 'url', url: u.href }, u.pathname.split('/').pop() || u.host);
    } catch {
      setFormError(`"${url}" is not an http(s) URL.`);
    }
  };
  const submitHf = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[\w.-]+(\/[\w.-]+)?$/.test(hf.name.trim())) {
      setFormError(`"${hf.name}" is not a Hub dataset name (owner/name).`);
      return;
    }
    const limit = hf.limit.trim() === '' ? null : Number(hf.limit);
    if (limit !== null && (!Number.isInteger(limit) || limit <= 0)) {
      setFormError('Rows must be a positive whole number, or empty for all rows.');
      return;
    }
    setFormError(null);
    startImport({ kind: 'hf', host: remoteHost, name: hf.name.trim(), config: hf.config.trim(), split: hf.split.trim(), limit }, `${hf.name.trim()} (${hf.split.trim()})`);
  };

  return (
    <div className="panel" data-testid="data-panel">
      <h2>Datasets</h2>
      <ul className="datasets" data-testid="dataset-list">
        {datasets.map((d) => (
          <li key={d.id}>
            <button type="button" className="dataset-name" onClick={() => setFilters({ dataset: d.id })} title="Show only this dataset">
              {d.name}
            </button>
            <span className="dataset-meta">
              {countOf(d.count, 'question')} · {d.format}
              {d.partial ? ' · partial' : ''}
            </span>
            {d.note && <span className="dataset-meta">{d.note}</span>}
            {d.issueSummary && (
              <details className="issues">
                <summary>{d.issueSummary}</summary>
                <ul>
                  {d.issues.slice(0, 50).map((i, k) => (
                    <li key={k}>
                      <code>{i.path}</code>: {i.message}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {!d.builtIn && (
              <button
                type="button"
                className="link danger"
                aria-label={`Delete ${d.name}`}
                onClick={() => {
                  if (window.confirm(`Delete "${d.name}" (${countOf(d.count, 'question')}) from this browser?`)) deleteDataset(d.id);
                }}
              >
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>

      <div
        className={`dropzone${dragging ? ' over' : ''}`}
        data-testid="dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span>
          <TermText text="Drop a file here (SQuAD, HF flat, MRQA .jsonl(.gz), DuReader, pairs CSV) or" />
        </span>
        <label className="file-btn">
          {pairs ? 'Choose two files…' : 'Choose a file…'}
          <input type="file" multiple={pairs} data-testid="dataset-file-input" aria-label="Import dataset file" onChange={(e) => importFiles(e.target.files)} />
        </label>
        <label className="toggle">
          <input type="checkbox" checked={pairs} onChange={(e) => setPairs(e.target.checked)} /> <TermText text="two aligned SQuAD files (revision or question-paraphrase pairs)" />
        </label>
      </div>
      <form className="row" onSubmit={submitUrl}>
        <input aria-label="Dataset URL" placeholder="https://…/dev-v2.0.json" value={url} onChange={(e) => setUrl(e.target.value)} />
        <button type="submit" disabled={!url.trim()}>
          Import
        </button>
      </form>
      <details className="advanced">
        <summary>Hugging Face Hub dataset</summary>
        <p className="hint">
          A dataset of the <Term k="hub" />, read from the Parquet files the Hub makes of it (needs the network).
        </p>
        <form className="hf-form" onSubmit={submitHf}>
          {/* Visible labels: prefilled "squad_v2 / validation / 1000" alone does not say which box is what. */}
          <label className="hf-field">
            dataset (owner/name)
            <input aria-label="Hub dataset name" value={hf.name} onChange={(e) => setHf({ ...hf, name: e.target.value })} />
          </label>
          <div className="row">
            <label className="hf-field">
              config
              <input aria-label="Config" value={hf.config} onChange={(e) => setHf({ ...hf, config: e.target.value })} />
            </label>
            <label className="hf-field">
              split
              <input aria-label="Split" value={hf.split} onChange={(e) => setHf({ ...hf, split: e.target.value })} />
            </label>
            <label className="hf-field">
              rows
              <input aria-label="Rows" placeholder="all" value={hf.limit} onChange={(e) => setHf({ ...hf, limit: e.target.value })} />
            </label>
          </div>
          <button type="submit">Import from the Hub</button>
        </form>
      </details>

      {job && (
        <div className="progress-block" data-testid="import-progress">
          <div className="progress-label">
            {PHASES[job.phase] ?? job.phase} {job.name}
            {job.total > 0 && ` — ${job.phase === 'download' ? `${formatBytes(job.done)} of ${formatBytes(job.total)}` : `${job.done.toLocaleString()} of ${job.total.toLocaleString()}`}`}
          </div>
          <progress max={job.total || 1} value={job.total ? job.done : undefined} />
          <button type="button" className="link" onClick={cancelImport}>
            Cancel
          </button>
        </div>
      )}
      {job && pending && (
        <div className="note" role="alertdialog" aria-labelledby="replace-import-q" data-testid="replace-import">
          <p id="replace-import-q">
            &ldquo;{job.name}&rdquo; is still importing. Cancel it and import &ldquo;{pending.name}&rdquo; instead? What the first import has read or saved so far is kept as a partial dataset.
          </p>
          <div className="row">
            {/* Focus goes to the answer that loses nothing. */}
            <button type="button" autoFocus onClick={() => answerPendingImport(false)}>
              Keep importing
            </button>
            <button type="button" onClick={() => answerPendingImport(true)}>
              Cancel it and import the new one
            </button>
          </div>
        </div>
      )}
      {formError && (
        <div className="error" role="alert" data-testid="data-form-error">
          {formError}
        </div>
      )}
      {message && (
        <Notice place="inline" tone={message.kind === 'error' ? 'error' : message.kind === 'warn' ? 'warn' : 'success'} testid="import-message" noticeKey={`import ${message.text}`} onDismiss={dismissImportMessage}>
          {message.text}
        </Notice>
      )}
      {notices.map((n, i) => (
        <Notice key={n} place="inline" tone="note" testid="data-notice" noticeKey={`data ${n}`} onDismiss={() => dismissNotice(i)}>
          {n}
        </Notice>
      ))}
      {dataError && (
        <Notice place="inline" tone="error" role="alert" testid="data-error" noticeKey={`data-error ${dataError}`} onDismiss={() => useApp.setState({ dataError: null })}>
          {dataError}
        </Notice>
      )}
      <StoragePanel />
    </div>
  );
}
