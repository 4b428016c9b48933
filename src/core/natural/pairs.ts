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
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) if (wholeWordAt(text, needle, i)) return i;
  return -1;
}

/** Whether `needle` is at UTF-16 index `i` of `text` between two Python `\b` word boundaries, e.g. wholeWordAt('Leedsville', 'Leeds', 0) → false. */
export function wholeWordAt(text: string, needle: string, i: number): boolean {
  if (!needle || i < 0 || !text.startsWith(needle, i)) return false;
  const first = String.fromCodePoint(needle.codePointAt(0) as number);
  const last = charBefore(needle, needle.length);
  const after = text.codePointAt(i + needle.length);
  const startOk = isWordChar(charBefore(text, i)) !== isWordChar(first);
  const endOk = isWordChar(last) !== isWordChar(after === undefined ? undefined : String.fromCodePoint(after));
  return startOk && endOk;
}

/** How many leading UTF-16 units `a` and `b` share, e.g. commonPrefix('abcx', 'abdx') → 2. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** How many trailing UTF-16 units `a` and `b` share, e.g. commonSuffix('xab', 'yyab') → 2. */
function commonSuffix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/** The code point starting at UTF-16 index `i`, or undefined past the end. */
function charAt(text: string, i: number): string | undefined {
  const c = text.codePointAt(i);
  return c === undefined ? undefined : String.fromCodePoint(c);
}

/** Whether an answer's neighbour (undefined at a passage's edge) glues it to a word alike in both passages: the same character, or no word character in either. */
const sameEdge = (x: string | undefined, y: string | undefined): boolean => x === y || (!isWordChar(x) && !isWordChar(y));

/**
 * True when the edit from `a` to `b` left a gold answer where it was: the answer lies wholly before
 * the first changed character (same offset in `b`) or wholly after the last one (offset moved by the
 * length the edit added), and the edit glued no word onto it, e.g. a trap sentence put before it or
 * a sentence edited after it; 'Paris' → 'Parisian' does not stay.
 */
export function answerStays(a: string, b: string, g: { text: string; start: number }): boolean {
  const end = g.start + g.text.length;
  if (g.text === '' || g.start < 0 || end > a.length || !a.startsWith(g.text, g.start)) return false;
  if (end <= commonPrefix(a, b) && sameEdge(charAt(a, end), charAt(b, end))) return true;
  const shift = b.length - a.length;
  return a.length - commonSuffix(a, b) <= g.start && sameEdge(charBefore(a, g.start), charBefore(b, g.start + shift));
}

/** Whether the released rule finds `text` in `context`: whole words (Python `\b`), or a substring in Chinese (no word boundaries). */
const foundAsReleased = (context: string, text: string, lang: Instance['lang']): boolean => (lang === 'zh' ? context.includes(text) : wholeWordIndex(context, text) >= 0);

/**
 * Wu et al. 2025 §3's pair filter, applied only where an edit could have lost an answer: true when
 * the passage is unchanged (a question-paraphrase pair, a copy), and otherwise when every gold
 * answer stays at its offset (answerStays) or the released rule still finds it in the perturbed
 * passage (`re.search(r'\b' + re.escape(answer) + r'\b', context)`; unanswerable questions: every
 * plausible answer, which has no offset). So an answer that begins or ends with punctuation
 * ('Robert Seamans;', '"jiggle TV"', 'T(n)'), which `\b` rejects, is kept where the edit did not
 * reach it and dropped, as in the released script, where the edit moved it.
 */
export function answersSurvive(a: Pick<Instance, 'context' | 'answers' | 'isImpossible' | 'plausibleAnswers' | 'lang'>, perturbedContext: string): boolean {
  if (perturbedContext === a.context) return true;
  if (a.isImpossible) return (a.plausibleAnswers ?? []).every((t) => t === '' || foundAsReleased(perturbedContext, t, a.lang));
  return a.answers.every((g) => g.text === '' || answerStays(a.context, perturbedContext, g) || foundAsReleased(perturbedContext, g.text, a.lang));
}

export { relativeChange, summarizePairs, type PairRow, type PairSummary } from './pair-summary.ts';
import type { PairRow } from './pair-summary.ts';

/** Questions a pairs run left out, by reason, with the first few ids. */
export interface PairsDropped {
  /** The edit moved or changed a gold (or plausible) answer and the released rule no longer finds it (answersSurvive). */
  answerMissing: { count: number; ids: string[] };
}

/** The questions with a pair that the pair filter keeps (answersSurvive), each with its edited side, and those it drops. */
export function keptPairs(instances: readonly Instance[]): { pairs: { a: Instance; b: Instance }[]; dropped: PairsDropped } {
  const dropped: PairsDropped = { answerMissing: { count: 0, ids: [] } };
  const pairs: { a: Instance; b: Instance }[] = [];
  for (const a of instances) {
    const b = revisedInstance(a);
    if (!b) continue;
    if (answersSurvive(a, b.context)) pairs.push({ a, b });
    else {
      dropped.answerMissing.count++;
      if (dropped.answerMissing.ids.length < 5) dropped.answerMissing.ids.push(a.id);
    }
  }
  return { pairs, dropped };
}

/**
 * Answers every question with a revision on both passages (one model call) and scores it under
 * `rule` (default the script's). The pair filter (answersSurvive: Wu et al. §3 where the edit
 * could have lost an answer) keeps the questions; the others are counted in `dropped`.
 */
export async function runPairs(
  instances: readonly Instance[],
  predict: Predictor,
  onProgress?: (done: number, total: number) => void,
  opts: { rule?: CategoryRule } = {},
): Promise<{ rows: PairRow[]; cancelled: boolean; dropped: PairsDropped; rule: CategoryRule }> {
  const rule = opts.rule ?? 'script';
  const { pairs, dropped } = keptPairs(instances);
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
 * that both files answer; the same pair filter as runPairs (keptPairs).
 */
export function pairsFromPredictions(instances: readonly Instance[], original: ReadonlyMap<string, string>, perturbed: ReadonlyMap<string, string>, rule: CategoryRule = 'script'): { rows: PairRow[]; missing: string[]; dropped: PairsDropped } {
  const { pairs, dropped } = keptPairs(instances);
  const rows: PairRow[] = [];
  const missing: string[] = [];
  for (const { a, b } of pairs) {
    const po = original.get(a.id);
    const pp = perturbed.get(a.id);
    if (po === undefined || pp === undefined) missing.push(a.id);
    else rows.push(pairRow(a, b, po, pp, rule));
  }
  return { rows, missing, dropped };
}
