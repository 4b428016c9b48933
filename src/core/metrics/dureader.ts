/**
 * Chinese character-level MRC metrics.
 *
 * - DuReader-robust (LIC2020 `evaluate.py`): replicated exactly — `normalizeZh`,
 *   `tokenizeChineseChars`, `findLcs`, `calcF1Score`, `calcEmScore`, `evaluateZh`.
 * - CMRC 2018 (`cmrc2018_evaluate.py`, the older script many Chinese MRC repos copy):
 *   `mixedSegmentation`, `removePunctuation`, `evaluateCmrc2018`. That script runs
 *   `nltk.word_tokenize` over non-Chinese runs; nltk has no JS port, so `approxWordTokenize`
 *   stands in for it (see there). Everything else in the CMRC path is exact.
 */

import { pyFormatFixed } from './pyjson.ts';
import { pySplit, SquadEvalError, type SquadDataset, type SquadPredictions } from './squad.ts';
import { inCjkRanges } from '../qa/offsets.ts';

/** DuReader-robust's sp_char. '……' is a two-character entry, so it never matches one character. */
export const DUREADER_PUNCTUATION: readonly string[] = [
  ':', '_', '`', '，', '。', '：', '？', '！', '(', ')',
  '“', '”', '；', '’', '《', '》', '……', '·', '、', ',',
  '「', '」', '（', '）', '－', '～', '『', '』', '|',
];

/** CMRC 2018's sp_char; unlike DuReader's it has - * ^ / \ ~ + = but not ASCII ( ) , |. */
export const CMRC_PUNCTUATION: readonly string[] = [
  '-', ':', '_', '*', '^', '/', '\\', '~', '`', '+', '=',
  '，', '。', '：', '？', '！', '“', '”', '；', '’', '《', '》', '……', '·', '、',
  '「', '」', '（', '）', '－', '～', '『', '』',
];

const DUREADER_PUNCT_SET = new Set(DUREADER_PUNCTUATION);
const CMRC_PUNCT_SET = new Set(CMRC_PUNCTUATION);

/** DuReader-robust `_normalize`: lower-case and drop its punctuation list. Example: normalizeZh('《三体》，Liu') → '三体liu'. */
export function normalizeZh(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase()) if (!DUREADER_PUNCT_SET.has(ch)) out += ch;
  return out;
}

/** DuReader-robust's `_is_chinese_char` (BERT's ranges, Extension E from 0x2B820); not offsets.ts isCjkIdeograph, which follows HF tokenizers' 0x2B920. */
function isChineseChar(cp: number): boolean {
  return inCjkRanges(cp, 0x2b820);
}

/** DuReader-robust `_tokenize_chinese_chars`: CJK chars and '=' alone, other runs kept whole (spaces included). Example: tokenizeChineseChars('在2020 年') → ['在', '2020 ', '年']. */
export function tokenizeChineseChars(text: string): string[] {
  const output: string[] = [];
  let buff = '';
  for (const ch of text) {
    if (isChineseChar(ch.codePointAt(0) ?? 0) || ch === '=') {
      if (buff !== '') {
        output.push(buff);
        buff = '';
      }
      output.push(ch);
    } else {
      buff += ch;
    }
  }
  if (buff !== '') output.push(buff);
  return output;
}

/** Longest common contiguous run (the scripts call it "lcs"), first one found in s1 order. Example: findLcs(['a','b','c'], ['x','b','c']) → [['b','c'], 2]. */
export function findLcs<T>(s1: readonly T[], s2: readonly T[]): [T[], number] {
  let prev = new Array<number>(s2.length + 1).fill(0);
  let maxLen = 0;
  let p = 0;
  for (let i = 0; i < s1.length; i++) {
    const cur = new Array<number>(s2.length + 1).fill(0);
    for (let j = 0; j < s2.length; j++) {
      if (s1[i] === s2[j]) {
        const v = (prev[j] ?? 0) + 1;
        cur[j + 1] = v;
        if (v > maxLen) {
          maxLen = v;
          p = i + 1;
        }
      }
    }
    prev = cur;
  }
  return [s1.slice(p - maxLen, p), maxLen];
}

export type ZhVariant = 'dureader-robust' | 'cmrc2018';

function segmentsFor(s: string, variant: ZhVariant): string[] {
  return variant === 'cmrc2018' ? mixedSegmentation(s, true) : tokenizeChineseChars(normalizeZh(s));
}

