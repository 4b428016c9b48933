/** graphLevelFor: the ORT graph optimisation level a model's config.json asks for, per precision (issue 29.2). */
import { describe, expect, it } from 'vitest';
import { graphLevelFor } from '../../src/core/runtime/graph-level.ts';

describe('graphLevelFor', () => {
  it.each([
    ['the shipped model at fp32', { qarx: { graphOptimization: { fp32: 'disabled' } } }, 'fp32', 'disabled'],
    ['the shipped model at q8 (its fusions make it faster there)', { qarx: { graphOptimization: { fp32: 'disabled' } } }, 'q8', undefined],
    ['a Hub model without the field', { model_type: 'bert' }, 'fp32', undefined],
    ['an unknown level', { qarx: { graphOptimization: { fp32: 'fastest' } } }, 'fp32', undefined],
    ['a level that is not a string', { qarx: { graphOptimization: { fp32: 0 } } }, 'fp32', undefined],
    ['a field that is not an object', { qarx: { graphOptimization: 'disabled' } }, 'fp32', undefined],
    ['basic at fp16', { qarx: { graphOptimization: { fp16: 'basic' } } }, 'fp16', 'basic'],
  ] as const)('%s', (_, config, dtype, want) => {
    expect(graphLevelFor(config as Record<string, unknown>, dtype)).toBe(want);
  });
});
