/** This browser's annotator's judgements of the open batch as an annotation file (what "Export your annotations" writes and the report counts). */
import { ANNOTATION_FORMAT, VALIDATION_VERSION, type AnnotationFile } from '../../core/validation/types.ts';
import type { OpenBatch } from '../store/validate-slice.ts';

/** This browser's judgements of the open batch as an annotation file, in the batch's case order. */
export function ownFile(o: OpenBatch, annotator: string): AnnotationFile {
  const annotations = o.stored.batch.cases.flatMap((c) => o.own[c.id] ?? []);
  return { format: ANNOTATION_FORMAT, version: VALIDATION_VERSION, batchId: o.stored.batchId, annotator: annotator.trim() || 'me', annotations };
}
