/** Shared by the Slurm test: whether a cluster answers, sbatch, and job states read from scontrol (no accounting needed). */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

/** One record of `scontrol show job -o`: an array task (or the still-pending rest of an array) or a plain job. */
export interface JobRecord {
  jobId: string;
  taskId: string | null;
  state: string;
  reason: string;
  exitCode: string;
}

const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'TIMEOUT', 'OUT_OF_MEMORY', 'NODE_FAIL', 'PREEMPTED', 'BOOT_FAIL', 'DEADLINE']);
// Reasons a pending job keeps forever on this cluster: waiting would only hide the error.
const HOPELESS = new Set(['PartitionConfig', 'BadConstraints', 'PartitionNodeLimit', 'InvalidAccount', 'InvalidQOS']);

/** True when `scontrol ping` reaches a slurmctld. */
export function slurmAnswers(): boolean {
  try {
    return /is UP/.test(execFileSync('scontrol', ['ping'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return false;
  }
}

/** `sbatch --parsable …args` run in cwd with env; the job id. */
export async function sbatch(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const r = await promisify(execFile)('sbatch', ['--parsable', ...args], { cwd, env });
  return r.stdout.trim().split(';')[0] ?? '';
}

/** Parses `scontrol show job -o` output: one line per record, `Key=Value` fields. */
export function parseJobs(text: string): JobRecord[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('JobId='))
    .map((l) => {
      const f = (k: string) => new RegExp(`(?:^| )${k}=(\\S*)`).exec(l)?.[1] ?? '';
      return { jobId: f('JobId'), taskId: f('ArrayTaskId') || null, state: f('JobState'), reason: f('Reason'), exitCode: f('ExitCode') };
    });
}

/** True when every record has reached a final state. */
export const allFinal = (jobs: JobRecord[]): boolean => jobs.length > 0 && jobs.every((j) => TERMINAL.has(j.state));

/**
 * Polls scontrol until every record of the job (every array task) is final, at most `polls` times
 * `everyMs` apart; throws at once on a pending reason that never clears, and after the last poll.
 */
export async function waitForJob(id: string, polls = 2400, everyMs = 250): Promise<JobRecord[]> {
  let jobs: JobRecord[] = [];
  for (let i = 0; i < polls; i++) {
    jobs = parseJobs((await promisify(execFile)('scontrol', ['show', 'job', '-o', id])).stdout);
    if (allFinal(jobs)) return jobs;
    const stuck = jobs.find((j) => j.state === 'PENDING' && HOPELESS.has(j.reason));
    if (stuck) throw new Error(`job ${id} can never start here: reason ${stuck.reason} (does --cpus-per-task or --mem exceed the node's?)`);
    await new Promise((res) => setTimeout(res, everyMs));
  }
  throw new Error(`job ${id} not finished after ${polls} polls: ${JSON.stringify(jobs)}`);
}
