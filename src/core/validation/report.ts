/**
 * A batch's validation in one object (JSON for `qarx validate report --json`, the audit summary and the
 * app) and in words: the annotators, κ with CI per label, disagreements, the cases needing another
 * annotator, the validated rates and the invalid cases by family, with the rule that decides correctness.
 */
import { ciText } from '../stats/format.ts';
import type { Interval } from '../stats/bootstrap.ts';
import { decideAll, disagreements, labelAgreement, needsAnotherAnnotator, panelOf, type Disagreement, type LabelAgreement, type Panel } from './agreement.ts';
import { CORRECT_RULE_TEXT } from './correct.ts';
import { problemText, type FileProblem } from './files.ts';
import { collectJudgements, LABEL_TEXT, VALIDATION_LABELS } from './judgements.ts';
import { kappaText } from './kappa.ts';
import { invalidByFamily, validatedRates, type FamilyInvalid, type ValidatedRates } from './rates.ts';
import { sampleSizeNote } from './sample.ts';
import type { AnnotationFile, BatchSource, ValidationBatch } from './types.ts';

/** Everything validation says about one batch. */
export interface ValidationSummary {
  batchId: string;
  source: BatchSource;
  cases: number;
  annotators: string[];
  correctRule: string;
  panel: Panel;
  agreement: LabelAgreement[];
  disagreements: Disagreement[];
  needsAnotherAnnotator: string[];
  rates: ValidatedRates;
  invalidByFamily: FamilyInvalid[];
  /** What the batch's size can show. */
  sizeNote: string;
  /** Problems met while joining the files, one line each. */
  problems: string[];
  ci: { b: number; seed: number };
}

/** The validation of `batch` by annotation files already read against it (problems of reading them can be passed in). */
export function validationSummary(batch: ValidationBatch, files: readonly (AnnotationFile & { file?: string })[], ci: { b: number; seed: number }, readProblems: readonly FileProblem[] = []): ValidationSummary {
  const { judgements, problems } = collectJudgements(batch, files);
  const panel = panelOf(judgements);
  const decided = decideAll(judgements);
  return {
    batchId: batch.batchId,
    source: batch.source,
    cases: batch.cases.length,
    annotators: judgements.annotators,
    correctRule: CORRECT_RULE_TEXT,
    panel,
    agreement: VALIDATION_LABELS.map((l) => labelAgreement(judgements, l, ci, panel)),
    disagreements: disagreements(judgements),
    needsAnotherAnnotator: needsAnotherAnnotator(judgements),
    rates: validatedRates(batch, decided, ci),
    invalidByFamily: invalidByFamily(batch, decided),
    sizeNote: sampleSizeNote(batch.cases.length),
    problems: [...readProblems, ...problems].map(problemText),
    ci,
  };
}

/** A share (0–1) in percent as the report and the app's Validate view write it, e.g. percent(0.875) === '87.5%'; no share (0 of 0) as '–'. */
export const percent = (x: number): string => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '–');

/** A share with its CI in percent, e.g. shareCi({ value: 0.42, lo: 0.301, hi: 0.549 }) === '42.0% [30.1, 54.9]'. */
export const shareCi = (i: Interval): string => `${percent(i.value)} ${ciText({ value: i.value * 100, lo: i.lo * 100, hi: i.hi * 100 })}`;

/** A share with its CI in percent and its n, e.g. "62.5% [30.6, 86.3], n = 8". */
const pct = (i: Interval, n: number): string => (Number.isNaN(i.value) ? `no cases (n = ${n})` : `${shareCi(i)}, n = ${n}`);

