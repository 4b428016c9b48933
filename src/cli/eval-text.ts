/**
 * A plain nested SQuAD/DuReader JSON file read for `qarx eval` without the importers: recognised
 * from its head and parsed as the official scripts read it. No lazy imports: `qarx eval`'s own
 * bundle (eval.js) holds this module (see eval-plain.ts).
 */
import { detectJsonObject, SNIFF_BYTES } from '../core/formats/detect-json.ts';
import { InputError, parseJson } from '../core/formats/json.ts';
import { readEvalData as readEvalValue, type EvalData } from '../core/metrics/eval-data.ts';
import { countOf } from '../core/text/plural.ts';

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

/** The dataset of a nested SQuAD/DuReader JSON text as the official scripts see it; no usable question is an error. */
export function evalDataFromText(text: string, file: string): EvalData {
  const d = readEvalValue(parseJson(text, file), file);
  if (d.ids.length === 0) {
    const first = d.issues[0];
    throw new InputError(`${file}: no usable questions${first ? ` (${countOf(d.issues.length, 'problem')}, first: ${first.path}: ${first.message})` : ''}.`);
  }
  return d;
}
