/** `npm start` skips the build only when dist/ was built from the same sources and settings (scripts/build-key.mjs, issue 44). */
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildEnv, buildKey, checkStamp, inputFiles, STAMP, writeStamp } from '../../scripts/build-key.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Writes `files` (relative path → content) under a fresh temporary checkout; returns its root. */
function checkout(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'qarx-build-key-'));
  dirs.push(root);
  for (const [rel, content] of Object.entries(files)) put(root, rel, content);
  return root;
}

/** Writes one file, making its folder. */
function put(root: string, rel: string, content: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), content);
}

const FILES = {
  'package.json': '{"name":"x"}',
  'vite.config.ts': 'export default {}',
  'src/app/main.ts': 'console.log(1)',
  'public/models/m/model.onnx': 'weights',
  'node_modules/.package-lock.json': '{"packages":{"node_modules/vite":{"version":"8.3.8"}}}',
  'node_modules/vite/index.js': 'vite',
  'dist/index.html': '<html>',
  '.cache/precompress/ab.br': 'cached',
  'docs/.vitepress/cache/x.js': 'docs cache',
};
const ENV = { QARX_PRECOMPRESS: '0', HOME: '/home/a' };

describe('the build key', () => {
  it.each<{ change: string; edit: (root: string) => void; env?: Record<string, string>; rebuilds: boolean }>([
    { change: 'nothing', edit: () => {}, rebuilds: false },
    { change: 'a source file edited', edit: (r) => appendFileSync(join(r, 'src/app/main.ts'), ';'), rebuilds: true },
    { change: 'a source file added', edit: (r) => put(r, 'src/app/new.ts', ''), rebuilds: true },
    { change: 'a source file renamed', edit: (r) => renameSync(join(r, 'src/app/main.ts'), join(r, 'src/app/main2.ts')), rebuilds: true },
    { change: 'a source file removed', edit: (r) => rmSync(join(r, 'src/app/main.ts')), rebuilds: true },
    { change: 'the model replaced', edit: (r) => put(r, 'public/models/m/model.onnx', 'weightz'), rebuilds: true },
    { change: 'the config edited', edit: (r) => put(r, 'vite.config.ts', 'export default { base: "/" }'), rebuilds: true },
    { change: 'a package updated (npm ci)', edit: (r) => put(r, 'node_modules/.package-lock.json', '{"packages":{"node_modules/vite":{"version":"8.3.9"}}}'), rebuilds: true },
    { change: 'a test build flag', edit: () => {}, env: { QARX_TEST_HOOKS: '1' }, rebuilds: true },
    { change: 'the connect-src setting', edit: () => {}, env: { QARX_CONNECT_SRC: 'https://x' }, rebuilds: true },
    { change: 'a Vite variable', edit: () => {}, env: { VITE_X: '1' }, rebuilds: true },
    { change: 'an unrelated variable', edit: () => {}, env: { HOME: '/home/b', TERM: 'xterm' }, rebuilds: false },
    { change: "NODE_ENV=production (vite build's own default, which it sets)", edit: () => {}, env: { NODE_ENV: 'production' }, rebuilds: false },
    { change: 'NODE_ENV=development', edit: () => {}, env: { NODE_ENV: 'development' }, rebuilds: true },
    { change: 'dist/ itself (the build output)', edit: (r) => put(r, 'dist/index.html.br', 'x'), rebuilds: false },
    { change: 'the precompression cache', edit: (r) => put(r, '.cache/precompress/cd.gz', 'x'), rebuilds: false },
    { change: 'the docs build cache', edit: (r) => put(r, 'docs/.vitepress/cache/y.js', 'x'), rebuilds: false },
  ])('$change → rebuilds: $rebuilds', ({ edit, env, rebuilds }) => {
    const root = checkout(FILES);
    const before = buildKey(root, ENV);
    edit(root);
    expect(buildKey(root, { ...ENV, ...env }) !== before).toBe(rebuilds);
  });

  it('reads only the settings the build reads from the environment', () => {
    expect(buildEnv({ PATH: '/bin', QARX_B: '2', NODE_ENV: 'production', HF_ENDPOINT: 'h', VITE_A: '1', QARX_A: '1', GONE: undefined })).toEqual([
      ['HF_ENDPOINT', 'h'],
      ['NODE_ENV', 'production'],
      ['QARX_A', '1'],
      ['QARX_B', '2'],
      ['VITE_A', '1'],
    ]);
    expect(buildEnv({})).toEqual([['NODE_ENV', 'production']]);
  });

  it('walks inputs, not outputs or caches', () => {
    const root = checkout(FILES);
    expect(inputFiles(root)).toEqual(['package.json', 'public/models/m/model.onnx', 'src/app/main.ts', 'vite.config.ts']);
  });
});

describe("dist/'s stamp", () => {
  /** A checkout with a built dist/ stamped with `key`. */
  function built(key: string): string {
    const root = checkout({ 'dist/index.html': '<html>', 'dist/assets/main-abc.js': 'code', 'dist/sw.js': 'sw' });
    writeStamp(join(root, 'dist'), key);
    return join(root, 'dist');
  }

  it.each<{ state: string; edit: (dist: string) => void; key?: string; upToDate: boolean }>([
    { state: 'as built', edit: () => {}, upToDate: true },
    { state: 'compressed copies added while serving', edit: (d) => put(d, 'assets/main-abc.js.br', 'x'), upToDate: true },
    { state: 'built with another key', edit: () => {}, key: 'other', upToDate: false },
    { state: 'a built file removed', edit: (d) => rmSync(join(d, 'sw.js')), upToDate: false },
    { state: 'a built file rewritten', edit: (d) => put(d, 'assets/main-abc.js', 'code, longer'), upToDate: false },
    { state: 'no stamp (another build emptied dist/)', edit: (d) => rmSync(join(d, STAMP)), upToDate: false },
    { state: 'an unreadable stamp', edit: (d) => put(d, STAMP, '{"key":'), upToDate: false },
    { state: 'a stamp listing no files', edit: (d) => put(d, STAMP, '{"key":"k","files":{}}'), upToDate: false },
  ])('$state → up to date: $upToDate', ({ edit, key, upToDate }) => {
    const dist = built('k');
    edit(dist);
    expect(checkStamp(dist, key ?? 'k').upToDate).toBe(upToDate);
  });

  it('says why it builds', () => {
    const dist = built('k');
    expect(checkStamp(dist, 'other')).toEqual({ upToDate: false, why: 'the sources or settings changed since dist/ was built' });
  });
});

describe('npm start', () => {
  it('builds through the key check; npm run build (deploys) always builds', async () => {
    const { scripts } = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(scripts['start']).toMatch(/^npm run start:build && vite preview /);
    expect(scripts['start:build']).toBe('node scripts/copy-ort.mjs && node scripts/start-build.mjs');
    expect(scripts['build']).toBe('node scripts/copy-ort.mjs && vite build');
  });
});
