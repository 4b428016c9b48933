/**
 * Work accounting for the benchmarks: the floating-point operations an encoder's batch costs (from
 * its config shapes) and a ModelRunner wrapper that counts padded and unpadded work and time.
 * Pure, so the browser benchmark (src/bench/) and Node's (scripts/bench.ts) count alike.
 */
import type { Logits, ModelRunner } from '../qa/engine.ts';
import type { Window } from '../qa/windows.ts';

/** Encoder shapes that decide its cost. */
export interface EncoderShape {
  layers: number;
  hidden: number;
  ffn: number;
}

/** Shapes from a config.json (DistilBERT names n_layers/dim/hidden_dim, BERT num_hidden_layers/hidden_size/intermediate_size). */
export function encoderShape(config: Record<string, unknown>): EncoderShape {
  const n = (...keys: string[]) => Number(keys.map((k) => config[k]).find((v) => typeof v === 'number'));
  return { layers: n('n_layers', 'num_hidden_layers'), hidden: n('dim', 'hidden_size'), ffn: n('hidden_dim', 'intermediate_size') };
}

/**
 * FLOPs of one row of `len` tokens (multiply-add = 2): per layer the Q, K, V, output projections
 * (4·2·L·H²), the feed-forward pair (2·2·L·H·F) and attention scores and mixing (2·2·L²·H),
 * e.g. rowFlops({ layers: 1, hidden: 2, ffn: 4 }, 1) = 8·4 + 4·8 + 4·2 = 72.
 */
export function rowFlops(s: EncoderShape, len: number): number {
  return s.layers * (8 * len * s.hidden * s.hidden + 4 * len * s.hidden * s.ffn + 4 * len * len * s.hidden);
}

/** Work a runner did: calls, rows, padded and real tokens, FLOPs and seconds inside the model. */
export interface RunnerTally {
  calls: number;
  rows: number;
  paddedTokens: number;
  realTokens: number;
  paddedFlops: number;
  usefulFlops: number;
  seconds: number;
}

/** Wraps a runner so every call adds to a tally (batch padded to its longest row, as TransformersRunner does). */
export function tallyRunner(inner: ModelRunner, shape: EncoderShape): { runner: ModelRunner; tally: RunnerTally; reset(): void } {
  const tally: RunnerTally = { calls: 0, rows: 0, paddedTokens: 0, realTokens: 0, paddedFlops: 0, usefulFlops: 0, seconds: 0 };
  const runner: ModelRunner = {
    async run(rows: readonly Window[], padId: number): Promise<Logits[]> {
      const len = Math.max(...rows.map((r) => r.inputIds.length));
      const t0 = performance.now();
      const out = await inner.run(rows, padId);
      tally.seconds += (performance.now() - t0) / 1000;
      tally.calls++;
      tally.rows += rows.length;
      tally.paddedTokens += rows.length * len;
      tally.paddedFlops += rows.length * rowFlops(shape, len);
      for (const r of rows) {
        tally.realTokens += r.inputIds.length;
        tally.usefulFlops += rowFlops(shape, r.inputIds.length);
      }
      return out;
    },
  };
  const reset = () => Object.assign(tally, { calls: 0, rows: 0, paddedTokens: 0, realTokens: 0, paddedFlops: 0, usefulFlops: 0, seconds: 0 });
  return { runner, tally, reset };
}
