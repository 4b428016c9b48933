/** "A new version is available — Reload", shown when the service worker has a new version waiting. */
import { reloadToUpdate, useUpdateWaiting } from './pwa-state.ts';

export function UpdateBanner() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="banner banner-update" role="status" data-testid="update-banner">
      <span>A new version is available.</span>
      <button type="button" data-testid="update-reload" onClick={reloadToUpdate}>
        Reload
      </button>
    </div>
  );
}
