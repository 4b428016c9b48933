/**
 * Banners under the header: a worker that died and was restarted, and model or MediaWiki hosts
 * other than the defaults (a `?hub=` or `?wiki=` link can point the app anywhere, so say where).
 */
import { hostLabel, isOtherHub, isOtherWiki } from '../workers/hosts.ts';
import { DEFAULT_REMOTE_HOST } from '../store/runtime-slice.ts';
import { useApp } from '../store/index.ts';

export function StatusBanners() {
  const notice = useApp((s) => s.workerNotice);
  const hub = useApp((s) => s.remoteHost);
  const wiki = useApp((s) => s.wikiApi);
  const otherHub = isOtherHub(hub);
  const otherWiki = isOtherWiki(wiki);
  if (!notice && !otherHub && !otherWiki) return null;
  return (
    <div className="banners">
      {notice && (
        <div className="banner banner-warn" role="alert" data-testid="worker-notice">
          <span>{notice}</span>
          <button type="button" className="link" onClick={() => useApp.getState().dismissWorkerNotice()}>
            Dismiss
          </button>
        </div>
      )}
      {otherHub && (
        <div className="banner banner-host" role="note" data-testid="hub-host-notice">
          <span>
            Models are downloaded from <strong>{hostLabel(hub)}</strong>, not from the Hugging Face Hub.
          </span>
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
        </div>
      )}
      {otherWiki && (
        <div className="banner banner-host" role="note" data-testid="wiki-host-notice">
          <span>
            Wikipedia history is read from <strong>{hostLabel(wiki)}</strong>, not from en.wikipedia.org.
          </span>
        </div>
      )}
    </div>
  );
}
