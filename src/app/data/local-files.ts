/**
 * Turns files the user picked (a model folder, or loose files) into the Hub layout transformers.js
 * expects: config.json, tokenizer files at the top, ONNX weights under onnx/.
 */

export interface PickedModel {
  name: string;
  files: [path: string, blob: Blob][];
}

/** Path inside the model folder, e.g. 'my-model/onnx/model.onnx' → 'onnx/model.onnx'; loose 'model.onnx' → 'onnx/model.onnx'. */
export function modelPathOf(relativePath: string, fileName: string): string {
  const parts = (relativePath || fileName).split('/').filter(Boolean);
  const inner = parts.length > 1 ? parts.slice(1).join('/') : (parts[0] ?? fileName);
  return inner.endsWith('.onnx') && !inner.startsWith('onnx/') ? `onnx/${inner.split('/').pop()}` : inner;
}

/** Checks a picked set and names what is missing, e.g. ['tokenizer.json'] for a folder without a tokenizer. */
export function missingModelFiles(paths: string[]): string[] {
  const missing: string[] = [];
  if (!paths.includes('config.json')) missing.push('config.json');
  if (!paths.includes('tokenizer.json')) missing.push('tokenizer.json');
  if (!paths.includes('tokenizer_config.json')) missing.push('tokenizer_config.json');
  if (!paths.some((p) => p.startsWith('onnx/') && p.endsWith('.onnx'))) missing.push('onnx/model.onnx (or another .onnx file)');
  return missing;
}

/** Builds a PickedModel from a FileList, or explains why it cannot. */
export function pickModelFiles(list: FileList | File[]): PickedModel | { error: string } {
  const files = Array.from(list);
  if (files.length === 0) return { error: 'No files were selected.' };
  const first = files[0] as File & { webkitRelativePath?: string };
  const folder = first.webkitRelativePath?.split('/')[0] || 'local-model';
  const entries: [string, Blob][] = files.map((f) => [modelPathOf((f as File & { webkitRelativePath?: string }).webkitRelativePath ?? '', f.name), f]);
  const missing = missingModelFiles(entries.map(([p]) => p));
  if (missing.length) return { error: `The selected files lack ${missing.join(', ')}. Pick a folder in the Hugging Face layout (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx).` };
  return { name: `local/${folder.replace(/[^\w.-]+/g, '-')}`, files: entries };
}
