/**
 * `kill -9` during `qarx predict` (issue 40.6): every file in the output folder is whole — each of
 * run_qa.py's files is either absent or valid JSON, never 0 bytes or cut — and run.json says the run
 * is partial. The kill lands at an event the run prints (its test hold after the first chunk), never
 * after a timer.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { instancesToSquad } from '../../src/core/formats/index.ts';
import { ROOT } from '../support/run-qarx.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-kill-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');

/** Runs qarx and sends SIGKILL once stderr matches `at`; resolves with the signal and stderr. */
function killAt(args: string[], at: RegExp): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  const env = { ...process.env, QARX_CACHE_DIR: join(tmp, 'cache'), QARX_TEST_HOLD: 'predict' };
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), ...args], { cwd: ROOT, env });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString();
    if (at.test(stderr)) child.kill('SIGKILL');
  });
  return new Promise((res) => child.on('close', (_code, signal) => res({ signal, stderr })));
}

describe('qarx predict killed with SIGKILL', () => {
  it('leaves no 0-byte or cut file: each output absent or whole, run.json partial, no earlier run\'s files', async () => {
    const demo = loadDemoSet().filter((i) => i.lang === 'en');
    // More than one chunk (1,024 questions), a fifth unanswerable, so null_odds.json is written too.
    const copies = Array.from({ length: 20 }, (_, k) => demo.map((i) => ({ ...i, id: `${i.id}-${k}`, context: `${i.context} Copy ${k}.` }))).flat();
    expect(copies.some((i) => i.isImpossible)).toBe(true);
    const data = join(tmp, 'big.json');
    writeFileSync(data, JSON.stringify(instancesToSquad(copies)));
    const out = join(tmp, 'pred');
    mkdirSync(out);
    for (const f of ['predictions.json', 'nbest_predictions.json', 'null_odds.json']) writeFileSync(join(out, f), '{"old-run": "x"}\n');
    const r = await killAt(['predict', '--model', MODEL, '--data', data, '--out', out, '--dump-logits'], /^predict: test hold/m);
    expect(r.signal, r.stderr).toBe('SIGKILL');
    const files = readdirSync(out).filter((f) => !f.startsWith('.'));
    for (const f of files) {
      expect(statSync(join(out, f)).size, f).toBeGreaterThan(0);
      const text = readFileSync(join(out, f), 'utf8');
      if (f.endsWith('.jsonl')) for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line), f).not.toThrow();
      else expect(() => JSON.parse(text), f).not.toThrow();
      expect(text, f).not.toContain('old-run');
    }
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { partial: boolean; answered: number; questions: number; stopped: string };
    expect(run).toMatchObject({ partial: true, answered: 0, questions: copies.length, stopped: 'not finished (still running, or killed)' });
    // The next run clears the temporary files the killed one left.
    const again = await killAt(['predict', '--model', MODEL, '--data', data, '--out', out], /^predict: test hold/m);
    expect(again.signal, again.stderr).toBe('SIGKILL');
    expect(readdirSync(out).filter((f) => f.startsWith('.')).every((f) => !f.includes('logits.jsonl'))).toBe(true);
  }, 600_000);
});
