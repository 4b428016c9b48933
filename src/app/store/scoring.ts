/** The Scoring select applied to what the app sends to be scored. */
import { parseScoringLang, withScoringLang, type ScoringLang } from '../../core/data/score.ts';
import type { Instance } from '../../core/data/types.ts';
import type { AppState } from './index.ts';

/** One instance marked with the store's scoring language (unchanged under Auto). */
export function scored<T extends Instance>(s: Pick<AppState, 'scoringLang'>, inst: T): T {
  return withScoringLang([inst], s.scoringLang)[0] as T;
}

/** Where the Scoring select is kept: a metric choice that silently fell back to Auto on reload would change every later run's numbers. */
export const SCORING_KEY = 'qarx.scoring.v1';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The saved Scoring choice, or 'auto' when none (or an unreadable one) is saved, e.g. loadScoringLang(localStorage). */
export function loadScoringLang(store: KeyValueStore | undefined): ScoringLang {
  try {
    return parseScoringLang(store?.getItem(SCORING_KEY) ?? '') ?? 'auto';
  } catch {
    return 'auto';
  }
}

/** Saves the Scoring choice; a browser that refuses storage keeps it for the page's life only. */
export function saveScoringLang(store: KeyValueStore | undefined, lang: ScoringLang): void {
  try {
    store?.setItem(SCORING_KEY, lang);
  } catch {
    // Storage full or disabled: the choice still holds until the page closes.
  }
}