function emKey(s: string, variant: ZhVariant): string {
  return variant === 'cmrc2018' ? removePunctuation(s) : normalizeZh(s);
}

/** calc_f1_score: best LCS-based F1 over answers. Example: calcF1Score(['北京大学'], '北京') → 0.6666666666666666. */
export function calcF1Score(answers: readonly string[], prediction: string, variant: ZhVariant = 'dureader-robust'): number {
  const predSegs = segmentsFor(prediction, variant);
  let best: number | undefined;
  for (const ans of answers) {
    const ansSegs = segmentsFor(ans, variant);
    const lcsLen = findLcs(ansSegs, predSegs)[1];
    let score = 0;
    if (lcsLen !== 0) {
      const prec = (1.0 * lcsLen) / predSegs.length;
      const rec = (1.0 * lcsLen) / ansSegs.length;
      score = (2 * prec * rec) / (prec + rec);
    }
    if (best === undefined || score > best) best = score;
  }
  if (best === undefined) throw new SquadEvalError('ValueError: max() arg is an empty sequence (a question with no answers)');
  return best;
}

/** calc_em_score: 1 if any answer equals the prediction after punctuation removal. Example: calcEmScore(['《三体》'], '三体') → 1. */
export function calcEmScore(answers: readonly string[], prediction: string, variant: ZhVariant = 'dureader-robust'): 0 | 1 {
  const p = emKey(prediction, variant);
  return answers.some((a) => emKey(a, variant) === p) ? 1 : 0;
}

function lookup(m: SquadPredictions, key: string): string | undefined {
  if (m instanceof Map) return (m as ReadonlyMap<string, string>).get(key);
  const rec = m as Readonly<Record<string, string>>;
  return Object.prototype.hasOwnProperty.call(rec, key) ? rec[key] : undefined;
}

/** Exactly what the DuReader-robust script prints: F1/EM are '%.3f' strings. */
export interface ZhResult {
  F1: string;
  EM: string;
  TOTAL: number;
  SKIP: number;
}

/** Keys the Chinese scripts print as Python ints (pass to `pyJsonDumps`). */
export const ZH_INT_KEYS: readonly string[] = ['TOTAL', 'SKIP'];

export interface ZhEvalOutput<R> {
  result: R;
  /** Unrounded ×100 scores, for callers that want more than three decimals. */
  scores: { f1: number; em: number };
  /** Ids with no prediction (the script counts them in SKIP and scores them 0). */
  skipped: string[];
}

/** DuReader-robust evaluate + its printed OrderedDict; like the script, only data[0] is read. Example: evaluateZh(ds, { q1: '北京' }).result → { F1: '66.667', EM: '0.000', TOTAL: 1, SKIP: 0 }. */
export function evaluateZh(dataset: SquadDataset, predictions: SquadPredictions): ZhEvalOutput<ZhResult> {
  const first = dataset.data[0];
  if (first === undefined) throw new SquadEvalError('IndexError: list index out of range (dataset.data is empty)');
  let f1 = 0;
  let em = 0;
  let total = 0;
  const skipped: string[] = [];
  // The script reads the questions into a dict: a repeated id counts once, with its last copy's answers.
  const byId = new Map<string, SquadDataset['data'][number]['paragraphs'][number]['qas'][number]>();
  for (const doc of first.paragraphs) for (const qa of doc.qas) byId.set(String(qa.id), qa);
  for (const [qid, qa] of byId) {
    total += 1;
    const prediction = lookup(predictions, qid);
    if (prediction === undefined) {
      skipped.push(qid);
      continue;
    }
    const answers = qa.answers.map((a) => a.text);
    f1 += calcF1Score(answers, prediction);
    em += calcEmScore(answers, prediction);
  }
  if (total === 0) throw new SquadEvalError('ZeroDivisionError: the first article has no questions');
  const f1Score = (100.0 * f1) / total;
  const emScore = (100.0 * em) / total;
  return {
    result: { F1: pyFormatFixed(f1Score, 3), EM: pyFormatFixed(emScore, 3), TOTAL: total, SKIP: skipped.length },
    scores: { f1: f1Score, em: emScore },
    skipped,
  };
}

