/**
 * Slice items (original vs perturbed per question) of every experiment's result, so each result
 * can be sliced by title, domain, question word, … (Generalization, DuReader-robust). Each item is
 * one question: a question asked with several paraphrases, or renamed under several seeds, counts
 * once with its mean perturbed score, so slice counts are question counts.
 */
import { scorePrediction, type Score } from '../data/score.ts';
import type { Instance } from '../data/types.ts';
import { mergeQuestions, type BudgetInstance, type QuestionScores, type SweepCell } from '../entity/stats.ts';
import type { UniversalRow } from '../entity/universal.ts';
import type { DprRow } from '../sensitivity/dpr.ts';
import type { AdversarialRow } from '../trap/adversarial.ts';
import type { TrapRow } from '../trap/summary.ts';
import { joinScores, type SliceItem } from './slices.ts';
import { passageLength, type SliceSource } from './slice-keys.ts';

export { mergeQuestions };

type Source = SliceSource & { id: string };
const ZERO: Score = { em: 0, f1: 0 };

/** Slice items from per-question rows of the questions they ran on; a question's perturbed mean weighs as many answers as it has. */
export function questionItems(instances: readonly Source[], rows: readonly QuestionScores[]): SliceItem[] {
  return joinScores(instances, mergeQuestions(rows), (r) => ({ original: r.original, perturbed: r.perturbed, ...(r.count > 1 ? { perturbedN: r.count } : {}) }));
}

/** A sweep row's label (type · source · origin), the unit a sweep's slice table picks. */
export const sweepRowKey = (c: Pick<SweepCell, 'type' | 'source' | 'origin'>): string => `${c.type} · ${c.source} · ${c.origin}`;

/** A sweep's slice items for one row (every seed of it): original vs the mean renamed score over seeds. */
export function sweepSliceItems(instances: readonly Source[], cells: readonly SweepCell[], rowKey: string): SliceItem[] {
  return questionItems(instances, cells.filter((c) => sweepRowKey(c) === rowKey).flatMap((c) => c.questions ?? []));
}

/**
 * DPR rows as slice items, one per (question, paraphrase) pair — DuReader-robust's unit (§2.1, App. F),
 * as summarizeDpr's headline: the original question's score vs the paraphrase's, in row order.
 */
export function paraphraseSliceItems(instances: readonly Source[], rows: readonly DprRow[]): SliceItem[] {
  return joinScores(instances, rows, (r) => ({ original: { em: r.original.em, f1: r.original.f1 }, perturbed: { em: r.paraphrased.em, f1: r.paraphrased.f1 } }));
}

/** Trap rows as slice items: original passage vs trapped passage. */
export function trapSliceItems(instances: readonly Source[], rows: readonly TrapRow[]): SliceItem[] {
  return questionItems(instances, rows.map((r) => ({ id: r.id, dataset: r.dataset, original: r.original, perturbed: r.trapped })));
}

/** One universal name's slice items: original vs the name put in. */
export function universalSliceItems(instances: readonly Source[], row: UniversalRow | undefined): SliceItem[] {
  return row ? questionItems(instances, row.questions ?? []) : [];
}

/**
 * Adversarial SQuAD rows as slice items, one per original question (Jia & Liang's unit): its own
 * score vs the adversary's pick (each 0 when missing or unanswered, as the script counts them, so the
 * all row is the script's four figures). An original
 * not in the file is labelled by its first variant (same article and question).
 */
export function adversarialSliceItems(instances: readonly Source[], rows: readonly AdversarialRow[]): SliceItem[] {
  const byId = new Map(instances.map((i) => [i.id, i]));
  return rows.flatMap((r) => {
    const source = byId.get(r.originalId) ?? r.variants.map((v) => byId.get(v)).find((x) => x !== undefined);
    if (!source) return [];
    const original = r.original ?? ZERO;
    return [{ source, original, perturbed: r.adversarial ?? ZERO }];
  });
}

/** A budget run's slice items: each question's original score vs its D_worst renaming (lowest F1 over the budget). */
export function budgetSliceItems(instances: readonly Instance[], rows: readonly BudgetInstance[]): SliceItem[] {
  const byId = new Map(instances.map((i) => [i.id, i]));
  return joinScores(instances, rows, (r) => {
    const inst = byId.get(r.id);
    return { original: inst ? scorePrediction(r.original, inst) : ZERO, perturbed: { em: r.worst.em, f1: r.worst.f1 } };
  });
}

/** A budget run's items of original vs D_best (highest F1 over the budget), for the best case's statistics. */
export function budgetBestItems(instances: readonly Instance[], rows: readonly BudgetInstance[]): SliceItem[] {
  const byId = new Map(instances.map((i) => [i.id, i]));
  return joinScores(instances, rows, (r) => {
    const inst = byId.get(r.id);
    return { original: inst ? scorePrediction(r.original, inst) : ZERO, perturbed: { em: r.best.em, f1: r.best.f1 } };
  });
}

/** What a saved run keeps of its questions to slice them again: every slice field, the passage only as its length. */
export type SavedSliceSource = SliceSource & { id: string };

/** The slice fields of questions without their passages, e.g. for a saved run (a passage is replaced by its length). */
export function compactSources(instances: readonly (Instance | SavedSliceSource)[]): SavedSliceSource[] {
  return instances.map((i) => ({ id: i.id, dataset: i.dataset, title: i.title, question: i.question, context: '', contextLength: ('contextLength' in i ? i.contextLength : undefined) ?? passageLength(i.context, i.lang), lang: i.lang, ...(i.answerType ? { answerType: i.answerType } : {}), ...(i.meta ? { meta: i.meta } : {}) }));
}

/** Slice items with their passages replaced by lengths, to be saved with a run, e.g. compactItems(items)[0].source.context === ''. */
export function compactItems(items: readonly SliceItem[]): SliceItem[] {
  return items.map((it) => ({ ...it, source: { ...it.source, context: '', contextLength: it.source.contextLength ?? passageLength(it.source.context, it.source.lang) } }));
}
