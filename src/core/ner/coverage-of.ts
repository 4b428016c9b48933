/** Counts a tagger's coverage (coverage.ts) with the entities in use: a file's own, a loaded tagger's, else the built-in tagger's. */
import type { AnswerEntityType } from '../data/types.ts';
import { partitionScope } from '../entity/partition.ts';
import type { selectRenameTarget } from '../entity/rename.ts';
import type { TaggerCoverage } from './coverage.ts';
import { answerTagSource, type TagSource, type TagSourceFields } from './file-answer-type.ts';
import { answerTypeOf } from './answer-type.ts';

type Counted = Parameters<typeof selectRenameTarget>[0] & TagSourceFields;

/**
 * The coverage of a scope: the MIX renaming's partition of it (partitionScope), answerable = all but
 * the unanswerable, and the renamable questions by the source of their tag (answerTagSource).
 */
export function taggerCoverage(instances: readonly Counted[]): TaggerCoverage {
  const bySource: Partial<Record<TagSource, number>> = {};
  const p = partitionScope(instances, undefined, (inst) => {
    const s = answerTagSource(inst);
    bySource[s] = (bySource[s] ?? 0) + 1;
  });
  return { scope: p.scope, answerable: p.scope - (p.leftOut.unanswerable ?? 0), withEntity: p.renamed, byType: p.byType, leftOut: p.leftOut, bySource };
}

/** The answer types a loaded tagger gave a run's questions (those whose tag's source is 'hub'), as [dataset, id, type] for the list and Live. */
export function hubTypesOf(instances: readonly (Counted & { dataset: string; id: string })[]): [string, string, AnswerEntityType][] {
  return instances.filter((x) => !x.isImpossible && answerTagSource(x) === 'hub').map((x) => [x.dataset, x.id, answerTypeOf(x)]);
}
