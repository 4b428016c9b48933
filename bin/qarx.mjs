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

/** dist's build-info.json (when and from which sources it was built), or null when there is no readable build. */
function buildInfo() {
  try {
    return JSON.parse(readFileSync(join(dist, 'build-info.json'), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Whether no source file of `files` is newer than the build. An installation without src/ (the
 * container image) has no sources to be newer: its build is the code.
 */
function upToDate(info, files) {
  try {
    if (!existsSync(join(ROOT, 'src'))) return true;
    // Plain concatenation, not path.join: join's normalisation of ~180 paths was a tenth of `qarx eval`'s start.
    for (const file of files) if (statSync(`${ROOT}/${file}`).mtimeMs > info.builtAt) return false;
    return true;
  } catch {
    return false; // a source file gone: the build is not to be trusted
  }
}

const info = runtime === 'ts' ? null : buildInfo();

/** The whole CLI's main(): the compiled dispatcher while the build is up to date with src/, else the TypeScript. */
async function dispatcher() {
  if (info && upToDate(info, info.inputs)) return (await import(pathToFileURL(join(dist, 'qarx.js')).href)).main;
  if (runtime === 'js') {
    process.stderr.write(`qarx: QARX_RUNTIME=js but ${dist} holds no up-to-date build; run npm run build:cli.\n`);
    process.exit(1);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../src/cli/qarx.ts')).main;
}

// `qarx eval`: its own entry, checked against its own ~25 sources only (statting all ~230 was a
// tenth of its start); any eval that is not its plain case goes on to the dispatcher, checked then.
const full = async (argv) => (await dispatcher())(argv);
if (process.argv[2] === 'eval' && runtime === 'ts') {
  const { register } = await import('tsx/esm/api');
  register();
  process.exitCode = await (await import('../src/cli/eval-main.ts')).main(process.argv.slice(3), full);
} else if (process.argv[2] === 'eval' && info?.evalInputs && upToDate(info, info.evalInputs)) {
  process.exitCode = await (await import(pathToFileURL(join(dist, 'eval.js')).href)).main(process.argv.slice(3), full);
} else {
  process.exitCode = await full(process.argv.slice(2));
}
