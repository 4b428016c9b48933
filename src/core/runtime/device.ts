/**
 * Which device a model loads on. With Auto, WebGPU is used when the browser offers a hardware
 * adapter; a software fallback adapter (Chrome's SwiftShader, Mesa's llvmpipe/lavapipe) runs
 * the shaders on the CPU, slower than ONNX Runtime's WASM kernels, so Auto then picks WASM and
 * says why.
 */

/** What the user asked for. */
export type DeviceRequest = 'auto' | 'webgpu' | 'wasm';

/** The facts about the WebGPU adapter that matter here (GPUAdapter and GPUAdapterInfo fields). */
export interface AdapterFacts {
  /** GPUAdapterInfo.isFallbackAdapter (or the older GPUAdapter.isFallbackAdapter). */
  isFallbackAdapter?: boolean;
  vendor?: string;
  architecture?: string;
  device?: string;
  description?: string;
}

const SOFTWARE = [
  { re: /swiftshader/i, name: 'SwiftShader' },
  { re: /llvmpipe/i, name: 'llvmpipe' },
  { re: /lavapipe/i, name: 'lavapipe' },
  { re: /softpipe/i, name: 'softpipe' },
  { re: /basic render driver/i, name: 'Microsoft Basic Render Driver' },
];

/**
 * The software renderer behind an adapter, or null for a hardware one, e.g.
 * { vendor: 'google', architecture: 'swiftshader' } → 'SwiftShader'; { isFallbackAdapter: true } → 'a fallback adapter, no GPU'.
 */
export function softwareAdapter(a: AdapterFacts | null): string | null {
  if (!a) return null;
  const text = [a.vendor, a.architecture, a.device, a.description].filter(Boolean).join(' ');
  const named = SOFTWARE.find((s) => s.re.test(text));
  if (named) return named.name;
  return a.isFallbackAdapter ? 'a fallback adapter, no GPU' : null;
}

/** Where a load goes and, when that is not what the user might expect, why. */
export interface DeviceDecision {
  device: 'webgpu' | 'wasm';
  reason: string | null;
}

/**
 * The device for a load, e.g. chooseDevice('auto', { webgpu: true, software: 'SwiftShader' }) →
 * WASM with the reason. An explicit WebGPU choice is honoured (with a note on a software adapter).
 */
export function chooseDevice(request: DeviceRequest, gpu: { webgpu: boolean; software: string | null }): DeviceDecision {
  if (request === 'wasm') return { device: 'wasm', reason: null };
  if (request === 'webgpu') {
    const note = gpu.webgpu && gpu.software ? `WebGPU as chosen, but its adapter is a software renderer (${gpu.software}) that runs on the CPU: WASM is usually faster.` : null;
    return { device: 'webgpu', reason: note };
  }
  if (!gpu.webgpu) return { device: 'wasm', reason: null };
  if (gpu.software) return { device: 'wasm', reason: `Auto chose WASM: the WebGPU adapter is a software renderer (${gpu.software}) that runs on the CPU, slower than WASM. Choose WebGPU to use it anyway.` };
  return { device: 'webgpu', reason: null };
}
