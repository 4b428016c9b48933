/**
 * Writes public/favicon.svg and public/favicon.ico from one drawing: a blue rounded square with a
 * white "Q" (a ring and a tail). The .ico (16, 32 and 48 px PNGs) is rasterised here, with 4×4
 * supersampling, because browsers still ask for /favicon.ico. Run `npm run make:favicon`; a unit
 * test regenerates both and compares them with the committed files.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

/** The drawing on a 64×64 canvas. */
const BG = [0x2f, 0x5b, 0xd3] as const; // --accent
const FG = [0xff, 0xff, 0xff] as const;
const SIZE = 64;
const RADIUS = 14; // corner radius of the square
const RING = { cx: 30, cy: 30, r: 16, width: 7 };
const TAIL = { x1: 36, y1: 36, x2: 50, y2: 50, width: 8 };

/** The SVG favicon, e.g. svgIcon().startsWith('<svg'). */
export function svgIcon(): string {
  const hex = (c: readonly number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<rect width="${SIZE}" height="${SIZE}" rx="${RADIUS}" fill="${hex(BG)}"/>`,
    `<circle cx="${RING.cx}" cy="${RING.cy}" r="${RING.r}" fill="none" stroke="${hex(FG)}" stroke-width="${RING.width}"/>`,
    `<line x1="${TAIL.x1}" y1="${TAIL.y1}" x2="${TAIL.x2}" y2="${TAIL.y2}" stroke="${hex(FG)}" stroke-width="${TAIL.width}" stroke-linecap="round"/>`,
    '</svg>',
    '',
  ].join('\n');
}

/** Distance from (px, py) to the segment TAIL. */
function segmentDistance(px: number, py: number): number {
  const dx = TAIL.x2 - TAIL.x1;
  const dy = TAIL.y2 - TAIL.y1;
  const t = Math.max(0, Math.min(1, ((px - TAIL.x1) * dx + (py - TAIL.y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (TAIL.x1 + t * dx), py - (TAIL.y1 + t * dy));
}

/** What covers a point of the 64-unit canvas: 'fg', 'bg' or nothing (outside the rounded square). */
function paint(x: number, y: number): 'fg' | 'bg' | null {
  const qx = Math.max(RADIUS - x, 0, x - (SIZE - RADIUS));
  const qy = Math.max(RADIUS - y, 0, y - (SIZE - RADIUS));
  if (Math.hypot(qx, qy) > RADIUS) return null;
  const ring = Math.abs(Math.hypot(x - RING.cx, y - RING.cy) - RING.r) <= RING.width / 2;
  return ring || segmentDistance(x, y) <= TAIL.width / 2 ? 'fg' : 'bg';
}

/** RGBA pixels of the icon at `px`×`px`, each pixel the mean of 4×4 samples. */
export function rasterize(px: number): Uint8Array {
  const out = new Uint8Array(px * px * 4);
  const n = 4;
  for (let j = 0; j < px; j++) {
    for (let i = 0; i < px; i++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = paint(((i + (sx + 0.5) / n) * SIZE) / px, ((j + (sy + 0.5) / n) * SIZE) / px);
          if (!c) continue;
          const rgb = c === 'fg' ? FG : BG;
          r += rgb[0];
          g += rgb[1];
          b += rgb[2];
          a++;
        }
      }
      const o = (j * px + i) * 4;
      // Colour averaged over the covered samples (straight alpha), coverage as alpha.
      out[o] = a ? Math.round(r / a) : 0;
      out[o + 1] = a ? Math.round(g / a) : 0;
      out[o + 2] = a ? Math.round(b / a) : 0;
      out[o + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of PNG chunks. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA image as PNG bytes (8-bit, no filter). */
export function encodePng(px: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(px, 0);
  ihdr.writeUInt32BE(px, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(px * (px * 4 + 1));
  for (let y = 0; y < px; y++) raw.set(rgba.subarray(y * px * 4, (y + 1) * px * 4), y * (px * 4 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array())]);
}

/** An .ico file holding PNG images (allowed since Windows Vista, read by every browser). */
export function encodeIco(images: { px: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ px, png }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(px >= 256 ? 0 : px, 0);
    e.writeUInt8(px >= 256 ? 0 : px, 1);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

/** The favicon.ico bytes: 16, 32 and 48 px. */
export function icoIcon(): Buffer {
  return encodeIco([16, 32, 48].map((px) => ({ px, png: encodePng(px, rasterize(px)) })));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pub = join(import.meta.dirname, '..', 'public');
  writeFileSync(join(pub, 'favicon.svg'), svgIcon());
  writeFileSync(join(pub, 'favicon.ico'), icoIcon());
  console.log(`favicon.svg and favicon.ico written to ${pub}`);
}
