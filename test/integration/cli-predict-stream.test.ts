/**
 * qarx predict on a streamed file (plain nested SQuAD JSON, read an article at a time) writes the
 * very bytes it writes when the same file is read whole, and reports the same problems; gzip is
 * streamed too (inflated chunk by chunk), with the same questions as the file read whole; the
 * shipped model runs for real.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { runQarx } from '../support/run-qarx.ts';
import { readPredictInput } from '../../src/cli/predict-input.ts';
import { readData } from '../../src/cli/data.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const MINI = join(ROOT, 'test', 'fixtures', 'cli', 'squad2-mini.json');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-stream-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** squad2-mini's article three times (ids suffixed), plus a duplicate id and a malformed article. */
function fixture(): string {
  const mini = JSON.parse(readFileSync(MINI, 'utf8')) as { version: string; data: { title: string; paragraphs: { context: string; qas: { id: string }[] }[] }[] };
  const copy = (k: number) => mini.data.map((a) => ({ ...a, title: `${a.title} ${k}`, paragraphs: a.paragraphs.map((p) => ({ ...p, qas: p.qas.map((q) => ({ ...q, id: `${q.id}-${k}` })) })) }));
  const [first] = copy(1);
  const dup = { title: 'dup', paragraphs: [{ context: first?.paragraphs[0]?.context ?? '', qas: [{ id: 'lh-1-1', question: 'Who again?', answers: [] }] }] };
  return JSON.stringify({ version: mini.version, data: [...copy(1), { title: 5 }, ...copy(2), dup, ...copy(3)] }, null, 2);
}

describe('qarx predict, streamed', () => {
  const plain = join(tmp, 'set.json');
  const gz = join(tmp, 'set.json.gz');
  writeFileSync(plain, fixture());
  writeFileSync(gz, gzipSync(readFileSync(plain)));

  it('streams plain and gzip nested SQuAD JSON, with the questions and problems of the file read whole', async () => {
    const a = await readPredictInput(plain);
    const b = await readPredictInput(gz);
    const whole = await readData(gz);
    expect([a.streamed, b.streamed]).toEqual([true, true]);
    expect(b.ids).toEqual(whole.items.map((i) => i.id));
    expect([...b.chunks(7)].flat()).toEqual(whole.items);
    expect(b.issues).toEqual(whole.issues);
    expect(a.ids).toEqual(b.ids);
    expect(a.version).toBe(b.version);
    expect(a.issues).toEqual(b.issues.map((i) => ({ ...i, path: i.path.replace(gz, plain) })));
    expect(a.issues.map((i) => i.kind)).toEqual(['schema', 'duplicate-id']);
    expect([...a.chunks(5)].flat()).toEqual([...b.chunks(1000)].flat());
    expect([...a.chunks(5)].map((c) => c.length)).toEqual([5, 5, 2]);
  });

  it('writes byte-identical predictions, n-best lists and null odds both ways', { timeout: 240_000 }, async () => {
    const outs = { plain: join(tmp, 'out-plain'), gz: join(tmp, 'out-gz') };
    const r1 = await runQarx(join(tmp, 'cache'), 'predict', '--model', MODEL, '--data', plain, '--out', outs.plain);
    const r2 = await runQarx(join(tmp, 'cache'), 'predict', '--model', MODEL, '--data', gz, '--out', outs.gz);
    expect([r1.code, r2.code], r1.stderr + r2.stderr).toEqual([0, 0]);
    for (const f of ['predictions.json', 'nbest_predictions.json', 'null_odds.json']) {
      expect(readFileSync(join(outs.plain, f), 'utf8'), f).toBe(readFileSync(join(outs.gz, f), 'utf8'));
    }
    expect(Object.keys(JSON.parse(readFileSync(join(outs.plain, 'predictions.json'), 'utf8')) as object)).toHaveLength(12);
    // The read report names the same problems, for the file each run read.
    const report = (s: string, file: string) => s.split('\n').filter((l) => !/^predict: (\d|reading )|question.*window|^loaded /.test(l)).join('\n').replaceAll(file, 'FILE');
    expect(report(r1.stderr, plain)).toBe(report(r2.stderr, gz));
    const run = JSON.parse(readFileSync(join(outs.plain, 'run.json'), 'utf8')) as { partial: boolean; answered: number; questions: number };
    expect(run).toMatchObject({ partial: false, answered: 12, questions: 12 });
  });
});
