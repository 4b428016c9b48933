/**
 * ONNX Runtime's graph optimisation level a model's config.json asks for, per precision:
 * `"qarx": { "graphOptimization": { "fp32": "disabled" } }`. The shipped model asks for none on
 * its fp32 graph: ORT's optimisers only fold its constants there (the same ops remain at every
 * level, and the outputs are bit-identical: test/integration/lexical-model.test.ts), yet on a first
 * visit running them cost ≈ 1 s of wasm compiled on first use (issue 29.2).
 */
import type { Dtype } from './dtypes.ts';

/** ORT's graphOptimizationLevel values. */
export type GraphLevel = 'disabled' | 'basic' | 'extended' | 'all';
const LEVELS: readonly string[] = ['disabled', 'basic', 'extended', 'all'];

/** The level config.json asks for at `dtype`, or undefined (ORT's default), e.g. graphLevelFor({ qarx: { graphOptimization: { fp32: 'disabled' } } }, 'fp32') === 'disabled'. */
export function graphLevelFor(config: Record<string, unknown>, dtype: Dtype): GraphLevel | undefined {
  const qarx = config.qarx as { graphOptimization?: unknown } | undefined;
  const byDtype = qarx?.graphOptimization;
  if (!byDtype || typeof byDtype !== 'object') return undefined;
  const level = (byDtype as Record<string, unknown>)[dtype];
  return typeof level === 'string' && LEVELS.includes(level) ? (level as GraphLevel) : undefined;
}
