/**
 * npm run bench:predict-memory: peak RSS of a whole `qarx predict` run on a big nested SQuAD 2.0
 * file (generated once in a temp folder), as a multiple of the input's size (issue 40.6: within
 * about 2×). The run is a child process under /usr/bin/time -v; prints numbers, asserts nothing.
 *
 *   npm run bench:predict-memory -- [--mb 212] [--questions-per-passage 2]
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '212' }, 'questions-per-passage': { type: 'string', default: '2' }, keep: { type: 'boolean', default: false } } });
const ROOT = join(import.meta.dirname, '..');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const mb = Number(values.mb);
const perPassage = Number(values['questions-per-passage']);

/** Writes a SQuAD 2.0 file of about `bytes` bytes, an article at a time (never held whole): distinct passages, a fifth of the questions unanswerable. */
function generate(file: string, bytes: number): void {
  const words = 'the river city council built a bridge over harbour in spring after long debate about cost and design of its northern tower'.split(' ');
  const fd = openSync(file, 'w');
  let size = writeSync(fd, '{"version": "v2.0", "data": [');
  for (let a = 0; size < bytes; a++) {
    const context = `${Array.from({ length: 300 }, (_, k) => words[(a * 7 + k * 3) % words.length]).join(' ')} Article ${a} was built by a bridge company.`;
    const start = context.indexOf('a bridge company');
    const qas = Array.from({ length: perPassage }, (_, q) => (q % 5 === 4 ? { id: `q${a}-${q}`, question: `Who painted tower ${a} ${q}?`, answers: [], is_impossible: true } : { id: `q${a}-${q}`, question: `Who built article ${a} ${q}?`, answers: [{ text: 'a bridge company', answer_start: start }], is_impossible: false }));
    size += writeSync(fd, `${a ? ',' : ''}${JSON.stringify({ title: `A${a}`, paragraphs: [{ context, qas }] })}`);
  }
  writeSync(fd, ']}');
  closeSync(fd);
}

const dir = join(tmpdir(), 'qarx-bench-predict-memory');
mkdirSync(dir, { recursive: true });
const file = join(dir, `squad2-${mb}mb-${perPassage}q.json`);
if (!existsSync(file)) generate(file, mb * 1e6);
const input = statSync(file).size;
const out = join(dir, 'out');
rmSync(out, { recursive: true, force: true });
console.log(`input: ${file}: ${(input / 1e6).toFixed(1)} MB`);
const t0 = performance.now();
const r = spawnSync('/usr/bin/time', ['-v', process.execPath, join(ROOT, 'bin', 'qarx.mjs'), 'predict', '--model', MODEL, '--data', file, '--out', out], { encoding: 'utf8', maxBuffer: 1 << 26 });
const secs = (performance.now() - t0) / 1000;
const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? NaN);
const last = r.stderr.split('\n').filter((l) => /questions?, .*windows? .* in /.test(l)).pop() ?? r.stderr.slice(-2000);
console.log(`predict: exit ${r.status}, ${last.trim()}`);
console.log(`peak RSS ${(kb / 1024).toFixed(0)} MiB = ${((kb * 1024) / input).toFixed(2)}× the input (${(input / 1e6).toFixed(1)} MB), ${secs.toFixed(0)} s`);
if (!values.keep) rmSync(out, { recursive: true, force: true });
