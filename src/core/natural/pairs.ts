/**
 * Natural perturbations (Wu et al. 2025): a question asked of a passage and of its next revision
 * (same question, same answers). Both are answered; each question falls in C2W, W2C, C2C or W2W
 * (or "partial" under the released script's rule), and the set gets EM/F1 on both sides, the
 * relative F1 change, the share whose answer sentence the edit left alone, and the share of
 * questions whose predicted text changed.
 */
import { answerSentenceModified } from './answer-sentence.ts';
import { scorePrediction } from '../data/score.ts';
import type { Instance } from '../data/types.ts';
import { pairCategory, type CategoryRule } from './categories.ts';

export { CATEGORY_RULES, PAIR_CATEGORIES, pairCategory, recategorize, RULE_TEXT, WRONG_F1, type CategoryRule, type PairCategory } from './categories.ts';
import type { Predictor } from '../entity/experiment.ts';

/** The edited side of a pair as an instance of its own: same id and answer texts, its own passage and (if reworded) question. */
export function revisedInstance(inst: Instance): Instance | null {
  if (!inst.revision) return null;
  const question = inst.revision.question ?? inst.question;
  return { ...inst, question, context: inst.revision.context, answers: inst.revision.answers, revision: undefined, trap: undefined, paraphrases: undefined };
}

/** Python 3's `\w` on str: a letter, a number or `_` (str.isalnum() or underscore). */
const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /^[\p{L}\p{N}_]$/u.test(ch);

/** The code point ending just before UTF-16 index `i`, or undefined at the start. */
function charBefore(text: string, i: number): string | undefined {
  if (i <= 0) return undefined;
  const low = text.charCodeAt(i - 1);
  return low >= 0xdc00 && low <= 0xdfff && i >= 2 ? text.slice(i - 2, i) : text[i - 1];
}

/**
 * Where `needle` first occurs in `text` between two Python `\b` word boundaries, or −1: the
 * released pipeline's `re.search(r'\b' + re.escape(answer) + r'\b', context)` (case-sensitive),
 * e.g. wholeWordIndex('Parisian Paris', 'Paris') → 9. As in Python, `\b` next to a non-word
 * character needs a word character on its other side, so '$5' is not found in 'a $5 fee'.
 */
export function wholeWordIndex(text: string, needle: string): number {
  if (!needle) return -1;
  const first = String.fromCodePoint(needle.codePointAt(0) as number);
  const last = charBefore(needle, needle.length);
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
    const end = i + needle.length;
    const after = text.codePointAt(end);
    const startOk = isWordChar(charBefore(text, i)) !== isWordChar(first);
    const endOk = isWordChar(last) !== isWordChar(after === undefined ? undefined : String.fromCodePoint(after));
    if (startOk && endOk) return i;
  }
  return -1;
}

/**
 * The texts a pair must keep (Wu et al. 2025 §3): an answerable question's gold answers, an
 * unanswerable one's plausible answers (none known: nothing to check).
 */
export const answersToKeep = (a: Pick<Instance, 'answers' | 'isImpossible' | 'plausibleAnswers'>): string[] => (a.isImpossible ? (a.plausibleAnswers ?? []) : a.answers.map((g) => g.text)).filter((t) => t !== '');

/**
 * True when every gold answer (unanswerable: every plausible answer) occurs in the perturbed
 * passage as whole words (Wu et al. 2025 §3; the released `find_continuous_span_start`). Chinese
 * has no word boundaries (Python's `\b` would reject 中国 inside 在中国的), so there a substring is enough.
 */
export function answersSurvive(a: Pick<Instance, 'answers' | 'isImpossible' | 'plausibleAnswers' | 'lang'>, perturbedContext: string): boolean {
  return answersToKeep(a).every((t) => (a.lang === 'zh' ? perturbedContext.includes(t) : wholeWordIndex(perturbedContext, t) >= 0));
}

