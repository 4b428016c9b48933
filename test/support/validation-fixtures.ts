/** Small validation batches and annotation files for the tests of src/core/validation (hand-written, no shared data). */
import { ANNOTATION_FORMAT, BATCH_FORMAT, VALIDATION_VERSION, type Annotation, type AnnotationFile, type ValidationBatch, type ValidationCase } from '../../src/core/validation/types.ts';

/** A case on the passage "Paris is the capital of France." with gold "Paris" unless overridden. */
export function vcase(id: string, over: Partial<ValidationCase> = {}): ValidationCase {
  return {
    id,
    family: 'noise',
    perturbation: 'keyboard typo 30%, seed 1',
    dataset: 'demo',
    questionId: id,
    question: 'What is the capital of France?',
    passage: 'Paris is the capital of France.',
    originalPassage: 'Paris is the capitol of France.',
    edits: [{ start: 13, end: 20 }],
    gold: ['Paris'],
    stratum: 'broken',
    ...over,
  };
}

/** A batch of `cases`, drawn as its failures unless `draw` says otherwise. */
export function vbatch(cases: ValidationCase[], over: Partial<ValidationBatch['source']> = {}, batchId = 'b1'): ValidationBatch {
  return {
    format: BATCH_FORMAT,
    version: VALIDATION_VERSION,
    batchId,
    created: '2026-12-02T08:00:00Z',
    source: { kind: 'synthetic', date: '2026-12-02T07:00:00Z', model: 'qarx-lexical-qa', datasets: ['demo'], draw: 'broken', population: {}, ...over },
    cases,
  };
}

/** A judgement: answers "Paris" (correct on the default case) when `correct`, else "no answer"; meaning kept unless said. */
export function ann(caseId: string, correct: boolean, meaningKept = true, at = '2026-12-02T09:00:00Z'): Annotation {
  return { caseId, answer: correct ? { text: 'Paris', start: 0 } : null, meaningKept, at };
}

/** One annotator's file of batch `batchId`. */
export function vfile(annotator: string, annotations: Annotation[], batchId = 'b1'): AnnotationFile {
  return { format: ANNOTATION_FORMAT, version: VALIDATION_VERSION, batchId, annotator, annotations };
}
