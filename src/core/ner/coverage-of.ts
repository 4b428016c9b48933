/** Counts a tagger's coverage (coverage.ts) with the entities in use: a file's own, a loaded tagger's, else the built-in tagger's. */
import type { AnswerEntityType } from '../data/types.ts';
import { partitionScope } from '../entity/partition.ts';
import type { selectRenameTarget } from '../entity/rename.ts';
import { coverageFromParts, type CoveragePart, type TaggerCoverage } from './coverage.ts';
import { answerTagSource, type TagSourceFields } from './file-answer-type.ts';
import { answerTypeOf } from './answer-type.ts';

type Counted = Parameters<typeof selectRenameTarget>[0] & TagSourceFields;

/**
 * Each question's coverage part: the MIX renaming's partition of the scope (partitionScope) and, for
 * a renamable question, the source of its tag (answerTagSource).
 */
export function coverageParts(instances: readonly Counted[]): CoveragePart[] {
  const parts: CoveragePart[] = [];
  partitionScope(instances, undefined, (inst, outcome) => parts.push('leftOut' in outcome ? outcome : { type: outcome.type, source: answerTagSource(inst) }));
  return parts;
}

/** The coverage of a scope: its questions' parts added up (answerable = all but the unanswerable). */
export function taggerCoverage(instances: readonly Counted[]): TaggerCoverage {
  return coverageFromParts(coverageParts(instances));
}

/** The answer types a loaded tagger gave a run's questions (those whose tag's source is 'hub'), as [dataset, id, type] for the list and Live. */
export function hubTypesOf(instances: readonly (Counted & { dataset: string; id: string })[]): [string, string, AnswerEntityType][] {
  return instances.filter((x) => !x.isImpossible && answerTagSource(x) === 'hub').map((x) => [x.dataset, x.id, answerTypeOf(x)]);
}
