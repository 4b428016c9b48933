/**
 * Which run a failure-gallery case came from, and how that run scored: "Cases these runs broke"
 * collects across runs and datasets, so each case names its run; reopening a case in Live puts
 * back the run's scoring settings (SQuAD 2.0 "no answer", the metric's language, the C2W rule).
 */
import type { ScoringLang } from '../data/scoring-lang.ts';
import type { CategoryRule } from '../natural/categories.ts';
import type { RunRecord } from './run-record.ts';

/** The run of a case and its scoring settings. */
export interface CaseRun {
  /** The experiment kind as the registry names it (e.g. 'paraphrase'), or 'live' for a case found in the live view. */
  kind: string;
  /** When the run started (ISO 8601): with the kind and model it names the run in the run history. */
  date: string;
  /** The names of the datasets the run drew its questions from. */
  datasets: string[];
  /** SQuAD 2.0 "no answer" decoding as the run had it. */
  allowNull: boolean;
  scoringLang: ScoringLang;
  rule: CategoryRule;
}

/** The case run of an experiment run's record, e.g. caseRunOf('paraphrase', record, 'script'). */
export function caseRunOf(kind: string, r: Pick<RunRecord, 'date' | 'datasets' | 'versionTwo' | 'scoringLang'>, rule: CategoryRule): CaseRun {
  return { kind, date: r.date, datasets: [...r.datasets], allowNull: r.versionTwo, scoringLang: r.scoringLang ?? 'auto', rule };
}

/** The case run of something found in the live view just now, with the live view's settings. */
export function liveCaseRun(s: { allowNull: boolean; scoringLang: ScoringLang; categoryRule: CategoryRule }, date: string, dataset: string): CaseRun {
  return { kind: 'live', date, datasets: [dataset], allowNull: s.allowNull, scoringLang: s.scoringLang, rule: s.categoryRule };
}

/** A run's key: cases with the same key came from the same run. */
export const caseRunKey = (run: CaseRun | undefined, model: string): string => (run ? `${run.kind}|${run.date}|${model}` : `unknown|${model}`);

/** Whether a stored value is a case run (the gallery is read back from the browser's storage, which anyone can edit). */
export function isCaseRun(x: unknown): x is CaseRun {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return (
    typeof r.kind === 'string' &&
    typeof r.date === 'string' &&
    Array.isArray(r.datasets) &&
    r.datasets.every((d) => typeof d === 'string') &&
    typeof r.allowNull === 'boolean' &&
    (r.scoringLang === 'auto' || r.scoringLang === 'en' || r.scoringLang === 'zh') &&
    (r.rule === 'script' || r.rule === 'em')
  );
}
