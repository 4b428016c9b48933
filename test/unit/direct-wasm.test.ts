/** ONNX Runtime's wasm fetched past the service worker first (src/core/runtime/direct-wasm.ts, issue 44): the code cache's key stays the first visit's. */
import { describe, expect, it } from 'vitest';
import { DIRECT_HEADER, directFirst, wantsDirect } from '../../src/core/runtime/direct-wasm.ts';

const HERE = 'http://h/assets/worker.js';
const WASM = '/ort/ort-wasm-simd-threaded.wasm';

/** A fake fetch that records each call's URL and direct header, and answers per `answer`. */
function recorder(answer: (direct: boolean) => Response | Error) {
  const calls: { url: string; direct: boolean }[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const direct = new Headers(init?.headers).get(DIRECT_HEADER) === '1';
    calls.push({ url: String(input), direct });
    const a = answer(direct);
    if (a instanceof Error) throw a;
    return a;
  }) as typeof fetch;
  return { f, calls };
}

describe('directFirst', () => {
  it.each([
    { case: 'network answers: one direct request', answer: () => new Response('wasm'), want: [true] },
    { case: 'offline: the direct request fails, the service worker answers', answer: (d: boolean) => (d ? new TypeError('Failed to fetch') : new Response('sw')), want: [true, false] },
    { case: 'server error: asked again without the header', answer: (d: boolean) => new Response('x', { status: d ? 503 : 200 }), want: [true, false] },
  ])('$case', async ({ answer, want }) => {
    const { f, calls } = recorder(answer);
    const r = await directFirst(f, [WASM], HERE)('http://h/ort/ort-wasm-simd-threaded.wasm', { credentials: 'same-origin' });
    expect(r.ok).toBe(true);
    expect(calls.map((c) => c.direct)).toEqual(want);
  });

  it('leaves every other URL alone (the glue script, the model, the asyncify build)', async () => {
    const { f, calls } = recorder(() => new Response('x'));
    const g = directFirst(f, [WASM], HERE);
    for (const u of ['/ort/ort-wasm-simd-threaded.mjs', '/models/m/onnx/model.onnx', 'http://h/ort/ort-wasm-simd-threaded.asyncify.wasm']) await g(u);
    expect(calls.every((c) => !c.direct)).toBe(true);
  });

  it('keeps the caller\'s other headers', async () => {
    let seen: Headers | null = null;
    const f = (async (_: RequestInfo | URL, init?: RequestInit) => ((seen = new Headers(init?.headers)), new Response('x'))) as typeof fetch;
    await directFirst(f, [WASM], HERE)(new URL(WASM, HERE), { headers: { accept: 'application/wasm' } });
    expect(seen!.get('accept')).toBe('application/wasm');
    expect(wantsDirect(seen!)).toBe(true);
  });
});

describe('wantsDirect', () => {
  it.each<{ headers: Record<string, string>; want: boolean }>([
    { headers: { [DIRECT_HEADER]: '1' }, want: true },
    { headers: { 'x-qarx-direct': '1' }, want: true },
    { headers: { [DIRECT_HEADER]: '0' }, want: false },
    { headers: {}, want: false },
  ])('$headers → $want', ({ headers, want }) => expect(wantsDirect(new Headers(headers))).toBe(want));
});
