/**
 * npm run bench:workers: `qarx audit` with --workers 1, --workers 2 and no --workers (the count
 * picked from the cores, src/cli/audit/parallel.ts), interleaved (1, 2, default, 1, 2, default, …) so
 * every setting sees the same machine load; medians of wall and CPU seconds, peak RSS (the workers
 * are threads of one process), and each setting's speed-up over --workers 1. Exits 0 either way.
 *
 *   npm run bench:workers -- [--rounds 3] [--questions 150]
 *
 * The audit: the shipped model on a generated SQuAD 2.0-like file (lib/squad-like.ts) with a sweep
 * (PER/ORG/GPE × DBName, one unit), traps and keyboard noise over seeds 1 and 2: five units, so two workers
 * have work to share. Each run writes a fresh --out directory under .cache/bench-workers/.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { squadLike } from './lib/squad-like.ts';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, '.cache', 'bench-workers');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, questions: { type: 'string', default: '150' } } });
const ROUNDS = Number(values.rounds);

type Sample = { wall: number; cpu: number; mb: number; line: string };

/** One `qarx audit` run under GNU time: wall and CPU seconds, peak RSS, and its start line. */
function runAudit(config: string, out: string, extra: string[]): Promise<Sample> {
  rmSync(out, { recursive: true, force: true });
  const t0 = performance.now();
  const child = spawn('/usr/bin/time', ['-f', '%U %S %M', process.execPath, join(ROOT, 'bin', 'qarx.mjs'), 'audit', '--config', config, '--out', out, ...extra], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  return new Promise((done, fail) =>
    child.on('close', (code) => {
      const wall = (performance.now() - t0) / 1000;
      if (code !== 0) return fail(new Error(`qarx audit ${extra.join(' ')} exited ${code}:\n${stderr}`));
      const [u, s, kb] = (stderr.trim().split('\n').at(-1) ?? '0 0 0').split(' ').map(Number) as [number, number, number];
      done({ wall, cpu: u + s, mb: kb / 1024, line: stderr.split('\n').find((l) => l.includes('to run with')) ?? '' });
    }),
  );
}

/** Median of a non-empty list. */
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;

mkdirSync(DIR, { recursive: true });
const data = join(DIR, `squad-like-${values.questions}.json`);
writeFileSync(data, JSON.stringify(squadLike({ questions: Number(values.questions), seed: 29 })));
const config = join(DIR, 'audit.json');
writeFileSync(config, JSON.stringify({
  name: 'bench-workers',
  datasets: [{ name: 'squad-like', path: data }],
  models: [{ path: join(ROOT, 'public', 'models', 'qarx-lexical-qa') }],
  seeds: [1, 2],
  experiments: [{ kind: 'sweep', types: ['PER', 'ORG', 'GPE'], sources: ['db'] }, { kind: 'traps' }, { kind: 'synthetic', noise: ['keyboard'] }],
}, null, 2));

const settings: { label: string; args: string[] }[] = [
  { label: '--workers 1', args: ['--workers', '1'] },
  { label: '--workers 2', args: ['--workers', '2'] },
  { label: 'default (no --workers)', args: [] },
];
const samples = new Map<string, Sample[]>(settings.map((s) => [s.label, []]));
console.log(`qarx audit, ${values.questions} generated questions, 5 units, ${availableParallelism()} cores; ${ROUNDS} interleaved rounds`);
for (let r = 0; r < ROUNDS; r++) {
  for (const s of settings) samples.get(s.label)?.push(await runAudit(config, join(DIR, `out-${s.args.join('') || 'default'}`), s.args));
}
const base = samples.get('--workers 1') ?? [];
const baseWall = median(base.map((x) => x.wall));
for (const s of settings) {
  const xs = samples.get(s.label) ?? [];
  const wall = median(xs.map((x) => x.wall));
  console.log(`${s.label.padEnd(24)} ${wall.toFixed(2)} s wall (CPU ${median(xs.map((x) => x.cpu)).toFixed(2)} s), peak ${Math.max(...xs.map((x) => x.mb)).toFixed(0)} MB: ${(baseWall / wall).toFixed(2)}× --workers 1  [walls ${xs.map((x) => x.wall.toFixed(2)).join(', ')}]`);
}
const picked = samples.get('default (no --workers)')?.[0]?.line.replace(/^.*to run with /, '').replace(/; device:.*$/, '') ?? '';
console.log(`default picked: ${picked}`);
const load = loadavg()[0] ?? 0;
if (load > 1) console.log(`note: load average ${load.toFixed(1)} on ${availableParallelism()} CPUs while measuring; ratios are of medians of interleaved runs.`);
