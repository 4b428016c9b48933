/** One size formatter: kB/MB/GB for 1000-based sizes, KiB/MiB/GiB for 1024-based ones, never mixed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBinaryBytes, formatBytes, formatMB, formatMiB } from '../../src/core/text/bytes.ts';
import { memoryVerdict } from '../../src/core/qa/memory.ts';

describe('formatBytes (1000-based) and formatBinaryBytes (1024-based)', () => {
  it.each([
    [0, '0 bytes', '0 bytes'],
    [999, '999 bytes', '999 bytes'],
    [1000, '1.0 kB', '1000 bytes'],
    [1024, '1.0 kB', '1.0 KiB'],
    [1536, '1.5 kB', '1.5 KiB'],
    [65e6, '65.0 MB', '62.0 MiB'],
    [2 ** 20, '1.0 MB', '1.0 MiB'],
    [1.1e9, '1.1 GB', '1.0 GiB'],
    [4 * 2 ** 30, '4.3 GB', '4.0 GiB'],
  ])('%d bytes → %s / %s', (n, si, bin) => {
    expect(formatBytes(n)).toBe(si);
    expect(formatBinaryBytes(n)).toBe(bin);
  });

  it('a decimal unit never carries a binary value and the reverse: the number times the unit is the size within rounding', () => {
    const units: Record<string, number> = { kB: 1e3, MB: 1e6, GB: 1e9, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30, bytes: 1 };
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 42 }), (n) => {
      for (const s of [formatBytes(n), formatBinaryBytes(n), formatMB(n), formatMiB(n)]) {
        const [num, unit] = s.split(' ') as [string, string];
        expect(Math.abs(Number(num) * (units[unit] as number) - n)).toBeLessThanOrEqual(0.05 * (units[unit] as number) + 1e-9);
      }
      expect(formatBytes(n)).not.toMatch(/iB/);
      expect(formatBinaryBytes(n)).not.toMatch(/ (kB|MB|GB)$/);
    }));
  });

  it.each([
    [0, '0.0 MB', '0.0 MiB'],
    [4e5, '0.4 MB', '0.4 MiB'],
    [1.25e6, '1.3 MB', '1.2 MiB'],
    [2 ** 20, '1.0 MB', '1.0 MiB'],
    [200e6, '200.0 MB', '190.7 MiB'],
  ])('fixed units: %d bytes → %s / %s', (n, mb, mib) => {
    expect(formatMB(n)).toBe(mb);
    expect(formatMiB(n)).toBe(mib);
  });

  it('the memory check (a 1024-based budget) speaks MiB', () => {
    expect(memoryVerdict('big/model', 4 * 2 ** 20, [], 6)).toMatch(/needs about 8\.0 MiB .* of 6\.0 MiB/);
  });
});
