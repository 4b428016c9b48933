/**
 * Reading the data file of `qarx eval`. Nested SQuAD/DuReader JSON is read as the official scripts
 * read it (readEvalData in core/metrics: a question whose unread fields are malformed is scored,
 * with a warning); other formats are imported as for predict. A plain (not gzip) nested JSON file,
 * the usual case, is recognised here without loading the importers, which were most of eval's start.
 */
import { SNIFF_BYTES } from '../core/formats/detect-json.ts';
import type { InputIssue } from '../core/formats/squad.ts';
import type { EvalData } from '../core/metrics/eval-data.ts';
import { evalDataFromText, plainNestedText } from './eval-text.ts';
import { readBytes } from './io.ts';

/** Nested SQuAD-shaped JSON (plain or gzip) as text, or null for the other formats, as detectFormat says; data after a gzip stream goes to `issues`. */
async function nestedText(file: string, raw: Buffer, issues: InputIssue[]): Promise<string | null> {
  const [{ detectFormat }, { inflate }] = await Promise.all([import('../core/formats/index.ts'), import('./data.ts')]);
  const format = detectFormat(file, raw.subarray(0, SNIFF_BYTES));
  if (format !== null && format !== 'squad' && format !== 'dureader') return null;
  return inflate(raw, file, issues).toString('utf8');
}

/** Reads a data file for `qarx eval`: the dataset as the official scripts see it, its version, ids and every problem. */
export async function readEvalData(file: string): Promise<Omit<EvalData, 'issues'> & { issues: readonly InputIssue[] }> {
  const raw = readBytes(file);
  const trailing: InputIssue[] = [];
  const text = plainNestedText(file, raw) ?? (await nestedText(file, raw, trailing));
  if (text === null) {
    const { readData } = await import('./data.ts');
    const d = await readData(file);
    return { version: d.version, evidence: d.evidence, dataset: d.dataset, ids: d.items.map((i) => i.id), issues: d.issues };
  }
  const d = evalDataFromText(text, file);
  return trailing.length ? { ...d, issues: [...trailing, ...d.issues] } : d;
}
