/** The committed favicons are what scripts/make-favicon.ts draws, and the .ico is a valid icon directory of PNGs. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { icoIcon, rasterize, svgIcon } from '../../scripts/make-favicon.ts';

const PUBLIC = join(import.meta.dirname, '..', '..', 'public');

describe('favicon', () => {
  it('public/favicon.svg and public/favicon.ico are what the script writes', () => {
    expect(readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8')).toBe(svgIcon());
    expect(Buffer.compare(readFileSync(join(PUBLIC, 'favicon.ico')), icoIcon())).toBe(0);
  });

  it('the .ico lists 16, 32 and 48 px PNG images at their offsets', () => {
    const ico = icoIcon();
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((k) => {
      const e = 6 + 16 * k;
      const size = ico.readUInt32LE(e + 8);
      const offset = ico.readUInt32LE(e + 12);
      const png = ico.subarray(offset, offset + size);
      expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(ico.readUInt8(e)); // IHDR width = directory width
      return ico.readUInt8(e);
    });
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('draws a white mark on the accent square with transparent corners', () => {
    const px = 32;
    const rgba = rasterize(px);
    const at = (x: number, y: number) => [...rgba.subarray((y * px + x) * 4, (y * px + x) * 4 + 4)];
    expect(at(0, 0)[3]).toBe(0); // rounded corner
    expect(at(2, 16)).toEqual([0x2f, 0x5b, 0xd3, 255]); // background
    expect(at(15, 7)).toEqual([255, 255, 255, 255]); // top of the ring: y 10.5–17.5 of 64, i.e. pixels 5.25–8.75 of 32
  });
});
