/**
 * npm run bench:noise-passage: seconds `qarx perturb synthetic` takes on one generated passage of
 * --mb MB (default 1) asked 1, 20 and 2,000 questions, per noise kind, and the ratios to 1 question.
 * Synthetic noise is drawn once per passage (Wu et al. 2025, App. K), so the time should grow with
 * the passage and barely with its questions. Prints numbers; nothing is asserted.
 *
 *   npm run bench:noise-passage -- [--mb 1] [--questions 1,20,2000] [--kinds keyboard,word-split] [--limit 600] [--dir DIR]
 *
 * A run still going after --limit seconds is stopped and shown as "> limit".
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { mb: { type: 'string', default: '1' }, questions: { type: 'string', default: '1,20,2000' }, kinds: { type: 'string', default: 'keyboard,word-split' }, limit: { type: 'string', default: '600' }, dir: { type: 'string', default: join(tmpdir(), 'qarx-bench-noise') } } });
const DIR = resolve(values.dir);
const WORDS = 'the river city council built a bridge over harbour in spring after long debate about cost and design of its northern tower'.split(' ');

/** One passage of about `mb` MB in sentences of 12 words, with a name every 40 words to ask about. */
export function makePassage(mb: number): { context: string; names: { text: string; start: number }[] } {
  const parts: string[] = [];
  const names: { text: string; start: number }[] = [];
  let size = 0;
  for (let i = 0; size < mb * 1e6; i++) {
    const w = i % 40 === 0 ? `Name${i}` : (WORDS[(i * 7 + ((i * i) % 11)) % WORDS.length] as string);
    const word = i % 12 === 11 ? `${w}.` : w;
    if (i % 40 === 0) names.push({ text: w, start: size });
    parts.push(word);
    size += word.length + 1;
  }
  return { context: parts.join(' '), names };
}

/** A SQuAD 1.1 file of the passage with `n` questions, each about a different name. */
function writeInput(path: string, passage: ReturnType<typeof makePassage>, n: number): void {
  const step = Math.max(1, Math.floor(passage.names.length / n));
  const qas = Array.from({ length: n }, (_, q) => {
    const a = passage.names[(q * step) % passage.names.length] as { text: string; start: number };
    return { id: `q${q}`, question: `Who is ${q}?`, answers: [{ text: a.text, answer_start: a.start }] };
  });
  writeFileSync(path, JSON.stringify({ version: '1.1', data: [{ title: 'Big', paragraphs: [{ context: passage.context, qas }] }] }));
}

/** Runs qarx in a child process, stopped after `limit` seconds; resolves with its exit code, seconds, stderr and whether it was stopped. */
function run(args: string[], limit: number): Promise<{ code: number | null; secs: number; stderr: string; stopped: boolean }> {
  return new Promise((res) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let stopped = false;
    const timer = setTimeout(() => {
      stopped = true;
      child.kill();
    }, limit * 1000);
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      res({ code, secs: (performance.now() - t0) / 1000, stderr, stopped });
    });
  });
}

/** Times every (kind, question count) and prints one line each, with the ratio to the fewest questions. */
async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const passage = makePassage(Number(values.mb));
  const counts = values.questions.split(',').map(Number);
  process.stdout.write(`passage: ${(passage.context.length / 1e6).toFixed(2)} MB, ${passage.names.length} names\n`);
  // One unmeasured run first: tsx's transform cache and the disk cache are warm for every timed run.
  const warm = makePassage(0.001);
  writeInput(join(DIR, 'warm.json'), warm, 1);
  await run(['perturb', 'synthetic', '--kind', 'keyboard', join(DIR, 'warm.json'), join(DIR, 'warm-out.json')], Number(values.limit));
  for (const kind of values.kinds.split(',')) {
    let base: number | null = null;
    for (const n of counts) {
      const input = join(DIR, `in-${n}.json`);
      writeInput(input, passage, n);
      const out = join(DIR, `out-${kind}-${n}.json`);
      const r = await run(['perturb', 'synthetic', '--kind', kind, input, out], Number(values.limit));
      base ??= r.secs;
      const mb = existsSync(out) ? statSync(out).size / 1e6 : 0;
      rmSync(out, { force: true });
      const last = r.stderr.trim().split('\n').pop() ?? '';
      const secs = `${r.stopped ? '>' : ' '}${r.secs.toFixed(1).padStart(6)} s`;
      process.stdout.write(`${kind.padEnd(16)} ${String(n).padStart(5)} questions: ${secs}  (×${(r.secs / base).toFixed(2)})  output ${mb.toFixed(1)} MB  ${r.stopped ? 'stopped' : `exit ${r.code}`}  ${last.replace(/; wrote .*/, '').slice(0, 110)}\n`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
