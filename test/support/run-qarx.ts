/** Runs the real qarx CLI (bin/qarx.mjs) as a child process; never throws. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const ROOT = join(import.meta.dirname, '..', '..');

/** Exit code and both streams of `qarx …args`, with downloads cached under cacheDir. */
export async function runQarx(cacheDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await promisify(execFile)(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), ...args], { cwd: ROOT, env: { ...process.env, QARX_CACHE_DIR: cacheDir } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

/**
 * Exit code and both streams of `main(args)` run in this process (no spawn: fast under load);
 * for checks of the CLI's own logic, e.g. messages and exit codes.
 */
export async function runMain(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { main } = await import('../../src/cli/qarx.ts');
  let stdout = '';
  let stderr = '';
  const realOut = process.stdout.write.bind(process.stdout);
  const realErr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((s: string | Uint8Array) => ((stdout += String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => ((stderr += String(s)), true)) as typeof process.stderr.write;
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = realOut;
    process.stderr.write = realErr;
  }
}
