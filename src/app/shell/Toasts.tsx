/**
 * Notices where the user is looking: an import's outcome, data notices and a model error show in
 * their panel (Data, Models) when that is open, and here, as toasts in view, from any other place,
 * with a link to the panel. The same test ids as in the panels: only one of the two is ever shown.
 */
import { useState } from 'react';
import { useApp } from '../store/index.ts';
import { RouteLink } from './MainNav.tsx';

export function Toasts() {
  const section = useApp((s) => s.route.section);
  const importing = useApp((s) => s.importJob);
  const message = useApp((s) => s.importMessage);
  const notices = useApp((s) => s.dataNotices);
  const dataError = useApp((s) => s.dataError);
  const modelError = useApp((s) => s.modelError);
  const { dismissImportMessage, dismissNotice } = useApp.getState();
  const offData = section !== 'data';
  // An import outcome already read in the Data panel does not follow the user as a toast.
  const [seen, setSeen] = useState<typeof message>(null);
  if (!offData && message && message !== seen) setSeen(message);
  const items = [
    offData && importing && (
      <div key="importing" className="toast" role="status" data-testid="toast-importing">
        Importing {importing.name}…{' '}
        <RouteLink to={{ section: 'data', experiment: null }} current={false}>
          Data
        </RouteLink>
      </div>
    ),
    offData && message && message !== seen && (
      <div key="message" className={`toast ${message.kind === 'error' ? 'error' : message.kind === 'warn' ? 'note' : 'success'}`} role="status" data-testid="import-message">
        {message.text}{' '}
        <button type="button" className="link" onClick={dismissImportMessage}>
          Dismiss
        </button>
      </div>
    ),
    ...(offData
      ? notices.map((n, i) => (
          <div key={`n-${n}`} className="toast note" role="status" data-testid="data-notice">
            {n}{' '}
            <button type="button" className="link" onClick={() => dismissNotice(i)}>
              Dismiss
            </button>
          </div>
        ))
      : []),
    offData && dataError && (
      <div key="data-error" className="toast error" role="alert">
        {dataError}
      </div>
    ),
    section !== 'models' && modelError && (
      <div key="model-error" className="toast error" role="alert" data-testid="model-error">
        {modelError}{' '}
        <RouteLink to={{ section: 'models', experiment: null }} current={false}>
          Models
        </RouteLink>
      </div>
    ),
  ].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <div className="toasts" aria-label="Notices" role="region" data-testid="toasts">
      {items}
    </div>
  );
}
