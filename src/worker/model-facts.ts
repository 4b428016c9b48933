/** What a model load asks for and what it reports back: the types the single- and multi-model protocols share. */

/** Device the user asked for; 'auto' means WebGPU when the browser offers it, else WASM. */
export type DeviceChoice = 'auto' | 'webgpu' | 'wasm';

/** A model source as it can cross postMessage (Blobs clone fine). */
export type ModelSourceMsg =
  | { kind: 'local'; id: string }
  | { kind: 'hub'; id: string; revision?: string }
  | { kind: 'files'; id: string; files: [path: string, blob: Blob][] };

/** Public facts about a loaded model. */
export interface ModelInfo {
  id: string;
  label: string;
  kind: 'lexical-baseline' | 'neural';
  architecture: string;
  device: 'webgpu' | 'wasm';
  dtype: string;
  inputNames: string[];
  /** Why the requested device was not used, if it was not. */
  fallbackReason: string | null;
}
