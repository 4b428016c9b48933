/** Model loading for qarx: a local directory in the Hugging Face layout or a Hub id. */
import { formatBytes } from '../core/text/bytes.ts';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configureRuntime, loadQaModel, type Dtype, type ModelSource } from '../core/index.ts';
import { InputError } from '../core/formats/json.ts';
import { isHubId } from '../core/qa/hub-id.ts';
import { err } from './io.ts';
import { cacheDirOf } from './cache-dir.ts';
import type { Instance } from '../core/data/types.ts';

/** A directory on disk is a local model; otherwise owner/name is a Hub id. */
export function resolveModel(spec: string): { source: ModelSource } {
  const abs = resolve(spec);
  if (existsSync(abs)) {
    if (!statSync(abs).isDirectory()) throw new InputError(`${spec}: --model must be a model directory (config.json, tokenizer.json, onnx/model.onnx) or a Hub id.`);
    for (const f of ['config.json', 'tokenizer.json']) {
      if (!existsSync(join(abs, f))) throw new InputError(`${spec}: missing ${f} (expected the Hugging Face layout: config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx).`);
    }
    if (!existsSync(join(abs, 'onnx'))) throw new InputError(`${spec}: no onnx/ folder with ONNX weights.`);
    // The absolute path is the id: transformers.js reads non-Hub-id paths as they are, whatever the folder is called.
    return { source: { kind: 'local', id: abs } };
  }
  if (isHubId(spec)) return { source: { kind: 'hub', id: spec } };
  throw new InputError(`${spec}: no such model directory, and not a Hub id (owner/name).`);
}

/** Loads a model directory or Hub id for the CLI, reporting big downloads and the load time on stderr. */
export async function openModel(spec: string, o: { 'hub-host'?: string; 'cache-dir'?: string; dtype?: string; device?: 'cpu' | 'cuda'; threads?: number }) {
  const { source } = resolveModel(spec);
  configureRuntime({
    remoteHost: o['hub-host'] ?? process.env.HF_ENDPOINT ?? 'https://huggingface.co/',
    cacheDir: cacheDirOf(o['cache-dir']),
  });
  const t0 = performance.now();
  let lastFile = '';
  const model = await loadQaModel(source, {
    device: o.device ?? 'cpu',
    dtype: o.dtype as Dtype | undefined,
    ...(o.threads ? { sessionOptions: { intraOpNumThreads: o.threads, interOpNumThreads: 1 } } : {}),
    onProgress: (p) => {
      // Only big files are worth a line (weights); configs and local reads are instant.
      if (p.status === 'progress' && p.file !== lastFile && p.total > 1 << 20) {
        lastFile = p.file;
        err(`loading ${p.file} (${formatBytes(p.total)})\n`);
      }
    },
  });
  err(`loaded ${model.id} (${model.architecture}, ${model.dtype}, ${model.kind}) in ${((performance.now() - t0) / 1000).toFixed(2)} s\n`);
  return model;
}

/**
 * Tags every passage of `instances` with a Hub token-classification model (`--tagger`, e.g.
 * Xenova/bert-base-NER) unless the file annotated it itself: its spans then choose the answer
 * entities, in place of the built-in tagger. Returns tagged copies and how many passages the model tagged.
 */
export async function tagWithModel(instances: readonly Instance[], spec: string, o: { 'hub-host'?: string; 'cache-dir'?: string }): Promise<{ instances: Instance[]; passages: number }> {
  const { source } = resolveModel(spec);
  configureRuntime({
    remoteHost: o['hub-host'] ?? process.env.HF_ENDPOINT ?? 'https://huggingface.co/',
    cacheDir: cacheDirOf(o['cache-dir']),
  });
  // Imported here: the tagger types entities with compromise and the name lists, which predict must not load.
  const [{ loadNerTagger }, { tagInstances }] = await Promise.all([import('../core/runtime/ner-tagger.ts'), import('../core/ner/tag-instances.ts')]);
  const t0 = performance.now();
  const tagger = await loadNerTagger(source, { device: 'cpu' });
  try {
    const r = await tagInstances(instances, (text) => tagger.tag(text), undefined, tagger.id);
    err(`tagged ${r.passages} passage${r.passages === 1 ? '' : 's'} with ${tagger.id} (NER tagger) in ${((performance.now() - t0) / 1000).toFixed(2)} s\n`);
    return r;
  } finally {
    await tagger.dispose();
  }
}
