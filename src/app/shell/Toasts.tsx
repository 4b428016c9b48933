/**
 * Notices where the user is looking: an import's outcome, data notices and a model error show in
 * their panel (Data, Models) when that is open, and here, as toasts in view, from any other place,
 * with a link to the panel. The same test ids as in the panels: only one of the two is ever shown.
 * Every toast has Dismiss and goes with Escape (shell/Notice.tsx): none stays over the views.
 */
import { TermText } from '../teach/Term.tsx';
import { useState } from 'react';
import { useApp } from '../store/index.ts';
import { RouteLink } from './MainNav.tsx';
import { Notice } from '../shell/Notice.tsx';
import { useOfflineReady, useOfflineWaitsForRun } from './pwa-state.ts';

export function Toasts() {
  const section = useApp((s) => s.route.section);
  const importing = useApp((s) => s.importJob);
  const message = useApp((s) => s.importMessage);
  const notices = useApp((s) => s.dataNotices);
  const dataError = useApp((s) => s.dataError);
  const modelError = useApp((s) => s.modelError);
  const { dismissImportMessage, dismissNotice } = useApp.getState();
  const offData = section !== 'data';
  const offlineReady = useOfflineReady();
  const [offlineSeen, setOfflineSeen] = useState(false);
  const offlineWaits = useOfflineWaitsForRun();
  const [offlineWaitSeen, setOfflineWaitSeen] = useState(false);
  // An import outcome already read in the Data panel does not follow the user as a toast.
  const [seen, setSeen] = useState<typeof message>(null);
  // The import whose progress toast was dismissed: the import goes on, its toast does not follow the user.
  const [quietJob, setQuietJob] = useState<number | null>(null);
  if (!offData && message && message !== seen) setSeen(message);
  const items = [
    offData && importing && importing.jobId !== quietJob && (
      <Notice key="importing" place="toast" tone="note" testid="toast-importing" noticeKey={`importing ${importing.jobId}`} onDismiss={() => setQuietJob(importing.jobId)} actions={<RouteLink to={{ section: 'data', experiment: null }} current={false}>Data</RouteLink>}>
        Importing {importing.name}…
      </Notice>
    ),
    offData && message && message !== seen && (
      <Notice key="message" place="toast" tone={message.kind === 'error' ? 'error' : message.kind === 'warn' ? 'warn' : 'success'} testid="import-message" noticeKey={`import ${message.text}`} onDismiss={dismissImportMessage}>
        {message.text}
      </Notice>
    ),
    ...(offData
      ? notices.map((n, i) => (
          <Notice key={`n-${n}`} place="toast" tone="note" testid="data-notice" noticeKey={`data ${n}`} onDismiss={() => dismissNotice(i)}>
            {n}
          </Notice>
        ))
      : []),
    offData && dataError && (
      <Notice key="data-error" place="toast" tone="error" role="alert" testid="data-error" noticeKey={`data-error ${dataError}`} onDismiss={() => useApp.setState({ dataError: null })}>
        {dataError}
      </Notice>
    ),
    // Issue 44: saving the app for offline use waits while a run goes on (shell/offline-setup.ts); say why.
    offlineWaits && !offlineReady && !offlineWaitSeen && (
      <Notice key="offline-wait" place="toast" tone="note" testid="offline-waits" noticeKey="offline-waits" onDismiss={() => setOfflineWaitSeen(true)}>
        <TermText text="Offline use is set up when this run ends: saving the app in this browser now would slow the run down." />
      </Notice>
    ),
    // Issue 44: the first install can finish half a minute after the visit; say when it has.
    offlineReady && !offlineSeen && (
      <Notice key="offline" place="toast" tone="success" testid="offline-ready" noticeKey="offline-ready" onDismiss={() => setOfflineSeen(true)}>
        <TermText text="Ready for offline use: the app, ONNX Runtime and the shipped model are saved in this browser." />
      </Notice>
    ),
    section !== 'models' && modelError && (
      <Notice key="model-error" place="toast" tone="error" role="alert" testid="model-error" noticeKey={`model-error ${modelError}`} onDismiss={() => useApp.getState().dismissModelError()} actions={<RouteLink to={{ section: 'models', experiment: null }} current={false}>Models</RouteLink>}>
        {modelError}
      </Notice>
    ),
  ].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <div className="toasts" aria-label="Notices" role="region" data-testid="toasts">
      {items}
    </div>
  );
}
