/** What every qarx command shares: error classes, stdout/stderr, file reading, option parsing and output-path checks. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError } from '../core/formats/json.ts';
import { parseSeed } from '../core/text/random.ts';

/** A usage or input problem: printed as one line, exit code 2. */
export class UsageError extends Error {}

/** Writes to stdout. */
export const out = (s: string): void => void process.stdout.write(s);
/** Writes to stderr. */
export const err = (s: string): void => void process.stderr.write(s);

/** The bytes of an input file, or an InputError naming it when it is missing or a directory. */
export function readBytes(file: string): Buffer {
  if (!existsSync(file)) throw new InputError(`${file}: no such file.`);
  if (statSync(file).isDirectory()) throw new InputError(`${file}: is a directory, expected a file.`);
  return readFileSync(file);
}

/** An input file as UTF-8 text. */
export function readText(file: string): string {
  return readBytes(file).toString('utf8');
}

/** A positive integer option, e.g. intOpt('8', 'batch-size', 8) → 8. */
export function intOpt(v: string | undefined, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive whole number, got "${v}".`);
  return n;
}

/** A finite number option, e.g. numOpt('0.5', 'na-prob-thresh', 1) → 0.5. */
export function numOpt(v: string | undefined, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${v}".`);
  return n;
}

/** The --seed option through core's one seed rule (0…2^53 − 1), e.g. seedOpt('7') → 7. */
export function seedOpt(v: string): number {
  const r = parseSeed(v, '--seed');
  if ('error' in r) throw new UsageError(`${r.error}.`);
  return r.seed;
}

/**
 * Fails early (before a model loads or any work starts) when `path` cannot become a file:
 * it is a directory, or one of its parents is a file. Missing parents are fine (created later).
 */
export function checkOutputFile(path: string, what = 'output'): void {
  const abs = resolve(path);
  if (existsSync(abs) && statSync(abs).isDirectory()) throw new UsageError(`${path}: the ${what} is a directory; give a file name.`);
  checkParents(abs, path, what);
}

/** Fails early when the output directory `path` is a file or lies under a file. */
export function checkOutputDir(path: string, what = 'output directory'): void {
  const abs = resolve(path);
  if (existsSync(abs) && !statSync(abs).isDirectory()) throw new UsageError(`${path}: the ${what} is a file, not a directory.`);
  checkParents(abs, path, what);
}

/** The first existing ancestor of `abs` must be a directory. */
function checkParents(abs: string, path: string, what: string): void {
  for (let p = dirname(abs); ; p = dirname(p)) {
    if (existsSync(p)) {
      if (!statSync(p).isDirectory()) throw new UsageError(`${path}: cannot write the ${what}: ${p} is a file, not a directory.`);
      return;
    }
    if (dirname(p) === p) return;
  }
}

/**
 * Ctrl-C for a long run: the first stops the work at its next step (what is finished is printed,
 * marked partial), the second quits. `release()` when the work is over.
 */
export function interruptible(what: string, step: string): { signal: AbortSignal; release: () => void } {
  const ctrl = new AbortController();
  const stop = () => {
    err(`${what}: stopping after the current ${step} (Ctrl-C again to quit)\n`);
    ctrl.abort();
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', stop);
  return { signal: ctrl.signal, release: () => process.removeListener('SIGINT', stop) };
}


/**
 * The end of a run Ctrl-C stopped: one line on stderr, `<what>: interrupted: partial results (<detail>)`,
 * and exit code 130, as a shell gives a process SIGINT ended — every long-running command alike.
 */
export function interrupted(what: string, detail: string): number {
  err(`${what}: interrupted: partial results (${detail})\n`);
  return 130;
}
