/** Which format a JSON object file is, from its head (no imports: `qarx eval` sniffs its data file before loading any reader). */
import type { DatasetFormat } from '../data/types.ts';

/** How many leading bytes detectFormat needs to see. */
export const SNIFF_BYTES = 65536;

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;
const LATIN = /[A-Za-z]/g;

/** Nested SQuAD-shaped JSON is DuReader when named so or when Chinese dominates the text. */
function nestedKind(head: string, name: string): DatasetFormat {
  if (name.includes('dureader')) return 'dureader';
  const sample = head.slice(0, 20000);
  const cjk = sample.match(CJK)?.length ?? 0;
  // Latin letters are counted only when there is Chinese to weigh: the match lists every letter (qarx eval sniffs every file).
  return cjk > 0 && cjk * 2 >= (sample.match(LATIN)?.length ?? 0) ? 'dureader' : 'squad';
}

/** The format of a parsed `{"data": [...]}` document, from the shape of its first row. */
function dataRowKind(data: unknown, t: string, name: string): DatasetFormat {
  const row: unknown = Array.isArray(data) ? data[0] : undefined;
  if (row !== null && typeof row === 'object' && !('paragraphs' in row) && 'question' in row && 'context' in row) return 'squad-flat';
  return nestedKind(t, name);
}

/**
 * Detects a JSON object file by the shape of its rows, never by the mere presence of
 * `version`/`data`: `{"version": 2.0, "data": [{"id", "question", "context", "answers"}]}` is HF
 * flat (transformers' SQuAD sample), `{"data": [{"title", "paragraphs"}]}` nested SQuAD.
 */
export function detectJsonObject(t: string, name: string, lines: boolean): DatasetFormat {
  const nl = t.indexOf('\n');
  // readSquad names what is missing, the most useful message for a stray JSON object.
  const fallback: DatasetFormat = lines ? 'squad-flat' : 'squad';
  let first: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(nl >= 0 ? t.slice(0, nl) : t);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) first = parsed as Record<string, unknown>;
  } catch {
    // Pretty-printed, or the sample ends inside the first line: fall back to key patterns.
  }
  if (first) {
    if ('instances' in first && first.version === 1) return 'demo';
    if ('header' in first) return 'mrqa';
    if ('data' in first) return dataRowKind(first.data, t, name);
    if ('qas' in first && 'context' in first) return 'mrqa';
    if ('question' in first && 'context' in first) return 'squad-flat';
    return fallback;
  }
  // The built-in demo set's own file, which the qarx command of a demo-set run names.
  if (/^\{\s*"version"\s*:\s*1\s*,\s*"instances"\s*:/.test(t)) return 'demo';
  if (/^\{\s*"header"\s*:/.test(t)) return 'mrqa';
  // Nested SQuAD names "paragraphs" before any "context"; flat rows never do.
  if (/"paragraphs"\s*:/.test(t)) return nestedKind(t, name);
  if (/"qas"\s*:/.test(t)) return 'mrqa';
  if (/"question"\s*:/.test(t) && /"context"\s*:/.test(t)) return 'squad-flat';
  if (/^\{\s*"(version|data)"\s*:/.test(t)) return nestedKind(t, name);
  return fallback;
}
