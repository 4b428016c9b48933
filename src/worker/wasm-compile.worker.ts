/**
 * Compiles ONNX Runtime's wasm on a thread of its own and hands the module to the inference worker
 * (ort-start.ts). Streamed into the inference worker, the 14 MB of bytes and their decoding took
 * ≈ 1 s of that worker's thread on a first visit, ahead of the tokenizer's parse (issue 29.2).
 */
/// <reference lib="webworker" />
declare const self: DedicatedWorkerGlobalScope;
export {};

self.onmessage = async (ev: MessageEvent<string>) => {
  try {
    self.postMessage(await WebAssembly.compileStreaming(fetch(ev.data, { credentials: 'same-origin' })));
  } catch (err) {
    // The inference worker then lets ONNX Runtime fetch and compile the wasm itself.
    self.postMessage(err instanceof Error ? err.message : String(err));
  }
};
