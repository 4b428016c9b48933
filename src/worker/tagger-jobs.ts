/**
 * The entity tagger a user loads in the inference worker (a Hub token-classification model, e.g.
 * Xenova/bert-base-NER): one at a time, loaded with the same loader as `qarx --tagger`, on WASM.
 * Sweep, budget and universal names tag their questions with it before they run.
 */
import { classifyModelError, ModelError } from '../core/qa/model-errors.ts';
import type { Instance } from '../core/data/types.ts';
import type { NerTagger } from '../core/runtime/ner-tagger.ts';
import type { ModelSourceMsg, WorkerEvent } from './protocol.ts';
import { runtimeFor, serialLoad } from './open-model.ts';

let current: { id: string; tagger: NerTagger } | null = null;
/** Tagged passages of the current tagger, so a run on several models tags each passage once. */
let cache = new Map<string, Instance['entities']>();

/** Loads a tagger in place of the current one and says so ('tagger-loaded'), or posts the error for the control. */
export function loadTagger(msg: { jobId: number; source: ModelSourceMsg }, post: (e: WorkerEvent) => void): Promise<void> {
  return serialLoad(async () => {
    try {
      runtimeFor('wasm');
      const { loadNerTagger } = await import('../core/runtime/ner-tagger.ts');
      const src = msg.source.kind === 'files' ? { kind: 'files' as const, id: msg.source.id, files: new Map(msg.source.files) } : msg.source;
      const tagger = await loadNerTagger(src, {
        device: 'wasm',
        onProgress: (p: { status: string; file?: string; loaded?: number; total?: number; progress?: number }) => {
          if (p.status === 'progress' && p.file) post({ type: 'load-progress', jobId: msg.jobId, progress: { file: p.file, loaded: p.loaded ?? 0, total: p.total ?? 0, progress: p.progress ?? 0 } });
        },
      });
      const old = current;
      current = { id: msg.source.id, tagger };
      cache = new Map();
      await old?.tagger.dispose();
      post({ type: 'tagger-loaded', jobId: msg.jobId, id: tagger.id, labels: tagger.labels });
    } catch (err) {
      const e = err instanceof ModelError ? err : classifyModelError(err, msg.source.id);
      // A tagger that failed leaves the QA model as it was: the control shows why.
      post({ type: 'error', jobId: msg.jobId, code: e.code, message: e.message, restart: false });
    }
  });
}

/** The run's questions tagged by the loaded tagger `id` (a file's own spans win), or why not (another or none is loaded). */
export async function tagForRun(instances: Instance[], id: string, signal: AbortSignal): Promise<Instance[] | string> {
  const t = current;
  if (!t || t.id !== id) return `The entity tagger "${id}" is not loaded in this worker (it restarted, or another was loaded): load it again under Entity renaming settings.`;
  const { tagInstances } = await import('../core/ner/tag-instances.ts');
  const r = await tagInstances(
    instances,
    async (text) => {
      let spans = cache.get(text);
      if (!spans) cache.set(text, (spans = await t.tagger.tag(text)));
      return spans ?? [];
    },
    signal,
    id,
  );
  return r.instances;
}
