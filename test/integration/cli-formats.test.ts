/**
 * Published layouts through the CLI: string booleans (natural-perturbation challenge sets), HF flat
 * documents with a numeric version (transformers' SQuAD sample) and DuReader files whose every
 * answer_start is -1. One `qarx` process per file keeps this quick on a loaded machine.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runQarx } from '../support/run-qarx.ts';

const FIX = join(ROOT, 'test', 'fixtures', 'formats');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-cli-formats-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Predictions that copy the first gold answer ("" for unanswerable), so EM is 100 when every question is read. */
function goldPredictions(expectedFile: string, extra: Record<string, string> = {}): string {
  const r = JSON.parse(readFileSync(join(FIX, expectedFile), 'utf8')) as { instances: { id: string; answers: { text: string }[] }[] };
  const p = join(tmp, `${expectedFile}.preds.json`);
  writeFileSync(p, JSON.stringify({ ...Object.fromEntries(r.instances.map((i) => [i.id, i.answers[0]?.text ?? ''])), ...extra }));
  return p;
}

describe('qarx eval reads published layouts', () => {
  it.each([
    // eval scores every question as the official script does, also the one whose is_impossible is "maybe" (with a warning).
    { file: 'squad-string-bools.json', want: 'squad-string-bools.expected.json', total: 4, args: [] as string[], extra: { 'nv2-q4': '1884' } },
    { file: 'squad-flat-document.json', want: 'squad-flat-document.expected.json', total: 4, args: [] },
    // The official DuReader script scores every question, also the one whose answer is not in its passage (no prediction here).
    { file: 'dureader-unplaced.json', want: 'dureader-unplaced.expected.json', total: 4, args: ['--lang', 'zh'], em: 75 },
  ])('$file', async ({ file, want, total, args, em: wantEm = 100, extra = {} }) => {
    const r = await runQarx(join(tmp, 'cache'), 'eval', join(FIX, file), goldPredictions(want, extra), ...args);
    expect(r.stderr).not.toMatch(/not a SQuAD file|rejected/);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, number | string>;
    expect(out.total ?? out.TOTAL).toBe(total);
    expect(Number(out.exact ?? out.EM)).toBe(wantEm);
    // At most one warning line per problem kind here: the all -1 DuReader file gets a single summary.
    expect(r.stderr.split('\n').filter((l) => l.startsWith('warning')).length).toBeLessThanOrEqual(1);
  }, 120_000);
});
