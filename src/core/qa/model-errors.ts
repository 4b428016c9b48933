/**
 * Model loading fails in many ways that all surface as generic errors from the libraries below.
 * These turn them into one clear, user-facing message with a code the UI and CLI can act on.
 */

export type ModelErrorCode =
  | 'no-weights'
  | 'no-tokenizer'
  | 'no-config'
  | 'bad-signature'
  | 'unsupported-architecture'
  | 'unsupported-tokenizer'
  | 'network'
  | 'out-of-memory'
  | 'cancelled'
  | 'unknown';

/** A model could not be loaded or run; `message` is meant to be shown as is. */
export class ModelError extends Error {
  override name = 'ModelError';
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

const has = (s: string, ...needles: (string | RegExp)[]) => needles.some((n) => (typeof n === 'string' ? s.includes(n) : n.test(s)));

/**
 * Classifies a raw loading error for model `model`, e.g. a 404 on onnx/model.onnx →
 * ModelError('no-weights', 'No ONNX weights found for "x/y" (looked for onnx/model.onnx).').
 */
export function classifyModelError(err: unknown, model: string): ModelError {
  if (err instanceof ModelError) return err;
  const raw = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const file = /"?([\w./-]*?(onnx\/[\w.-]+\.onnx|tokenizer(?:_config)?\.json|config\.json))"?/.exec(raw)?.[1];
  const notFound = has(raw, /\b404\b/, 'not found', 'Could not locate file', 'file was not found', 'Local file missing', 'ENOENT');
  if (has(raw, 'AbortError', 'aborted by the user')) return new ModelError('cancelled', `Loading "${model}" was cancelled.`, raw);
  if (notFound && file && /\.onnx$/.test(file)) return new ModelError('no-weights', `No ONNX weights found for "${model}" (looked for ${file.replace(/^.*?(onnx\/)/, '$1')}). Extractive QA models need an onnx/ folder.`, raw);
  if (notFound && file && /tokenizer/.test(file)) return new ModelError('no-tokenizer', `"${model}" has no ${file.replace(/^.*\//, '')}: the tokenizer is missing.`, raw);
  if (notFound && file && /config\.json$/.test(file)) return new ModelError('no-config', `"${model}" was not found (no config.json): check the id, or that the folder is a model repository.`, raw);
  if (notFound) return new ModelError('no-weights', `Model "${model}" was not found (${raw.slice(0, 160)}).`, raw);
  if (has(raw, /Unsupported model type/i, /not supported for question.answering/i, /Unknown model class/i, /Unsupported architecture/i)) {
    return new ModelError('unsupported-architecture', `"${model}" is not an extractive question-answering architecture this tool can run.`, raw);
  }
  if (has(raw, /out of memory/i, 'bad_alloc', /Array buffer allocation failed/i, /Maximum call stack/i, 'RangeError: Invalid typed array length', /memory access out of bounds/i)) {
    return new ModelError('out-of-memory', `Ran out of memory loading or running "${model}". Try a smaller model, WASM instead of WebGPU, or a smaller batch.`, raw);
  }
  if (has(raw, 'Failed to fetch', 'fetch failed', 'NetworkError', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'Load failed')) {
    return new ModelError('network', `Network failure while downloading "${model}". Check the connection (or the model host setting) and try again.`, raw);
  }
  return new ModelError('unknown', `Could not load "${model}": ${raw.slice(0, 300)}`, raw);
}

/**
 * Checks the session signature of a QA export, e.g. outputs lacking end_logits →
 * ModelError('bad-signature', …).
 */
export function checkQaSignature(model: string, inputNames: readonly string[], outputNames: readonly string[]): void {
  const missingIn = ['input_ids', 'attention_mask'].filter((n) => !inputNames.includes(n));
  const missingOut = ['start_logits', 'end_logits'].filter((n) => !outputNames.includes(n));
  const extra = inputNames.filter((n) => !['input_ids', 'attention_mask', 'token_type_ids'].includes(n));
  if (missingIn.length || missingOut.length || extra.length) {
    const parts = [
      missingIn.length ? `missing inputs ${missingIn.join(', ')}` : '',
      missingOut.length ? `missing outputs ${missingOut.join(', ')}` : '',
      extra.length ? `unexpected inputs ${extra.join(', ')}` : '',
    ].filter(Boolean);
    throw new ModelError(
      'bad-signature',
      `"${model}" does not have the extractive-QA signature (input_ids, attention_mask[, token_type_ids] → start_logits, end_logits): ${parts.join('; ')}. Found inputs [${inputNames.join(', ')}], outputs [${outputNames.join(', ')}].`,
    );
  }
}

/**
 * Classifies a failure while running a loaded model, e.g. an ONNX Runtime error on WebGPU →
 * ModelError('unknown', 'Inference failed for "m" on WebGPU: …').
 */
export function classifyRunError(err: unknown, model: string, device: string): ModelError {
  if (err instanceof ModelError) return err;
  const raw = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const where = device === 'webgpu' ? 'WebGPU' : device === 'wasm' ? 'WASM' : device.toUpperCase();
  if (has(raw, /out of memory/i, 'bad_alloc', /Array buffer allocation failed/i, /memory access out of bounds/i, 'Invalid typed array length')) {
    return new ModelError('out-of-memory', `Ran out of memory running "${model}" on ${where}. Try a shorter passage, a smaller model or the other device.`, raw);
  }
  return new ModelError('unknown', `Inference failed for "${model}" on ${where}: ${raw.slice(0, 300)}`, raw);
}
