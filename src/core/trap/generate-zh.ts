/**
 * AddSent-like trap sentences for Chinese questions (Jia & Liang 2017's idea, rules written for this
 * project): the question word is replaced by a made-up answer of the answer's type (谁 → a Chinese
 * name, 哪里 → a place, 哪一年 → a year, 多少/几 → a number, 什么 → a thing), the question's
 * places, book titles and numbers are swapped for others, and 吗/呢/？ become 。. Chinese needs no
 * verb conjugation or word reordering for this: the question word sits where the answer would.
 * The sentence never holds a gold answer; seeded like the English one.
 */
import { normalizeZh } from '../metrics/dureader.ts';
import { personNames } from '../entity/names.ts';
import { hashString, mixSeed, pick, rng } from '../text/random.ts';
import { otherNumber, type GeneratedTrap } from './generate.ts';

/** Chinese cities (common knowledge, listed for this project): fake places and the places swapped in questions. */
const ZH_CITIES = ['北京', '上海', '天津', '重庆', '广州', '深圳', '杭州', '南京', '成都', '武汉', '西安', '苏州', '长沙', '青岛', '昆明', '厦门', '大连', '沈阳', '哈尔滨', '郑州', '济南', '福州', '合肥', '南昌', '贵阳', '兰州', '拉萨', '桂林', '洛阳', '开封', '宁波', '温州'];
/** Chinese provinces, the fake answer of 哪个省. */
const ZH_PROVINCES = ['浙江', '江苏', '四川', '云南', '广东', '福建', '湖南', '湖北', '山东', '河南', '甘肃', '辽宁'];
export const ZH_PLACES = [...ZH_CITIES, ...ZH_PROVINCES];
/** Stand-in answers that are not names, places or numbers (written for this project). */
const FAKE_THINGS = ['铜灯笼', '银水壶', '紫色旗帜', '绿玻璃', '北运河', '木罗盘', '铁门', '盐水', '大理石喷泉', '纸风筝'];
/** Made-up work titles, swapped for a question's 《…》. */
const FAKE_TITLES = ['青石记', '南山集', '白鹭传', '秋水谣', '远山梦', '江上行', '寒窗录', '明月楼'];
/** Stems for made-up organizations, put before the gold answer's suffix (厂, 公司 …). */
const ORG_STEMS = ['红星', '东方', '长河', '金山', '白云', '青峰', '远航', '新华'];
const ORG_SUFFIX = /(出版社|证券交易所|交易所|公司|集团|银行|大学|学院|研究所|研究院|博物馆|医院|造纸厂|工厂|厂|协会|委员会)$/;

/** Question-word rules, in the order tried: the pattern, the answer kind it asks for. */
const RULES: readonly { re: RegExp; kind: ZhKind }[] = [
  { re: /哪一年|哪年|什么时候|何时|哪一天|哪天/, kind: 'when' },
  { re: /多少|几/, kind: 'how-many' },
  { re: /谁/, kind: 'who' },
  { re: /哪里|哪儿|何处|哪(?:一|个|座)?(?:城市|国家|省份|省|地方|地区)/, kind: 'where' },
  { re: /哪(?:一|个|家|所|座|位|种|部)|什么/, kind: 'what' },
];

/** The kind of answer a Chinese question word asks for. */
export type ZhKind = 'when' | 'how-many' | 'who' | 'where' | 'what';

/** The question word's kind and place, e.g. zhQuestionWord('长城哪一年被列入？') → { kind: 'when', start: 2, end: 5 }, or null. */
export function zhQuestionWord(question: string): { kind: ZhKind; start: number; end: number } | null {
  for (const { re, kind } of RULES) {
    const m = re.exec(question);
    if (m) return { kind, start: m.index, end: m.index + m[0].length };
  }
  return null;
}

/** A Chinese full name: a surname and a given name from the name data, e.g. '王丽'. */
function chineseName(rand: () => number): string {
  const n = personNames('cn', 'zh');
  const given = rand() < 0.5 ? n.first.male : n.first.female;
  return pick(n.last, rand) + pick(given, rand);
}

/** Every digit run of a phrase replaced, e.g. '1987年' → '1994年'. */
function swapDigits(text: string, rand: () => number): string {
  return text.replace(/\d+/g, (d) => otherNumber(d, rand));
}

