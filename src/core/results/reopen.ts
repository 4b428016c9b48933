/**
 * A failure-gallery case as Live shows it when it is reopened: the run it came from, the run's
 * scoring settings, the perturbation and both sides (question, passage, answer and its EM/F1
 * against the side's gold answers) with the case's category under the run's rule. Every result kind
 * (renaming, revision pair, noise, paraphrase, trap, adversarial, found edit, universal name,
 * worst/best) reopens through this one view.
 */
import { metricLabel, scorePrediction, type Score } from '../data/score.ts';
import { kindLabel } from '../experiments/registry.ts';
import { pairCategory, RULE_TEXT, type CategoryRule, type PairCategory } from '../natural/categories.ts';
import { guessLang } from '../text/guess-lang.ts';
import type { CaseRun } from './case-run.ts';
import { answersRun, type FailureCase } from './gallery.ts';
import { runTime } from './run-record.ts';

/** One side of a reopened case. */
export interface ReopenSide {
  question: string;
  /** The side's passage (null: a noisy passage that is only made again live). */
  passage: string | null;
  gold: string[];
  answer: string;
  score: Score;
}

/** What the reopened case says beside the live question. */
export interface ReopenView {
  /** The run it came from in words, e.g. 'Paraphrases (DPR) run of 2026-12-02 05:12 UTC on Demo set'. */
  run: string;
  /** The run's scoring settings in words, e.g. '"no answer" off · SQuAD 2.0 EM/F1 · C2W by …'. */
  scoring: string;
  perturbation: string;
  original: ReopenSide;
  perturbed: ReopenSide;
  category: PairCategory;
  /** The rule the category follows: the answers' run's, else the script's. */
  rule: CategoryRule;
}

/** The reworded question a case asks on the same passage (a paraphrase), which Live's paraphrase control asks again; null for every other case. */
export function rewordedQuestion(c: Pick<FailureCase, 'perturbedQuestion' | 'original' | 'perturbed'>): string | null {
  return c.perturbedQuestion !== undefined && c.perturbed.passage === c.original.passage ? c.perturbedQuestion : null;
}


/** The run a case came from in words; cases collected before runs were named say so. */
export function caseRunLabel(run: CaseRun | undefined, datasetName: (nameOrId: string) => string = (d) => d): string {
  if (!run) return 'an earlier run (not recorded)';
  const on = run.datasets.length ? ` on ${run.datasets.map(datasetName).join(', ')}` : '';
  return run.kind === 'live' ? `found in Live ${runTime(run.date)}${on}` : `${kindLabel(run.kind)} run of ${runTime(run.date)}${on}`;
}

/** The metric's language of a case: the run's choice, else the question's own. */
const langOf = (c: Pick<FailureCase, 'question' | 'original'>, run: CaseRun | undefined): 'en' | 'zh' =>
  run && run.scoringLang !== 'auto' ? run.scoringLang : guessLang(`${c.question} ${c.original.passage.slice(0, 2000)}`);

/** An answer's EM/F1 against gold texts (none: the question is unanswerable). */
function scoreOf(answer: string, gold: readonly string[], lang: 'en' | 'zh'): Score {
  return scorePrediction(answer, { answers: gold.map((text) => ({ text, start: -1 })), isImpossible: gold.length === 0, lang });
}

/** The reopened view of a case, e.g. reopenView(paraphraseCase).perturbed.question is the paraphrase. */
export function reopenView(c: FailureCase, datasetName?: (nameOrId: string) => string): ReopenView {
  // The answers are the latest finding's: they are scored as that run scored.
  const run = answersRun(c);
  const lang = langOf(c, run);
  const perturbedGold = c.perturbedGold ?? c.gold;
  const original: ReopenSide = { question: c.question, passage: c.original.passage, gold: c.gold, answer: c.original.answer, score: scoreOf(c.original.answer, c.gold, lang) };
  const perturbed: ReopenSide = { question: c.perturbedQuestion ?? c.question, passage: c.perturbed.passage, gold: perturbedGold, answer: c.perturbed.answer, score: scoreOf(c.perturbed.answer, perturbedGold, lang) };
  const allowNull = run?.allowNull ?? c.link?.allowNull;
  const scoring = [allowNull === undefined ? null : `“no answer” ${allowNull ? 'on' : 'off'} (SQuAD ${allowNull ? '2.0' : '1.1'} decoding)`, metricLabel(lang), run ? RULE_TEXT[run.rule] : null].filter((x) => x !== null).join(' · ');
  const rule = run?.rule ?? 'script';
  return { run: caseRunLabel(run, datasetName), scoring, perturbation: c.perturbation, original, perturbed, category: pairCategory(original.score, perturbed.score, rule), rule };
}
