/**
 * deploy/slurm/audit.sbatch on a real Slurm cluster, submitted as docs/audits-at-scale.md shows (from the folder
 * holding audit.json, QARX_HOME naming the checkout, the docs' sizing flags), then the dependent
 * merge job: the merged summary equals an unsharded run. A failing task fails the array, and the
 * dependent merge is cancelled; a missing model folder is refused naming QARX_MODELS.
 * .ci/run starts a one-node cluster (scripts/ci/slurm.sh); without one the test is skipped, but in
 * CI (CI=true) a missing cluster fails it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compareSummaries } from '../support/audit.ts';
import { ROOT } from '../support/run-qarx.ts';
import { sbatch, slurmAnswers, waitForJob } from '../support/slurm.ts';

const HAVE = slurmAnswers();
const IN_CI = process.env.CI === 'true';
if (!HAVE && !IN_CI) console.warn('SKIPPED: no Slurm cluster answers `scontrol ping` (source scripts/ci/slurm.sh && slurm_start starts one; .ci/run does in CI)');

const AUDIT = join(ROOT, 'deploy', 'slurm', 'audit.sbatch');
const MERGE = join(ROOT, 'deploy', 'slurm', 'merge.sbatch');
// The docs' sizing for a small node (docs/audits-at-scale.md, Slurm details): one CPU per task, so both tasks run at once on two CPUs.
const SIZE = ['--array=0-1', '--cpus-per-task=1', '--mem=2G'];
const tmp = mkdtempSync(join(tmpdir(), 'qarx-slurm-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A submit folder holding audit.json with these datasets and experiments (the shipped model via ${QARX_MODELS}). */
function submitDir(name: string, config: Record<string, unknown>): string {
  const dir = join(tmp, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'audit.json'), JSON.stringify({ name, models: [{ path: '${QARX_MODELS}/qarx-lexical-qa' }], ...config }));
  return dir;
}

/** The job environment as a user's shell has it: QARX_HOME set, QARX_MODELS left to the script's default. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, QARX_HOME: ROOT, ...extra };
  if (!('QARX_MODELS' in extra)) delete env.QARX_MODELS;
  return env;
}

const log = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

describe.runIf(!HAVE && IN_CI)('Slurm in CI', () => {
  it('needs a running cluster (.ci/run starts one with scripts/ci/slurm.sh)', () => {
    expect.fail('CI=true but no Slurm cluster answers `scontrol ping`: scripts/ci/slurm.sh did not start one');
  });
});

describe.skipIf(!HAVE)('deploy/slurm on a real Slurm cluster', () => {
  it('the array and its dependent merge job give the summary of an unsharded run', async () => {
    const dir = submitDir('ok', { datasets: [{ name: 'demo', builtin: 'demo', lang: 'en', limit: 4 }], seeds: [1, 2], experiments: [{ kind: 'synthetic', noise: ['keyboard'] }, { kind: 'traps' }] });
    const env = userEnv();
    const array = await sbatch(dir, env, ...SIZE, AUDIT);
    const merge = await sbatch(dir, env, `--dependency=afterok:${array}`, '--kill-on-invalid-dep=yes', MERGE);
    // The unsharded run, meanwhile, outside Slurm.
    const one = promisify(execFile)(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), 'audit', '--config', join(dir, 'audit.json'), '--out', join(tmp, 'one')], { cwd: ROOT, env: { ...env, QARX_MODELS: join(ROOT, 'public', 'models'), QARX_CACHE_DIR: join(tmp, 'cache') } });
    const tasks = await waitForJob(array);
    expect(tasks.map((t) => [t.taskId, t.state, t.exitCode]).sort(), log(dir, `qarx-audit-${array}_0.log`)).toEqual([['0', 'COMPLETED', '0:0'], ['1', 'COMPLETED', '0:0']]);
    const [m] = await waitForJob(merge);
    expect([m?.state, m?.exitCode], log(dir, `qarx-merge-${merge}.log`)).toEqual(['COMPLETED', '0:0']);
    await one;
    // Each task logs to the submit folder, with one worker of one thread on its one CPU.
    expect(log(dir, `qarx-audit-${array}_1.log`)).toContain('audit [shard 1/2]: 2 of 4 units; 2 to run with 1 worker × 1 thread');
    expect(log(dir, `qarx-merge-${merge}.log`)).toContain('merge: 4 units planned: 4 ok, 0 failed, 0 missing');
    compareSummaries(join(tmp, 'one'), join(dir, 'results', 'summary'));
  }, 900_000);

  it('a failing task fails the array and cancels the dependent merge; a missing model folder is refused naming QARX_MODELS', async () => {
    const dir = submitDir('failing', { datasets: [{ name: 'gone', path: './no-such-file.json' }, { name: 'demo', builtin: 'demo', lang: 'en', limit: 2 }], experiments: [{ kind: 'natural' }] });
    const array = await sbatch(dir, userEnv(), ...SIZE, AUDIT);
    const merge = await sbatch(dir, userEnv(), `--dependency=afterok:${array}`, '--kill-on-invalid-dep=yes', MERGE);
    const noModels = submitDir('no-models', { datasets: [{ name: 'demo', builtin: 'demo' }], experiments: [{ kind: 'natural' }] });
    const refused = await sbatch(noModels, userEnv({ QARX_MODELS: join(tmp, 'not-here') }), '--array=0', '--cpus-per-task=1', '--mem=1G', AUDIT);

    const tasks = await waitForJob(array);
    // The two units (one per shard) are the missing file's and the demo's: one task fails with qarx's exit 1.
    expect(tasks.map((t) => `${t.state} ${t.exitCode}`).sort()).toEqual(['COMPLETED 0:0', 'FAILED 1:0']);
    const failed = tasks.find((t) => t.state === 'FAILED');
    expect(log(dir, `qarx-audit-${array}_${failed?.taskId}.log`)).toMatch(/FAILED: .*no-such-file\.json: no such file/);
    const [m] = await waitForJob(merge);
    expect([m?.state, m?.reason]).toEqual(['CANCELLED', 'DependencyNeverSatisfied']);
    expect(existsSync(join(dir, 'results', 'summary'))).toBe(false);

    const [r] = await waitForJob(refused);
    expect([r?.state, r?.exitCode]).toEqual(['FAILED', '2:0']);
    expect(log(noModels, `qarx-audit-${refused}_0.log`)).toContain(`audit.json uses \${QARX_MODELS} but QARX_MODELS=${join(tmp, 'not-here')} is not a folder: set QARX_MODELS`);
  }, 900_000);
});
