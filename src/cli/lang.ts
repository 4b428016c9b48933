/** `--lang auto|en|zh`: which official metric scores the data (the app's Scoring select). */
import { parseScoringLang, withScoringLang, type ScoringLang } from '../core/data/scoring-lang.ts';
import type { Instance } from '../core/data/types.ts';
import { guessLang } from '../core/text/guess-lang.ts';
import type { SquadDataset } from '../core/metrics/index.ts';
import { UsageError } from './io.ts';

/** The `--lang` option for parseArgs. */
export const LANG_OPTION = { lang: { type: 'string' } } as const;

/** The checked `--lang` value, e.g. scoringLangOpt(undefined) → 'auto'; anything but auto/en/zh is a usage error. */
export function scoringLangOpt(raw: string | undefined): ScoringLang {
  const lang = parseScoringLang(raw);
  if (lang === null) throw new UsageError(`--lang must be auto, en (SQuAD EM/F1) or zh (DuReader-robust character-level EM/F1), got "${raw}".`);
  return lang;
}

/** Instances scored as `--lang` says (auto: each question's own language). */
export function scoredAs<T extends Instance>(instances: readonly T[], raw: string | undefined): T[] {
  return withScoringLang(instances, scoringLangOpt(raw));
}

/** The language of an evaluation file: 'zh' when most of its passages are Chinese, e.g. a DuReader-robust dev set. */
export function datasetLang(dataset: SquadDataset): 'en' | 'zh' {
  let zh = 0;
  let n = 0;
  for (const a of dataset.data ?? []) for (const p of a.paragraphs ?? []) {
    if (typeof p.context !== 'string') continue;
    n++;
    if (guessLang(p.context) === 'zh') zh++;
  }
  return n > 0 && zh * 2 > n ? 'zh' : 'en';
}
