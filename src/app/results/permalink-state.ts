/**
 * Between the store and permalinks: what the live view shows as a Permalink, and a Permalink put
 * back into the store (model, question, perturbation, seed, found edit, Explain mode, list search,
 * page). The panels re-run their perturbation on their own once the model and the question are
 * there; synthetic noise and a found edit's replay wait for both here.
 */
import { liveNoAnswer } from '../../core/data/no-answer.ts';
import { decodePermalink, PERMALINK_PREFIX, type Permalink } from '../../core/results/permalink.ts';
import { useApp, type AppState } from '../store/index.ts';
import { isRevisionPair } from '../../core/formats/pair-kind.ts';
import { foundEditLink } from '../live/found-edit.ts';
import { experimentOf } from '../shell/routes.ts';

/** The permalink of what the live view shows, or why it cannot be one. */
export function currentPermalink(s: AppState): { link: Permalink } | { error: string } {
  const src = s.loadedSource ?? s.loadingSource;
  if (!src) return { error: 'Load a model first: a link names the model that answers.' };
  if (src.kind === 'files') return { error: 'This model was opened from local files, which a link cannot carry: load it from the Hub (or the shipped model) to share a link.' };
  const inst = s.instance;
  // An imported dataset travels as its file (name, count, content hash): a browser without it can say what to import.
  const ds = inst ? s.datasets.find((d) => d.id === inst.dataset && !d.builtIn && d.hash) : undefined;
  const file = ds?.hash ? { file: { name: ds.name, questions: ds.count, hash: ds.hash } } : {};
  const q: Permalink['q'] = inst && inst.context === s.passage && inst.question === s.question ? { kind: 'instance', dataset: inst.dataset, id: inst.id, ...file } : { kind: 'text', passage: s.passage, question: s.question };
  const o = s.renameOptions;
  const t = s.liveTrapConfig;
  // A found breaking edit is what the view is about: it travels itself, so the link shows it without searching again.
  const found = foundEditLink(s);
  const p: Permalink['p'] = found
    ? found
    : s.trapOpen
    ? { kind: 'trap', source: t.kind, position: t.position, seed: t.seed, sentence: t.kind === 'typed' ? t.sentence : '' }
    : s.renameOpen
    ? { kind: 'rename', type: o.type, ...(o.target ? { target: o.target } : {}), source: o.source, origin: o.origin, seed: o.seed, resemble: s.renameResemble }
    : s.noisePair
      ? { kind: 'noise', noise: s.noiseOptions.kind, rate: s.noiseOptions.rate, seed: s.noiseOptions.seed }
      : q.kind === 'instance' && inst && isRevisionPair(inst)
        ? { kind: 'revision' }
        : { kind: 'none' };
  // Models added beside the primary (Hub or shipped; ones opened from local files cannot travel in a link).
  const added = s.addedModels.flatMap((m) => (m.status !== 'error' && m.source.kind !== 'files' ? [{ kind: m.source.kind, id: m.source.id, device: m.device, dtype: m.dtype }] : []));
  const page = s.route.section === 'experiments' && s.route.experiment ? { page: s.route.experiment } : {};
  return { link: { v: 1, models: [{ kind: src.kind, id: src.id }, ...added].slice(0, 4), q, p, allowNull: s.allowNull, ...viewExtras(s), ...page } };
}

/** The parts of a view besides the question and its perturbation: the Explain panel's mode and the list's search. */
function viewExtras(s: AppState): Pick<Permalink, 'explain' | 'list'> {
  return { explain: { open: s.explainOpen, kind: s.explainKind, sentence: s.explainSentence }, list: { query: s.query, filters: s.filters } };
}

/** Puts a link's Explain mode, list search and experiment page back (older links have none: those stay as they are). */
function applyViewExtras(link: Permalink): void {
  const s = useApp.getState();
  if (link.explain) useApp.setState({ explainOpen: link.explain.open, explainKind: link.explain.kind, explainSentence: link.explain.sentence });
  if (link.list) {
    useApp.setState({ query: link.list.query, filters: link.list.filters });
    s.runSearch();
  }
  s.navigate(link.page && experimentOf(link.page) ? { section: 'experiments', experiment: link.page } : { section: 'live', experiment: null });
}

let stopWaiting: (() => void) | null = null;

/** The Wikipedia box with no article and nothing found. */
const NO_WIKI = { wikiTitle: '', wikiEdits: null, wikiError: null, wikiSkipped: '', wikiApplied: null, wikiPair: null } satisfies Partial<AppState>;

type LinkedQuestion = Extract<Permalink['q'], { kind: 'instance' }>;

/**
 * Opens a link's stored question: under its dataset id, or, when that id is not here, the dataset
 * with the same content hash (the file imported again); otherwise the live view says at its top
 * which file to import (missingLink) and shows no other question as if it were the link's.
 */
