/**
 * How many threads ONNX Runtime Web's WASM backend gets in the app (issue 44): half the logical
 * cores, rounded up, at most 4 — ONNX Runtime Web's own default, which the transformers.js page
 * a developer would write also gets — and 1 without cross-origin isolation (no shared memory).
 *
 * Why not every core: ORT's pool threads spin while they wait for work, and the count is fixed
 * for the whole page (OrtInit). On 2 cores a second ORT thread kept one core busy for a whole
 * demo sweep, taking it from the worker's own JavaScript (tokenizing, renaming, decoding), the
 * page and V8's background compilers; the shipped model's windows (≈ 80 tokens) are too small to
 * gain from a second thread. Measured in docs/benchmarks.md ("The sweep's threads").
 */

/** Threads for `cores` logical cores, e.g. wasmThreadsFor(2, true) === 1, wasmThreadsFor(8, true) === 4. */
export function wasmThreadsFor(cores: number, crossOriginIsolated: boolean): number {
  if (!crossOriginIsolated || !Number.isFinite(cores) || cores < 2) return 1;
  return Math.min(4, Math.ceil(cores / 2));
}
