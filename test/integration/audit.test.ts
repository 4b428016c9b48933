/**
 * qarx audit end to end on the shipped model and a few demo questions, through the real CLI:
 * two shards merged equal one unsharded run byte for byte (up to timestamps), as do worker
 * threads; a run killed after its first unit file and resumed gives the same summary; a failing
 * unit is recorded and the others go on; a bad config names its key (exit 2).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runMain, runQarx } from '../support/run-qarx.ts';
import { auditConfig, compareSummaries } from '../support/audit.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-audit-'));
const CONFIG = join(tmp, 'audit.json');
const cache = join(tmp, 'cache');
const run = (...args: string[]) => runQarx(cache, ...args);

beforeAll(async () => {
  writeFileSync(CONFIG, JSON.stringify(auditConfig()));
  const r = await run('audit', '--config', CONFIG, '--out', join(tmp, 'one'));
  expect(r.code, r.stderr).toBe(0);
}, 600_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('qarx audit', () => {
  it('writes one file per unit, the summary, tables, report and bundle, with progress and a summary line on stderr', () => {
    const dir = join(tmp, 'one');
    const plan = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as { units: { id: string }[] };
    expect(plan.units.length).toBe(9);
    expect(readdirSync(join(dir, 'units')).sort()).toEqual(plan.units.map((u) => `${u.id}.json`).sort());
    for (const f of ['summary.json', 'summary.md', 'report.html', 'bundle.zip', 'tables/qarx-lexical-qa-overview.csv', 'tables/qarx-lexical-qa-traps.csv']) expect(existsSync(join(dir, f)), f).toBe(true);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { ok: number; failed: unknown[]; models: { name: string; tables: { kind: string }[] }[] };
    expect([s.ok, s.failed.length]).toEqual([9, 0]);
    expect(s.models[0]?.tables.map((t) => t.kind)).toEqual(['sweep', 'budget', 'natural', 'synthetic', 'paraphrase', 'traps']);
  });

  it('two shards merged equal the unsharded run, byte for byte up to timestamps', async () => {
    for (const i of ['0', '1']) {
      const r = await run('audit', '--config', CONFIG, '--out', join(tmp, `shard${i}`), '--shard', `${i}/2`);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`audit [shard ${i}/2]: ${i === '0' ? 5 : 4} of 9 units`);
    }
    const m = await run('merge', join(tmp, 'shard0'), join(tmp, 'shard1'), '--out', join(tmp, 'merged'));
    expect(m.code, m.stderr).toBe(0);
    compareSummaries(join(tmp, 'one'), join(tmp, 'merged'));
    // One shard alone is not the whole audit: merge says which units are missing (exit 1).
    const part = await run('merge', join(tmp, 'shard0'), '--out', join(tmp, 'part'));
    expect(part.code).toBe(1);
    expect(part.stderr).toContain('4 missing');
  }, 600_000);

  it('--workers 2 (worker threads, own sessions) gives the same summary', async () => {
    const r = await run('audit', '--config', CONFIG, '--out', join(tmp, 'workers'), '--workers', '2', '--threads', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('with 2 workers × 1 thread');
    expect(r.stderr).toMatch(/device: (CPU|CUDA)/);
    compareSummaries(join(tmp, 'one'), join(tmp, 'workers'));
  }, 600_000);

  it('a run killed after its first unit file and resumed gives the same result', async () => {
    const dir = join(tmp, 'killed');
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), 'audit', '--config', CONFIG, '--out', dir], { cwd: ROOT, env: { ...process.env, QARX_CACHE_DIR: cache }, stdio: 'ignore' });
    const exited = new Promise<string | null>((res) => child.on('exit', (_code, signal) => res(signal)));
    // Poll for the first finished unit, then kill the process without warning.
    await new Promise<void>((res) => {
      const t = setInterval(() => {
        const d = join(dir, 'units');
        if ((existsSync(d) && readdirSync(d).some((f) => f.endsWith('.json'))) || child.exitCode !== null) {
          clearInterval(t);
          res();
        }
      }, 20);
    });
    child.kill('SIGKILL');
    await exited;
    const finished = readdirSync(join(dir, 'units')).filter((f) => f.endsWith('.json')).length;
    expect(finished).toBeGreaterThanOrEqual(1);
    const r = await run('audit', '--config', CONFIG, '--out', dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${finished} already done (skipped); ${9 - finished} to run`);
    compareSummaries(join(tmp, 'one'), dir);
  }, 600_000);

  it('records a failing unit with its error, runs the others and exits 1', async () => {
    const cfg = join(tmp, 'failing.json');
    writeFileSync(cfg, JSON.stringify({ ...auditConfig(), datasets: [{ name: 'gone', path: join(tmp, 'no-such-file.json') }, { name: 'demo', builtin: 'demo', lang: 'en', limit: 4 }], experiments: [{ kind: 'natural' }] }));
    const r = await run('audit', '--config', cfg, '--out', join(tmp, 'failing'));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/FAILED: .*no-such-file\.json: no such file/);
    const s = JSON.parse(readFileSync(join(tmp, 'failing', 'summary.json'), 'utf8')) as { ok: number; failed: { label: string; error: string }[] };
    expect(s.ok).toBe(1);
    expect(s.failed).toEqual([{ id: expect.any(String), label: 'gone · qarx-lexical-qa · natural script', error: expect.stringContaining('no such file') }]);
  }, 600_000);

  it('a bad config names its key and exits 2 before any work', async () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...auditConfig(), experiments: [{ kind: 'traps', position: 'middle' }] }));
    const r = await runMain('audit', '--config', bad, '--out', join(tmp, 'bad'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}: experiments[0].position:`);
    expect(existsSync(join(tmp, 'bad'))).toBe(false);
    mkdirSync(join(tmp, 'other'));
    writeFileSync(join(tmp, 'other', 'plan.json'), JSON.stringify({ format: 'qarx-audit-plan', name: 'x', units: [] }));
    const r2 = await runMain('audit', '--config', CONFIG, '--out', join(tmp, 'other'));
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain('holds another audit');
  });
});
