/**
 * PLACEHOLDER until h12-valcore's reader lands (src/core/validation/): the app reads annotation
 * files only through that reader; this thin stand-in parses JSON and checks the batch id, no more.
 */
import type { AnnotationFile, ValidationBatch } from '../../core/validation/types.ts';

/** An annotation file read against its batch: the kept file (null when refused) and what was said about it. */
export function readAnnotationText(text: string, name: string, batch: ValidationBatch): { file: AnnotationFile | null; messages: string[] } {
  try {
    const f = JSON.parse(text) as AnnotationFile;
    if (f.batchId !== batch.batchId) return { file: null, messages: [`${name}: another batch`] };
    return { file: f, messages: [`${name}: ${f.annotations.length} annotations of ${f.annotator}`] };
  } catch (e) {
    return { file: null, messages: [`${name}: not JSON (${e instanceof Error ? e.message : String(e)})`] };
  }
}

/** A batch file read: the batch (null when refused) and what was said. */
export function readBatchText(text: string, name: string): { batch: ValidationBatch | null; messages: string[] } {
  try {
    return { batch: JSON.parse(text) as ValidationBatch, messages: [] };
  } catch (e) {
    return { batch: null, messages: [`${name}: not JSON (${e instanceof Error ? e.message : String(e)})`] };
  }
}
