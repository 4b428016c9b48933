/** The Scoring select applied to what the app sends to be scored. */
import { withScoringLang } from '../../core/data/score.ts';
import type { Instance } from '../../core/data/types.ts';
import type { AppState } from './index.ts';

/** One instance marked with the store's scoring language (unchanged under Auto). */
export function scored<T extends Instance>(s: Pick<AppState, 'scoringLang'>, inst: T): T {
  return withScoringLang([inst], s.scoringLang)[0] as T;
}
