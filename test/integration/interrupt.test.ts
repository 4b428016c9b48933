/**
 * Ctrl-C on real runs (issue 25.1, 25.8): `qarx predict` keeps the predictions that finished, closed
 * as whole JSON and marked partial in run.json, in a folder that holds no file of an earlier run;
 * `qarx audit` says it was interrupted and how to resume. Each run is interrupted at an event it
 * prints (a progress line, a finished unit), never after a timer.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { instancesToSquad } from '../../src/core/formats/index.ts';
import { ROOT } from '../support/run-qarx.ts';
import { auditConfig } from '../support/audit.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-interrupt-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');

/** Runs qarx, sends SIGINT once stderr matches `at`; resolves with the exit code and both streams. */
function interruptAt(args: string[], at: RegExp): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), ...args], { cwd: ROOT, env: { ...process.env, QARX_CACHE_DIR: join(tmp, 'cache') } });
  let stdout = '';
  let stderr = '';
  let sent = false;
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString();
    if (!sent && at.test(stderr)) {
      sent = true;
      child.kill('SIGINT');
    }
  });
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

describe('Ctrl-C', () => {
  it('in qarx predict keeps what finished, whole and marked partial, and no file of the run before', async () => {
    const demo = loadDemoSet().filter((i) => i.lang === 'en');
    // Each copy's passage differs (a tail after every answer), so no window is served from the cache
    // and the run is still computing when the first progress line asks for Ctrl-C.
    const copies = Array.from({ length: 20 }, (_, k) => demo.map((i) => ({ ...i, id: `${i.id}-${k}`, context: `${i.context} Copy ${k}.` }))).flat();
    const data = join(tmp, 'big.json');
    writeFileSync(data, JSON.stringify(instancesToSquad(copies)));
    const out = join(tmp, 'pred');
    mkdirSync(out);
    // An earlier run's files in the reused folder.
    for (const f of ['predictions.json', 'nbest_predictions.json', 'null_odds.json', 'run.json']) writeFileSync(join(out, f), '{"old-run": "x"}\n');
    writeFileSync(join(out, 'logits.jsonl'), '{"id": "old-run"}\n');
    writeFileSync(join(out, 'notes.txt'), 'not the run\'s\n');
    const r = await interruptAt(['predict', '--model', MODEL, '--data', data, '--out', out], /^predict: \d+\/\d+ questions/m);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/predict: interrupted: partial results \(\d+ of [\d,]+ questions written to .*, marked partial in run\.json\)/);
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { partial: boolean; answered: number; questions: number; stopped: string; command: string; record: { n: number } };
    expect(run).toMatchObject({ partial: true, questions: copies.length, stopped: 'interrupted (Ctrl-C)', record: { n: copies.length } });
    expect(run.command).toMatch(/^qarx predict /);
    expect(run.answered).toBeGreaterThan(0);
    expect(run.answered).toBeLessThan(copies.length);
    const preds = JSON.parse(readFileSync(join(out, 'predictions.json'), 'utf8')) as Record<string, string>;
    const nbest = JSON.parse(readFileSync(join(out, 'nbest_predictions.json'), 'utf8')) as Record<string, unknown[]>;
    // The first questions of the file, in order, and the same ones in every file.
    expect(Object.keys(preds)).toEqual(copies.slice(0, run.answered).map((i) => i.id));
    expect(Object.keys(nbest)).toEqual(Object.keys(preds));
    if (existsSync(join(out, 'null_odds.json'))) expect(Object.keys(JSON.parse(readFileSync(join(out, 'null_odds.json'), 'utf8')) as object)).toEqual(Object.keys(preds));
    // Not asked for this time: the earlier run's logits are gone, not left beside these predictions.
    expect(readdirSync(out).sort()).toEqual(['nbest_predictions.json', 'notes.txt', ...(copies.some((i) => i.isImpossible) ? ['null_odds.json'] : []), 'predictions.json', 'run.json']);
  }, 600_000);

  it('in qarx challenge --model writes what finished, marked partial, and exits 130', async () => {
    const demo = loadDemoSet().filter((i) => i.lang === 'en' && !i.isImpossible);
    // Distinct passages per copy (no cached window), so the first model is still answering at its first progress line.
    const copies = Array.from({ length: 20 }, (_, k) => demo.map((i) => ({ ...i, id: `${i.id}-${k}`, context: `${i.context} Copy ${k}.` }))).flat();
    const orig = join(tmp, 'ch-orig.json');
    const pert = join(tmp, 'ch-pert.json');
    writeFileSync(orig, JSON.stringify(instancesToSquad(copies)));
    writeFileSync(pert, JSON.stringify(instancesToSquad(copies.map((i) => ({ ...i, context: `${i.context} Edited.` })))));
    const out = join(tmp, 'challenge.json');
    // Two models (one folder named two ways): Ctrl-C during the first, so the second never runs.
    const r = await interruptAt(['challenge', orig, pert, '--model', MODEL, '--model', `${MODEL}/`, '--out', out], /^challenge: .*: \d+\/\d+ passages answered/m);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/challenge: stopping after the current batch/);
    expect(r.stderr).toMatch(/challenge: interrupted: partial results \(.*qarx-lexical-qa \d+ of \d+ questions, .*qarx-lexical-qa\/ 0 of \d+ questions; wrote .*challenge\.json, marked partial\)/);
    const file = JSON.parse(readFileSync(out, 'utf8')) as { challenge: { partial: boolean; stopped: { reason: string; models: { model: string; answered: number; of: number }[] } } };
    expect(file.challenge.partial).toBe(true);
    const [first, second] = file.challenge.stopped.models;
    expect(file.challenge.stopped.reason).toBe('interrupted (Ctrl-C)');
    expect(first?.answered).toBeLessThan(first?.of ?? 0);
    expect(second?.answered).toBe(0);
  });

  it('in qarx audit exits 130 saying what is kept and how to resume', async () => {
    const cfg = join(tmp, 'audit.json');
    writeFileSync(cfg, JSON.stringify({ ...auditConfig(), seeds: Array.from({ length: 12 }, (_, k) => k + 1), experiments: [{ kind: 'traps' }] }));
    const dir = join(tmp, 'audit');
    const r = await interruptAt(['audit', '--config', cfg, '--out', dir], /units done/);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/audit: interrupted: partial results \(\d+ of 12 units to run finished, kept in .*units; no summary written\); resume with the same command, finished units are skipped: qarx audit --config /);
    expect(readdirSync(join(dir, 'units')).filter((f) => f.endsWith('.json')).length).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(dir, 'summary.json'))).toBe(false);
  }, 600_000);
});
