/**
 * The batch and annotation files given to `qarx validate merge|report` and to `qarx audit|merge
 * --batch B --annotations F…`, read with src/core/validation's readers (problems kept, one line each).
 */
import { problemText, readAnnotationFile, readBatch, type FileProblem } from '../core/validation/files.ts';
import { validationSummary, type ValidationSummary } from '../core/validation/report.ts';
import type { AnnotationFile, ValidationBatch } from '../core/validation/types.ts';
import { readText, UsageError } from './io.ts';

/** The options that give a batch and its annotation files. */
export const VALIDATION_OPTIONS = { batch: { type: 'string' }, annotations: { type: 'string', multiple: true } } as const;

/** The batch of `batchFile` and the annotation files read against it, with every problem (throws UsageError when the batch is unreadable). */
export function readValidationFiles(batchFile: string | undefined, files: readonly string[]): { batch: ValidationBatch; read: (AnnotationFile & { file: string })[]; problems: FileProblem[] } {
  if (!batchFile) throw new UsageError('needs --batch <batch.json> (the batch the annotations are of)');
  if (files.length === 0) throw new UsageError('needs at least one annotation file');
  const b = readBatch(readText(batchFile), batchFile);
  if (!b.value) throw new UsageError(b.problems.map(problemText).join('\n'));
  const problems = [...b.problems];
  const read: (AnnotationFile & { file: string })[] = [];
  for (const f of files) {
    const r = readAnnotationFile(readText(f), f, b.value);
    problems.push(...r.problems);
    if (r.value) read.push({ ...r.value, file: f });
  }
  return { batch: b.value, read, problems };
}

/** The audit's validation from --batch and --annotations, or null when neither is given (one without the other is a usage error). */
export function auditValidation(values: { batch?: string; annotations?: string[] }, ci: { b: number; seed: number }): ValidationSummary | null {
  if (values.batch === undefined && !values.annotations?.length) return null;
  if (values.batch === undefined || !values.annotations?.length) throw new UsageError('--batch and --annotations go together: the batch file and its annotation files');
  const { batch, read, problems } = readValidationFiles(values.batch, values.annotations);
  return validationSummary(batch, read, ci, problems);
}
