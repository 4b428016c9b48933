/**
 * GNU parallel runs three audit shards on one machine (as docs/audits-at-scale.md shows), and qarx merge joins
 * them into the summary an unsharded run writes. CI installs Debian's parallel (.ci/run).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { auditConfig, compareSummaries } from '../support/audit.ts';
import { ROOT, runQarx } from '../support/run-qarx.ts';

/** True when GNU parallel is on the PATH. */
function hasParallel(): boolean {
  try {
    return execFileSync('parallel', ['--version'], { encoding: 'utf8' }).includes('GNU parallel');
  } catch {
    return false;
  }
}

const HAVE = hasParallel();
if (!HAVE) console.warn('SKIPPED: GNU parallel is not installed here (apt-get install parallel; .ci/run installs it in CI)');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-audit-par-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!HAVE)('qarx audit with GNU parallel', () => {
  it('three shards run by parallel and merged equal one unsharded run', async () => {
    const config = join(tmp, 'audit.json');
    const cache = join(tmp, 'cache');
    writeFileSync(config, JSON.stringify(auditConfig()));
    const one = await runQarx(cache, 'audit', '--config', config, '--out', join(tmp, 'one'));
    expect(one.code, one.stderr).toBe(0);
    const bin = join(ROOT, 'bin', 'qarx.mjs');
    // The line of docs/audits-at-scale.md (test/unit/docs.test.ts checks it is there): one job per shard index, all on this machine.
    const r = await promisify(execFile)('parallel', ['--halt', 'now,fail=1', '-j', '3', process.execPath, bin, 'audit', '--config', config, '--out', join(tmp, 'shard-{}'), '--shard', '{}/3', ':::', '0', '1', '2'], { cwd: ROOT, env: { ...process.env, QARX_CACHE_DIR: cache } });
    for (const i of [0, 1, 2]) expect(r.stderr).toContain(`audit [shard ${i}/3]: 3 of 9 units`);
    const m = await runQarx(cache, 'merge', ...[0, 1, 2].map((i) => join(tmp, `shard-${i}`)), '--out', join(tmp, 'merged'));
    expect(m.code, m.stderr).toBe(0);
    expect(m.stderr).toContain('9 units planned: 9 ok, 0 failed, 0 missing');
    compareSummaries(join(tmp, 'one'), join(tmp, 'merged'));
  }, 900_000);
});
