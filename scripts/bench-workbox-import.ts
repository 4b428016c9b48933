/**
 * npm run bench:workbox-import: the CPU every `vite build` spends loading workbox-build as
 * vite-plugin-pwa does (`import('workbox-build')`, then `.injectManifest`), with the package's own
 * index and with scripts/lazy-workbox-build.ts (issue 44). Fresh processes, interleaved (A, B, A, B),
 * CPU time measured inside each around the import only. Prints the machine's load and the ratio.
 * Exits 0 either way (speed is never a test).
 *
 *   npm run bench:workbox-import -- [--rounds 5]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { transformSync } from 'esbuild';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const ROOT = join(import.meta.dirname, '..');

/** The child's code: plain node (no tsx hooks in the measure); the lazy variant runs the shim, compiled beside it. */
function childCode(lazy: boolean): string {
  return `import { createRequire } from 'node:module';
const c0 = process.cpuUsage();
${lazy ? "(await import('./lazy-workbox-build.mjs')).lazyWorkboxBuild();" : ''}
const mod = await import('workbox-build');
if (typeof (mod.default ?? mod).injectManifest !== 'function') throw new Error('no injectManifest');
// What calling injectManifest loads (already loaded with the index).
createRequire(import.meta.url)('workbox-build/build/inject-manifest.js');
const c = process.cpuUsage(c0);
console.log(((c.user + c.system) / 1000).toFixed(0));
`;
}

/** Writes the two children into .cache/bench-workbox-import/ (so that they resolve the project's packages). */
function writeChildren(): string {
  const dir = join(ROOT, '.cache', 'bench-workbox-import');
  mkdirSync(dir, { recursive: true });
  const shim = readFileSync(join(ROOT, 'scripts', 'lazy-workbox-build.ts'), 'utf8');
  writeFileSync(join(dir, 'lazy-workbox-build.mjs'), transformSync(shim, { loader: 'ts', format: 'esm' }).code);
  writeFileSync(join(dir, 'index.mjs'), childCode(false));
  writeFileSync(join(dir, 'lazy.mjs'), childCode(true));
  return dir;
}

/** CPU milliseconds of one fresh process's import. */
function once(dir: string, lazy: boolean): number {
  return Number(execFileSync(process.execPath, [join(dir, lazy ? 'lazy.mjs' : 'index.mjs')], { encoding: 'utf8' }).trim());
}

/** The median of a list. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const dir = writeChildren();
console.log(`load average: ${loadavg().map((x) => x.toFixed(1)).join(', ')} on 2 cores`);
const index: number[] = [];
const lazy: number[] = [];
for (let i = 0; i < Number(values.rounds); i++) {
  index.push(once(dir, false));
  lazy.push(once(dir, true));
}
console.log(`workbox-build's index: ${index.join(', ')} ms CPU (median ${median(index)})`);
console.log(`lazy (injectManifest's part): ${lazy.join(', ')} ms CPU (median ${median(lazy)})`);
console.log(`lazy / index: ${(median(lazy) / median(index)).toFixed(2)}; load after: ${loadavg()[0]?.toFixed(1)}`);
