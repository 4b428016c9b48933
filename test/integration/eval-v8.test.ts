/**
 * `qarx eval`'s plain path sets V8 up for a short run (src/cli/eval-v8.ts, issue 29): on a
 * SQuAD-sized file no scoring function is handed to TurboFan, and the young generation keeps its
 * start size. Both are read from V8 itself (--trace-opt's "marking" lines, the heap's space sizes),
 * which depend on how often code runs and how much it allocates, never on the machine's speed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalV8Flags, NO_OPT_MAX_BYTES } from '../../src/cli/eval-v8.ts';
import { ROOT } from '../support/run-qarx.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-eval-v8-'));
const DATA = join(tmp, 'dev.json');
const PREDS = join(tmp, 'preds.json');
const QUESTIONS = 6000;
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A SQuAD 2.0 file of QUESTIONS questions (10 per passage, every third unanswerable) and predictions, half of them right. */
beforeAll(() => {
  const words = 'the river city council bridge harbour spring debate a design northern tower museum railway an empire treaty'.split(' ');
  const paragraphs = [];
  const preds: Record<string, string> = {};
  for (let p = 0; p < QUESTIONS / 10; p++) {
    const ctx = Array.from({ length: 150 }, (_, i) => words[(p * 7 + i * 3) % words.length]).join(' ');
    const qas = [];
    for (let k = 0; k < 10; k++) {
      const id = `q${p}_${k}`;
      const answer = ctx.split(' ').slice(k, k + 3).join(' ');
      const impossible = k % 3 === 0;
      qas.push({ id, question: `What ${k}?`, answers: impossible ? [] : [{ text: answer, answer_start: 0 }, { text: answer.toUpperCase(), answer_start: 0 }], is_impossible: impossible });
      preds[id] = k % 2 ? answer : `The ${words[k]}!`;
    }
    paragraphs.push({ context: ctx, qas });
  }
  writeFileSync(DATA, JSON.stringify({ version: 'v2.0', data: [{ title: 'T', paragraphs }] }));
  writeFileSync(PREDS, JSON.stringify(preds));
});

/** stdout of `node …nodeArgs bin/qarx.mjs eval DATA PREDS`. */
async function evalWith(...nodeArgs: string[]): Promise<string> {
  const r = await promisify(execFile)(process.execPath, [...nodeArgs, join(ROOT, 'bin', 'qarx.mjs'), 'eval', DATA, PREDS], { cwd: ROOT, maxBuffer: 64 << 20 });
  return r.stdout;
}

describe('qarx eval on a SQuAD-sized file', () => {
  it('hands none of its scoring functions to TurboFan (compiling them cost more than it saved)', async () => {
    const out = await evalWith('--trace-opt');
    expect(out).toContain(`"total": ${QUESTIONS}`);
    // Without the flag, V8 marks these hot on this file (normalizeAnswer, scoreTagged, evaluateV2, …).
    const marked = out.split('\n').filter((l) => l.startsWith('[marking') && /normalizeAnswer|scoreTagged|evaluateV2|pyWords|goldF1|readEvalData|wellFormedQa/.test(l));
    expect(marked).toEqual([]);
  }, 60_000);

  it('keeps the young generation at its start size (its growth was page faults and peak memory)', async () => {
    const sizes = join(tmp, 'spaces.json');
    const preload = join(tmp, 'spaces.mjs');
    writeFileSync(preload, `import { writeFileSync } from 'node:fs';\nimport { getHeapSpaceStatistics } from 'node:v8';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(sizes)}, JSON.stringify(getHeapSpaceStatistics())));\n`);
    await evalWith('--import', preload);
    const spaces = JSON.parse(readFileSync(sizes, 'utf8')) as { space_name: string; space_size: number }[];
    const young = spaces.find((s) => s.space_name === 'new_space')?.space_size ?? NaN;
    // Its start size is 2 × 1 MB semi-spaces; V8's default doubles it as it fills, to 8–16 MB on this file.
    expect(young).toBeLessThanOrEqual(4 << 20);
  }, 60_000);
});

describe('evalV8Flags', () => {
  it.each([
    { bytes: 1_700_000, flags: ['--semi-space-growth-factor=1', '--no-opt'] },
    { bytes: NO_OPT_MAX_BYTES, flags: ['--semi-space-growth-factor=1', '--no-opt'] },
    // A long run: TurboFan pays for itself (17 MB, 60,000 questions: ~15% faster with it).
    { bytes: NO_OPT_MAX_BYTES + 1, flags: ['--semi-space-growth-factor=1'] },
  ])('$bytes bytes → $flags', ({ bytes, flags }) => {
    expect(evalV8Flags(bytes)).toEqual(flags);
  });
});
