/**
 * Data after the gzip stream in the CLI's readers (issue 40.8): every reader of predict and eval
 * (nested SQuAD read whole or streamed, JSON Lines streamed) keeps the whole data, as the importer
 * does for every format, and the read report says "trailing data after the gzip stream", never a
 * "gzip checksum failed" the file does not have; a real checksum failure still says so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'fflate';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readData } from '../../src/cli/data.ts';
import { readEvalData } from '../../src/cli/eval-input.ts';
import { readPredictInput } from '../../src/cli/predict-input.ts';
import { reportRead } from '../../src/cli/report.ts';
import { AFTER_GZIP } from '../../src/core/formats/summary.ts';
import type { InputIssue } from '../../src/core/formats/squad.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-gz-trailing-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const MINI = join(import.meta.dirname, '..', 'fixtures', 'cli', 'squad2-mini.json');
const CTX = 'Ada Lovelace was born in London in 1815.';
const rows = ['q1', 'q2'].map((id) => JSON.stringify({ id, title: 't', context: CTX, question: `Where ${id}?`, answers: { text: ['London'], answer_start: [25] } })).join('\n');

/** The stderr of reportRead for these issues. */
function report(file: string, n: number, issues: readonly InputIssue[]): string {
  let text = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((text += String(s)), true));
  try {
    reportRead(file, n, issues);
  } finally {
    spy.mockRestore();
  }
  return text;
}

describe('trailing data after the gzip stream, in the CLI', () => {
  const squad = join(tmp, 'set.json.gz');
  const lines = join(tmp, 'set.jsonl.gz');
  const plain = readFileSync(MINI);
  writeFileSync(squad, Buffer.concat([gzipSync(plain), Buffer.from('junk')]));
  writeFileSync(lines, Buffer.concat([gzipSync(Buffer.from(`${rows}\n`)), Buffer.from('junk')]));

  it.each([
    { name: 'readData (nested SQuAD, read whole)', file: squad, read: async (f: string) => { const d = await readData(f); return { ids: d.items.map((i) => i.id), issues: d.issues }; } },
    { name: 'readPredictInput (nested SQuAD, streamed)', file: squad, read: readPredictInput },
    { name: 'readEvalData (nested SQuAD)', file: squad, read: readEvalData },
    { name: 'readPredictInput (JSON Lines, streamed)', file: lines, read: readPredictInput },
  ])('$name: every question kept, one note, the report names trailing data', async ({ file, read }) => {
    const d = await read(file);
    expect(d.ids.length).toBe(file === lines ? 2 : JSON.stringify(JSON.parse(plain.toString('utf8'))).match(/"question"/g)?.length);
    const gz = d.issues.filter((i) => i.kind === 'gzip');
    expect(gz).toEqual([{ kind: 'gzip', path: AFTER_GZIP, skipped: false, message: expect.stringMatching(/^4 bytes of trailing garbage after the gzip data \(from byte \d+\); ignored, as gzip does$/) as string }]);
    const text = report(file, d.ids.length, d.issues);
    expect(text).toContain(`${file}: trailing data after the gzip stream (ignored, as gzip does); the data before it is whole: ${d.ids.length} questions read`);
    expect(text).not.toMatch(/checksum/);
  });

  it('a checksum that fails is still reported as one', () => {
    const text = report('x.jsonl.gz', 3, [{ kind: 'gzip', path: 'gzip trailer', skipped: false, message: 'x.jsonl.gz: gzip checksum mismatch: the file is corrupt or truncated; all 3 lines were read, but may be damaged' }]);
    expect(text).toMatch(/gzip checksum failed \(corrupt file\)/);
  });
});
