/** workbox-build loads only the part that is called (scripts/lazy-workbox-build.ts, issue 44): its index would load Babel, Rollup and Terser. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { lazyWorkboxBuild, WORKBOX_BUILD_PARTS } from '../../scripts/lazy-workbox-build.ts';

const require = createRequire(import.meta.url);
/** Whether a package's entry is in Node's module cache. */
const loaded = (pkg: string) => Object.keys(require.cache).some((p) => p.includes(`/node_modules/${pkg}/`));

describe('lazy workbox-build', () => {
  it('gives the same functions as the package, and injectManifest without Babel, Rollup or Terser', async () => {
    lazyWorkboxBuild();
    // As vite-plugin-pwa loads it.
    const mod = (await import('workbox-build')) as { default?: Record<string, unknown> };
    const wb = mod.default ?? (mod as Record<string, unknown>);
    expect(Object.keys(WORKBOX_BUILD_PARTS).sort()).toEqual(['copyWorkboxLibraries', 'generateSW', 'getManifest', 'getModuleURL', 'injectManifest']);
    for (const name of Object.keys(WORKBOX_BUILD_PARTS)) expect(typeof wb[name]).toBe('function');
    // A call reaches the real injectManifest (its option check rejects an empty call).
    await expect((wb['injectManifest'] as (o: unknown) => Promise<unknown>)({})).rejects.toThrow(/swSrc|swDest|globDirectory/);
    expect(loaded('workbox-build')).toBe(true);
    expect(loaded('@babel/core')).toBe(false);
    expect(loaded('@rollup/plugin-babel')).toBe(false);
    expect(loaded('@rollup/plugin-terser')).toBe(false);
  });

  it('names every export of the real index', () => {
    const index = require.resolve('workbox-build');
    const source = readFileSync(index, 'utf8');
    const names = [...source.matchAll(/Object\.defineProperty\(exports, "(\w+)"/g)].map((m) => m[1]).filter((n) => n !== '__esModule');
    expect(names.sort()).toEqual(Object.keys(WORKBOX_BUILD_PARTS).sort());
    // Its only other line re-exports ./types, which holds TypeScript types only.
    expect(source).toContain('__exportStar(require("./types"), exports)');
    expect(Object.keys(require('workbox-build/build/types.js'))).toEqual([]);
  });
});
