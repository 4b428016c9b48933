/**
 * The start-up load (worker/prewarm.ts): the model boot.ts asks for is opened before the app asks;
 * the app's first matching load adopts it, with what it posted so far replayed under that load's
 * job id, and a first load of anything else abandons it (its download cancelled, the model disposed).
 */
import { describe, expect, it } from 'vitest';
import { loadKey, Prewarm } from '../../src/worker/prewarm.ts';
import type { Opened } from '../../src/worker/open-model.ts';
import type { WorkerEvent } from '../../src/worker/protocol.ts';

/** A load under test's control: what it posts, and a switch that finishes it with a model (or null). */
function controlledOpen() {
  let post: (e: WorkerEvent) => void = () => {};
  let signal: AbortSignal | null = null;
  let finish: (o: Opened | null) => void = () => {};
  const disposed: string[] = [];
  const open = (p: (e: WorkerEvent) => void, s: AbortSignal) => {
    post = p;
    signal = s;
    return new Promise<Opened | null>((r) => (finish = r));
  };
  const model = (id: string) => ({ active: { model: { id, dispose: async () => void disposed.push(id) } }, info: { id }, loadMs: 1 }) as unknown as Opened;
  return { open, post: (e: WorkerEvent) => post(e), signal: () => signal, finish: (o: Opened | null) => finish(o), model, disposed };
}

const progress = (jobId: number, loaded: number): WorkerEvent => ({ type: 'load-progress', jobId, progress: { file: 'onnx/model_quantized.onnx', loaded, total: 100, progress: loaded } });

describe('loadKey: the same source, device and precision', () => {
  it.each([
    { a: loadKey({ kind: 'local', id: 'm' }, 'auto', 'auto'), b: loadKey({ kind: 'local', id: 'm' }, 'auto', 'auto'), same: true },
    { a: loadKey({ kind: 'local', id: 'm' }, 'auto', 'auto'), b: loadKey({ kind: 'local', id: 'm' }, 'wasm', 'auto'), same: false },
    { a: loadKey({ kind: 'local', id: 'm' }, 'wasm', 'auto'), b: loadKey({ kind: 'local', id: 'm' }, 'wasm', 'q8'), same: false },
    { a: loadKey({ kind: 'local', id: 'm' }, 'wasm', 'auto'), b: loadKey({ kind: 'hub', id: 'm' }, 'wasm', 'auto'), same: false },
    { a: loadKey({ kind: 'hub', id: 'm' }, 'wasm', 'auto'), b: loadKey({ kind: 'hub', id: 'm', revision: 'v2' }, 'wasm', 'auto'), same: false },
  ])('$a vs $b → same: $same', ({ a, b, same }) => {
    expect(a === b).toBe(same);
  });
});

describe('Prewarm', () => {
  it('holds what the load posts until a load adopts it, then replays it under that job id', async () => {
    const c = controlledOpen();
    const posted: WorkerEvent[] = [];
    const pw = new Prewarm('k', c.open, (e) => posted.push(e));
    c.post(progress(0, 10));
    c.post(progress(0, 40));
    expect(posted).toEqual([]);
    pw.adopt(7);
    expect(posted).toEqual([progress(7, 10), progress(7, 40)]);
    c.post(progress(0, 90)); // after adoption: forwarded at once
    c.post({ type: 'ready', capabilities: null as never }); // no job id: unchanged
    expect(posted.slice(2)).toEqual([progress(7, 90), { type: 'ready', capabilities: null }]);
    const m = c.model('m');
    c.finish(m);
    expect(await pw.result).toBe(m);
    expect(c.signal()?.aborted).toBe(false);
  });

  it('replays a failed load’s error under the adopting job, and resolves to null', async () => {
    const c = controlledOpen();
    const posted: WorkerEvent[] = [];
    const pw = new Prewarm('k', c.open, (e) => posted.push(e));
    c.post({ type: 'error', jobId: 0, code: 'network', message: 'offline', restart: false });
    c.finish(null);
    expect(await pw.result).toBeNull();
    pw.adopt(3);
    expect(posted).toEqual([{ type: 'error', jobId: 3, code: 'network', message: 'offline', restart: false }]);
  });

  it('abandoned: cancels the download, drops what it held, and disposes a model that opened anyway', async () => {
    const c = controlledOpen();
    const posted: WorkerEvent[] = [];
    const pw = new Prewarm('k', c.open, (e) => posted.push(e));
    c.post(progress(0, 10));
    pw.abandon();
    expect(c.signal()?.aborted).toBe(true);
    c.post(progress(0, 20));
    c.finish(c.model('m'));
    await pw.result;
    await Promise.resolve();
    expect(c.disposed).toEqual(['m']);
    expect(posted).toEqual([]);
  });

  it('a load that throws resolves to null instead of rejecting', async () => {
    const pw = new Prewarm('k', () => Promise.reject(new Error('boom')), () => {});
    expect(await pw.result).toBeNull();
  });
});
