/**
 * The tagger coverage of the experiments' scope before a run (issue 42.3): the questions a renaming
 * run would collect, counted by the same partition the run counts with (taggerCoverage), with the
 * datasets' import tags in use, so the line before a run and the one after it agree for the
 * built-in tagger. A loaded Hub model's own count comes with its run (its tagging is the run's).
 */
import type { Instance } from '../core/data/types.ts';
import type { TaggerCoverage } from '../core/ner/coverage.ts';
import { newTagStore, tagStoreFrom, withTagStore, type TagStore, type TagStoreData } from '../core/entity/tag-store.ts';

/**
 * The coverage of collected questions with their datasets' tags (loaded on first use: it brings the
 * tagger). What the count tags goes into `into` when given: the data worker keeps the demo set's
 * tags so (issue 44) the sweep that follows reads them instead of tagging the passages again; the
 * inference worker counts the run's coverage the same way, into the store its sweep then uses.
 */
export async function coverageOfCollected(instances: readonly Instance[], tags: readonly TagStoreData[], into: TagStore = newTagStore()): Promise<TaggerCoverage> {
  const { taggerCoverage } = await import('../core/ner/coverage-of.ts');
  const store = into;
  for (const t of tags) tagStoreFrom(t, store);
  return withTagStore(async () => taggerCoverage(instances), store);
}
