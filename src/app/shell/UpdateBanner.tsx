/** "A new version is available — Reload", shown when the service worker has a new version waiting; "Dismiss" hides it until the next one. */
import { useState } from 'react';
import { reloadToUpdate, useUpdateWaiting } from './pwa-state.ts';
import { Notice } from './Notice.tsx';

export function UpdateBanner() {
  const waiting = useUpdateWaiting();
  const [dismissed, setDismissed] = useState(false);
  if (!waiting || dismissed) return null;
  return (
    <Notice
      place="banner"
      tone="update"
      testid="update-banner"
      noticeKey="update"
      onDismiss={() => setDismissed(true)}
      actions={
        <button type="button" data-testid="update-reload" onClick={reloadToUpdate}>
          Reload
        </button>
      }
    >
      A new version is available.
    </Notice>
  );
}
