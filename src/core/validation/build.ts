/**
 * Validation cases built from what a run has: a failure-gallery case (its broken question), or an
 * original/perturbed instance pair (a sampled question). The edits are the perturbed passage's changed
 * spans in code points (a word diff, so an edit never splits a word); a deletion is an empty span where
 * the text was. No model output is copied into a case, so annotators are not primed.
 */
import type { FailureCase } from '../results/gallery.ts';
import { wordDiff } from '../text/diff.ts';
import { codePointLength } from '../text/codepoints.ts';
import type { Instance } from '../data/types.ts';
import { hashString } from '../text/random.ts';
import { BATCH_FORMAT, VALIDATION_VERSION, type BatchSource, type CodePointSpan, type ValidationBatch, type ValidationCase } from './types.ts';

/** The perturbed passage's changed spans against the original, in code points, e.g. ('a b c', 'a x c') → [{ start: 2, end: 3 }]. */
export function editSpans(original: string, perturbed: string): CodePointSpan[] {
  if (original === perturbed) return [];
  const out: CodePointSpan[] = [];
  let at = 0;
  for (const piece of wordDiff(original, perturbed)) {
    if (piece.op === 'equal') {
      at += codePointLength(piece.text);
      continue;
    }
    const len = piece.op === 'insert' ? codePointLength(piece.text) : 0;
    const last = out[out.length - 1];
    // A replacement (a deletion next to an insertion) is one edit.
    if (last && last.end === at) last.end = at + len;
    else out.push({ start: at, end: at + len });
    at += len;
  }
  return out;
}

/** A case id from its parts, stable across exports, e.g. caseId('noise', 'demo', 'q1', 'keyboard|0.3|1') → 'noise|demo|q1|keyboard|0.3|1'. */
export const caseId = (family: string, dataset: string, questionId: string, settings: string): string => [family, dataset, questionId, settings].filter((p, i) => i < 3 || p !== '').join('|');

/**
 * The validation case of a gallery failure (stratum 'broken'); null when its perturbed passage is only
 * made again live (synthetic noise before it is computed). Its id is the gallery key without the model,
 * so one question broken by two models is one case.
 */
export function caseFromFailure(c: FailureCase, stratum = 'broken'): ValidationCase | null {
  const passage = c.perturbed.passage;
  if (passage === null) return null;
  const parts = c.key.split('|');
  const id = [parts[0], ...parts.slice(2)].join('|');
  return {
    id,
    family: c.kind,
    perturbation: c.perturbation,
    dataset: c.dataset,
    questionId: c.id,
    question: c.perturbedQuestion ?? c.question,
    ...(c.perturbedQuestion && c.perturbedQuestion !== c.question ? { originalQuestion: c.question } : {}),
    passage,
    originalPassage: c.original.passage,
    edits: editSpans(c.original.passage, passage),
    gold: c.perturbedGold ?? c.gold,
    stratum,
  };
}

/** The fields of an instance a case is built from. */
type Side = Pick<Instance, 'id' | 'dataset' | 'question' | 'context' | 'answers' | 'isImpossible'>;

/**
 * The validation case of an original/perturbed pair of one question, e.g. a sampled question of a
 * `qarx perturb` file and its original: gold answers are the perturbed side's (empty when unanswerable).
 */
export function caseFromPair(original: Pick<Side, 'question' | 'context'>, perturbed: Side, meta: Pick<ValidationCase, 'family' | 'perturbation' | 'stratum'> & { settings?: string }): ValidationCase {
  return {
    id: caseId(meta.family, perturbed.dataset, perturbed.id, meta.settings ?? ''),
    family: meta.family,
    perturbation: meta.perturbation,
    dataset: perturbed.dataset,
    questionId: perturbed.id,
    question: perturbed.question,
    ...(original.question !== perturbed.question ? { originalQuestion: original.question } : {}),
    passage: perturbed.context,
    originalPassage: original.context,
    edits: editSpans(original.context, perturbed.context),
    gold: perturbed.isImpossible ? [] : [...new Set(perturbed.answers.map((a) => a.text))],
    stratum: meta.stratum,
  };
}

/**
 * A batch of `cases` with an id named after `name`, the draw, its seed and a hash of the case ids (the
 * same cases give the same id, so annotation files of a re-exported batch still fit), e.g.
 * makeBatch('noisy', cases, source, '2026-12-02T09:00:00Z').batchId → 'noisy-sample-1-…'.
 */
export function makeBatch(name: string, cases: ValidationCase[], source: BatchSource, created: string): ValidationBatch {
  const batchId = `${name}-${source.draw}${source.seed === undefined ? '' : `-${source.seed}`}-${hashString(cases.map((c) => c.id).join('\n')).toString(16)}`;
  return { format: BATCH_FORMAT, version: VALIDATION_VERSION, batchId, created, source, cases };
}
