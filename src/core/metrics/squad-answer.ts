/**
 * One answer scored the way the official SQuAD scripts do it: `normalize_answer`, tokens, EM and
 * F1 of a prediction against its gold answers, with Python's int/float tag on each score (the
 * evaluators in squad.ts sum these as CPython does). See squad.ts for why each detail matters.
 */

export type SquadVersion = 'v1.1' | 'v2.0';

/** Raised where the official script would crash (KeyError, ZeroDivisionError, ValueError). */
export class SquadEvalError extends Error {
  readonly warnings: string[];
  constructor(message: string, warnings: string[] = []) {
    super(message);
    this.name = 'SquadEvalError';
    this.warnings = warnings;
  }
}

// Python's `string.punctuation`: ASCII only, so typographic quotes and dashes survive.
const PUNCT_RE = /[!-/:-@[-`{-~]/g;
// Python's `\w` for str patterns is alnum-or-underscore over the whole of Unicode (marks excluded).
// \p{L}\p{N}_ equals it on every code point Python's Unicode database has assigned; checked for
// CPython 3.11-3.13 — the runtime may know newer characters that Python still treats as \W.
const ARTICLES_RE = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;
// Python's str.split() whitespace (bidi WS/B/S or Zs). JS \s differs: it has U+FEFF and lacks
// U+001C–U+001F and U+0085.
const PY_WHITESPACE_RE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

const PY_WHITESPACE_RUNS = new RegExp(PY_WHITESPACE_RE.source, 'g');

/**
 * Python's `' '.join(s.split())`: each run of whitespace one space, none at either end. Example:
 * pyWords(' a\u00a0 b ') → 'a b'. One native replace: a regex split plus filter and join cost ten
 * times as much on a cold start (qarx eval normalises every answer once).
 */
export function pyWords(s: string): string {
  const spaced = s.replace(PY_WHITESPACE_RUNS, ' ');
  const from = spaced.charCodeAt(0) === 0x20 ? 1 : 0;
  const to = spaced.length > from && spaced.charCodeAt(spaced.length - 1) === 0x20 ? spaced.length - 1 : spaced.length;
  return from === 0 && to === spaced.length ? spaced : spaced.slice(from, to);
}

/** Python `str.split()` with no arguments. Example: pySplit(' a\u00a0b ') → ['a', 'b']. */
export function pySplit(s: string): string[] {
  const words = pyWords(s);
  return words === '' ? [] : words.split(' ');
}

/** The official normalize_answer. Example: normalizeAnswer('The Théâtre!') → 'théâtre'. */
export function normalizeAnswer(s: string): string {
  return pyWords(s.toLowerCase().replace(PUNCT_RE, '').replace(ARTICLES_RE, ' '));
}

// Python 2 (Jia & Liang's evaluate-adversarial.py) compiles r'\b(a|an|the)\b' without re.UNICODE,
// so its \b sees only ASCII letters, digits and _ as word characters: 'ça' loses its 'a' there.
const ARTICLES_PY2_RE = /(?<![A-Za-z0-9_])(?:a|an|the)(?![A-Za-z0-9_])/g;
// Python 2.7's unicode.split() also splits on U+180E (a space separator in its Unicode 5.2 data).
const PY2_WHITESPACE_RE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/**
 * Python 2's unicode.lower(): each code point's simple lower case, so no final-sigma rule ('ΟΔΟΣ' →
 * 'οδοσ', not 'οδος') and 'İ' → 'i' (Python 3 and JS give 'i̇'). Python 2.7 knows Unicode 5.2; letters
 * cased only in later versions (e.g. Georgian Mtavruli) are not reproduced.
 */
function py2Lower(s: string): string {
  let out = '';
  for (const ch of s) out += ch === '\u0130' ? 'i' : ch.toLowerCase();
  return out;
}

/** normalize_answer as Python 2 runs it (ASCII \b, simple lower case). Example: normalizeAnswerPy2('ça') → 'ç', where Python 3 keeps 'ça'. */
export function normalizeAnswerPy2(s: string): string {
  const noArticles = py2Lower(s).replace(PUNCT_RE, '').replace(ARTICLES_PY2_RE, ' ');
  return noArticles.split(PY2_WHITESPACE_RE).filter((t) => t !== '').join(' ');
}

/** Normalized tokens as the v2.0 script's get_tokens. Example: getTokens('An apple pie') → ['apple', 'pie']. */
export function getTokens(s: string): string[] {
  if (s === '') return [];
  return pySplit(normalizeAnswer(s));
}

/** Exact match after normalization (same in v1.1 and v2.0). Example: exactMatch('the Cat.', 'cat') → 1. */
export function exactMatch(prediction: string, gold: string): 0 | 1 {
  return normalizeAnswer(prediction) === normalizeAnswer(gold) ? 1 : 0;
}

/** A number tagged with whether Python would hold it as int or float. */
export interface PyNum {
  v: number;
  int: boolean;
}

function countTokens(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

function numCommon(a: readonly string[], b: readonly string[]): number {
  const ca = countTokens(a);
  const cb = countTokens(b);
  let same = 0;
  for (const [tok, n] of ca) same += Math.min(n, cb.get(tok) ?? 0);
  return same;
}

function f1FromCounts(numSame: number, predLen: number, goldLen: number): number {
  const precision = (1.0 * numSame) / predLen;
  const recall = (1.0 * numSame) / goldLen;
  return (2 * precision * recall) / (precision + recall);
}

/** Token F1 as the given script computes it. Example: f1('big red dog', 'red dog') → 0.8; f1('', '') → 1 (v2.0) or 0 (v1.1). */
export function f1(prediction: string, gold: string, version: SquadVersion = 'v2.0'): number {
  return scoreTagged(prediction, [gold], version).f1.v;
}

// Python's max() keeps the first of equal maxima, which matters for the int/float tag.
function pyMax(items: readonly PyNum[], what: string): PyNum {
  let best: PyNum | undefined;
  for (const it of items) if (best === undefined || it.v > best.v) best = it;
  if (best === undefined) throw new SquadEvalError(`ValueError: max() arg is an empty sequence (${what})`);
  return best;
}

/** Gold answers the v2.0 script scores against. Example: v2GoldAnswers(['The', 'x']) → ['x']; v2GoldAnswers([]) → ['']. */
export function v2GoldAnswers(golds: readonly string[]): string[] {
  const kept = golds.filter((g) => normalizeAnswer(g) !== '');
  return kept.length > 0 ? kept : [''];
}

export type MetricName = 'em' | 'f1';

const EM_HIT: PyNum = { v: 1, int: true };
const EM_MISS: PyNum = { v: 0, int: true };

/**
 * Size of the multiset intersection (the scripts' Counter(a) & Counter(b)), e.g. commonCount(['a', 'b', 'a'], ['a', 'a']) → 2;
 * answers are a few tokens, so pairing each with an unused equal one beats building two Maps.
 */
function commonCount(a: readonly string[], b: readonly string[]): number {
  if (a.length * b.length > 1024) return numCommon(a, b);
  const used = new Array<boolean>(b.length).fill(false);
  let same = 0;
  for (let i = 0; i < a.length; i++) {
    const t = a[i];
    for (let j = 0; j < b.length; j++) {
      if (!used[j] && b[j] === t) {
        used[j] = true;
        same++;
        break;
      }
    }
  }
  return same;
}

/** Tokens of an already normalised answer (normalizeAnswer joins them with single spaces), e.g. 'red dog' → ['red', 'dog']. */
const tokensOf = (normalized: string): string[] => (normalized === '' ? [] : normalized.split(' '));

/** One gold's F1 against the prediction's tokens, tagged as the given script computes it (compute_f1 / f1_score). */
function goldF1(predToks: readonly string[], normGold: string, version: SquadVersion): PyNum {
  const goldToks = tokensOf(normGold);
  // v2.0's compute_f1: an empty side scores int(gold_toks == pred_toks); v1.1 has no such case.
  if (version === 'v2.0' && (goldToks.length === 0 || predToks.length === 0)) return goldToks.length === predToks.length ? EM_HIT : EM_MISS;
  const numSame = commonCount(predToks, goldToks);
  return numSame === 0 ? EM_MISS : { v: f1FromCounts(numSame, predToks.length, goldToks.length), int: false };
}

const F1_ONE: PyNum = { v: 1, int: false };

/** Scratch for scoreTagged: the normalised form of each gold of the question being scored, by index. */
const NORMALIZED: string[] = [];

/** The normalised form of an earlier gold equal to golds[i] (from NORMALIZED), or undefined. */
function normalizedBefore(golds: readonly string[], i: number, gold: string): string | undefined {
  for (let j = 0; j < i; j++) if (golds[j] === gold) return NORMALIZED[j];
  return undefined;
}

/**
 * One question's EM and F1 as the given script scores it (max over golds, the first of equal
 * maxima kept, Python's int/float tag included), normalising each string once: the scripts
 * normalise the prediction again for every gold and metric, which is the same value each time.
 * One plain loop (no closure or gold arrays per question): qarx eval runs it once per question, cold.
 */
export function scoreTagged(
  prediction: string,
  golds: readonly string[],
  version: SquadVersion,
  normalize: (s: string) => string = normalizeAnswer,
): { em: PyNum; f1: PyNum } {
  const normPred = normalize(prediction);
  const predToks = tokensOf(normPred);
  let em: PyNum | undefined;
  let f1: PyNum | undefined;
  for (let i = 0; i < golds.length; i++) {
    const gold = golds[i] as string;
    // A gold written as the prediction is (a right answer) or as an earlier gold (annotators agreeing) is not normalised again.
    const normGold = gold === prediction ? normPred : normalizedBefore(golds, i, gold) ?? normalize(gold);
    NORMALIZED[i] = normGold;
    // v2GoldAnswers: golds that normalise to '' are dropped (and none left means [''], below).
    if (version === 'v2.0' && normGold === '') continue;
    const same = normPred === normGold;
    const e = same ? EM_HIT : EM_MISS;
    // Equal non-empty token lists: F1 is 2·1·1/(1+1) = 1.0, a float, in both scripts.
    const f = same && normGold !== '' ? F1_ONE : goldF1(predToks, normGold, version);
    if (em === undefined || e.v > em.v) em = e;
    if (f1 === undefined || f.v > f1.v) f1 = f;
  }
  if (version === 'v2.0' && em === undefined) {
    em = normPred === '' ? EM_HIT : EM_MISS;
    f1 = goldF1(predToks, '', version);
  }
  if (em === undefined || f1 === undefined) throw new SquadEvalError('ValueError: max() arg is an empty sequence (a question with no ground truths)');
  return { em, f1 };
}

/** Best score over gold answers the way each script does it. Example: maxOverGolds('f1', 'red dog', ['dog', 'red dog'], 'v1.1') → 1. */
export function maxOverGolds(
  metric: MetricName | ((prediction: string, gold: string) => number),
  prediction: string,
  golds: readonly string[],
  version: SquadVersion,
): number {
  if (typeof metric === 'string') return scoreTagged(prediction, golds, version)[metric].v;
  const candidates = version === 'v1.1' ? golds : v2GoldAnswers(golds);
  return pyMax(
    candidates.map((g) => ({ v: metric(prediction, g), int: false })),
    'no gold answers',
  ).v;
}
