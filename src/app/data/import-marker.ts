/**
 * The import under way, marked in this tab's storage (sessionStorage) from its start to its end, so
 * that a reload in the middle is said on the next load instead of losing the import without a word
 * (issue 40.5): "The import of "dev.jsonl" was interrupted by a reload at 3,000 of 9,999 questions
 * (typing answers); import it again." A file picked from disk cannot be read again without the user, so the
 * message asks for it; a new tab starts with no marker (another tab's import is not this one's).
 */
import { formatBytes } from '../../core/text/bytes.ts';
import { useApp } from '../store/index.ts';
import type { ImportJob } from '../store/data-slice.ts';

export const IMPORT_MARKER_KEY = 'qarx.importRunning.v1';

/** What the marker keeps of the running import. */
export type ImportMarker = Pick<ImportJob, 'name' | 'phase' | 'done' | 'total'>;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PHASES: Record<ImportJob['phase'], string> = { start: 'starting', download: 'downloading', parse: 'reading', classify: 'typing answers', store: 'saving' };

/** The sentence for an import a reload interrupted, e.g. 'The import of "a.jsonl" was interrupted by a reload at 3,000 of 9,999 questions (typing answers); import it again.' */
export function interruptedImportMessage(m: ImportMarker): string {
  // Typing answers and saving count questions; reading counts what the file's reader counts, as the progress line showed it.
  const unit = m.phase === 'classify' || m.phase === 'store' ? ' questions' : '';
  const at = m.total <= 0 ? 'before it had read anything' : m.phase === 'download' ? `at ${formatBytes(m.done)} of ${formatBytes(m.total)}` : `at ${m.done.toLocaleString('en-US')} of ${m.total.toLocaleString('en-US')}${unit}`;
  return `The import of "${m.name}" was interrupted by a reload ${at} (${PHASES[m.phase] ?? m.phase}); import it again.`;
}

/** The marker left by an import that never ended, or null (none, or unreadable). */
export function readImportMarker(store: KeyValueStore | undefined): ImportMarker | null {
  try {
    const raw: unknown = JSON.parse(store?.getItem(IMPORT_MARKER_KEY) ?? 'null');
    if (raw === null || typeof raw !== 'object') return null;
    const { name, phase, done, total } = raw as Record<string, unknown>;
    if (typeof name !== 'string' || typeof phase !== 'string' || !(phase in PHASES) || typeof done !== 'number' || typeof total !== 'number') return null;
    return { name, phase: phase as ImportJob['phase'], done, total };
  } catch {
    return null;
  }
}

/** Writes the running import's marker, or (null) clears it; a browser refusing storage just cannot tell later. */
export function writeImportMarker(store: KeyValueStore | undefined, job: ImportMarker | null): void {
  try {
    if (job) store?.setItem(IMPORT_MARKER_KEY, JSON.stringify({ name: job.name, phase: job.phase, done: job.done, total: job.total }));
    else store?.removeItem(IMPORT_MARKER_KEY);
  } catch {
    // Storage disabled or full: nothing to tell after a reload.
  }
}

const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/** Says (as the import message, dismissable) what a reload interrupted, then keeps the marker with the running import; returns the clean-up. */
export function watchImports(store: KeyValueStore | undefined = session()): () => void {
  const left = readImportMarker(store);
  writeImportMarker(store, null);
  if (left && !useApp.getState().importJob) useApp.setState({ importMessage: { kind: 'warn', text: interruptedImportMessage(left) } });
  // Written at the start and at each progress step, cleared at the end (done, cancelled, failed or its worker dead).
  return useApp.subscribe((s, prev) => {
    if (s.importJob !== prev.importJob) writeImportMarker(store, s.importJob);
  });
}
