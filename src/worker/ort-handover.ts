/**
 * ONNX Runtime's wasm compiled on a thread of its own (wasm-compile.worker.ts) and handed to ORT's
 * start. Streamed into the inference worker, the 14 MB of bytes and their decoding took ≈ 1 s of
 * that worker's thread on a first visit, where the tokenizer's parse waited behind them (issue 29.2).
 */
import * as ort from 'onnxruntime-web/webgpu';

/** The wasm at `url` compiled by a worker of its own, or null when that fails (ORT then fetches it itself). */
export function compileElsewhere(url: string): Promise<WebAssembly.Module | null> {
  return new Promise((resolve) => {
    let w: Worker;
    try {
      w = new Worker(new URL('./wasm-compile.worker.ts', import.meta.url), { type: 'module', name: 'qa-wasm-compile' });
    } catch {
      resolve(null);
      return;
    }
    const done = (m: WebAssembly.Module | null) => {
      w.terminate(); // the module outlives the worker that compiled it
      resolve(m);
    };
    w.onmessage = (ev: MessageEvent<unknown>) => done(ev.data instanceof WebAssembly.Module ? ev.data : null);
    w.onerror = () => done(null);
    w.postMessage(new URL(url, self.location.href).href);
  });
}

/** Stands in for the wasm's bytes: ORT hands its wasmBinary to the glue, which passes a copy to WebAssembly.instantiate. */
const PLACEHOLDER = Uint8Array.from([0, 0x61, 0x73, 0x6d, 0x71, 0x61, 0x72, 0x78]); // "\0asm" + "qarx": no real module

/** True for the placeholder's bytes (the glue copies them, so identity cannot tell), e.g. false for a real module's bytes. */
export const isPlaceholder = (x: unknown): boolean => x instanceof Uint8Array && x.length === PLACEHOLDER.length && x.every((b, i) => b === PLACEHOLDER[i]);

/**
 * Makes ORT's start instantiate `module` instead of fetching and compiling the wasm. ORT's API takes
 * the wasm's bytes but no compiled module, so the bytes are a placeholder that WebAssembly.instantiate
 * answers with the module. Returns the undo, to call once the runtime has started.
 */
export function handOver(module: WebAssembly.Module): () => void {
  const instantiate = WebAssembly.instantiate;
  const wasm = ort.env.wasm as { wasmBinary?: ArrayBufferLike | Uint8Array };
  wasm.wasmBinary = PLACEHOLDER;
  WebAssembly.instantiate = (async (source: unknown, imports?: WebAssembly.Imports) => {
    if (!isPlaceholder(source)) return (instantiate as (s: unknown, i?: WebAssembly.Imports) => Promise<unknown>)(source, imports);
    return { module, instance: await instantiate(module, imports) };
  }) as typeof WebAssembly.instantiate;
  return () => {
    WebAssembly.instantiate = instantiate;
    delete wasm.wasmBinary;
  };
}
