/**
 * The smallest valid ONNX model: one Identity node from float x[1] to y[1] (opset 17, IR 8).
 * Creating a session on it is the cheapest public way to make ONNX Runtime Web start its runtime
 * (src/worker/ort-start.ts). Made with scripts/lib/onnx-builder.ts; test/unit/start-model.test.ts
 * rebuilds it, compares the bytes and runs it.
 */
export const START_MODEL_BASE64 = 'CAgSBHFhcngaATEyADpHChcKAXgSAXkaBW91dF95IghJZGVudGl0eRIKcWFyeC1zdGFydFoPCgF4EgoKCAgBEgQKAggBYg8KAXkSCgoICAESBAoCCAFCBAoAEBE=';

/** START_MODEL_BASE64 as bytes. */
export function startModelBytes(): Uint8Array {
  return Uint8Array.from(atob(START_MODEL_BASE64), (c) => c.charCodeAt(0));
}