/**
 * A made-up answer of the gold answer's type for the question word `asked` (its text), e.g.
 * fakeAnswerZh('1987年', 'when', '哪一年', r) → '1994年', fakeAnswerZh('四枚', 'how-many', '几', r) → '7'
 * (the measure word stays in the question), a name for 什么 when the question asks for a name (原名, 名字 …).
 */
export function fakeAnswerZh(gold: string, kind: ZhKind, asked: string, rand: () => number, question = ''): string {
  const g = gold.trim();
  if (/\d/.test(g)) return swapDigits(g, rand);
  if (kind === 'who' || (kind === 'what' && /名字|原名|姓名|本名|笔名|名叫/.test(question))) return chineseName(rand);
  if (kind === 'where') return pick(/省/.test(asked) ? ZH_PROVINCES : /城市/.test(asked) ? ZH_CITIES : ZH_PLACES, rand);
  if (kind === 'when') return /月/.test(g) ? `${1 + Math.floor(rand() * 12)}月` : `${otherNumber('1900', rand)}年`;
  if (kind === 'how-many') return String(2 + Math.floor(rand() * 97));
  const org = ORG_SUFFIX.exec(g);
  if (org) return pick(ORG_STEMS, rand) + org[0];
  return pick(FAKE_THINGS, rand);
}

/** The question with its places, 《titles》 and numbers swapped (a place always for the same new one). */
export function swapQuestionZh(question: string, rand: () => number): { text: string; swaps: { from: string; to: string }[] } {
  const swaps: { from: string; to: string }[] = [];
  const placeRe = new RegExp([...ZH_PLACES].sort((a, b) => b.length - a.length).join('|'), 'g');
  const record = (from: string, to: string) => {
    if (!swaps.some((s) => s.from === from)) swaps.push({ from, to });
    return swaps.find((s) => s.from === from)?.to ?? to;
  };
  const text = question
    .replace(/《([^》]+)》/g, (m, t: string) => record(m, `《${pick(FAKE_TITLES.filter((x) => x !== t), rand)}》`))
    .replace(/\d+/g, (d) => record(d, otherNumber(d, rand)))
    .replace(placeRe, (p) => record(p, pick(ZH_PLACES.filter((x) => x !== p), rand)));
  return { text, swaps };
}

/** The question as a statement answering it with `fake`, e.g. ('长江在哪里注入东海？', '杭州') → '长江在杭州注入东海。'. Null without a question word. */
export function toStatementZh(question: string, fake: string): string | null {
  const q = question.trim();
  const w = zhQuestionWord(q);
  if (!w) return null;
  const rest = q.slice(w.end);
  // The noun after the question word may end the fake answer too ("哪个交易所" + "伦敦证券交易所"): said once.
  let k = Math.min(rest.length, fake.length - 1);
  while (k > 0 && !fake.endsWith(rest.slice(0, k))) k--;
  const out = (q.slice(0, w.start) + fake.slice(0, fake.length - k) + rest).replace(/[吗呢]?[？?！!。.\s]*$/u, '').trim();
  return out ? `${out}。` : null;
}

/** Whether `sentence` holds `gold` after DuReader's normalisation (Chinese has no word boundaries to respect). */
export function containsAnswerZh(sentence: string, gold: string): boolean {
  const g = normalizeZh(gold);
  return g !== '' && normalizeZh(sentence).includes(g);
}

/**
 * A trap for a Chinese question, or null when it has no question word or every try (5) held a
 * gold answer, e.g. generateTrapZh('长江在哪里注入东海？', ['上海'], 1) → { sentence: '长江在成都注入东海。', … }.
 */
export function generateTrapZh(question: string, golds: readonly string[], seed: number): GeneratedTrap | null {
  const rand = rng(mixSeed(seed, hashString(question)));
  const w = zhQuestionWord(question);
  if (!w) return null;
  const gold = golds.find((g) => g.trim() !== '') ?? '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const q = swapQuestionZh(question, rand);
    const fake = fakeAnswerZh(gold, w.kind, question.slice(w.start, w.end), rand, question);
    const sentence = toStatementZh(q.text, fake);
    if (sentence === null) return null;
    if (!golds.some((g) => containsAnswerZh(sentence, g))) return { sentence, fake, swaps: q.swaps };
  }
  return null;
}
