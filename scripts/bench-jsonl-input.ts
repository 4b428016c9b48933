/**
 * npm run bench:jsonl-input: peak RSS and time to the first reading-progress report of predict's
 * input stage on a big JSON Lines file (flat Hugging Face rows; --gz: gzip), read whole (readData:
 * the file, then every row, held at once — the way before) vs streamed (readPredictInput: a line
 * at a time, twice), each in its own child process. Prints numbers; nothing asserted.
 *
 *   npm run bench:jsonl-input -- [--mb 200] [--gz]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'fflate';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '200' }, gz: { type: 'boolean', default: false }, child: { type: 'string' }, file: { type: 'string' } } });

/** Peak RSS of this process so far (VmHWM, Linux), in MiB (VmHWM counts KiB). */
const peak = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) / 1024;

if (values.child && values.file) {
  const t0 = performance.now();
  let first: number | null = null;
  let n = 0;
  if (values.child === 'whole') {
    const { readData } = await import('../src/cli/data.ts');
    n = (await readData(values.file)).items.length;
  } else {
    const { readPredictInput } = await import('../src/cli/predict-input.ts');
    const d = await readPredictInput(values.file, () => (first ??= performance.now() - t0));
    for (const c of d.chunks(1024)) n += c.length;
  }
  console.log(JSON.stringify({ n, peakMb: peak(), s: (performance.now() - t0) / 1000, firstS: first === null ? null : first / 1000 }));
} else {
  const dir = join(tmpdir(), 'qarx-bench-jsonl');
  mkdirSync(dir, { recursive: true });
  const plain = join(dir, `rows-${values.mb}mb.jsonl`);
  if (!existsSync(plain)) {
    const words = 'the river city council built a bridge over harbour in spring after long debate about cost and design of its northern tower'.split(' ');
    const fd = openSync(plain, 'w');
    let size = 0;
    for (let a = 0; size < Number(values.mb) * 1e6; a++) {
      const context = Array.from({ length: 180 }, (_, k) => words[(a * 7 + k * 3) % words.length]).join(' ') + ` Article ${a}.`;
      const at = context.indexOf('a bridge');
      const row = { id: `q${a}`, title: `A${a}`, context, question: `What did the council build ${a}?`, answers: at >= 0 ? { text: ['a bridge'], answer_start: [at] } : { text: [], answer_start: [] } };
      const line = `${JSON.stringify(row)}\n`;
      size += line.length;
      writeSync(fd, line);
    }
    closeSync(fd);
  }
  const file = values.gz ? `${plain}.gz` : plain;
  if (values.gz && !existsSync(file)) writeFileSync(file, gzipSync(readFileSync(plain)));
  const mb = statSync(plain).size / 1e6;
  console.log(`input: ${file}: ${(statSync(file).size / 1e6).toFixed(1)} MB${values.gz ? ` gzip, ${mb.toFixed(0)} MB of JSON Lines` : ''}`);
  for (const mode of ['whole', 'streamed']) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', import.meta.filename, '--child', mode, '--file', file], { encoding: 'utf8', maxBuffer: 1 << 20 });
    const r = JSON.parse(out.trim().split('\n').pop() as string) as { n: number; peakMb: number; s: number; firstS: number | null };
    const first = r.firstS === null ? `no progress until the file is read (${r.s.toFixed(1)} s)` : `first progress after ${r.firstS.toFixed(2)} s`;
    console.log(`${mode.padEnd(8)}: ${r.n} questions, peak RSS ${r.peakMb.toFixed(0)} MiB (${((r.peakMb * 2 ** 20) / 1e6 / mb).toFixed(1)}× the JSON Lines), ${r.s.toFixed(1)} s, ${first}`);
  }
}
