import { describe, expect, it } from 'vitest';
import { dtypeChoices } from '../../src/core/runtime/dtypes.ts';

describe('dtypeChoices', () => {
  it.each([
    { device: 'wasm', f16: false, want: ['auto', 'fp32', 'fp16', 'q8'] },
    { device: 'wasm', f16: true, want: ['auto', 'fp32', 'fp16', 'q8'] },
    // WebGPU: never q8 (transformers.js #1512/#1728); fp16 only with shader-f16.
    { device: 'webgpu', f16: true, want: ['auto', 'fp32', 'fp16'] },
    { device: 'webgpu', f16: false, want: ['auto', 'fp32'] },
  ] as const)('$device with shader-f16 $f16 → $want', ({ device, f16, want }) => {
    expect(dtypeChoices(device, f16)).toEqual(want);
  });
});
