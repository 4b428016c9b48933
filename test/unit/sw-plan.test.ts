/** The service worker's plan (src/sw/plan.ts): what install precaches, what waits for first use, and which HTTP-cache copies it may reuse. */
import { describe, expect, it } from 'vitest';
import { onDemandKey, reuseCandidates, splitManifest } from '../../src/sw/plan.ts';
import { memoFetch } from '../../src/core/runtime/memo-fetch.ts';
import { repeatedPaths } from '../../scripts/lib/traffic.ts';
import { ceilingShare } from '../../scripts/lib/bench-flops.ts';

describe('splitManifest', () => {
  const e = (url: string) => ({ url, revision: 'r' });
  it('precaches the app, the plain wasm build and the fp32 model; the WebGPU build and 8-bit weights wait for first use', () => {
    const { precache, onDemand } = splitManifest(
      ['index.html', 'ort/ort-wasm-simd-threaded.wasm', 'ort/ort-wasm-simd-threaded.mjs', 'ort/ort-wasm-simd-threaded.asyncify.wasm', 'ort/ort-wasm-simd-threaded.asyncify.mjs', 'models/qarx-lexical-qa/onnx/model.onnx', 'models/qarx-lexical-qa/onnx/model_quantized.onnx', 'assets/main-abc.js'].map(e),
    );
    expect(precache.map((x) => x.url)).toEqual(['index.html', 'ort/ort-wasm-simd-threaded.wasm', 'ort/ort-wasm-simd-threaded.mjs', 'models/qarx-lexical-qa/onnx/model.onnx', 'assets/main-abc.js']);
    expect(onDemand.map((x) => x.url)).toEqual(['ort/ort-wasm-simd-threaded.asyncify.wasm', 'ort/ort-wasm-simd-threaded.asyncify.mjs', 'models/qarx-lexical-qa/onnx/model_quantized.onnx']);
  });

  it('keys an on-demand file by URL and revision', () => {
    expect(onDemandKey('http://h/ort/a.wasm', 'abc')).toBe('http://h/ort/a.wasm?__WB_REVISION__=abc');
    expect(onDemandKey('http://h/ort/a.wasm', null)).toBe('http://h/ort/a.wasm');
  });
});

describe('reuseCandidates', () => {
  it.each([
    { url: 'http://h/ort/a.wasm', pages: ['http://h/?device=wasm'], want: ['http://h/ort/a.wasm'] },
    { url: 'http://h/index.html', pages: ['http://h/?device=wasm#x', 'http://h/other/', 'http://evil/?a'], want: ['http://h/index.html', 'http://h/?device=wasm'] },
    { url: 'http://h/app/index.html', pages: ['http://h/app/', 'http://h/app/index.html?q=1'], want: ['http://h/app/index.html', 'http://h/app/', 'http://h/app/index.html?q=1'] },
  ])('$url with pages $pages', ({ url, pages, want }) => {
    expect(reuseCandidates(url, pages)).toEqual(want);
  });
});

describe('memoFetch (one request per file within a load of the shipped model)', () => {
  const counting = () => {
    const calls: string[] = [];
    const base = async (input: string | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      if (String(input).includes('fail') && calls.length === 1) throw new TypeError('network');
      return new Response(`body of ${String(input)}`, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    return { calls, fetch: memoFetch(base) };
  };

  it('answers repeated GETs of a URL from one request, each with the full body', async () => {
    const { calls, fetch } = counting();
    const a = await fetch('/m/config.json');
    const b = await fetch('/m/config.json');
    expect(await a.text()).toBe('body of /m/config.json');
    expect(await b.text()).toBe('body of /m/config.json');
    expect(b.headers.get('content-type')).toBe('application/json');
    expect(calls).toEqual(['GET /m/config.json']);
  });

  it('passes ranges and other methods through, and retries a failed request', async () => {
    const { calls, fetch } = counting();
    await fetch('/m/a.onnx', { method: 'HEAD' });
    await fetch('/m/a.onnx', { headers: { Range: 'bytes=0-0' } });
    expect(calls).toEqual(['HEAD /m/a.onnx', 'GET /m/a.onnx']);
    const other = counting();
    await expect(other.fetch('/m/fail.json')).rejects.toThrow('network');
    expect(await (await other.fetch('/m/fail.json')).text()).toBe('body of /m/fail.json');
    expect(other.calls).toHaveLength(2);
  });
});

describe('the benchmark helpers', () => {
  it('repeatedPaths names GETs of one path made more than once', () => {
    const f = (path: string, method = 'GET') => ({ method, path, status: 200, encoding: null });
    expect(repeatedPaths([f('/a'), f('/b'), f('/a'), f('/c', 'HEAD')])).toEqual([['/a', 2]]);
  });

  it.each([
    { engine: 48.6, peak: 53.3, ok: true }, // 91%, the figure of issue 29
    { engine: 45.4, peak: 53.3, ok: true }, // 85.2%
    { engine: 40, peak: 53.3, ok: false }, // 75%
    { engine: 10, peak: 0, ok: false },
  ])('ceilingShare($engine, $peak) → ok $ok', ({ engine, peak, ok }) => {
    expect(ceilingShare(engine, peak).ok).toBe(ok);
  });
});
