/**
 * Chinese question rewrites of each DuReader-robust paraphrase kind, at character/word level with
 * tables written for this project (no segmenter: rules match fixed words). Each function lists
 * every rewrite its rules allow; the caller picks one with a seed. Only the question is touched.
 */
import type { Rewrite } from './kinds.ts';

/** The question without its final ？/? and the mark, e.g. splitZh('谁？') → ['谁', '？']. */
function splitZh(q: string): [string, string] {
  const m = /^(.*?)([？?]?)\s*$/su.exec(q);
  return [m?.[1] ?? q, m?.[2] || '？'];
}

// Question words that may open a Chinese question (时间状语 and 谁/什么 as subject).
const TIME_WH = '哪一年|哪年|什么时候|何时';

/**
 * Word reordering: two clauses swapped around "，", "X是谁/什么" → "谁/什么是X", and a time
 * question word moved to the front ("长城哪一年被列入…" → "哪一年长城被列入…").
 */
export function reorderZh(q: string): Rewrite[] {
  const [body, mark] = splitZh(q);
  const out: Rewrite[] = [];
  const clauses = /^([^，,]{2,})[，,]([^，,]{2,})$/u.exec(body);
  if (clauses?.[1] && clauses[2]) out.push({ question: `${clauses[2]}，${clauses[1]}${mark}`, detail: 'swapped the two clauses' });
  const copula = /^(.{2,}?)是(谁|什么)$/u.exec(body);
  if (copula?.[1] && copula[2]) out.push({ question: `${copula[2]}是${copula[1]}${mark}`, detail: `"是${copula[2]}" moved to the front` });
  const time = new RegExp(`^(.{2,}?)(${TIME_WH})(.+)$`, 'u').exec(body);
  if (time?.[1] && time[2] && time[3]) out.push({ question: `${time[2]}${time[1]}${time[3]}${mark}`, detail: `"${time[2]}" moved to the front` });
  return out;
}

/** Function-word swaps (question words, particles, prepositions), each applied at one place. */
const FUNCTION_SWAPS_ZH: readonly [string, string][] = [
  ['什么', '啥'],
  ['啥', '什么'],
  ['哪个', '哪一个'],
  ['哪一个', '哪个'],
  ['哪一年', '哪年'],
  ['哪年', '哪一年'],
  ['怎么', '怎样'],
  ['怎样', '怎么'],
  ['为什么', '为何'],
  ['为何', '为什么'],
  ['是否', '是不是'],
  ['是不是', '是否'],
  ['哪里', '哪儿'],
  ['哪儿', '哪里'],
  ['的时候', '时'],
  ['位于', '在'],
  ['被', '给'],
  ['了', ''],
];

/** Every index of `word` in `text`. */
function indexesOf(text: string, word: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) out.push(i);
  return out;
}

/** `text` with `from` at `at` replaced by `to`. */
const replaceAt = (text: string, at: number, from: string, to: string) => text.slice(0, at) + to + text.slice(at + from.length);

/** Function-word replacement: 什么 → 啥, 哪个 → 哪一个, 位于 → 在, 了 dropped, or 呢 added before the question mark. */
export function functionWordZh(q: string): Rewrite[] {
  const out: Rewrite[] = [];
  for (const [from, to] of FUNCTION_SWAPS_ZH) {
    for (const at of indexesOf(q, from)) out.push({ question: replaceAt(q, at, from, to), detail: to ? `${from} → ${to}` : `removed ${from}` });
  }
  const [body, mark] = splitZh(q);
  if (!/[呢吗啊]$/u.test(body) && /(什么|谁|哪|多少|几)/u.test(body)) out.push({ question: `${body}呢${mark}`, detail: 'added 呢' });
  return out;
}

/** Near-synonyms in questions (written for this project): each maps one way; most pairs appear both ways. */
const SYNONYMS_ZH: readonly [string, string][] = [
  ['原名', '本名'], ['本名', '原名'], ['位于', '坐落于'], ['坐落于', '位于'], ['获得', '取得'], ['取得', '获得'],
  ['一共', '总共'], ['总共', '一共'], ['大约', '大概'], ['大概', '大约'], ['最有名', '最著名'], ['最著名', '最有名'],
  ['有名', '出名'], ['著名', '知名'], ['食物', '食品'], ['注入', '流入'], ['流入', '注入'], ['城市', '都市'],
  ['列入', '纳入'], ['纳入', '列入'], ['最新', '最近'], ['高程', '海拔'], ['海拔', '高程'], ['沸腾', '烧开'],
  ['开始', '起始'], ['结束', '终止'], ['建立', '创立'], ['创立', '建立'], ['成立', '创建'], ['出生', '诞生'],
  ['诞生', '出生'], ['发现', '发觉'], ['举办', '举行'], ['举行', '举办'], ['国家', '国度'], ['企业', '公司'],
  ['公司', '企业'], ['地方', '地点'], ['父亲', '爸爸'], ['母亲', '妈妈'], ['去世', '逝世'], ['逝世', '去世'],
  ['修建', '建造'], ['建造', '修建'], ['得到', '获得'], ['主要', '首要'], ['面积', '占地面积'], ['作者', '作家'],
  ['上市', '挂牌'], ['金牌', '金质奖牌'], ['交易所', '证交所'], ['总部', '总部机构'],
];

/** Synonym substitution: one word of the table replaced by its near-synonym, e.g. 原名 → 本名. */
export function synonymZh(q: string): Rewrite[] {
  return SYNONYMS_ZH.flatMap(([from, to]) => indexesOf(q, from).map((at) => ({ question: replaceAt(q, at, from, to), detail: `${from} → ${to}` })));
}

// Modifiers that can go without changing what is asked.
const REMOVABLE_ZH = ['请问', '具体', '到底', '究竟', '大约', '大概', '一共', '总共', '一般', '最新', '主要'];

/** Adding or removing content words: a modifier (大约, 一共, 主要…) dropped, 请问 added in front, or 到底 added before the question word. */
export function contentWordZh(q: string): Rewrite[] {
  const out: Rewrite[] = REMOVABLE_ZH.flatMap((w) => indexesOf(q, w).map((at) => ({ question: replaceAt(q, at, w, ''), detail: `removed ${w}` })));
  if (!q.startsWith('请问')) out.push({ question: `请问${q}`, detail: 'added 请问' });
  const wh = /(是什么|是谁|在哪|是多少|是哪)/u.exec(q);
  if (wh && !q.includes('到底')) out.push({ question: replaceAt(q, wh.index, '', '到底'), detail: 'added 到底' });
  return out;
}
