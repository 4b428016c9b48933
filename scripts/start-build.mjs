// @ts-check
/**
 * `npm start`'s build (issue 44): `vite build` with QARX_PRECOMPRESS=0 (vite preview writes the
 * compressed copies while it serves), skipped when dist/ already holds a whole build of these very
 * sources and settings (scripts/build-key.mjs). `npm run build` (deploys) always builds.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildKey, checkStamp, writeStamp } from './build-key.mjs';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const env = { ...process.env, QARX_PRECOMPRESS: '0' };

const key = buildKey(root, env);
const check = checkStamp(dist, key);
if (check.upToDate) {
  console.log(`dist/ is already built from these sources and settings (key ${key.slice(0, 12)}): not building again`);
} else {
  console.log(`building dist/: ${check.why}`);
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  // The key of the sources as they were before the build: an edit during the build makes the next start build again.
  writeStamp(dist, key);
}
