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
