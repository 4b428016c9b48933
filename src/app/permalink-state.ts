/**
 * Between the store and permalinks: what the live view shows as a Permalink, and a Permalink put
 * back into the store (model, question, perturbation, seed). The panels re-run their perturbation
 * on their own once the model and the question are there; synthetic noise waits for both here.
 */
import { decodePermalink, PERMALINK_PREFIX, type Permalink } from '../core/permalink.ts';
import { useApp, type AppState } from './store/index.ts';

/** The permalink of what the live view shows, or why it cannot be one. */
export function currentPermalink(s: AppState): { link: Permalink } | { error: string } {
  const src = s.loadedSource ?? s.loadingSource;
  if (!src) return { error: 'Load a model first: a link names the model that answers.' };
  if (src.kind === 'files') return { error: 'This model was opened from local files, which a link cannot carry: load it from the Hub (or the shipped model) to share a link.' };
  const inst = s.instance;
  const q: Permalink['q'] = inst && inst.context === s.passage && inst.question === s.question ? { kind: 'instance', dataset: inst.dataset, id: inst.id } : { kind: 'text', passage: s.passage, question: s.question };
  const o = s.renameOptions;
  const t = s.liveTrapConfig;
  const p: Permalink['p'] = s.trapOpen
    ? { kind: 'trap', source: t.kind, position: t.position, seed: t.seed, sentence: t.kind === 'typed' ? t.sentence : '' }
    : s.renameOpen
    ? { kind: 'rename', type: o.type, ...(o.target ? { target: o.target } : {}), source: o.source, origin: o.origin, seed: o.seed, resemble: s.renameResemble }
    : s.noisePair
      ? { kind: 'noise', noise: s.noiseOptions.kind, rate: s.noiseOptions.rate, seed: s.noiseOptions.seed }
      : q.kind === 'instance' && inst?.revision
        ? { kind: 'revision' }
        : { kind: 'none' };
  return { link: { v: 1, models: [{ kind: src.kind, id: src.id }], q, p, allowNull: s.allowNull } };
}

let stopWaiting: (() => void) | null = null;

/** Puts a permalink's view into the store: loads its model if another is loaded, opens its question, sets its perturbation. */
export function applyPermalink(link: Permalink): void {
  stopWaiting?.();
  stopWaiting = null;
  const s = useApp.getState();
  const model = link.models[0]!;
  const loaded = s.loadingSource ?? s.loadedSource;
  if (!loaded || loaded.kind !== model.kind || loaded.id !== model.id) s.loadModel(model);
  useApp.setState({ view: 'live', allowNull: link.allowNull, noisePair: null, pair: null, rename: null });
  if (link.q.kind === 'instance') {
    s.select({ dataset: link.q.dataset, id: link.q.id } as Parameters<AppState['select']>[0]);
  } else {
    useApp.setState({ instance: null, selectedKey: null, passage: link.q.passage, question: link.q.question, prediction: null });
  }
  const p = link.p;
  if (p.kind === 'rename') {
    const { kind: _k, resemble, ...opts } = p;
    void _k;
    useApp.setState({ renameOptions: { target: undefined, ...opts }, renameResemble: resemble, renameOpen: true });
  } else {
    useApp.setState({ renameOpen: false });
  }
  useApp.setState({ trapOpen: false });
  if (p.kind === 'trap') {
    useApp.setState({ liveTrapConfig: { kind: p.source, position: p.position, seed: p.seed, sentence: p.sentence } });
    whenReady(link, () => useApp.getState().setTrapOpen(true));
  }
  if (p.kind === 'noise') {
    useApp.setState({ noiseOptions: { kind: p.noise, rate: p.rate, seed: p.seed } });
    // Noise runs on demand: once the model is ready and the question has arrived, run it once.
    whenReady(link, () => useApp.getState().runNoisePair());
  }
}

/** Runs `fn` once the model is ready and the link's question is open (now, or when that happens). */
function whenReady(link: Permalink, fn: () => void): void {
  const ready = (st: AppState) => st.modelStatus === 'ready' && !!st.model && (link.q.kind === 'text' || (st.instance?.dataset === link.q.dataset && st.instance.id === link.q.id));
  const run = () => {
    stopWaiting?.();
    stopWaiting = null;
    fn();
  };
  if (ready(useApp.getState())) run();
  else stopWaiting = useApp.subscribe((st) => ready(st) && run());
}

/** The permalink in the page's hash, if there is one: the link, or the reason it was refused. */
export function permalinkFromHash(hash = window.location.hash): { link: Permalink } | { error: string } | null {
  return hash.startsWith(PERMALINK_PREFIX) ? decodePermalink(hash) : null;
}

/** Applies the start-up permalink (or says why it was refused) and every permalink pasted into the hash later; returns the clean-up. */
export function watchPermalinks(startup: ReturnType<typeof permalinkFromHash>): () => void {
  const take = (r: ReturnType<typeof permalinkFromHash>) => {
    if (!r) return;
    if ('link' in r) applyPermalink(r.link);
    else useApp.getState().addNotice(`The link in the address bar was not opened. ${r.error}`);
  };
  take(startup);
  const onHash = () => take(permalinkFromHash());
  window.addEventListener('hashchange', onHash);
  return () => window.removeEventListener('hashchange', onHash);
}
