/** The tiny model that starts ONNX Runtime Web early (issue 29.2) is the builder's Identity model and runs. */
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { GraphBuilder } from '../../scripts/lib/onnx-builder.ts';
import { START_MODEL_BASE64, startModelBytes } from '../../src/core/runtime/start-model.ts';

describe('start model (src/core/runtime/start-model.ts)', () => {
  it('is what scripts/lib/onnx-builder.ts makes for Identity x[1] → y[1]', () => {
    const g = new GraphBuilder('qarx-start');
    g.output('y', g.input('x', 'float32', [1]), 'float32', [1]);
    expect(Buffer.from(g.toBytes()).toString('base64')).toBe(START_MODEL_BASE64);
  });

  it('opens in ONNX Runtime and returns its input', async () => {
    const s = await InferenceSession.create(startModelBytes());
    const out = await s.run({ x: new Tensor('float32', Float32Array.from([2.5]), [1]) });
    expect(Array.from(out.y!.data as Float32Array)).toEqual([2.5]);
    await s.release();
  });
});
