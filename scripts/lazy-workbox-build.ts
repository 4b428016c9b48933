/**
 * workbox-build's index requires every part of it at once, including generateSW's bundler (Babel,
 * Rollup, Terser): ≈ 1 s of CPU in every `vite build` (issue 44, profiled), while this project only
 * ever calls `injectManifest` (vite-plugin-pwa, strategies 'injectManifest'). This puts a lazy index
 * into Node's module cache before vite-plugin-pwa imports the package: the same five functions, each
 * requiring its own part on first call. The files written are the same.
 */
import { createRequire, Module } from 'node:module';

const require = createRequire(import.meta.url);

/** The package's exports and the file (under workbox-build/build/) each comes from. */
export const WORKBOX_BUILD_PARTS = {
  copyWorkboxLibraries: 'lib/copy-workbox-libraries',
  getModuleURL: 'lib/cdn-utils',
  generateSW: 'generate-sw',
  getManifest: 'get-manifest',
  injectManifest: 'inject-manifest',
} as const;

type Fn = (...args: unknown[]) => unknown;

/** Makes `import('workbox-build')` load each part only when it is called; a no-op if the package is already loaded. */
export function lazyWorkboxBuild(): void {
  const index = require.resolve('workbox-build');
  if (require.cache[index]) return;
  const exports: Record<string, Fn> = {};
  for (const [name, file] of Object.entries(WORKBOX_BUILD_PARTS)) {
    exports[name] = (...args) => (require(`workbox-build/build/${file}.js`) as Record<string, Fn>)[name]!(...args);
  }
  const lazy = new Module(index);
  Object.assign(lazy, { filename: index, loaded: true, exports: { __esModule: true, ...exports } });
  require.cache[index] = lazy;
}
