/** The Storage panel: what each saved dataset takes in this browser, the site's total, and freeing it. */
import { useEffect, useState } from 'react';
import type { StorageRow } from '../../worker/data-protocol.ts';
import { useApp } from '../store/index.ts';
import { formatBytes } from '../../core/text/bytes.ts';

/** What a row is, in words. */
function describe(r: StorageRow): string {
  const n = `${r.count.toLocaleString('en')} question${r.count === 1 ? '' : 's'}`;
  if (r.kind === 'importing') return `importing — ${n} saved so far`;
  if (r.kind === 'deleting') return `being deleted — ${n} left`;
  if (r.kind === 'unlisted') return `${n} that no dataset lists`;
  return n;
}

export function StoragePanel() {
  const [open, setOpen] = useState(false);
  const report = useApp((s) => s.storage);
  const datasets = useApp((s) => s.datasets);
  const notices = useApp((s) => s.dataNotices);
  const { requestStorage, deleteDataset } = useApp.getState();

  // Figures are re-read whenever the panel opens and whenever a dataset comes or goes (in any tab).
  useEffect(() => {
    if (open) requestStorage();
  }, [open, datasets, notices, requestStorage]);

  const saved = report?.rows.reduce((n, r) => n + r.bytes, 0) ?? 0;
  const free = (r: StorageRow) => {
    const what = r.kind === 'unlisted' ? `${r.count.toLocaleString('en')} questions that no dataset lists` : `"${r.name}" (${r.count.toLocaleString('en')} questions)`;
    if (window.confirm(`Delete ${what} from this browser, freeing about ${formatBytes(r.bytes)}?`)) deleteDataset(r.id);
  };

  return (
    <details className="advanced storage" data-testid="storage-panel" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Storage</summary>
      {!report ? (
        <p className="hint">Measuring…</p>
      ) : (
        <>
          {report.usage !== null && report.quota !== null && (
            <div className="storage-total" data-testid="storage-total">
              This site uses {formatBytes(report.usage)} of the {formatBytes(report.quota)} this browser allows it.
              <meter min={0} max={report.quota} value={report.usage} high={report.quota * 0.8} aria-label="Storage used" />
            </div>
          )}
          {report.rows.length === 0 ? (
            <p className="hint">No imported dataset is saved in this browser.</p>
          ) : (
            <ul className="storage-rows">
              {report.rows.map((r) => (
                <li key={r.id} data-testid="storage-row">
                  <span className="storage-name">{r.kind === 'unlisted' ? 'Unlisted questions' : r.name}</span>
                  <span className="dataset-meta">
                    {describe(r)} · about {formatBytes(r.bytes)}
                  </span>
                  {r.kind !== 'importing' && r.kind !== 'deleting' && (
                    <button type="button" className="link danger" aria-label={`Free ${r.kind === 'unlisted' ? 'unlisted questions' : r.name}`} onClick={() => free(r)}>
                      Free
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="hint">Datasets take about {formatBytes(saved)} (estimated from their JSON size; the site total also counts downloaded models).</p>
        </>
      )}
    </details>
  );
}
