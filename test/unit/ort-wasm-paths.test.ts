/** Which ONNX Runtime Web build each device starts (src/core/runtime/transformers.ts ortWasmPaths). */
import { describe, expect, it } from 'vitest';
import { ortWasmPaths } from '../../src/core/runtime/transformers.ts';

describe('ortWasmPaths', () => {
  it.each([
    { base: '/', device: 'wasm' as const, mjs: '/ort/ort-wasm-simd-threaded.mjs', wasm: '/ort/ort-wasm-simd-threaded.wasm' },
    { base: '/app/', device: 'wasm' as const, mjs: '/app/ort/ort-wasm-simd-threaded.mjs', wasm: '/app/ort/ort-wasm-simd-threaded.wasm' },
    { base: 'http://localhost:4173/', device: 'webgpu' as const, mjs: 'http://localhost:4173/ort/ort-wasm-simd-threaded.asyncify.mjs', wasm: 'http://localhost:4173/ort/ort-wasm-simd-threaded.asyncify.wasm' },
  ])('$device under $base', ({ base, device, mjs, wasm }) => {
    expect(ortWasmPaths(base, device)).toEqual({ mjs, wasm });
  });
});
