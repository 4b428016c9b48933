/** Affine uint8 quantization of the generated model's tables (scripts/lib/quantize.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantizeUint8 } from '../../scripts/lib/quantize.ts';

describe('quantizeUint8', () => {
  it.each([
    // values, codes, scale, zero point (hand-computed: scale = (max(0,hi) − min(0,lo)) / 255, zp = round(−lo / scale))
    { values: [0, 1], codes: [0, 255], scale: 1 / 255, zp: 0 },
    { values: [0, 0.5, 1], codes: [0, 128, 255], scale: 1 / 255, zp: 0 },
    { values: [-0.5, 0, 2], codes: [0, 51, 255], scale: 2.5 / 255, zp: 51 },
    { values: [0.2, 0.4], codes: [128, 255], scale: 0.4 / 255, zp: 0 },
    { values: [0, 0], codes: [0, 0], scale: 1, zp: 0 },
  ])('$values → $codes', ({ values, codes, scale, zp }) => {
    const q = quantizeUint8(values);
    expect([...q.codes]).toEqual(codes);
    expect(q.scale).toBeCloseTo(scale, 7);
    expect(q.zeroPoint).toBe(zp);
  });

  it('dequantizes every value to within half a step', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -100, max: 100, noNaN: true }), { minLength: 1, maxLength: 50 }), (values) => {
        const q = quantizeUint8(values);
        values.forEach((v, i) => expect(Math.abs((q.codes[i]! - q.zeroPoint) * q.scale - v)).toBeLessThanOrEqual(q.scale * 0.5 + 1e-5 * Math.max(1, Math.abs(v))));
      }),
    );
  });
});
