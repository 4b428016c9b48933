/**
 * The entity tagger of sweep, budget and universal names: the built-in one (compromise) or a Hub
 * token-classification model the user loads into the inference worker (online only: it downloads
 * from the Hub). Its id goes into each run's settings, so the record and the qarx command carry it.
 */
import type { StateCreator } from 'zustand';
import { isHubId } from '../../core/qa/hub-id.ts';
import { newJobId, send } from '../workers/worker-client.ts';
import type { AppState } from './index.ts';
import type { TaggerCoverage } from '../../core/ner/coverage.ts';
import type { AnswerEntityType } from '../../core/data/types.ts';

export interface TaggerState {
  /** 'builtin': compromise; 'hub': the Hub model `id`, ready when `loaded` names it. */
  kind: 'builtin' | 'hub';
  /** The Hub id typed in the field. */
  id: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The id the worker has loaded (null: none). */
  loaded: string | null;
  labels: string[];
  error: string | null;
  jobId: number | null;
  /** The last renaming run's coverage: answerable questions whose answer got an entity, with its tagger (null: built-in). */
  coverage?: { run: 'sweep' | 'budget' | 'universal'; tagger: string | null; coverage: TaggerCoverage } | null;
  /** The answer types the last run with a Hub tagger gave (row key → type; only questions the model typed itself), for the list and Live. */
  hubTags?: { tagger: string; types: Record<string, AnswerEntityType> };
}

export interface TaggerSlice {
  tagger: TaggerState;
  setTaggerKind(kind: TaggerState['kind']): void;
  setTaggerId(id: string): void;
  /** Loads the typed Hub id in the inference worker; errors show next to the control. */
  loadTagger(): void;
  receiveTagger(jobId: number, id: string, labels: string[]): void;
  taggerFailed(jobId: number, message: string): boolean;
}

export const createTaggerSlice: StateCreator<AppState, [], [], TaggerSlice> = (set, get) => ({
  tagger: { kind: 'builtin', id: 'Xenova/bert-base-NER', status: 'idle', loaded: null, labels: [], error: null, jobId: null },
  setTaggerKind(kind) {
    set({ tagger: { ...get().tagger, kind } });
  },
  setTaggerId(id) {
    set({ tagger: { ...get().tagger, id, error: null } });
  },
  loadTagger() {
    const t = get().tagger;
    const id = t.id.trim();
    if (!isHubId(id)) {
      set({ tagger: { ...t, status: 'error', error: `"${id}" is not a Hub id (owner/name, e.g. Xenova/bert-base-NER).` } });
      return;
    }
    const jobId = newJobId();
    set({ tagger: { ...t, id, status: 'loading', error: null, jobId } });
    send({ type: 'load-tagger', jobId, source: { kind: 'hub', id } });
  },
  receiveTagger(jobId, id, labels) {
    const t = get().tagger;
    if (t.jobId !== jobId) return;
    set({ tagger: { ...t, status: 'ready', loaded: id, labels, error: null, jobId: null } });
  },
  taggerFailed(jobId, message) {
    const t = get().tagger;
    if (t.jobId !== jobId) return false;
    set({ tagger: { ...t, status: 'error', error: message, jobId: null } });
    return true;
  },
});

/** The tagger a run uses: the loaded Hub model's id when it is chosen and ready, else null (built-in). */
export function runTagger(s: Pick<AppState, 'tagger'>): string | null {
  const t = s.tagger;
  return t.kind === 'hub' && t.status === 'ready' && t.loaded ? t.loaded : null;
}

/** Why a renaming run cannot start with the tagger chosen, or null, e.g. a Hub model chosen but not loaded. */
export function taggerBlock(s: Pick<AppState, 'tagger'>): string | null {
  const t = s.tagger;
  if (t.kind !== 'hub' || (t.status === 'ready' && t.loaded)) return null;
  return t.status === 'loading' ? 'the entity tagger is still loading' : 'the Hub entity tagger is chosen but not loaded (load it, or choose the built-in tagger)';
}

/** The tagger after the inference worker restarted: a loaded or loading Hub model is gone and must be loaded again. */
export function taggerAfterRestart(t: TaggerState): TaggerState {
  if (!t.loaded && t.status !== 'loading') return t;
  return { ...t, status: 'error', loaded: null, jobId: null, error: 'The inference worker restarted, so the tagger is no longer loaded: load it again.' };
}
