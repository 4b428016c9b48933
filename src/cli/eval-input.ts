/**
 * Reading the data file of `qarx eval`. Nested SQuAD/DuReader JSON is read as the official scripts
 * read it (readEvalData in core/metrics: a question whose unread fields are malformed is scored,
 * with a warning); other formats are imported as for predict. A plain (not gzip) nested JSON file,
 * the usual case, is recognised here without loading the importers, which were most of eval's start.
 */
import { detectJsonObject, SNIFF_BYTES } from '../core/formats/detect-json.ts';
import { InputError, parseJson } from '../core/formats/json.ts';
import type { InputIssue } from '../core/formats/squad.ts';
import { readEvalData as readEvalValue, type EvalData } from '../core/metrics/eval-data.ts';
import { countOf } from '../core/text/plural.ts';
import { readBytes } from './io.ts';

/**
 * The text of a plain nested SQuAD/DuReader JSON file, or null when detectFormat must decide. Only
 * files detectFormat would send down its JSON-object branch to 'squad' or 'dureader' pass: not gzip,
 * .gz, .parquet, .csv/.tsv or JSON Lines by name, starting with "{", and no later line of the head that
 * could be a JSON object on its own (what looksLikeJsonLines counts), e.g. a one-line dev-v2.0.json.
 */
export function plainNestedText(file: string, raw: Buffer): string | null {
  const name = file.toLowerCase();
  if (/\.(gz|parquet|csv|tsv|jsonl|ndjson)$/.test(name) || (raw[0] === 0x1f && raw[1] === 0x8b)) return null;
  const t = new TextDecoder().decode(raw.subarray(0, SNIFF_BYTES)).replace(/^\ufeff/, '').trimStart();
  if (!t.startsWith('{')) return null;
  const end = Math.max(t.lastIndexOf('\n'), t.lastIndexOf('\r'));
  const later = end < 0 ? [] : t.slice(0, end).split(/\r\n|\r|\n/).map((l) => l.replace(/^\ufeff/, '').trim()).filter((l) => l !== '').slice(1, 50);
  if (later.some((l) => l.startsWith('{') && l.endsWith('}'))) return null;
  const format = detectJsonObject(t, name, /\n\{/.test(t));
  return format === 'squad' || format === 'dureader' ? raw.toString('utf8') : null;
}

/** Nested SQuAD-shaped JSON (plain or gzip) as text, or null for the other formats, as detectFormat says. */
async function nestedText(file: string, raw: Buffer): Promise<string | null> {
  const [{ detectFormat, DEFAULT_MAX_BYTES }, { gunzipAll, isGzip }] = await Promise.all([import('../core/formats/index.ts'), import('../core/formats/gzip.ts')]);
  const format = detectFormat(file, raw.subarray(0, SNIFF_BYTES));
  if (format !== null && format !== 'squad' && format !== 'dureader') return null;
  const bytes = isGzip(raw) ? Buffer.from(gunzipAll(raw, file, DEFAULT_MAX_BYTES)) : raw;
  return bytes.toString('utf8');
}

/** Reads a data file for `qarx eval`: the dataset as the official scripts see it, its version, ids and every problem. */
export async function readEvalData(file: string): Promise<Omit<EvalData, 'issues'> & { issues: readonly InputIssue[] }> {
  const raw = readBytes(file);
  const text = plainNestedText(file, raw) ?? (await nestedText(file, raw));
  if (text === null) {
    const { readData } = await import('./data.ts');
    const d = await readData(file);
    return { version: d.version, dataset: d.dataset, ids: d.items.map((i) => i.id), issues: d.issues };
  }
  const d = readEvalValue(parseJson(text, file), file);
  if (d.ids.length === 0) {
    const first = d.issues[0];
    throw new InputError(`${file}: no usable questions${first ? ` (${countOf(d.issues.length, 'problem')}, first: ${first.path}: ${first.message})` : ''}.`);
  }
  return d;
}
