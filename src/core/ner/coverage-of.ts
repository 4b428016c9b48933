/** Counts a tagger's coverage (coverage.ts) with the entities in use: a file's own, a loaded tagger's, else the built-in tagger's. */
import { partitionScope } from '../entity/partition.ts';
import type { selectRenameTarget } from '../entity/rename.ts';
import type { TaggerCoverage } from './coverage.ts';

/** The coverage of a scope: the MIX renaming's partition of it (partitionScope), answerable = all but the unanswerable. */
export function taggerCoverage(instances: readonly Parameters<typeof selectRenameTarget>[0][]): TaggerCoverage {
  const p = partitionScope(instances);
  return { scope: p.scope, answerable: p.scope - (p.leftOut.unanswerable ?? 0), withEntity: p.renamed, byType: p.byType, leftOut: p.leftOut };
}
