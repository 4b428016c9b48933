/**
 * `qarx sweep --json` stopped by Ctrl-C (issue 40.8): rows are complete: false, a cell holds
 * per-question entries only for the questions its n counts (none under n: 0), and progress lines
 * count whole questions. Ctrl-C lands at the first progress line, an event, never a timer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { instancesToSquad } from '../../src/core/formats/index.ts';
import { ROOT } from '../support/run-qarx.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-sweep-int-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');

describe('qarx sweep --json, interrupted', () => {
  it('rows incomplete, no entries beyond each cell\'s n, whole-question progress', async () => {
    const demo = loadDemoSet().filter((i) => i.lang === 'en');
    const copies = Array.from({ length: 8 }, (_, k) => demo.map((i) => ({ ...i, id: `${i.id}-${k}`, context: `${i.context} Copy ${k}.` }))).flat();
    const data = join(tmp, 'set.json');
    writeFileSync(data, JSON.stringify(instancesToSquad(copies)));
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), 'sweep', data, '--model', MODEL, '--types', 'PER', '--sources', 'db', '--seeds', '2', '--json'], { cwd: ROOT, env: { ...process.env, QARX_CACHE_DIR: join(tmp, 'cache') } });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (!sent && /^sweep: \S+ of (about )?\S+ predictions/m.test(stderr)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((res) => child.on('close', res));
    expect(code, stderr).toBe(130);
    // Progress counts model inputs actually run (issue 44): whole numbers, never '136.5333/26550'.
    const progress = [...stderr.matchAll(/^sweep: (\S+) of (?:about )?(\S+) predictions/gm)].flatMap((m) => [m[1], m[2]]);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.filter((p) => !/^\d{1,3}(,\d{3})*$/.test(p as string))).toEqual([]);
    const r = JSON.parse(stdout) as { partial: boolean; rows: { complete: boolean }[]; cells: { n: number; questions: unknown[] }[] };
    expect(r.partial).toBe(true);
    expect(r.rows.map((x) => x.complete)).toEqual(r.rows.map(() => false));
    for (const c of r.cells) if (c.n === 0) expect(c.questions).toEqual([]);
  }, 600_000);
});