// Python's str.strip() with no arguments strips the same whitespace set as str.split().
function pyStrip(s: string): string {
  return s.replace(/^[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g, '');
}

const ASCII_PUNCT = new Set(Array.from('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'));

/**
 * Stand-in for nltk.word_tokenize (Treebank rules + punkt), which has no JS port: split on
 * whitespace, then peel ASCII punctuation off both ends of each piece as one-character tokens,
 * keeping inner punctuation ("3.14", "e-mail") attached. Agrees with nltk on plain words and
 * numbers; differs on contractions ("don't" → nltk gives "do", "n't"), quotes (`` ''), and
 * inner periods/commas nltk would split. Example: approxWordTokenize('(hello, world)') → ['(', 'hello', ',', 'world', ')'].
 */
export function approxWordTokenize(text: string): string[] {
  const out: string[] = [];
  for (const piece of pySplit(text)) {
    const chars = Array.from(piece);
    let start = 0;
    let end = chars.length;
    const lead: string[] = [];
    const trail: string[] = [];
    while (start < end && ASCII_PUNCT.has(chars[start] ?? '')) lead.push(chars[start++] ?? '');
    while (end > start && ASCII_PUNCT.has(chars[end - 1] ?? '')) trail.unshift(chars[--end] ?? '');
    out.push(...lead);
    if (start < end) out.push(chars.slice(start, end).join(''));
    out.push(...trail);
  }
  return out;
}

/** CMRC mixed_segmentation: Chinese chars (U+4E00–U+9FA5) and sp_char alone, other runs word-tokenized (approximately, see approxWordTokenize). Example: mixedSegmentation('iPhone 12发布', true) → ['iphone', '12', '发', '布']. */
export function mixedSegmentation(s: string, rmPunc = false): string[] {
  const segs: string[] = [];
  let temp = '';
  for (const ch of pyStrip(s.toLowerCase())) {
    if (rmPunc && CMRC_PUNCT_SET.has(ch)) continue;
    const cp = ch.codePointAt(0) ?? 0;
    if ((cp >= 0x4e00 && cp <= 0x9fa5) || CMRC_PUNCT_SET.has(ch)) {
      if (temp !== '') {
        segs.push(...approxWordTokenize(temp));
        temp = '';
      }
      segs.push(ch);
    } else {
      temp += ch;
    }
  }
  if (temp !== '') segs.push(...approxWordTokenize(temp));
  return segs;
}

/** CMRC remove_punctuation: lower, strip, drop sp_char. Example: removePunctuation(' 《三体》+ ') → '三体'. */
export function removePunctuation(s: string): string {
  let out = '';
  for (const ch of pyStrip(s.toLowerCase())) if (!CMRC_PUNCT_SET.has(ch)) out += ch;
  return out;
}

/** What cmrc2018_evaluate.py prints; FILE only when a prediction file name is given. */
export interface CmrcResult {
  AVERAGE: string;
  F1: string;
  EM: string;
  TOTAL: number;
  SKIP: number;
  FILE?: string;
}

/** CMRC 2018 evaluate over all articles (stripped ids, stderr notes as warnings). Example: evaluateCmrc2018(ds, { q1: '北京' }, 'pred.json').result.FILE → 'pred.json'. */
export function evaluateCmrc2018(
  dataset: SquadDataset,
  predictions: SquadPredictions,
  predictionFile?: string,
): ZhEvalOutput<CmrcResult> & { warnings: string[] } {
  let f1 = 0;
  let em = 0;
  let total = 0;
  const skipped: string[] = [];
  const warnings: string[] = [];
  for (const article of dataset.data) {
    for (const para of article.paragraphs) {
      for (const qa of para.qas) {
        total += 1;
        const qid = pyStrip(qa.id);
        const prediction = lookup(predictions, qid);
        if (prediction === undefined) {
          warnings.push(`Unanswered question: ${qid}`);
          skipped.push(qid);
          continue;
        }
        const answers = qa.answers.map((a) => a.text);
        f1 += calcF1Score(answers, prediction, 'cmrc2018');
        em += calcEmScore(answers, prediction, 'cmrc2018');
      }
    }
  }
  if (total === 0) throw new SquadEvalError('ZeroDivisionError: the dataset has no questions', warnings);
  const f1Score = (100.0 * f1) / total;
  const emScore = (100.0 * em) / total;
  const avg = (emScore + f1Score) * 0.5;
  const result: CmrcResult = {
    AVERAGE: pyFormatFixed(avg, 3),
    F1: pyFormatFixed(f1Score, 3),
    EM: pyFormatFixed(emScore, 3),
    TOTAL: total,
    SKIP: skipped.length,
  };
  if (predictionFile !== undefined) result.FILE = predictionFile;
  return { result, scores: { f1: f1Score, em: emScore }, skipped, warnings };
}
