/**
 * qarx compare: answers aligned original/perturbed passages and reports the categories (C2C, C2W,
 * W2C, W2W, partial) under a rule, EM/F1, the relative F1 change, the unmodified answer-sentence
 * share per category and the prediction-change rate.
 */
import { NO_ANSWER_OPTIONS, noAnswerOf, showNoAnswer } from '../no-answer.ts';
import { parseArgs } from 'node:util';
import { modelScope, QaEngine } from '../../core/index.ts';
import { enginePredictor } from '../../core/entity/index.ts';
import { CATEGORY_RULES, PAIR_CATEGORIES, RULE_TEXT, runPairs, summarizePairs, type CategoryRule } from '../../core/natural/pairs.ts';
import { dprRowsFromPairs } from '../../core/sensitivity/pairs-dpr.ts';
import { summarizeDpr } from '../../core/sensitivity/dpr.ts';
import { DPR_CI_KEY, dprShares } from '../../core/experiments/paraphrase/ci.ts';
import { dprCounts, printDpr } from '../dpr-report.ts';
import { smallCount, smallLegend } from '../../core/metrics/slices.ts';
import { err, interruptible, interrupted, out, readText, UsageError } from '../io.ts';
import { keepIds, parseIds, SCOPE_OPTIONS } from '../scope-opts.ts';
import { openModel } from '../model.ts';
import { readPairs } from '../pairs-input.ts';
import { pairSliceTables, sliceKeys, formatSliceTable } from '../slices.ts';
import { LANG_OPTION, scoredAs, scoringLangOpt } from '../lang.ts';
import { scoringLangOf } from '../../core/data/score.ts';
import { cliCommand, cliRecord } from '../record.ts';
import { ciHeader, CI_OPTIONS, CI_SEED_OPTION, ciColumns, ciLegend, ciOpts } from '../ci.ts';
import { ciText, pairedStats, shareStats } from '../../core/stats/index.ts';
import { RELATIVE_F1_TITLE } from '../../core/metrics/drop.ts';
import { relativeChangeText } from '../../core/text/figures.ts';

