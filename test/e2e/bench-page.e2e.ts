/**
 * /bench.html, the page `npm run bench:browser` drives: with a tiny generated model it runs the
 * engine on WASM in fp32 and q8 and on WebGPU, and times ONNX Runtime Web's MatMul. Speeds are not
 * checked (they belong to the benchmark); what is checked is that every path answers with counted work.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { PreviewServer } from 'vite';
import type { BenchReply } from '../../src/bench/bench.worker.ts';
import { ROOT, launch, startPreview } from './harness.ts';
import { makeBenchModel, TINY_SHAPE } from '../../scripts/make-bench-model.ts';
import { matmulModel } from '../../scripts/lib/bench-flops.ts';
import { loadDemoSet } from '../../src/core/data/demo.ts';

let server: PreviewServer;
let url: string;
let tmp: string;
let link: string;
let mount: string;

beforeAll(async () => {
  ({ server, url } = await startPreview());
  tmp = mkdtempSync(join(tmpdir(), 'qarx-bench-page-'));
  await makeBenchModel(join(tmp, 'tiny'), TINY_SHAPE, { log: () => {} });
  await makeBenchModel(join(tmp, 'tiny'), TINY_SHAPE, { log: () => {}, precision: 'q8' });
  writeFileSync(join(tmp, 'matmul.onnx'), matmulModel(TINY_SHAPE.hidden, TINY_SHAPE.ffn));
  // Served from the built site's folder through a link of this run's own name, as the driver does.
  mount = `bench-models-e2e-${process.pid}`;
  link = join(ROOT, 'dist', mount);
  symlinkSync(tmp, link, 'dir');
}, 120_000);
afterAll(async () => {
  if (link) rmSync(link, { force: true });
  await server?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Opens bench.html in a fresh browser and runs one request there. */
async function run(webgpu: boolean, request: object): Promise<BenchReply> {
  const browser: Browser = await launch(webgpu);
  try {
    const page = await browser.newPage();
    await page.goto(`${url}bench.html`);
    await page.getByTestId('bench-log').getByText('ready').waitFor();
    expect(await page.getByTestId('bench-log').textContent()).toContain('cross-origin isolated: true');
    return await page.evaluate((r) => (window as unknown as { qarxBench(r: object): Promise<BenchReply> }).qarxBench(r), request);
  } finally {
    await browser.close();
  }
}

const engineRequest = (device: string, dtype: string, inputs: number) => ({ device, dtype, root: `/${mount}/`, model: 'tiny', inputs, batch: 2, threads: 2, shape: TINY_SHAPE });

describe('bench page', () => {
  it.each([
    ['fp32', 'fp32'],
    ['q8', 'q8'],
  ])('runs the engine on WASM in %s with 2 threads and counts its work', async (dtype, expected) => {
    const r = await run(false, engineRequest('wasm', dtype, 3));
    expect(r.error).toBeUndefined();
    expect(r).toMatchObject({ device: 'wasm', dtype: expected, threads: 2, inputs: 3 });
    expect(r.windows).toBeGreaterThanOrEqual(3);
    expect(r.windowsPerSec).toBeGreaterThan(0);
    expect(r.gflops).toBeGreaterThan(0);
    expect(r.modelShare).toBeGreaterThan(0);
    expect(r.modelShare).toBeLessThanOrEqual(1);
  }, 180_000);

  it('runs the engine on WebGPU (SwiftShader)', async () => {
    const r = await run(true, engineRequest('webgpu', 'fp32', 1));
    expect(r.error).toBeUndefined();
    expect(r).toMatchObject({ device: 'webgpu', dtype: 'fp32', threads: 0 });
    expect(r.windows).toBeGreaterThanOrEqual(1);
  }, 300_000);

  it("answers the demo set with the shipped model and returns the answers (for the q8 comparison)", async () => {
    const r = await run(false, { device: 'wasm', dtype: 'q8', root: '/models/', model: 'qarx-lexical-qa', set: 'demo', inputs: 10_000, batch: 2, threads: 2 });
    expect(r.error).toBeUndefined();
    expect(r.dtype).toBe('q8');
    expect(r.answers).toHaveLength(loadDemoSet().length);
    expect(r.answers?.filter((a) => JSON.parse(a)[0] !== '').length).toBeGreaterThan(loadDemoSet().length / 2);
  }, 180_000);

  it("times ONNX Runtime Web's MatMul on WASM", async () => {
    const r = await run(false, { kind: 'peak', modelUrl: `/${mount}/matmul.onnx`, m: 16, k: TINY_SHAPE.hidden, n: TINY_SHAPE.ffn, threads: 2, repeats: 2 });
    expect(r.error).toBeUndefined();
    expect(r.threads).toBe(2);
    expect(r.peakGflops).toBeGreaterThan(0);
  }, 180_000);

  it('reports a MatMul model that cannot be fetched as an error, not a hang', async () => {
    const r = await run(false, { kind: 'peak', modelUrl: `/${mount}/missing.onnx`, m: 16, k: 32, n: 64, threads: 1, repeats: 1 });
    expect(r.error).toBeTruthy();
  }, 180_000);
});
