/** The metric's language as the user picks it (the app's Scoring select, qarx `--lang`); no imports, so `qarx eval` checks it cheaply. */
import type { Instance } from './types.ts';

/** Which metric scores the data: 'auto' follows each question's language, 'en' / 'zh' override it (the app's Scoring select, qarx `--lang`). */
export type ScoringLang = 'auto' | 'en' | 'zh';

/** The questions marked to be scored in `lang` ('auto' leaves them as they are); generators still read each question's own `lang`. */
export function withScoringLang<T extends Instance>(instances: readonly T[], lang: ScoringLang): T[] {
  return lang === 'auto' ? [...instances] : instances.map((i) => ({ ...i, scoreLang: lang }));
}

/** A ScoringLang from user text, or null, e.g. parseScoringLang('zh') → 'zh', parseScoringLang('fr') → null. */
export function parseScoringLang(raw: string | undefined): ScoringLang | null {
  return raw === undefined ? 'auto' : raw === 'auto' || raw === 'en' || raw === 'zh' ? raw : null;
}
