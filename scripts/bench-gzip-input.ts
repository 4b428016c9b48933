/**
 * npm run bench:gzip-input: peak RSS of reading predict's input from a big gzip SQuAD file, read
 * whole (readData: inflate all, parse all — the way before) vs streamed (readPredictInput: inflate
 * and parse chunk by chunk, twice), each in its own child process. Prints numbers; nothing asserted.
 *
 *   npm run bench:gzip-input -- [--mb 200]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'fflate';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '200' }, child: { type: 'string' }, file: { type: 'string' } } });

/** Peak RSS of this process so far (VmHWM, Linux), in MiB (VmHWM counts KiB). */
const peak = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) / 1024;

if (values.child && values.file) {
  const t0 = performance.now();
  let n = 0;
  if (values.child === 'whole') {
    const { readData } = await import('../src/cli/data.ts');
    n = (await readData(values.file)).items.length;
  } else {
    const { readPredictInput } = await import('../src/cli/predict-input.ts');
    const d = await readPredictInput(values.file);
    for (const c of d.chunks(1024)) n += c.length;
  }
  console.log(JSON.stringify({ n, peakMb: peak(), s: (performance.now() - t0) / 1000 }));
} else {
  const dir = join(tmpdir(), 'qarx-bench-gzip');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `squad-${values.mb}mb.json.gz`);
  if (!existsSync(file)) {
    const words = 'the river city council built a bridge over harbour in spring after long debate about cost and design of its northern tower'.split(' ');
    const data: unknown[] = [];
    let size = 0;
    for (let a = 0; size < Number(values.mb) * 1e6; a++) {
      const context = Array.from({ length: 180 }, (_, k) => words[(a * 7 + k * 3) % words.length]).join(' ') + ` Article ${a}.`;
      const qa = { id: `q${a}`, question: `What did the council build ${a}?`, answers: [{ text: 'a bridge', answer_start: context.indexOf('a bridge') }], is_impossible: false };
      const art = { title: `A${a}`, paragraphs: [{ context, qas: context.includes('a bridge') ? [qa] : [{ ...qa, answers: [], is_impossible: true }] }] };
      size += JSON.stringify(art).length;
      data.push(art);
    }
    writeFileSync(file, gzipSync(new TextEncoder().encode(JSON.stringify({ version: 'v2.0', data }))));
  }
  const gzMb = statSync(file).size / 1e6;
  console.log(`input: ${file}: ${gzMb.toFixed(1)} MB gzip, ≈ ${values.mb} MB of JSON`);
  for (const mode of ['whole', 'streamed']) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', import.meta.filename, '--child', mode, '--file', file], { encoding: 'utf8', maxBuffer: 1 << 20 });
    const r = JSON.parse(out.trim().split('\n').pop() as string) as { n: number; peakMb: number; s: number };
    console.log(`${mode.padEnd(8)}: ${r.n} questions, peak RSS ${r.peakMb.toFixed(0)} MiB (${((r.peakMb * 2 ** 20) / 1e6 / Number(values.mb)).toFixed(1)}× the JSON), ${r.s.toFixed(1)} s`);
  }
}
