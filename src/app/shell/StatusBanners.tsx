/**
 * Banners under the header: a worker that died and was restarted, and model or MediaWiki hosts
 * other than the defaults (a `?hub=` or `?wiki=` link can point the app anywhere, so say where).
 * Each can be dismissed (Escape too); a host banner dismissed comes back for another host.
 */
import { Term } from '../teach/Term.tsx';
import { useState } from 'react';
import { hostLabel, isOtherHub, isOtherWiki } from '../workers/hosts.ts';
import { DEFAULT_REMOTE_HOST } from '../store/runtime-slice.ts';
import { useApp } from '../store/index.ts';
import { Notice } from '../shell/Notice.tsx';

export function StatusBanners() {
  const notice = useApp((s) => s.workerNotice);
  const hub = useApp((s) => s.remoteHost);
  const wiki = useApp((s) => s.wikiApi);
  // The hosts whose banner was dismissed in this tab.
  const [hidden, setHidden] = useState<readonly string[]>([]);
  const hide = (key: string) => setHidden((h) => [...h, key]);
  const otherHub = isOtherHub(hub) && !hidden.includes(`hub ${hub}`);
  const otherWiki = isOtherWiki(wiki) && !hidden.includes(`wiki ${wiki}`);
  if (!notice && !otherHub && !otherWiki) return null;
  return (
    <div className="banners">
      {notice && (
        <Notice place="banner" tone="error" role="alert" testid="worker-notice" noticeKey={`worker ${notice}`} onDismiss={() => useApp.getState().dismissWorkerNotice()}>
          {notice}
        </Notice>
      )}
      {otherHub && (
        <Notice
          place="banner"
          tone="host"
          role="note"
          testid="hub-host-notice"
          noticeKey={`hub ${hub}`}
          onDismiss={() => hide(`hub ${hub}`)}
          actions={
            <button
              type="button"
              className="link"
              onClick={() => {
                localStorage.removeItem('qarx.remoteHost');
                useApp.getState().setRemoteHost(DEFAULT_REMOTE_HOST);
              }}
            >
              Use huggingface.co
            </button>
          }
        >
          Models are downloaded from <strong>{hostLabel(hub)}</strong>, not from the <Term k="Hugging Face Hub" />.
        </Notice>
      )}
      {otherWiki && (
        <Notice place="banner" tone="host" role="note" testid="wiki-host-notice" noticeKey={`wiki ${wiki}`} onDismiss={() => hide(`wiki ${wiki}`)}>
          Wikipedia history is read from <strong>{hostLabel(wiki)}</strong>, not from en.wikipedia.org.
        </Notice>
      )}
    </div>
  );
}
