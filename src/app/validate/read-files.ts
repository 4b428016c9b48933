/**
 * Batch and annotation files as the app reads them: through src/core/validation's readers (the same
 * as `qarx validate`), their problems as one line each, and a summary line of what was kept.
 */
import { problemText, readAnnotationFile, readBatch, type FileProblem } from '../../core/validation/files.ts';
import type { AnnotationFile, ValidationBatch } from '../../core/validation/types.ts';
import { countOf } from '../../core/text/plural.ts';

/** At most this many problems of one file are listed; the rest are counted, so a hostile file cannot flood the page. */
const MAX_LISTED = 8;

/** A file's problems as lines, the first MAX_LISTED and a count of the rest. */
function problemLines(problems: readonly FileProblem[], file: string): string[] {
  const lines = problems.slice(0, MAX_LISTED).map(problemText);
  if (problems.length > MAX_LISTED) lines.push(`${file}: ${countOf(problems.length - MAX_LISTED, 'more problem')} not listed`);
  return lines;
}

/** An annotation file read against its batch: the kept file (null when refused) and what was said about it. */
export function readAnnotationText(text: string, name: string, batch: ValidationBatch): { file: AnnotationFile | null; messages: string[] } {
  const r = readAnnotationFile(text, name, batch);
  const dropped = r.problems.filter((p) => p.dropped).length;
  const kept = r.value ? [`${name}: ${countOf(r.value.annotations.length, 'judgement')} of ${r.value.annotator} kept${dropped ? `, ${dropped} left out` : ''}.`] : [];
  return { file: r.value, messages: [...kept, ...problemLines(r.problems, name)] };
}

/** A batch file read: the batch (null when refused) and what was said. */
export function readBatchText(text: string, name: string): { batch: ValidationBatch | null; messages: string[] } {
  const r = readBatch(text, name);
  return { batch: r.value, messages: problemLines(r.problems, name) };
}
