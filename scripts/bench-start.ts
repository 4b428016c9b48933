/**
 * npm run bench:start: how long `npm start` keeps a newcomer waiting (issue 44: 92 s, target ≤ 30 s).
 * Runs what `npm start` runs (`QARX_PRECOMPRESS=0 npm run build`, then `vite preview`, which writes
 * the compressed copies while it serves) from an empty dist/ and an empty precompression cache (a
 * fresh clone after `npm ci`), then again with the cache filled (a second start after an edit), and
 * prints for each: seconds until the server answers, the build's share, its CPU seconds (children's
 * user + system time from /proc, less noisy than wall time on a shared machine), and when the
 * compressed copies were all written; then a third start with dist/ kept as the previous one left it
 * (a second `npm start` with nothing changed: `npm run start:build` skips the build when dist/'s key
 * matches, scripts/build-key.mjs). A root without `start:build` (before the key, e.g. 88277c4) runs
 * `QARX_PRECOMPRESS=0 npm run build`, as its `npm start` did; `--old` times a build whose `npm start`
 * still precompresses inside `npm run build` (an older commit's, run from its own clone).
 * `--steps` picks the starts (newcomer, cache, kept; all three by default).
 * The preview (`vite preview` with the project's config, in this process) listens on a free port,
 * not 4173, so it can run beside a server already there.
 * Exits 0 either way (speed is never a test).
 *
 *   npm run bench:start -- [--runs 1] [--keep-cache] [--root DIR] [--old] [--steps newcomer,cache,kept]
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger, preview } from 'vite';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, 'keep-cache': { type: 'boolean', default: false }, root: { type: 'string' }, old: { type: 'boolean', default: false }, steps: { type: 'string', default: 'newcomer,cache,kept' } } });
const ROOT = values.root ? resolve(values.root) : join(import.meta.dirname, '..');
const STEPS = new Set(values.steps.split(','));
/** `npm start`'s build in ROOT: its `start:build` script where it has one, else the build `npm start` ran before it. */
const START_BUILD: [string[], Record<string, string>] = values.old
  ? [['run', 'build'], {}]
  : JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['start:build']
    ? [['run', 'start:build'], {}]
    : [['run', 'build'], { QARX_PRECOMPRESS: '0' }];

/** CPU seconds (user + system) of this process's finished children, from /proc/self/stat (clock ticks of 1/100 s). */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Runs `cmd args` in ROOT to its end with `env` added; resolves with its output. */
function run(cmd: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', ...env } });
    let out = '';
    const onData = (b: Buffer) => (out += b.toString());
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out.slice(-2000)}`))));
  });
}

interface Start {
  total: number;
  build: number;
  buildCpu: number;
  copies: number | null;
  line: string;
}

/** One start: build, then preview until it answers, then until its precompression line (if any); seconds of each. */
async function oneStart(): Promise<Start> {
  const t0 = performance.now();
  const cpu0 = childCpuSeconds();
  const out = await run('npm', ...START_BUILD);
  const build = (performance.now() - t0) / 1000;
  const buildCpu = childCpuSeconds() - cpu0;
  console.error(`  build done after ${build.toFixed(1)} s`);
  // The preview's background precompression logs one line when it ends (an older root's logs none when
  // nothing was missing, but its every start builds, so something always is).
  let resolveCopies: (line: string) => void = () => {};
  const copiesLine = new Promise<string>((r) => (resolveCopies = r));
  const logger = createLogger('info');
  const info = logger.info.bind(logger);
  logger.info = (msg, opts) => (msg.includes('[qarx-precompressed] while serving') ? resolveCopies(msg) : info(msg, opts));
  const server = await preview({ root: ROOT, preview: { port: 0, host: '127.0.0.1', strictPort: false }, logLevel: 'info', customLogger: logger });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  await (await fetch(url)).arrayBuffer();
  const total = (performance.now() - t0) / 1000;
  const buildLine = /precompressed \d+ files.*/.exec(out)?.[0];
  // A build that precompressed itself (--old, or nothing left for the preview) has no line to wait for.
  const line = buildLine ?? (await copiesLine);
  const copies = buildLine ? null : (performance.now() - t0) / 1000;
  await server.close();
  return { total, build, buildCpu, copies, line: line.replace(/^.*while serving: /, '') };
}

/** Prints one row of figures. */
function print(label: string, r: Start): void {
  const copies = r.copies === null ? 'compressed by the build' : `compressed copies all written after ${r.copies.toFixed(1)} s`;
  console.log(`${label.padEnd(22)} serving after ${r.total.toFixed(1)} s (build ${r.build.toFixed(1)} s wall, ${r.buildCpu.toFixed(1)} s CPU); ${copies}`);
  console.log(`${''.padEnd(22)} ${r.line}`);
}

for (let i = 0; i < Number(values.runs); i++) {
  console.log(`load average before run ${i + 1}: ${loadavg().map((x) => x.toFixed(1)).join(', ')} on 2 cores (${ROOT})`);
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  if (!values['keep-cache']) rmSync(join(ROOT, '.cache', 'precompress'), { recursive: true, force: true });
  if (STEPS.has('newcomer')) print('newcomer (no cache)', await oneStart());
  if (STEPS.has('cache')) {
    rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
    print('again (cache filled)', await oneStart());
  }
  // A second `npm start` with nothing changed: dist/ and its compressed copies as the last start left them.
  if (STEPS.has('kept')) print('again (dist/ kept)', await oneStart());
}
