/**
 * One batch's judgements from several annotation files: per case and annotator the three labels κ and
 * the majority are computed on — correct (App. H), meaning kept, and valid (both: the case is fair).
 */
import { answerCorrect } from './correct.ts';
import type { FileProblem } from './files.ts';
import type { Annotation, AnnotationFile, ValidationBatch, ValidationCase } from './types.ts';

/** The labels agreement and majority are computed for. */
export type ValidationLabel = 'correct' | 'meaningKept' | 'valid';
export const VALIDATION_LABELS: readonly ValidationLabel[] = ['correct', 'meaningKept', 'valid'];
/** Each label in words, for tables. */
export const LABEL_TEXT: Record<ValidationLabel, string> = {
  correct: 'answered correctly',
  meaningKept: 'meaning kept',
  valid: 'valid (answered correctly and meaning kept)',
};

/** One annotator's labels of one case, with the annotation they come from. */
export interface Judgement {
  correct: boolean;
  meaningKept: boolean;
  valid: boolean;
  annotation: Annotation;
}

/** Every judgement of a batch: annotators in file order, cases in batch order, judgements by case id then annotator. */
export interface Judgements {
  batch: ValidationBatch;
  annotators: string[];
  byCase: Map<string, Map<string, Judgement>>;
}

/** The labels of one annotation of case `c`. */
export function judgementOf(c: ValidationCase, a: Annotation): Judgement {
  const correct = answerCorrect(c, a.answer);
  return { correct, meaningKept: a.meaningKept, valid: correct && a.meaningKept, annotation: a };
}

/**
 * The judgements of annotation files already read against `batch` (readAnnotationFile): files of one
 * annotator name are joined (a case judged in both keeps the later judgement, with a note); files of
 * another batch are left out with a message.
 */
export function collectJudgements(batch: ValidationBatch, files: readonly (AnnotationFile & { file?: string })[]): { judgements: Judgements; problems: FileProblem[] } {
  const problems: FileProblem[] = [];
  const byId = new Map(batch.cases.map((c) => [c.id, c]));
  const byCase = new Map<string, Map<string, Judgement>>(batch.cases.map((c) => [c.id, new Map()]));
  const annotators: string[] = [];
  for (const f of files) {
    const file = f.file ?? `${f.annotator}'s annotations`;
    if (f.batchId !== batch.batchId) {
      problems.push({ file, field: 'batchId', message: `its judgements are of batch "${f.batchId}", not of "${batch.batchId}"; file left out`, dropped: true });
      continue;
    }
    if (!annotators.includes(f.annotator)) annotators.push(f.annotator);
    else problems.push({ file, field: 'annotator', message: `a second file of annotator "${f.annotator}": joined with the first`, dropped: false });
    for (const a of f.annotations) {
      const c = byId.get(a.caseId);
      if (!c) {
        problems.push({ file, caseId: a.caseId, field: 'caseId', message: `no case with this id in batch "${batch.batchId}"; judgement left out`, dropped: true });
        continue;
      }
      const row = byCase.get(c.id) as Map<string, Judgement>;
      const old = row.get(f.annotator);
      if (old) problems.push({ file, caseId: c.id, message: `"${f.annotator}" judged this case in two files; the later judgement is kept`, dropped: false });
      if (!old || Date.parse(a.at) >= Date.parse(old.annotation.at)) row.set(f.annotator, judgementOf(c, a));
    }
  }
  return { judgements: { batch, annotators, byCase }, problems };
}
