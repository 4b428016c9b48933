/** The benchmark's work accounting: FLOPs per row from model shapes (hand-computed) and the runner tally. */
import { describe, expect, it } from 'vitest';
import { encoderShape, rowFlops, tallyRunner } from '../../src/core/bench/flops.ts';
import type { Window } from '../../src/core/qa/windows.ts';

const win = (len: number): Window => ({ inputIds: Array<number>(len).fill(1), tokenTypeIds: Array<number>(len).fill(0), contextSpans: Array<null>(len).fill(null), key: `${len}` });

describe('rowFlops', () => {
  it.each([
    // layers, hidden, ffn, len → 8·L·H² + 4·L·H·F + 4·L²·H per layer
    { s: { layers: 1, hidden: 2, ffn: 4 }, len: 1, want: 8 * 4 + 4 * 8 + 4 * 2 }, // 72
    { s: { layers: 2, hidden: 2, ffn: 4 }, len: 3, want: 2 * (8 * 3 * 4 + 4 * 3 * 8 + 4 * 9 * 2) }, // 2·(96+96+72) = 528
    // DistilBERT-base, one 384-token window: 6·(1,811,939,328 + 3,623,878,656 + 452,984,832) ≈ 35.3 GFLOP.
    { s: { layers: 6, hidden: 768, ffn: 3072 }, len: 384, want: 35_332_816_896 },
  ])('$s at $len tokens = $want', ({ s, len, want }) => {
    expect(rowFlops(s, len)).toBe(want);
  });

  it('reads DistilBERT and BERT config names', () => {
    expect(encoderShape({ n_layers: 6, dim: 768, hidden_dim: 3072 })).toEqual({ layers: 6, hidden: 768, ffn: 3072 });
    expect(encoderShape({ num_hidden_layers: 4, hidden_size: 256, intermediate_size: 1024 })).toEqual({ layers: 4, hidden: 256, ffn: 1024 });
  });
});

describe('tallyRunner', () => {
  it('counts padded work to the longest row and useful work per row', async () => {
    const s = { layers: 1, hidden: 2, ffn: 4 };
    const t = tallyRunner({ run: async (rows) => rows.map((r) => ({ start: new Float32Array(r.inputIds.length), end: new Float32Array(r.inputIds.length) })) }, s);
    await t.runner.run([win(1), win(3)], 0);
    expect(t.tally).toMatchObject({ calls: 1, rows: 2, paddedTokens: 6, realTokens: 4, paddedFlops: 2 * rowFlops(s, 3), usefulFlops: rowFlops(s, 1) + rowFlops(s, 3) });
    t.reset();
    expect(t.tally.rows).toBe(0);
  });
});