export { relativeChange, summarizePairs, type PairRow, type PairSummary } from './pair-summary.ts';
import type { PairRow } from './pair-summary.ts';

/** Questions a pairs run left out, by reason, with the first few ids. */
export interface PairsDropped {
  /** A gold (or plausible) answer of the original does not occur in the perturbed passage as whole words. */
  answerMissing: { count: number; ids: string[] };
}

/**
 * Answers every question with a revision on both passages (one model call) and scores it under
 * `rule` (default the script's). A question is kept only if all its gold answers occur in the
 * perturbed passage, as in the paper; the others are counted in `dropped`.
 */
export async function runPairs(
  instances: readonly Instance[],
  predict: Predictor,
  onProgress?: (done: number, total: number) => void,
  opts: { rule?: CategoryRule } = {},
): Promise<{ rows: PairRow[]; cancelled: boolean; dropped: PairsDropped; rule: CategoryRule }> {
  const rule = opts.rule ?? 'script';
  const dropped: PairsDropped = { answerMissing: { count: 0, ids: [] } };
  const pairs = instances.flatMap((i) => {
    const r = revisedInstance(i);
    if (!r) return [];
    if (!answersSurvive(i, r.context)) {
      dropped.answerMissing.count++;
      if (dropped.answerMissing.ids.length < 5) dropped.answerMissing.ids.push(i.id);
      return [];
    }
    return [{ a: i, b: r }];
  });
  const inputs = pairs.flatMap(({ a, b }) => [
    { id: `${a.id}#original`, question: a.question, context: a.context },
    { id: `${a.id}#perturbed`, question: b.question, context: b.context },
  ]);
  const res = await predict(inputs, onProgress);
  const byId = new Map(res.predictions.map((p) => [p.id, p]));
  const rows: PairRow[] = [];
  for (const { a, b } of pairs) {
    const po = byId.get(`${a.id}#original`);
    const pp = byId.get(`${a.id}#perturbed`);
    if (po && pp) rows.push(pairRow(a, b, po.text, pp.text, rule));
  }
  return { rows, cancelled: res.cancelled, dropped, rule };
}

/** One question's row from the texts predicted on both passages (`b` is the edited side). */
export function pairRow(a: Instance, b: Instance, original: string, perturbed: string, rule: CategoryRule): PairRow {
  const so = scorePrediction(original, a);
  const sp = scorePrediction(perturbed, b);
  return {
    id: a.id,
    dataset: a.dataset,
    question: a.question,
    ...(b.question !== a.question ? { perturbedQuestion: b.question } : {}),
    original: { text: original, ...so },
    perturbed: { text: perturbed, ...sp },
    category: pairCategory(so, sp, rule),
    intent: a.revision?.intent ?? null,
    touchesAnswer: a.answers.some((g) => g.text !== '') ? answerSentenceModified(a, b) : null,
  };
}

/**
 * Rows from two prediction files instead of a model (e.g. a model run elsewhere), for the pairs
 * that both files answer; the same keep rule as runPairs (every gold answer in the edited passage).
 */
export function pairsFromPredictions(instances: readonly Instance[], original: ReadonlyMap<string, string>, perturbed: ReadonlyMap<string, string>, rule: CategoryRule = 'script'): { rows: PairRow[]; missing: string[]; dropped: PairsDropped } {
  const dropped: PairsDropped = { answerMissing: { count: 0, ids: [] } };
  const rows: PairRow[] = [];
  const missing: string[] = [];
  for (const a of instances) {
    const b = revisedInstance(a);
    if (!b) continue;
    if (!answersSurvive(a, b.context)) {
      dropped.answerMissing.count++;
      if (dropped.answerMissing.ids.length < 5) dropped.answerMissing.ids.push(a.id);
      continue;
    }
    const po = original.get(a.id);
    const pp = perturbed.get(a.id);
    if (po === undefined || pp === undefined) missing.push(a.id);
    else rows.push(pairRow(a, b, po, pp, rule));
  }
  return { rows, missing, dropped };
}
