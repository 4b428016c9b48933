/**
 * Dataset import: format detection and one entry point for every file the tool reads.
 *
 * Error contract: importers throw InputError (message names the file, and the line and column
 * for malformed JSON) only when the file as a whole cannot be read: too large, empty, unknown
 * format, malformed JSON document, wrong top-level shape, missing CSV columns, gzip that fails
 * before the first line. Every other problem is an InputIssue naming its field or line, and the
 * valid entries are kept.
 *
 * Cancellation: when `signal` fires, the import stops at the next ~1000-record check and
 * RESOLVES with `cancelled: true`, the instances and issues read so far, and a 'cancelled' issue
 * naming where it stopped (ImportOutcome). The UI keeps or drops that partial result; this is
 * the same contract as the Hugging Face importer's readAll, so the data worker treats both alike.
 */
import type { DatasetFormat } from '../data/types.ts';
import { checkSize, DEFAULT_MAX_BYTES, type ImportOptions, type ImportOutcome } from './common.ts';
import { gunzipHead, isGzip } from './gzip.ts';
import { InputError, isUtf16Bytes, parseJson, UTF16_HINT } from './json.ts';
import { detectJsonObject, SNIFF_BYTES } from './detect-json.ts';
import { firstObjectLine, looksLikeJsonLines } from './jsonl.ts';
import { importMrqa } from './mrqa.ts';
import { importPairsCsv, mapHeader } from './pairs-csv.ts';
import { importPairs } from './pairs.ts';
import { importSquadFlat } from './squad-flat.ts';
import { importDuReader, importSquad } from './squad-import.ts';
import type { InputIssue } from './squad.ts';

export { DEFAULT_MAX_BYTES, type FormatOptions, type ImportOptions, type ImportOutcome } from './common.ts';
export { InputError } from './json.ts';
export { importMrqa } from './mrqa.ts';
export { importPairsCsv, PAIR_COLUMNS } from './pairs-csv.ts';
export { importPairs, type PairNames } from './pairs.ts';
export { importSquadFlat } from './squad-flat.ts';
export { importDuReader, importSquad } from './squad-import.ts';
export { instancesToSquad } from './squad-export.ts';
export { summarizeIssues } from './summary.ts';
export type { InputIssue, IssueKind } from './squad.ts';
export type { ImportInput } from './input.ts';

/** importFile's options: ImportOptions plus an optional format that skips detection. */
export interface ImportFileOptions extends ImportOptions {
  format?: DatasetFormat;
}

export { SNIFF_BYTES } from './detect-json.ts';

function looksLikePairsCsv(t: string): boolean {
  const first = t.slice(0, Math.max(0, t.indexOf('\n')) || t.length);
  for (const sep of [',', '\t', ';', '|']) {
    try {
      mapHeader(first.split(sep).map((h) => h.replace(/^"|"$/g, '')), '');
      return true;
    } catch {
      // Not this separator.
    }
  }
  return false;
}

/**
 * Guesses a file's format from its name and first bytes (SNIFF_BYTES is plenty), e.g.
 * detectFormat('dev.jsonl.gz', head) → 'mrqa'; null when nothing fits. Content wins over the name
 * except for .csv/.tsv and .parquet; gzip is looked into.
 */
