/**
 * The InDistName pool's type and the merging of several datasets' pools, apart from rename.ts so
 * that the data worker can hand out a pool it already has without loading the tagger (issue 44).
 */
import type { SpanKind } from './names.ts';

/** InDistName candidates per span kind, harvested from a dataset (duplicates kept, so sampling follows frequency). */
export type NamePool = Partial<Record<SpanKind, string[]>>;

/** Pools of several datasets as one (duplicates kept, each kind sorted), e.g. for a selection spanning two imports. */
export function mergePools(pools: readonly NamePool[]): NamePool {
  const out: NamePool = {};
  for (const p of pools) for (const [kind, names] of Object.entries(p) as [SpanKind, string[]][]) (out[kind] ??= []).push(...names);
  for (const names of Object.values(out)) names.sort();
  return out;
}
