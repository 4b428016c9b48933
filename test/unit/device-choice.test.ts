/** Device choice (Auto prefers WASM over a software WebGPU adapter) and the windows/s meter. */
import { describe, expect, it } from 'vitest';
import { chooseDevice, softwareAdapter, type AdapterFacts } from '../../src/core/runtime/device.ts';
import { meterRunner, windowsPerSecond } from '../../src/core/qa/throughput.ts';
import type { Window } from '../../src/core/qa/windows.ts';
import { formatRate } from '../../src/app/models/RuntimeBadge.tsx';

describe('softwareAdapter', () => {
  it.each<{ name: string; info: AdapterFacts | null; want: string | null }>([
    { name: 'Chrome SwiftShader (headless)', info: { vendor: 'google', architecture: 'swiftshader', device: '', description: '' }, want: 'SwiftShader' },
    { name: 'SwiftShader named in the description only', info: { vendor: '', architecture: '', description: 'SwiftShader Device (Subzero)' }, want: 'SwiftShader' },
    { name: 'Mesa llvmpipe', info: { vendor: 'mesa', architecture: '', description: 'llvmpipe (LLVM 15.0.6, 256 bits)' }, want: 'llvmpipe' },
    { name: 'Mesa lavapipe (Vulkan)', info: { vendor: 'mesa', description: 'lavapipe' }, want: 'lavapipe' },
    { name: 'Windows WARP', info: { vendor: 'microsoft', description: 'Microsoft Basic Render Driver' }, want: 'Microsoft Basic Render Driver' },
    { name: 'isFallbackAdapter with no name', info: { isFallbackAdapter: true, vendor: 'x' }, want: 'a fallback adapter, no GPU' },
    { name: 'NVIDIA hardware', info: { vendor: 'nvidia', architecture: 'ampere', description: 'NVIDIA GeForce RTX 3060' }, want: null },
    { name: 'Apple hardware', info: { vendor: 'apple', architecture: 'metal-3', isFallbackAdapter: false }, want: null },
    { name: 'no adapter', info: null, want: null },
  ])('$name → $want', ({ info, want }) => {
    expect(softwareAdapter(info)).toBe(want);
  });
});

describe('chooseDevice', () => {
  const hw = { webgpu: true, software: null };
  const sw = { webgpu: true, software: 'SwiftShader' };
  const none = { webgpu: false, software: null };
  it.each([
    { name: 'Auto, hardware WebGPU → WebGPU', req: 'auto', gpu: hw, device: 'webgpu', reason: null },
    { name: 'Auto, software adapter → WASM, saying why', req: 'auto', gpu: sw, device: 'wasm', reason: /Auto chose WASM.*software renderer \(SwiftShader\)/ },
    { name: 'Auto, no WebGPU → WASM', req: 'auto', gpu: none, device: 'wasm', reason: null },
    { name: 'WebGPU chosen on a software adapter → WebGPU with a note', req: 'webgpu', gpu: sw, device: 'webgpu', reason: /software renderer \(SwiftShader\).*WASM is usually faster/ },
    { name: 'WebGPU chosen on hardware → WebGPU', req: 'webgpu', gpu: hw, device: 'webgpu', reason: null },
    { name: 'WASM chosen → WASM', req: 'wasm', gpu: hw, device: 'wasm', reason: null },
  ] as const)('$name', ({ req, gpu, device, reason }) => {
    const d = chooseDevice(req, gpu);
    expect(d.device).toBe(device);
    if (reason === null) expect(d.reason).toBeNull();
    else expect(d.reason).toMatch(reason);
  });
});

describe('meterRunner', () => {
  const rows = (n: number) => Array.from({ length: n }, () => ({ inputIds: [1, 2], tokenTypeIds: [0, 0] }) as unknown as Window);
  it('counts the windows of every batch and the clock time they took; take() starts afresh', async () => {
    let clock = 0;
    const inner = { run: async (r: readonly Window[]) => ((clock += 100 * r.length), r.map(() => ({ start: new Float32Array(2), end: new Float32Array(2) }))) };
    const m = meterRunner(inner, () => clock);
    await m.runner.run(rows(3), 0);
    await m.runner.run(rows(2), 0);
    expect(m.take()).toEqual({ windows: 5, ms: 500 });
    expect(m.take()).toEqual({ windows: 0, ms: 0 });
  });

  it.each([
    { t: { windows: 30, ms: 1500 }, want: 20, text: '20.0 windows/s' },
    { t: { windows: 1, ms: 4 }, want: 250, text: '250 windows/s' },
    { t: { windows: 0, ms: 0 }, want: null, text: '– windows/s' },
    { t: null, want: null, text: '– windows/s' },
  ])('windowsPerSecond($t) = $want, shown as "$text"', ({ t, want, text }) => {
    expect(windowsPerSecond(t)).toBe(want);
    expect(formatRate(windowsPerSecond(t))).toBe(text);
  });
});
