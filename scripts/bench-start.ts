/**
 * npm run bench:start: how long `npm start` keeps a newcomer waiting (issue 44: 92 s, target ≤ 30 s).
 * Runs what `npm start` runs (`npm run build`, then `vite preview`) from an empty dist/ and an empty
 * precompression cache (a fresh clone after `npm ci`), then again with the cache filled (a second
 * start after an edit), and prints for each: seconds until the server answers, the build's and the
 * precompression's share, and the bytes before/after precompression (from the build's log line).
 * The preview (`vite preview` with the project's config, in this process) listens on a free port,
 * not 4173, so it can run beside a server already there.
 * Exits 0 either way (speed is never a test).
 *
 *   npm run bench:start -- [--runs 1] [--keep-cache]
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { preview } from 'vite';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, 'keep-cache': { type: 'boolean', default: false } } });

/** Runs `cmd args` in ROOT to its end; resolves with its output. */
function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' } });
    let out = '';
    const onData = (b: Buffer) => (out += b.toString());
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out.slice(-2000)}`))));
  });
}

/** One start: build, then preview until it answers; seconds of each part and the build's precompression line. */
async function oneStart(): Promise<{ total: number; build: number; precompress: number; line: string }> {
  const t0 = performance.now();
  const out = await run('npm', ['run', 'build']);
  const build = (performance.now() - t0) / 1000;
  console.error(`  build done after ${build.toFixed(1)} s`);
  // `vite preview` with the project's config (as `npm start`), in this process, on a free port.
  const server = await preview({ root: ROOT, preview: { port: 0, host: '127.0.0.1', strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  await (await fetch(url)).arrayBuffer();
  const total = (performance.now() - t0) / 1000;
  await server.close();
  const line = /precompressed .*/.exec(out)?.[0] ?? '(no precompression line)';
  const precompress = Number(/in ([\d.]+) s/.exec(line)?.[1] ?? NaN);
  return { total, build, precompress, line };
}

/** Prints one row of figures. */
function print(label: string, r: Awaited<ReturnType<typeof oneStart>>): void {
  console.log(`${label.padEnd(22)} serving after ${r.total.toFixed(1)} s (build ${r.build.toFixed(1)} s, of which precompression ${r.precompress.toFixed(1)} s)`);
  console.log(`${''.padEnd(22)} ${r.line}`);
}

for (let i = 0; i < Number(values.runs); i++) {
  console.log(`load average before run ${i + 1}: ${loadavg().map((x) => x.toFixed(1)).join(', ')} on 2 cores`);
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  if (!values['keep-cache']) rmSync(join(ROOT, '.cache', 'precompress'), { recursive: true, force: true });
  print('newcomer (no cache)', await oneStart());
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  print('again (cache filled)', await oneStart());
}
