/** Where the self-hosted ONNX Runtime Web builds live; light, so the inference worker's entry can start the runtime before transformers.js loads. */

/**
 * ONNX Runtime Web's wasm build for a device, self-hosted under `${base}ort/`: WebGPU needs the
 * asyncify build (27 MB), WASM alone runs on the plain build (14 MB), which starts sooner. A
 * runtime keeps the build it started with, e.g. ortWasmPaths('/', 'wasm').wasm === '/ort/ort-wasm-simd-threaded.wasm'.
 */
export function ortWasmPaths(base: string, device: 'wasm' | 'webgpu'): { mjs: string; wasm: string } {
  const build = device === 'webgpu' ? 'ort-wasm-simd-threaded.asyncify' : 'ort-wasm-simd-threaded';
  return { mjs: `${base}ort/${build}.mjs`, wasm: `${base}ort/${build}.wasm` };
}

/** What the inference worker's entry needs to start ONNX Runtime before any message arrives. */
export interface OrtStartHint {
  build: 'wasm';
  /** The app's base URL, under which `ort/` holds the builds. */
  base: string;
}

const HINT = '|ort=wasm|';

/**
 * The hint a worker's name carries, appended by the page: a worker reads its name at once, while
 * messages posted before its script ran wait for the page's busy main thread (issue 29.2).
 * E.g. ortHintSuffix({ build: 'wasm', base: 'http://h/' }) === '|ort=wasm|http://h/'.
 */
export const ortHintSuffix = (h: OrtStartHint): string => `${HINT}${h.base}`;

/** The hint in a worker's name, or null, e.g. parseOrtHint('qa#x|ort=wasm|http://h/') gives { build: 'wasm', base: 'http://h/' }. */
export function parseOrtHint(name: string): OrtStartHint | null {
  const i = name.indexOf(HINT);
  if (i < 0) return null;
  const base = name.slice(i + HINT.length);
  return /^https?:\/\/[^|]+\/$/.test(base) ? { build: 'wasm', base } : null;
}

/**
 * Whether the start-up model surely runs on the plain WASM build: an explicit WASM choice, or Auto
 * in a browser without WebGPU. WebGPU, and Auto with an adapter to probe, wait for the load.
 */
export const surelyWasm = (device: 'auto' | 'wasm' | 'webgpu', hasWebGpu: boolean): boolean => device === 'wasm' || (device === 'auto' && !hasWebGpu);
