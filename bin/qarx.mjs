#!/usr/bin/env node
// Entry point for `qarx`. Runs the compiled CLI (dist-cli/, built by `npm run build:cli`, which `npm ci`
// runs through `prepare`) while it is up to date with src/, else the TypeScript through tsx (slower
// start, same behaviour), so an edited checkout never runs stale code.
// QARX_RUNTIME=ts forces tsx; QARX_RUNTIME=js requires the compiled CLI; QARX_DIST names another build dir.
// `qarx eval` goes straight to its own entry (eval.js / eval-main.ts), past the dispatcher: its start-up
// is most of its time (issue 29).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const dist = resolve(process.env.QARX_DIST || join(ROOT, 'dist-cli'));
const runtime = process.env.QARX_RUNTIME;

/**
 * The compiled entry's path when dist holds a complete build no source file is newer than, else null.
 * An installation without src/ (the container image) has no sources to be newer: its build is the code.
 */
function compiledEntry() {
  let info;
  try {
    info = JSON.parse(readFileSync(join(dist, 'build-info.json'), 'utf8'));
    const sources = existsSync(join(ROOT, 'src'));
    // Plain concatenation, not path.join: join's normalisation of ~180 paths was a tenth of `qarx eval`'s start.
    if (sources) for (const file of info.inputs) if (statSync(`${ROOT}/${file}`).mtimeMs > info.builtAt) return null;
  } catch {
    return null; // no build, an unreadable one, or a source file gone: the build is not to be trusted
  }
  return join(dist, 'qarx.js');
}

const entry = runtime === 'ts' ? null : compiledEntry();
if (runtime === 'js' && entry === null) {
  process.stderr.write(`qarx: QARX_RUNTIME=js but ${dist} holds no up-to-date build; run npm run build:cli.\n`);
  process.exit(1);
}
// A build from before eval.js existed runs eval through the dispatcher.
const evalOnly = process.argv[2] === 'eval' && (entry === null || existsSync(join(dist, 'eval.js')));
let main;
if (entry) {
  ({ main } = await import(pathToFileURL(evalOnly ? join(dist, 'eval.js') : entry).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await (evalOnly ? import('../src/cli/eval-main.ts') : import('../src/cli/qarx.ts')));
}
process.exitCode = await main(process.argv.slice(evalOnly ? 3 : 2));
