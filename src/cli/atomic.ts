/**
 * Every output file qarx writes goes through here: the bytes go to a temporary file in the target's
 * own folder (same filesystem, so rename is atomic) and are renamed over the target once complete.
 * A run killed at any point (even `kill -9`) leaves the target as its last complete version or
 * absent, never half written; the temporary file it may leave is named by tempPattern, removed by
 * removeTemps on the next run.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** The temporary name beside `path`, e.g. tempPath('out/p.json') → 'out/.p.json.tmp-1234-ab12cd' (hidden, so a glob of results skips it). */
export function tempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
}

/** True for a temporary file name of tempPath for `name` (any process), e.g. isTempOf('.p.json.tmp-1-ab', 'p.json') → true. */
export function isTempOf(file: string, name: string): boolean {
  return file.startsWith(`.${name}.tmp-`);
}

/** Removes the temporary files a killed run left in `dir` for the files `names` (all names when omitted); returns how many. */
export function removeTemps(dir: string, names?: readonly string[]): number {
  if (!existsSync(dir)) return 0;
  const stale = readdirSync(dir).filter((f) => (names ? names.some((n) => isTempOf(f, n)) : /\.tmp-\d+-[a-z0-9]+$/.test(f)));
  for (const f of stale) rmSync(join(dir, f), { force: true });
  return stale.length;
}

/**
 * A file being written: open() makes the temporary file, write() appends, commit() makes it the
 * target (flushed to disk first), abort() drops it and leaves the target as it was.
 */
export class AtomicFile {
  readonly temp: string;
  private fd: number | null;

  /** Opens a temporary file beside `path` (creating the parent folders). */
  constructor(readonly path: string) {
    mkdirSync(dirname(resolve(path)), { recursive: true });
    this.temp = tempPath(path);
    this.fd = openSync(this.temp, 'w');
  }

  /** Appends text or bytes. */
  write(data: string | Uint8Array): void {
    if (this.fd === null) throw new Error(`${this.path}: written after it was closed`);
    if (typeof data === 'string') writeSync(this.fd, data);
    else for (let at = 0; at < data.length; ) at += writeSync(this.fd, data, at);
  }

  /** Flushes, closes and renames the temporary file over the target (once). */
  commit(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    // On disk before the rename: a crash of the machine must not leave a renamed but empty file.
    fsyncSync(fd);
    closeSync(fd);
    renameSync(this.temp, this.path);
  }

  /** Closes and removes the temporary file; the target is untouched (once; nothing after commit). */
  abort(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    rmSync(this.temp, { force: true });
  }
}

/** Writes `data` to `path` atomically, e.g. writeFileAtomic('card/README.md', text). */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const f = new AtomicFile(path);
  try {
    f.write(data);
    f.commit();
  } finally {
    f.abort();
  }
}
