/**
 * The worker-kill test hooks are compiled only into test builds (issue 25.11): bundled with the
 * production flag, neither the page (App.tsx) nor a worker's heartbeat contains them; with the test
 * flag both do (the control). esbuild stands in for Vite's production bundling: the same `define`,
 * the same dead-code removal, in a second instead of a full build.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** The minified bundle of one entry (our sources only; packages stay external), with the test-hooks flag set as given. */
async function bundle(entry: string, testHooks: boolean): Promise<string> {
  const r = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    packages: 'external',
    splitting: true,
    outdir: '/virtual',
    jsx: 'automatic',
    loader: { '.json': 'json' },
    define: { __QARX_TEST_HOOKS__: JSON.stringify(testHooks) },
    logLevel: 'silent',
  });
  return r.outputFiles.map((f) => f.text).join('\n');
}

describe('worker-kill test hooks', () => {
  it.each([false, true])('page bundle with __QARX_TEST_HOOKS__ = %s', async (testHooks) => {
    const js = await bundle('src/app/shell/App.tsx', testHooks);
    expect(js.includes('qarxTest')).toBe(testHooks);
    expect(js.includes('test-hooks')).toBe(testHooks);
  });

  it.each([false, true])('worker heartbeat bundle with __QARX_TEST_HOOKS__ = %s', async (testHooks) => {
    const js = await bundle('src/worker/heartbeat.ts', testHooks);
    expect(js.includes('.close()')).toBe(testHooks);
  });
});
