/** Scoring one prediction against an instance's gold answers with the official metrics. */
import { calcEmScore, calcF1Score } from '../metrics/dureader.ts';
import { maxOverGolds } from '../metrics/squad.ts';
import type { Instance } from './types.ts';

// Re-exported: their own module so `qarx eval` checks --lang without loading the metrics.
export { parseScoringLang, withScoringLang, type ScoringLang } from './scoring-lang.ts';

/** EM and F1 in 0..1. */
export interface Score {
  em: number;
  f1: number;
}

/**
 * SQuAD 2.0 EM/F1 (an unanswerable question wants ""), DuReader's character-level ones for Chinese,
 * e.g. scorePrediction('Warsaw', { answers: [{ text: 'Warsaw', start: 0 }], … }) → { em: 1, f1: 1 }.
 */
export function scorePrediction(prediction: string, instance: Pick<Instance, 'answers' | 'isImpossible' | 'lang' | 'scoreLang'>): Score {
  const golds = instance.isImpossible ? [] : instance.answers.map((a) => a.text);
  if (scoringLangOf(instance) === 'zh') {
    if (golds.length === 0) return prediction === '' ? { em: 1, f1: 1 } : { em: 0, f1: 0 };
    return { em: calcEmScore(golds, prediction), f1: calcF1Score(golds, prediction) };
  }
  return { em: maxOverGolds('em', prediction, golds, 'v2.0'), f1: maxOverGolds('f1', prediction, golds, 'v2.0') };
}

/** The metric a language is scored with, as the views name it, e.g. metricLabel('zh') → "DuReader-robust character-level EM/F1". */
export function metricLabel(lang: Instance['lang']): string {
  return lang === 'zh' ? 'DuReader-robust character-level EM/F1' : 'SQuAD 2.0 EM/F1';
}

/** The language whose official metric scores a question, e.g. scoringLangOf({ lang: 'zh', scoreLang: 'en' }) → 'en'. */
export function scoringLangOf(instance: Pick<Instance, 'lang' | 'scoreLang'>): 'en' | 'zh' {
  return instance.scoreLang ?? instance.lang;
}