/** The κ lines, one per label, e.g. "valid (…): Cohen's κ 0.50 [0.00, 1.00], 4 cases, p_o 75.0%". */
function agreementLines(s: ValidationSummary): string[] {
  return s.agreement.map((g) => {
    const name = g.kappa.method === 'cohen' ? "Cohen's κ" : "Fleiss' κ";
    const ciPart = g.ci ? ` ${ciText(g.ci, 2)}` : '';
    const agree = Number.isNaN(g.kappa.observed) ? '' : `, observed agreement ${percent(g.kappa.observed)}`;
    return `  ${LABEL_TEXT[g.label]}: ${name} ${kappaText(g.kappa)}${ciPart} over ${g.kappa.n} case${g.kappa.n === 1 ? '' : 's'}${agree}`;
  });
}

/** The validated-rate lines. */
function rateLines(s: ValidationSummary): string[] {
  const r = s.rates;
  const lines = [`  valid share of the judged cases: ${pct(r.validShare, r.judged)}`];
  if (r.rawRate && r.rate) {
    lines.push(`  failure rate before validation: ${pct(r.rawRate, r.judged)}`);
    lines.push(`  validated failure rate (failures on valid cases): ${pct(r.rate, r.valid)}`);
  } else lines.push('  validated failure rate: not known (the batch does not say which cases the model failed)');
  if (r.weighted) lines.push(`  weighted back to the run's strata (${Object.entries(s.source.population).map(([h, n]) => `${h} ${n}`).join(', ')}): ${(r.weighted.value * 100).toFixed(1)}% ${ciText({ value: 0, lo: r.weighted.lo * 100, hi: r.weighted.hi * 100 })} (stratified bootstrap, ${s.ci.b} resamples, seed ${s.ci.seed})`);
  if (r.validatedFailures) lines.push(`  of the run's ${s.source.population.broken} failures, about ${r.validatedFailures.value.toFixed(1)} [${r.validatedFailures.lo.toFixed(1)}, ${r.validatedFailures.hi.toFixed(1)}] are valid`);
  return lines;
}

/** The summary as text for the terminal. */
export function validationText(s: ValidationSummary): string {
  const out = [
    `Validation of batch ${s.batchId} (${s.cases} cases, ${s.source.draw === 'broken' ? "the run's failures" : `a sample, seed ${s.source.seed ?? '?'}`}; model ${s.source.model})`,
    `Annotators: ${s.annotators.join(', ') || 'none'}; κ over ${s.panel.annotators.join(', ') || 'nobody'}${s.panel.outside.length ? ` (outside κ, counted in the majority: ${s.panel.outside.map((o) => `${o.annotator} ${o.cases} cases`).join(', ')})` : ''}`,
    `Agreement (bootstrap over cases, ${s.ci.b} resamples, seed ${s.ci.seed}):`,
    ...agreementLines(s),
    `Decided by majority; a tie waits for another annotator (Wu et al. 2025 App. H): ${s.needsAnotherAnnotator.length} case${s.needsAnotherAnnotator.length === 1 ? '' : 's'} need one${s.needsAnotherAnnotator.length ? ` (${s.needsAnotherAnnotator.slice(0, 10).join(', ')}${s.needsAnotherAnnotator.length > 10 ? ', …' : ''})` : ''}`,
    'Rates (Wilson 95% CI):',
    ...rateLines(s),
    `Invalid cases by family: ${s.invalidByFamily.map((f) => `${f.family} ${f.invalid} of ${f.judged} (wrong answer ${f.wrongAnswer}, meaning changed ${f.meaningChanged})`).join('; ') || 'none judged'}`,
    `Disagreements: ${s.disagreements.length}${s.disagreements.length ? ` (${s.disagreements.slice(0, 10).map((d) => `${d.caseId}: ${d.labels.join(', ')}`).join('; ')}${s.disagreements.length > 10 ? '; …' : ''})` : ''}`,
    `Size: ${s.sizeNote}`,
    `Correct: ${s.correctRule}`,
  ];
  if (s.problems.length) out.push(`Problems in the files (${s.problems.length}):`, ...s.problems.map((p) => `  ${p}`));
  return `${out.join('\n')}\n`;
}
