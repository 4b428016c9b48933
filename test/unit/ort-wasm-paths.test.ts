/** Which ONNX Runtime Web build each device starts (src/core/runtime/ort-paths.ts ortWasmPaths). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ortHintSuffix, ortWasmPaths, parseOrtHint, surelyWasm } from '../../src/core/runtime/ort-paths.ts';

describe('ortWasmPaths', () => {
  it.each([
    { base: '/', device: 'wasm' as const, mjs: '/ort/ort-wasm-simd-threaded.mjs', wasm: '/ort/ort-wasm-simd-threaded.wasm' },
    { base: '/app/', device: 'wasm' as const, mjs: '/app/ort/ort-wasm-simd-threaded.mjs', wasm: '/app/ort/ort-wasm-simd-threaded.wasm' },
    { base: 'http://localhost:4173/', device: 'webgpu' as const, mjs: 'http://localhost:4173/ort/ort-wasm-simd-threaded.asyncify.mjs', wasm: 'http://localhost:4173/ort/ort-wasm-simd-threaded.asyncify.wasm' },
  ])('$device under $base', ({ base, device, mjs, wasm }) => {
    expect(ortWasmPaths(base, device)).toEqual({ mjs, wasm });
  });
});

describe('the start hint in the inference worker’s name (issue 29.2)', () => {
  it.each<[string, string, { build: 'wasm'; base: string } | null]>([
    ['a name with the hint', 'qa-inference#lq3x9abc|ort=wasm|http://localhost:4173/', { build: 'wasm', base: 'http://localhost:4173/' }],
    ['an app under a sub-path', 'qa-inference#x|ort=wasm|https://example.org/qarx/', { build: 'wasm', base: 'https://example.org/qarx/' }],
    ['a restarted worker (no hint)', 'qa-inference#lq3x9abc', null],
    ['a base that is not an absolute URL', 'qa-inference#x|ort=wasm|/qarx/', null],
    ['a base without its closing slash', 'qa-inference#x|ort=wasm|http://localhost:4173', null],
  ])('%s', (_n, name, want) => {
    expect(parseOrtHint(name)).toEqual(want);
  });

  it('reads back what the page appended, for any http(s) base', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: false, withFragments: false }), fc.string(), (url, slot) => {
        const base = new URL('./', url).href;
        fc.pre(!slot.includes('|ort=wasm|') && !base.includes('|'));
        expect(parseOrtHint(`${slot}${ortHintSuffix({ build: 'wasm', base })}`)).toEqual({ build: 'wasm', base });
      }),
    );
  });

  it.each<['auto' | 'wasm' | 'webgpu', boolean, boolean]>([
    ['wasm', true, true],
    ['wasm', false, true],
    ['auto', false, true],
    ['auto', true, false], // the adapter may be hardware: the load decides
    ['webgpu', true, false],
    ['webgpu', false, false],
  ])('device %s, WebGPU in the browser %s → surely WASM: %s', (device, gpu, want) => {
    expect(surelyWasm(device, gpu)).toBe(want);
  });
});