function openLinkedQuestion(q: LinkedQuestion): void {
  const s = useApp.getState();
  const same = q.file ? s.datasets.find((d) => d.hash === q.file?.hash) : undefined;
  const here = q.dataset === 'demo' || s.datasets.some((d) => d.id === q.dataset);
  if (here || same || !q.file || s.datasets.length === 0) {
    useApp.setState({ missingLink: null });
    s.select({ dataset: here || !same ? q.dataset : same.id, id: q.id } as Parameters<AppState['select']>[0]);
    // The list may not have arrived yet: until the question comes, no other question stands in for it;
    // if the id turns out to be missing, the notice takes over.
    if (!here && !same) useApp.setState({ instance: null, selectedKey: null, passage: '', question: '', prediction: null });
    if (!here && !same && q.file) useApp.setState({ missingLink: q });
    return;
  }
  useApp.setState({ missingLink: q, instance: null, selectedKey: null, passage: '', question: '', prediction: null });
}

/** Puts a permalink's view into the store: loads its model(s) (the primary and those beside it), opens its question, sets its perturbation. */
export function applyPermalink(link: Permalink, opts: { exactModels?: boolean } = {}): void {
  stopWaiting?.();
  stopWaiting = null;
  const s = useApp.getState();
  const model = link.models[0]!;
  const loaded = s.loadingSource ?? s.loadedSource;
  if (!loaded || loaded.kind !== model.kind || loaded.id !== model.id) s.loadModel({ kind: model.kind, id: model.id });
  applyAddedModels(link.models.slice(1), opts.exactModels ?? false);
  applyViewExtras(link);
  // A link's "allow no answer" is the sender's setting: an override of the dataset's decision.
  // A reopened case is the link's own to show (reopenCase sets it after this).
  useApp.setState({ allowNullOverride: link.allowNull, allowNull: link.allowNull, liveNoAnswer: liveNoAnswer(s.liveNoAnswerData, link.allowNull), noisePair: null, pair: null, rename: null, reopened: null });
  if (link.q.kind === 'instance') {
    openLinkedQuestion(link.q);
  } else {
    // Free text has no article: the previous question's Wikipedia history goes with it.
    useApp.setState({ instance: null, selectedKey: null, passage: link.q.passage, question: link.q.question, prediction: null, ...NO_WIKI });
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
  if (p.kind === 'edit') {
    // Replayed on the link's question once its answer is there (typed text scores against the model's own answer).
    whenReady(link, () => useApp.getState().replayEdit(p), (st) => st.prediction !== null && st.predictJob === null);
  }
  if (p.kind === 'noise') {
    useApp.setState({ noiseOptions: { kind: p.noise, rate: p.rate, seed: p.seed } });
    // Noise runs on demand: once the model is ready and the question has arrived, run it once.
    whenReady(link, () => useApp.getState().runNoisePair());
  }
}

/**
 * Loads the link's models beside the primary that are not loaded yet. `exact` (a link opened from the
 * address bar or a link file) also unloads the others; a tour stop or a gallery case keeps them.
 */
function applyAddedModels(want: Permalink['models'], exact: boolean): void {
  const s = useApp.getState();
  const same = (m: AppState['addedModels'][number], w: Permalink['models'][number]) =>
    m.status !== 'error' && m.source.kind === w.kind && m.source.id === w.id && m.device === (w.device ?? 'auto') && m.dtype === (w.dtype ?? 'auto');
  const kept = new Set<string>();
  const missing = want.filter((w) => {
    const m = s.addedModels.find((x) => !kept.has(x.key) && same(x, w));
    if (m) kept.add(m.key);
    return !m;
  });
  if (exact) for (const m of s.addedModels) if (!kept.has(m.key)) s.unloadModel(m.key);
  if (missing.length === 0) return;
  const { addDevice, addDtype } = useApp.getState();
  for (const w of missing) {
    useApp.getState().setAddOptions({ device: w.device ?? 'auto', dtype: w.dtype ?? 'auto' });
    useApp.getState().addModel({ kind: w.kind, id: w.id });
  }
  // The Models panel's choices are the user's: put them back.
  useApp.getState().setAddOptions({ device: addDevice, dtype: addDtype });
}

/** Whether the model is ready and the link's question is the open one. */
export function linkOpen(link: Permalink, st: AppState): boolean {
  return st.modelStatus === 'ready' && !!st.model && (link.q.kind === 'text' ? st.question === link.q.question && st.passage === link.q.passage : st.instance?.dataset === link.q.dataset && st.instance.id === link.q.id);
}

/** Runs `fn` once the model is ready and the link's question is open (and `also` holds), now or when that happens. */
function whenReady(link: Permalink, fn: () => void, also: (st: AppState) => boolean = () => true): void {
  const ready = (st: AppState) => linkOpen(link, st) && also(st);
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
    if ('link' in r) applyPermalink(r.link, { exactModels: true });
    else useApp.getState().addNotice(`The link in the address bar was not opened. ${r.error}`);
  };
  take(startup);
  const onHash = () => take(permalinkFromHash());
  window.addEventListener('hashchange', onHash);
  return () => window.removeEventListener('hashchange', onHash);
}
