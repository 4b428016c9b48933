/**
 * What follows the gzip data (issue 25.5): zero padding is accepted silently, as `gzip -t` (exit 0)
 * and Python's gzip module accept it; other bytes are named trailing garbage (gzip -t: "decompression
 * OK, trailing garbage ignored") and the data is kept; a real corruption is still one.
 */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat, importFile } from '../../src/core/formats/index.ts';
import { gunzipAll } from '../../src/core/formats/gzip.ts';
import { AFTER_GZIP } from '../../src/core/formats/summary.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const CTX = 'Ada Lovelace was born in London in 1815.';
const row = (id: string) => JSON.stringify({ id, title: 't', context: CTX, question: `Where ${id}?`, answers: { text: ['London'], answer_start: [25] } });
const lines = enc(`${['q1', 'q2', 'q3'].map(row).join('\n')}\n`);
const squad = enc(JSON.stringify({ version: '1.1', data: [{ title: 't', paragraphs: [{ context: CTX, qas: ['q1', 'q2'].map((id) => ({ id, question: 'Where?', answers: [{ text: 'London', answer_start: 25 }] })) }] }] }));
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const zeros = (n: number) => new Uint8Array(n);

describe('after the gzip data', () => {
  const files = [
    { file: 'd.jsonl.gz', plain: lines, ids: ['q1', 'q2', 'q3'] },
    { file: 's.json.gz', plain: squad, ids: ['q1', 'q2'] },
  ];
  it.each(files.flatMap((f) => [1, 3, 512, 70_000].map((n) => ({ ...f, n }))))('$file + $n zero bytes: read whole, no issue', async ({ file, plain, ids, n }) => {
    const bytes = join(gzipSync(plain), zeros(n));
    expect(detectFormat(file, bytes.subarray(0, 65536))).not.toBeNull();
    const r = await importFile(file, bytes, { dataset: 'x' });
    expect(r.instances.map((i) => i.id)).toEqual(ids);
    expect(r.issues).toEqual([]);
  });

  it.each(files.flatMap((f) => [enc('junk'), enc('x'), join(zeros(4), enc('PK')), enc('garbage '.repeat(40_000))].map((tail) => ({ ...f, tail }))))('$file + $tail.length trailing bytes: data kept, named trailing garbage', async ({ file, plain, ids, tail }) => {
    const gz = gzipSync(plain);
    const r = await importFile(file, join(gz, tail), { dataset: 'x' });
    expect(r.instances.map((i) => i.id)).toEqual(ids);
    expect(r.issues).toEqual([{ kind: 'gzip', path: AFTER_GZIP, skipped: false, message: `${tail.length === 1 ? '1 byte' : `${tail.length} bytes`} of trailing garbage after the gzip data (from byte ${gz.length}); ignored, as gzip does` }]);
  });

  it('two members then zero padding: both members read', () => {
    const bytes = join(gzipSync(enc('one\n')), gzipSync(enc('two\n')), zeros(100));
    expect(new TextDecoder().decode(gunzipAll(bytes, 'm.gz', 1e6))).toBe('one\ntwo\n');
  });

  it('without a note taker (the CLI), trailing garbage is an error that says so, not "checksum mismatch"', () => {
    const gz = gzipSync(enc('hello\n'));
    expect(() => gunzipAll(join(gz, enc('junk')), 'a.gz', 1e6)).toThrow(`a.gz: 4 bytes of trailing garbage after the gzip data (from byte ${gz.length})`);
    expect(new TextDecoder().decode(gunzipAll(join(gz, zeros(9)), 'a.gz', 1e6))).toBe('hello\n');
  });

  it('a changed byte in the trailer is still a checksum mismatch', () => {
    const gz = gzipSync(enc('hello\n'));
    gz[gz.length - 6] = (gz[gz.length - 6] as number) ^ 0xff;
    expect(() => gunzipAll(gz, 'a.gz', 1e6)).toThrow(/checksum mismatch/);
  });
});
