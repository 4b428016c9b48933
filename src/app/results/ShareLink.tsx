/** "Link to this view": a permalink of the live view (model, question, perturbation, seed), or a link file when too long for a URL. */
import { useState } from 'react';
import { MAX_URL_LENGTH, parsePermalinkJson, permalinkUrl } from '../../core/results/permalink.ts';
import { downloadText } from '../shell/download.ts';
import { applyPermalink, currentPermalink } from './permalink-state.ts';
import { useApp } from '../store/index.ts';

type Shared = { kind: 'url'; url: string; copied: boolean } | { kind: 'file'; json: string; length: number } | { kind: 'error'; text: string };

export function ShareLink() {
  const [shared, setShared] = useState<Shared | null>(null);
  const [opened, setOpened] = useState<string | null>(null);

  const make = async () => {
    const r = currentPermalink(useApp.getState());
    if ('error' in r) return setShared({ kind: 'error', text: r.error });
    const url = permalinkUrl(window.location.href, r.link);
    if (!url) {
      const json = JSON.stringify(r.link);
      return setShared({ kind: 'file', json, length: json.length });
    }
    // The address bar holds the link too, so a bookmark or the browser's own share works.
    history.replaceState(null, '', url);
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      // No clipboard permission (or an insecure context): the link is shown to copy by hand.
    }
    setShared({ kind: 'url', url, copied });
  };

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const r = parsePermalinkJson(await file.text());
    if ('error' in r) return setOpened(`${file.name}: ${r.error}`);
    setOpened(`Opened the view saved in ${file.name}.`);
    applyPermalink(r.link, { exactModels: true });
  };

  return (
    <div className="share" data-testid="share">
      <div className="row wrap">
        <button type="button" data-testid="share-link" onClick={() => void make()}>
          Link to this view
        </button>
        <label className="file-btn">
          Open a link file…
          <input type="file" accept=".json,application/json" data-testid="share-open-file" onChange={(e) => void openFile(e.target.files?.[0])} />
        </label>
      </div>
      {shared?.kind === 'url' && (
        <div className="share-out" role="status">
          <span className="hint">{shared.copied ? 'Copied to the clipboard:' : 'Copy this link:'}</span>
          <input readOnly aria-label="Permalink to this view" data-testid="share-url" value={shared.url} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
      {shared?.kind === 'file' && (
        <div className="share-out" role="status" data-testid="share-too-long">
          <span className="note">
            This view is too long for a link (more than {MAX_URL_LENGTH.toLocaleString()} characters, mostly the passage): save it as a file instead, and open it with “Open a link file…”.
          </span>
          <button type="button" data-testid="share-download" onClick={() => downloadText('qarx-view.json', shared.json)}>
            Download the link file
          </button>
        </div>
      )}
      {shared?.kind === 'error' && (
        <p className="error" role="alert">
          {shared.text}
        </p>
      )}
      {opened && (
        <p className="hint" role="status" data-testid="share-opened">
          {opened}
        </p>
      )}
    </div>
  );
}
