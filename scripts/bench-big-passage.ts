/**
 * npm run bench:big-passage: one passage of --chars characters (default 1,000,000, an emoji every
 * 50 sentences) asked 200 and 2,000 questions (issue 40.2), through the app's import steps (parse,
 * content hash, typing; with step `save` also the save into IndexedDB, fake-indexeddb here, the
 * search index and the read back, as another tab's catalog reads it), `qarx perturb trap`
 * and `qarx perturb synthetic`. Prints wall and CPU seconds (user + system), peak memory of the
 * commands and the ratio time(2,000)/time(200): ≈ 10 when the work is linear in the questions.
 * Nothing is asserted.
 *
 *   npm run bench:big-passage -- [--chars 1000000] [--questions 200,2000] [--steps import,save,trap,synthetic] [--dir DIR]
 *
 * perturb trap writes one trapped copy of the passage per question (each question has its own trap
 * sentence, as in Adversarial SQuAD), so its output (2 GB at 2,000 questions) grows with questions ×
 * passage; its CPU should not: the passage is indexed and encoded once and each copy is written from
 * those bytes, so beyond writing the output its CPU grows with the questions. Its wall time also
 * holds the disk's time to take 2 GB.
 */
import 'fake-indexeddb/auto';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bigPassageJson } from './lib/big-passage.ts';
import { samplePeakRss } from './lib/peak-rss.ts';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { chars: { type: 'string', default: '1000000' }, questions: { type: 'string', default: '200,2000' }, steps: { type: 'string', default: 'import,trap,synthetic' }, dir: { type: 'string', default: join(tmpdir(), 'qarx-bench-big-passage') } } });
const DIR = resolve(values.dir);

/** The app's import of `path` in this process, step by step (what the data worker runs): seconds per step. */
async function appImport(path: string, withSave: boolean): Promise<Record<string, number>> {
  const { importFile } = await import('../src/core/formats/index.ts');
  const { contentHash } = await import('../src/core/data/content-hash.ts');
  const { linkAdversarial } = await import('../src/core/formats/adversarial.ts');
  const { classify } = await import('../src/worker/import-job.ts');
  const { QarxDb, beginImport, readDataset, storeInstances } = await import('../src/worker/db.ts');
  const { SearchIndex } = await import('../src/worker/search-index.ts');
  // Each count tags the passage afresh, as a new import in a fresh worker does.
  (await import('../src/core/entity/spans.ts')).forgetRecentEntities();
  const secs: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    secs[name] = (now - t) / 1000;
    t = now;
  };
  const r = await importFile(path, new Uint8Array(readFileSync(path)), { dataset: 'big' });
  lap('parse');
  await contentHash(r.instances);
  lap('hash');
  linkAdversarial(r.instances);
  classify(r.instances, 'big', () => undefined);
  lap('type');
  if (!withSave) return secs;
  const db = new QarxDb(`bench-${path.length}-${Date.now()}`);
  await beginImport(db, { id: 'big', name: 'big.json', format: 'squad', count: 0, createdAt: 1, builtIn: false, issueSummary: '', issues: [], partial: false, state: 'importing' });
  await storeInstances(db, 'big', r.instances, () => undefined);
  lap('save');
  new SearchIndex().add('big', r.instances);
  lap('index');
  await readDataset(db, 'big');
  lap('read');
  db.close();
  return secs;
}

/** Runs qarx in a child process; resolves with wall seconds, CPU seconds and peak RSS (MiB, VmHWM), sampled every 50 ms. */
function qarx(args: string[]): Promise<{ secs: number; cpu: number; peakMb: number; code: number | null; stderr: string }> {
  return new Promise((res) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const rss = samplePeakRss(child.pid);
    child.on('exit', (code) => {
      rss.stop();
      res({ secs: (performance.now() - t0) / 1000, cpu: rss.cpuSecs(), peakMb: rss.peakMb(), code, stderr });
    });
  });
}

/** Times every step for every question count and prints the ratio of the last count to the first. */
async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const counts = values.questions.split(',').map(Number);
  const steps = values.steps.split(',');
  const times = new Map<string, number[]>();
  const note = (step: string, secs: number) => times.set(step, [...(times.get(step) ?? []), secs]);
  // An unmeasured run first, so tsx's transform cache is warm for every timed run.
  writeFileSync(join(DIR, 'warm.json'), bigPassageJson({ chars: 2000, questions: 2 }));
  await qarx(['perturb', 'trap', join(DIR, 'warm.json'), join(DIR, 'warm-out.json')]);
  for (const n of counts) {
    const input = join(DIR, `in-${n}.json`);
    writeFileSync(input, bigPassageJson({ chars: Number(values.chars), questions: n, astralEvery: 50 }));
    process.stdout.write(`${n} questions, input ${(statSync(input).size / 1e6).toFixed(2)} MB\n`);
    if (steps.includes('import')) {
      const s = await appImport(input, steps.includes('save'));
      const total = Object.values(s).reduce((a, b) => a + b, 0);
      note('app import', total);
      process.stdout.write(`  app import         ${total.toFixed(2).padStart(7)} s  (${Object.entries(s).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')})\n`);
    }
    for (const cmd of ['trap', 'synthetic'].filter((c) => steps.includes(c))) {
      const out = join(DIR, `out-${cmd}-${n}.json`);
      const r = await qarx(['perturb', cmd, ...(cmd === 'synthetic' ? ['--kind', 'keyboard'] : []), input, out]);
      const mb = statSync(out, { throwIfNoEntry: false })?.size ?? 0;
      rmSync(out, { force: true });
      note(`perturb ${cmd}`, r.secs);
      note(`perturb ${cmd} CPU`, r.cpu);
      process.stdout.write(`  perturb ${cmd.padEnd(10)} ${r.secs.toFixed(2).padStart(7)} s  CPU ${r.cpu.toFixed(2)} s  peak ${r.peakMb.toFixed(0)} MiB  output ${(mb / 1e6).toFixed(1)} MB  exit ${r.code}${r.code ? `  ${r.stderr.trim().split('\n').pop()}` : ''}\n`);
    }
  }
  if (counts.length < 2) return;
  const [first, last] = [counts[0] as number, counts.at(-1) as number];
  process.stdout.write(`time(${last} q) / time(${first} q)  (linear ≈ ${(last / first).toFixed(0)})\n`);
  for (const [step, t] of times) process.stdout.write(`  ${step.padEnd(18)} ×${((t.at(-1) as number) / (t[0] as number)).toFixed(2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