/** Runs `qarx compare <original> <perturbed> --model m` and returns the exit code. */
export async function compare(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { model: { type: 'string' }, rule: { type: 'string', default: 'script' }, ...NO_ANSWER_OPTIONS, json: { type: 'boolean', default: false }, 'hub-host': { type: 'string' }, 'cache-dir': { type: 'string' }, dtype: { type: 'string' }, slice: { type: 'string', multiple: true }, ...LANG_OPTION, ids: SCOPE_OPTIONS.ids, ...CI_OPTIONS, ...CI_SEED_OPTION },
  });
  const [a, b] = positionals;
  if (!a || !b || positionals.length > 2 || !values.model) throw new UsageError('compare needs <original.json> <perturbed.json> --model <dir|hub id>.');
  const rule = values.rule as CategoryRule;
  if (!CATEGORY_RULES.includes(rule)) throw new UsageError(`--rule must be one of ${CATEGORY_RULES.join(', ')} (got "${values.rule}").`);
  const keys = sliceKeys(values.slice);
  const ciOptions = ciOpts(values);
  const scoring = scoringLangOpt(values.lang); // checked before the files are read
  const read = await readPairs(a, b, 'compare');
  // --lang en|zh scores every question with that language's metric; auto follows each question's language.
  // --ids: only the listed pairs, in the list's order (the app's scope); an id the perturbation left out is not an error.
  const paired = scoredAs(values.ids === undefined ? read.paired : keepIds(read.paired, parseIds(readText(values.ids), values.ids)), values.lang);
  const model = await openModel(values.model, values);
  const engine = new QaEngine(model.tokenizer, model.runner, { scope: modelScope(model) });
  // One no-answer decision for the pair (core/data/no-answer.ts), or --squad2/--squad1.
  const noAnswer = noAnswerOf('compare', values, read.evidence);
  showNoAnswer(noAnswer);
  const versionTwo = noAnswer.versionTwo;
  // Ctrl-C: the answers so far are compared and printed, marked partial.
  const stop = interruptible('compare', 'batch');
  const { rows, dropped, cancelled } = await runPairs(
    paired,
    enginePredictor(engine, { versionTwo, signal: stop.signal }),
    (d, t) => {
      if (d === t || d % 50 === 0) err(`compare: ${d}/${t} passages answered\n`);
    },
    { rule },
  );
  stop.release();
  const gone = dropped.answerMissing;
  if (gone.count) err(`qarx: compare: left out ${gone.count} question${gone.count === 1 ? '' : 's'} whose gold answer is not in the edited passage (${gone.ids.join(', ')}${gone.count > gone.ids.length ? ', …' : ''})\n`);
  const sum = summarizePairs(rows);
  // Over-sensitivity: DPR over the questions the two files word differently (null when none is).
  const lang = new Map(paired.map((i) => [i.id, scoringLangOf(i)]));
  const dprRows = dprRowsFromPairs(rows, (id) => lang.get(id) ?? 'en');
  const dpr = dprRows.length ? summarizeDpr(dprRows) : null;
  // Original vs perturbed per slice of the original questions (--slice title, qword, a metadata key …).
  const slices = await pairSliceTables(paired, rows, keys);
  // --ci: original vs perturbed on the same questions, paired (passage = the original passage).
  const context = new Map(paired.map((i) => [i.id, i.context]));
  const ci = ciOptions && pairedStats(rows.map((r) => ({ original: r.original, perturbed: r.perturbed, passage: context.get(r.id) ?? r.id })), ciOptions);
  // --ci and reworded questions: the DPR's 95% CI over the pairs (the app's paraphrase card computes the same share).
  const dprCi = ciOptions && dpr ? dprShares(dprRows).map((sh) => shareStats(sh.values, ciOptions, sh.clusters))[0] ?? null : null;
  if (values.json) {
    const record = cliRecord({ data: [a, b], n: sum.n, model: values.model, dtype: model.dtype, device: model.device, noAnswer, lang: scoring, settings: { rule } });
    out(`${JSON.stringify({ record, command: cliCommand('compare', argv), partial: cancelled, rule, ruleText: RULE_TEXT[rule], versionTwo, versionTwoReason: noAnswer.reason, dropped, ...sum, ...(ci ? { ci } : {}), dpr, ...(dprCi ? { dprCi: { key: DPR_CI_KEY, ...dprCi } } : {}), rows, ...(slices.length ? { slices } : {}) }, null, 2)}\n`);
    return cancelled ? interrupted('compare', `${sum.n} of ${paired.length} questions`) : 0;
  }
  const f = (x: number) => x.toFixed(2);
  const share = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`);
  if (cancelled) out(`PARTIAL: stopped after ${sum.n} of ${paired.length} questions\n`);
  out(`rule: ${rule} (${RULE_TEXT[rule]})\n`);
  out(`questions: ${smallCount(sum.n)}\n`);
  for (const c of PAIR_CATEGORIES) out(`${c}: ${sum.categories[c]}\n`);
  out(`original:  EM ${f(sum.original.em)}  F1 ${f(sum.original.f1)}\n`);
  out(`perturbed: EM ${f(sum.perturbed.em)}  F1 ${f(sum.perturbed.f1)}\n`);
  // Undefined (NaN) when the original F1 is 0: printed as a dash, not "+0.00%".
  const rel = sum.relativeF1Change;
  out(`${RELATIVE_F1_TITLE}: ${relativeChangeText(rel)}\n`);
  out(`answer sentence unmodified (answerable questions): ${PAIR_CATEGORIES.map((c) => `${c} ${share(sum.unmodified[c])} of ${sum.answerable[c]}`).join('  ')}\n`);
  out(`prediction changed: ${share(sum.predictionChangeRate)}\n`);
  if (ci && ciOptions) out(`${ciLegend(ciOptions, 1)}${ciHeader(1)}\n${ciColumns(ci)}\n`);
  if (dpr) printDpr(dpr, out);
  if (dprCi) out(`DPR 95% CI: ${ciText(dprCi)} % (percentile bootstrap over the ${dprCi.n} reworded questions)\n`);
  out(smallLegend([sum.n, ...(dpr ? dprCounts(dpr) : [])]));
  for (const t of slices) out(`\n${formatSliceTable(t)}\n`);
  return cancelled ? interrupted('compare', `${sum.n} of ${paired.length} questions`) : 0;
}
