import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PyInt, pyFloatRepr, pyFormatFixed, pyInt, pyJsonDumps } from '../../src/core/metrics/index.ts';

interface PythonReference {
  /** [ieee bits hex, repr, '%.3f', '%.0f', '%.1f', json.dumps] */
  floats: [string, string, string, string, string, string][];
  dumps: { input: unknown; intKeys: string[]; outputs: [number | string | null, string][] };
}
const reference = JSON.parse(
  readFileSync(new URL('../fixtures/eval/python-reference.expected.json', import.meta.url), 'utf8'),
) as PythonReference;

function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe('pyFloatRepr', () => {
  it.each([
    [100, '100.0'],
    [0.1, '0.1'],
    [1e-7, '1e-07'],
    [1e21, '1e+21'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [1e-4, '0.0001'],
    [1e-5, '1e-05'],
    [-0, '-0.0'],
    [57.142857142857146, '57.142857142857146'],
    [1.5e-10, '1.5e-10'],
    [NaN, 'nan'],
    [-Infinity, '-inf'],
  ])('%s → %s', (x, expected) => {
    expect(pyFloatRepr(x)).toBe(expected);
  });

  it.each(reference.floats.map(([bits, repr, f3, f0, f1, dumped]) => [repr, bits, f3, f0, f1, dumped] as const))(
    'CPython agrees on %s',
    (repr, bits, f3, f0, f1, dumped) => {
      const x = fromBits(bits);
      expect(pyFloatRepr(x)).toBe(repr);
      expect(pyFormatFixed(x, 3)).toBe(f3);
      expect(pyFormatFixed(x, 0)).toBe(f0);
      expect(pyFormatFixed(x, 1)).toBe(f1);
      expect(pyJsonDumps(x)).toBe(dumped);
    },
  );

  it('round-trips through Number()', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(Object.is(Number(pyFloatRepr(x)), x)).toBe(true);
      }),
    );
  });
});

describe('pyFormatFixed', () => {
  it.each([
    ['rounds to nearest', 66.66666666666667, 3, '66.667'],
    ['exact tie rounds half to even (JS toFixed would give 0.063)', 0.0625, 3, '0.062'],
    ['exact tie rounds half to even, upward', 0.1875, 3, '0.188'],
    ['0.5 to even', 0.5, 0, '0'],
    ['2.5 to even', 2.5, 0, '2'],
    ['1.005 is below the tie in binary', 1.005, 2, '1.00'],
    ['keeps the sign of a negative that rounds to zero', -0.0001, 3, '-0.000'],
    ['large', 1e22, 1, '10000000000000000000000.0'],
  ])('%s', (_name, x, digits, expected) => {
    expect(pyFormatFixed(x, digits)).toBe(expected);
  });

  it('is within half a unit of the last place', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 6 }), (x, d) => {
        const y = Number(pyFormatFixed(x, d));
        expect(Math.abs(y - x)).toBeLessThanOrEqual(0.5 * 10 ** -d * (1 + 1e-9) + Math.abs(x) * 1e-15);
      }),
    );
  });
});

describe('pyJsonDumps', () => {
  it.each([
    ['float', 100, '100.0'],
    ['PyInt', pyInt(14), '14'],
    ['bigint', 12345678901234567890n, '12345678901234567890'],
    ['NaN like Python', NaN, 'NaN'],
    ['Infinity like Python', -Infinity, '-Infinity'],
    ['null/true/false', [null, true, false], '[null, true, false]'],
    ['default separators', { a: 1, b: [1, 2] }, '{"a": 1.0, "b": [1.0, 2.0]}'],
    ['ensure_ascii escapes', 'é中😀', '"\\u00e9\\u4e2d\\ud83d\\ude00"'],
    ['DEL is escaped too', '\x7f', '"\\u007f"'],
    ['control characters', '\b\f\n\r\t\x01"\\/', '"\\b\\f\\n\\r\\t\\u0001\\"\\\\/"'],
    ['empty containers', { a: [], b: {} }, '{"a": [], "b": {}}'],
    ['Map keeps insertion order even for integer-like keys', new Map([['b', 1], ['2', 2], ['1', 3]]), '{"b": 1.0, "2": 2.0, "1": 3.0}'],
  ])('%s', (_name, value, expected) => {
    expect(pyJsonDumps(value)).toBe(expected);
  });

  it('prints ints for intKeys and floats elsewhere', () => {
    expect(pyJsonDumps({ exact: 57.142857142857146, total: 14 }, null, { intKeys: ['total'] })).toBe(
      '{"exact": 57.142857142857146, "total": 14}',
    );
  });

  it('refuses a non-integer under an int key, and unserializable values', () => {
    expect(() => pyJsonDumps({ total: 1.5 }, null, { intKeys: ['total'] })).toThrow(TypeError);
    expect(() => pyJsonDumps({ a: undefined })).toThrow(TypeError);
    expect(() => new PyInt(0.5)).toThrow(TypeError);
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => pyJsonDumps(loop)).toThrow(/Circular/);
  });

  it.each(reference.dumps.outputs.map(([indent, out]) => [JSON.stringify(indent), indent, out] as const))(
    'matches CPython json.dumps with indent=%s',
    (_shown, indent, expected) => {
      expect(pyJsonDumps(reference.dumps.input, indent, { intKeys: reference.dumps.intKeys })).toBe(expected);
    },
  );

  it('parses back with JSON.parse to the same values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'), (value, indent) => {
        expect(JSON.parse(pyJsonDumps(value, indent))).toEqual(value);
      }),
    );
  });

  it('parses back to the very same doubles', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true })), (xs) => {
        const back = JSON.parse(pyJsonDumps(xs)) as number[];
        expect(back.every((y, i) => Object.is(y, xs[i]))).toBe(true);
      }),
    );
  });
});