export function detectFormat(fileName: string, firstBytes: Uint8Array): DatasetFormat | null {
  let name = fileName.toLowerCase();
  if (name.endsWith('.parquet') || (firstBytes.length >= 4 && String.fromCharCode(...firstBytes.subarray(0, 4)) === 'PAR1')) return 'hf-parquet';
  let head = firstBytes;
  if (name.endsWith('.gz')) name = name.slice(0, -3);
  if (isGzip(firstBytes)) {
    const inflated = gunzipHead(firstBytes, SNIFF_BYTES);
    // Unreadable gzip: guess from the name so the importer can report the gzip error itself.
    if (!inflated || inflated.length === 0) return name.endsWith('.jsonl') ? 'mrqa' : name.endsWith('.json') ? 'squad' : null;
    head = inflated;
  }
  if (/\.(csv|tsv)$/.test(name)) return 'pairs-csv';
  const t = new TextDecoder().decode(head.subarray(0, SNIFF_BYTES)).replace(/^\ufeff/, '').trimStart();
  // JSON Lines are judged by their first object line: a bad first line costs only that line.
  if (looksLikeJsonLines(t, name)) return detectJsonObject(firstObjectLine(t) ?? t, name, true);
  if (t.startsWith('[')) return 'squad-flat';
  // Lines too long for the sniffed head: objects at column 0 of later lines still mean JSON Lines (pretty JSON indents them).
  if (t.startsWith('{')) return detectJsonObject(t, name, /\n\{/.test(t));
  if (t && looksLikePairsCsv(t)) return 'pairs-csv';
  return null;
}

/** The built-in demo set's file (src/core/data/demo-set.json) as the dataset `opts.dataset`, checked as the app checks it. */
async function importDemo(bytes: Uint8Array, opts: ImportOptions & { file: string }): Promise<ImportOutcome> {
  // Loaded on use: the demo set's questions stay out of bundles that never read this file.
  const { validateDemoSet } = await import('../data/demo.ts');
  const raw = parseJson(new TextDecoder().decode(bytes), opts.file);
  try {
    const instances = validateDemoSet(raw).map((i) => ({ ...i, dataset: opts.dataset }));
    return { format: 'demo', instances, issues: [], cancelled: false };
  } catch (e) {
    throw new InputError(`${opts.file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Imports any supported file, e.g. `await importFile('dev-v2.0.json', bytes, { dataset: 'squad2', onProgress })`
 * → { format: 'squad', instances, issues, cancelled: false }. Throws InputError for unreadable
 * files (see the module comment).
 */
export async function importFile(fileName: string, bytes: Uint8Array, opts: ImportFileOptions): Promise<ImportOutcome> {
  checkSize(bytes.length, fileName, opts.maxBytes ?? DEFAULT_MAX_BYTES);
  if (bytes.length === 0) throw new InputError(`${fileName}: the file is empty.`);
  if (isUtf16Bytes(bytes)) throw new InputError(`${fileName}: ${UTF16_HINT}.`);
  const format = opts.format ?? detectFormat(fileName, bytes.subarray(0, SNIFF_BYTES));
  const fo = { ...opts, file: fileName };
  switch (format) {
    case 'squad':
      return importSquad(bytes, fo);
    case 'dureader':
      return importDuReader(bytes, fo);
    case 'squad-flat':
      return importSquadFlat(bytes, fo);
    case 'mrqa':
      return importMrqa(bytes, fo);
    case 'pairs-csv':
      return importPairsCsv(bytes, fo);
    case 'pairs-squad':
      throw new InputError(`${fileName}: a pair needs two files (original and perturbed); import them together.`);
    case 'hf-parquet':
      throw new InputError(`${fileName}: Parquet files are read by the Hugging Face dataset importer.`);
    case 'demo':
      return importDemo(bytes, fo);
    case null:
      throw new InputError(
        `${fileName}: unrecognized format; expected SQuAD or DuReader JSON, Hugging Face JSON Lines or array rows, MRQA .jsonl(.gz), or a pairs CSV.`,
      );
  }
}

/**
 * Imports two aligned files as natural-perturbation pairs, e.g.
 * `await importPairFiles('dev.json', a, 'dev-edited.json', b, { dataset: 'np' })`.
 * Each file may be any single-file format; pairing follows importPairs. Progress spans both files
 * (in bytes). A cancel returns the original questions read so far, without revisions.
 */
export async function importPairFiles(originalName: string, originalBytes: Uint8Array, perturbedName: string, perturbedBytes: Uint8Array, opts: ImportOptions): Promise<ImportOutcome> {
  const total = originalBytes.length + perturbedBytes.length;
  const part = (offset: number, size: number) => (done: number, t: number) => opts.onProgress?.(offset + (t > 0 ? Math.round((done / t) * size) : size), total);
  const prefix = (name: string, list: readonly InputIssue[]) => list.map((i) => ({ ...i, path: `${name}: ${i.path}` }));
  const first = await importFile(originalName, originalBytes, { ...opts, onProgress: part(0, originalBytes.length) });
  const version = first.fileVersion ? { fileVersion: first.fileVersion } : {};
  if (first.cancelled) return { format: 'pairs-squad', instances: first.instances, issues: prefix(originalName, first.issues), cancelled: true, ...version };
  const second = await importFile(perturbedName, perturbedBytes, { ...opts, onProgress: part(originalBytes.length, perturbedBytes.length) });
  if (second.cancelled) {
    // Pairing half a file would flag every unread question as unpaired: keep the originals only.
    return { format: 'pairs-squad', instances: first.instances, issues: [...prefix(originalName, first.issues), ...prefix(perturbedName, second.issues)], cancelled: true, ...version };
  }
  return { ...importPairs(first, second, { original: originalName, perturbed: perturbedName }), cancelled: false };
}
