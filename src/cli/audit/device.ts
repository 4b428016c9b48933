/**
 * Which onnxruntime-node execution provider an audit uses: CUDA when the binding lists it and its
 * provider library is installed (onnxruntime-node downloads it at install time on Linux x64 unless
 * told to skip), else the CPU, and the reason in words for the report.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';

export type DeviceChoice = 'auto' | 'cpu' | 'cuda';

/** True when onnxruntime-node can run the CUDA execution provider here, with the reason when not. */
export function cudaAvailable(): { ok: boolean; reason: string } {
  const require = createRequire(import.meta.url);
  let backends: { name: string }[] = [];
  let dir = '';
  try {
    const ort = require('onnxruntime-node') as { listSupportedBackends?: () => { name: string }[] };
    backends = ort.listSupportedBackends?.() ?? [];
    dir = join(dirname(require.resolve('onnxruntime-node')), '..', 'bin', 'napi-v6', platform(), arch());
  } catch (e) {
    return { ok: false, reason: `onnxruntime-node did not load (${e instanceof Error ? e.message : String(e)})` };
  }
  if (!backends.some((b) => b.name === 'cuda')) return { ok: false, reason: 'this onnxruntime-node build has no CUDA execution provider' };
  if (!existsSync(join(dir, 'libonnxruntime_providers_cuda.so'))) return { ok: false, reason: 'the CUDA provider library is not installed (onnxruntime-node was installed with ONNXRUNTIME_NODE_INSTALL_CUDA=skip or without a GPU)' };
  return { ok: true, reason: 'CUDA execution provider found' };
}

/** The device to ask for first and why, e.g. pickDevice('auto') → { device: 'cpu', reason: '… no CUDA …' }. */
export function pickDevice(choice: DeviceChoice, probe: () => { ok: boolean; reason: string } = cudaAvailable): { device: 'cpu' | 'cuda'; reason: string } {
  if (choice === 'cpu') return { device: 'cpu', reason: 'CPU (--device cpu)' };
  const c = probe();
  if (choice === 'cuda') return { device: 'cuda', reason: c.ok ? c.reason : `CUDA asked for, though ${c.reason}` };
  return c.ok ? { device: 'cuda', reason: c.reason } : { device: 'cpu', reason: `CPU: ${c.reason}` };
}
