/**
 * Issue 40.2: messages between the page and its workers carry each passage once. The sizes are
 * measured with node:v8's serializer, the structured clone postMessage uses: a `collected` or
 * `sweep` message of 2,000 questions on one passage is about one passage long, not 2,000.
 */
import { serialize } from 'node:v8';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { packMessage, SHARED_MIN_LENGTH, unpackMessage } from '../../src/core/data/wire.ts';
import type { DataEvent } from '../../src/worker/data-protocol.ts';
import type { WorkerRequest } from '../../src/worker/protocol.ts';
import { workerSlot } from '../../src/app/workers/supervisor.ts';
import { packedPost, receivedRequest } from '../../src/worker/port.ts';

const PASSAGE = 'In 1734, Mary Smith built the northern bridge of Paris. 🙂 '.repeat(3000); // 177,000 UTF-16 units
const EDITED = PASSAGE.replace(/Paris/g, 'Lyon');
const question = (i: number, revision = false): Instance => ({
  id: `q${i}`,
  dataset: 'big',
  title: 'Big passage',
  question: `Who built bridge ${i}?`,
  context: PASSAGE,
  answers: [{ text: 'Mary Smith', start: 9 }],
  isImpossible: false,
  lang: 'en',
  tags: ['PER'],
  ...(revision ? { revision: { context: EDITED, answers: [{ text: 'Mary Smith', start: 9 }] } } : {}),
});
const collected = (n: number, revision = false): DataEvent => ({ type: 'collected', reqId: 1, instances: Array.from({ length: n }, (_, i) => question(i, revision)), total: n, versionTwo: false, datasets: ['big'], pool: null, tags: [] });
/** The bytes a structured clone of `x` takes (what postMessage copies). */
const cloned = (x: unknown) => serialize(x).length;
/** What the receiving side gets: a structured clone, unpacked. */
const across = <T>(x: T): T => unpackMessage(structuredClone(packMessage(x)));
const passageBytes = cloned(PASSAGE);

afterEach(() => vi.useRealTimers());

describe('packMessage and unpackMessage', () => {
  it.each([
    { name: '2,000 questions on one passage', msg: collected(2000), passages: 1 },
    { name: '2,000 revision pairs on one passage and its edit', msg: collected(2000, true), passages: 2 },
  ])('a collected message of $name clones as its passages once plus a few hundred bytes a question', ({ msg, passages }) => {
    const n = (msg as { instances: unknown[] }).instances.length;
    expect(cloned(packMessage(msg))).toBeLessThan(passages * passageBytes + n * 400);
    expect(across(msg)).toEqual(msg);
  });

  it('a message without long texts is posted as it is (the same object)', () => {
    const msg = { type: 'search', reqId: 3, query: 'paris', filters: { dataset: 'all' } };
    expect(packMessage(msg)).toBe(msg);
    expect(unpackMessage(msg)).toBe(msg);
  });

  it('leaves Blobs, typed arrays and short strings as they are, and texts exactly at the threshold are shared', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const blob = new Blob(['x']);
    const long = 'a'.repeat(SHARED_MIN_LENGTH);
    const short = 'a'.repeat(SHARED_MIN_LENGTH - 1);
    const packed = packMessage({ type: 'load', bytes, blob, list: [long, long, short] }) as unknown as Record<string, unknown>;
    expect(packed.bytes).toBe(bytes);
    expect(packed.blob).toBe(blob);
    expect((packed.list as unknown[])[2]).toBe(short);
    const [a, b] = packed.list as unknown[];
    expect(typeof a).toBe('object');
    expect(a).toEqual(b);
    expect(cloned({ type: 'load', bytes, list: [long, long, short] }) - cloned({ ...packed, blob: null })).toBeGreaterThan(long.length / 2);
  });

  it('any message arrives as it was sent (property)', () => {
    const text = fc.oneof(fc.string({ maxLength: 8 }), fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 60, max: 200 })).map(([s, k]) => s.repeat(k)));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 5 })),
    }));
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 6 }), (fields) => {
        const msg = { ...fields, type: 'x' };
        expect(across(msg)).toEqual(msg);
      }),
      { numRuns: 500 },
    );
  });
});

describe('both ends of every worker pack and unpack', () => {
  it('the page posts a sweep of 2,000 questions with the passage once, and unpacks what the worker posts', () => {
    vi.useFakeTimers();
    const posted: unknown[] = [];
    const fake = { postMessage: (m: unknown) => posted.push(m), terminate: () => {}, onmessage: null, onerror: null } as unknown as Worker;
    const got: unknown[] = [];
    const slot = workerSlot<WorkerRequest, DataEvent>('qa', () => fake, { event: (e) => got.push(e), error: () => {}, died: () => {}, created: () => {} });
    const sweep = { type: 'sweep', jobId: 1, instances: Array.from({ length: 2000 }, (_, i) => question(i)), config: {}, versionTwo: false, pool: null, rule: 'script' } as unknown as WorkerRequest;
    slot.send(sweep);
    expect(cloned(posted[0])).toBeLessThan(passageBytes + 2000 * 400);
    expect(unpackMessage(structuredClone(posted[0]))).toEqual(sweep);
    fake.onmessage?.(new MessageEvent('message', { data: structuredClone(packMessage(collected(2000))) }));
    expect(got).toEqual([collected(2000)]);
  });

  it('a worker posts its collected event with the passage once, and reads a packed request as sent', () => {
    const posted: unknown[] = [];
    packedPost<DataEvent>({ postMessage: (m) => posted.push(m) })(collected(2000));
    expect(cloned(posted[0])).toBeLessThan(passageBytes + 2000 * 400);
    const request = { type: 'traps', jobId: 2, instances: [question(0), question(1)], config: {}, versionTwo: false };
    expect(receivedRequest(new MessageEvent('message', { data: structuredClone(packMessage(request)) }))).toEqual(request);
  });
});
