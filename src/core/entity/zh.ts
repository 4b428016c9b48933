/**
 * Entity renaming for Chinese passages (lang 'zh'). compromise tags English only, so answer
 * entities are found by dictionary and pattern: a person is a known surname (single or compound,
 * e.g. 欧阳) followed by one or two given-name characters; a place is a name of the Chinese place
 * list (name-data/zh-places.json), with or without an administrative suffix (省/市/县/区/自治区),
 * which stays; an organization is an answer ending in a designator (大学, 公司, 银行, …) that
 * contains a listed place, and only the place is renamed. Chinese has no word boundaries, so a
 * name is replaced wherever its exact characters occur, except inside a longer listed place name
 * (印度 inside 印度尼西亚) — see zhLongerNames.
 */
import { char } from '../types.ts';
import type { AnswerEntityType } from '../data/types.ts';
import type { PlaceKind } from './lexicon.ts';
import { endsLikeFeature, isDesignated, isDottedName, isOldState, isTransliterated, nameLike, ORG_DESIGNATOR, zhQuestionCue } from './zh-classes.ts';
import { personNames, randStrHanChars, zhPlaceLists, type Gender } from './names.ts';
import type { Entity, PerturbableSpan } from './spans.ts';

/** Whether a text is Chinese characters only, e.g. isHan('欧阳修') === true, isHan('Ann') === false. */
export const isHan = (s: string): boolean => /^\p{Script=Han}+$/u.test(s);

/** Suffixes kept when a place is renamed (浙江省 → 江苏省), longest first. */
const PLACE_SUFFIX = /((维吾尔|壮族|回族)?自治区|特别行政区|省|市|县|区)$/u;


let places: Map<string, PlaceKind> | null = null;

/** The kind of a listed Chinese place, e.g. zhPlaceKind('浙江') === 'state', zhPlaceKind('浙江省') === null (suffixes are not in the list). */
export function zhPlaceKind(name: string): PlaceKind | null {
  if (!places) {
    places = new Map();
    for (const [kind, names] of Object.entries(zhPlaceLists()) as [PlaceKind, string[]][]) for (const n of names) places.set(n, kind);
  }
  return places.get(name) ?? null;
}

/** Whether two Chinese names overlap as strings (王伟 in 王伟三): renaming one to the other would leave or create the old name. */
export const zhNested = (a: string, b: string): boolean => isHan(a) && isHan(b) && (a.includes(b) || b.includes(a));

/** Listed place names that contain `name` and are longer, e.g. zhLongerNames('印度') includes '印度尼西亚'; occurrences inside them are not the name. */
export function zhLongerNames(name: string): string[] {
  if (!isHan(name)) return [];
  return Object.values(zhPlaceLists())
    .flat()
    .filter((p) => p.length > name.length && p.includes(name));
}

/** The listed places in a text, longest match at each position, e.g. zhPlacesIn('从杭州到印度尼西亚') → 杭州 at 1, 印度尼西亚 at 4. */
export function zhPlacesIn(text: string): { text: string; start: number; kind: PlaceKind }[] {
  const out: { text: string; start: number; kind: PlaceKind }[] = [];
  for (let i = 0; i < text.length; ) {
    let hit = 0;
    // The longest listed name is 8 characters (e.g. 刚果民主共和国); try long ones first.
    for (let len = Math.min(10, text.length - i); len >= 2; len--) {
      const kind = zhPlaceKind(text.slice(i, i + len));
      if (kind) {
        out.push({ text: text.slice(i, i + len), start: i, kind });
        hit = len;
        break;
      }
    }
    i += hit || 1;
  }
  return out;
}

/**
 * Function words, question words and counters that never make a given name: without them "宋的"
 * (surname 宋 + 的) in running text would pass for a person.
 */
const NOT_GIVEN = /[的了是在和与也都就不有这那个们么吗呢吧啊把被从到对为于以及而之其或很还又再着过给让向往谁什哪几怎年月日号说去来上下中里]/u;

let surnames: string[] | null = null;

/** Chinese surnames of the name data, compound ones (欧阳, 司马) first so they win over 欧 and 司. */
function zhSurnames(): string[] {
  surnames ??= [...personNames('cn', 'zh').last].filter(isHan).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return surnames;
}

let givenGender: Map<string, Gender> | null = null;

let chars: Set<string> | null = null;

/** Characters of the name data's Chinese given names. */
const nameChars = (): Set<string> => (chars ??= new Set(randStrHanChars()));

/** The Chinese given names of the name data with their gender. */
function givenGenderMap(): Map<string, Gender> {
  if (!givenGender) {
    givenGender = new Map();
    const f = personNames('cn', 'zh').first;
    for (const g of ['male', 'female', 'neutral'] as const) for (const n of f[g]) givenGender.set(n, g);
  }
  return givenGender;
}

/** Gender of a Chinese given name from the name data, e.g. zhGenderOf('丽娟') === 'female'; unknown ones are 'neutral'. */
export function zhGenderOf(given: string): Gender {
  return givenGenderMap().get(given) ?? 'neutral';
}

/**
 * A Chinese person name split into surname and given name (1–2 characters), or null, e.g.
 * zhPersonSpans('欧阳修') → 欧阳 (last), 修 (first). Spans are in the name's own order, surname
 * first, so joining their texts gives the name back.
 */
export function zhPersonSpans(name: string): PerturbableSpan[] | null {
  if (!isHan(name)) return null;
  for (const s of zhSurnames()) {
    const given = name.slice(s.length);
    if (name.startsWith(s) && given.length >= 1 && given.length <= 2 && !NOT_GIVEN.test(given)) {
      return [
        { text: s, kind: 'last', entity: 'PER' },
        { text: given, kind: 'first', entity: 'PER', gender: zhGenderOf(given) },
      ];
    }
  }
  return null;
}

/** A person name ending the text (Chinese puts the head last: 诗人李白 → 李白), longest first, not inside a listed place. */
function personAtEnd(text: string): { name: string; start: number; spans: PerturbableSpan[] } | null {
  const inPlace = zhPlacesIn(text);
  for (let len = Math.min(4, text.length); len >= 2; len--) {
    const start = text.length - len;
    if (inPlace.some((p) => p.start < text.length && start < p.start + p.text.length)) continue;
    const spans = zhPersonSpans(text.slice(start));
    if (spans) return { name: text.slice(start), start, spans };
  }
  return null;
}

/** A Chinese answer entity with the spans renaming replaces. */
export interface ZhEntity {
  entity: Entity;
  spans: PerturbableSpan[];
}

/**
 * The entity a Chinese gold answer is, by dictionary and by the classes of zh-classes.ts: GPE when
 * the answer is listed places and suffixes only, or a one-character state + 国 (鲁国); ORG when it
 * ends in a designator after a listed place or a name of 2+ characters (清华大学); PER for a
 * dotted foreign name (达·芬奇) or, answering 谁, a transliterated one (爱因斯坦); the type a
 * question asks for (哪座城市 → GPE, 哪家公司 → ORG) on a short unlisted name (巴黎); else PER when
 * it ends in a surname + 1–2 characters not inside a place, unless it ends like a landmark or product
 * (黄山, 支付宝) or the question asks for no person (the entity is then that name, cut from the
 * answer). `hint` (the dataset's own type) restricts the type; 'other' means none. Only listed places
 * and Chinese-shaped names give spans to rename. E.g. for answer 浙江省 → GPE, span 浙江.
 */
export function zhAnswerEntity(answer: { text: string; start: number } | undefined, hint?: AnswerEntityType, question?: string): ZhEntity | null {
  const text = answer?.text.trim() ?? '';
  if (!answer || !text || hint === 'other') return null;
  const a0 = answer.start + answer.text.indexOf(text);
  const whole = (type: Entity['type'], confidence: number): Entity => ({ type, text, start: char(a0), end: char(a0 + text.length), confidence });
  const allows = (t: Entity['type']) => !hint || hint === t;
  const found = zhPlacesIn(text);
  const spansOf = (entity: 'GPE' | 'ORG') => dedupe(found.map((p) => ({ text: p.text, kind: p.kind, entity })));
  // What is left once every place and the suffix right after it are gone (浙江省杭州市 → '').
  const rest = found.length ? text.replace(new RegExp(`(${found.map((p) => p.text).join('|')})${PLACE_SUFFIX.source.replace(/\$$/, '')}?`, 'gu'), '') : text;
  if (found.length && !rest && allows('GPE')) return { entity: whole('GPE', 0.95), spans: spansOf('GPE') };
  // X国 is a state (鲁国) or a common noun (外国, 王国), never a person.
  if (/^\p{Script=Han}国$/u.test(text)) return isOldState(text) && allows('GPE') ? { entity: whole('GPE', 0.8), spans: [] } : null;
  if (ORG_DESIGNATOR.test(text) && (found.length || isDesignated(text)) && allows('ORG')) return { entity: whole('ORG', 0.85), spans: spansOf('ORG') };
  const cue = question ? zhQuestionCue(question) : null;
  if ((isDottedName(text) || (cue === 'PER' && isTransliterated(text))) && allows('PER')) return { entity: whole('PER', 0.8), spans: [] };
  const asked = askedFor(text, cue, question ?? '');
  if (asked) return allows(asked) ? { entity: whole(asked, 0.6), spans: spansOf(asked) } : null;
  if (!allows('PER') || !nameLike(text) || (cue !== 'PER' && (cue !== null || endsLikeFeature(text)))) return null;
  const p = personAtEnd(text);
  if (!p) return null;
  const start = a0 + p.start;
  return { entity: { type: 'PER', text: p.name, start: char(start), end: char(start + p.name.length), confidence: p.start === 0 ? 0.9 : 0.7 }, spans: p.spans };
}

/** A place or organization a question asks for (哪座城市, 哪家公司) when the answer is a short name (巴黎, 腾讯); a landmark-like answer to 哪里 is none. */
function askedFor(text: string, cue: AnswerEntityType | null, question: string): 'GPE' | 'ORG' | null {
  if ((cue !== 'GPE' && cue !== 'ORG') || !nameLike(text) || text.length > 6) return null;
  return cue === 'GPE' && endsLikeFeature(text) && /哪里|何处/u.test(question) ? null : cue;
}

/** The answer type of a Chinese answer text by the same dictionaries and classes, e.g. zhAnswerType('李白') === 'PER', zhAnswerType('1867年') === 'other', zhAnswerType('巴黎', '卢浮宫位于哪座城市？') === 'GPE'. */
export function zhAnswerType(text: string, question?: string): AnswerEntityType {
  return zhAnswerEntity({ text, start: 0 }, undefined, question)?.entity.type ?? 'other';
}

/** Every listed place of a Chinese text once (first mention), for the live view's highlights (person-shaped strings in running text are too ambiguous to mark). */
export function zhEntitySpans(text: string): ZhEntity[] {
  // One entry per place: the live view marks every mention of each entry's spans already.
  const first = zhPlacesIn(text).filter((p, i, all) => all.findIndex((q) => q.text === p.text) === i);
  return first.map((p) => ({
    entity: { type: 'GPE' as const, text: p.text, start: char(p.start), end: char(p.start + p.text.length), confidence: 0.95 },
    spans: [{ text: p.text, kind: p.kind, entity: 'GPE' as const }],
  }));
}

/** A Chinese person's whole name from its spans (surname first), e.g. '欧阳' + '修'; null when the spans are not a Chinese name. */
export function zhWholeName(spans: readonly { text: string; kind: string }[]): string | null {
  const last = spans.find((s) => s.kind === 'last');
  const first = spans.find((s) => s.kind === 'first');
  return last && first && isHan(last.text) && isHan(first.text) ? last.text + first.text : null;
}

function dedupe(spans: PerturbableSpan[]): PerturbableSpan[] {
  const seen = new Set<string>();
  return spans.filter((s) => (seen.has(s.text) ? false : (seen.add(s.text), true)));
}

/**
 * Question-person mode for Chinese: the first person-shaped name of the question (surname + 1–2
 * characters) that the passage also contains, and either mentions twice or whose given-name
 * characters all occur in the name data's given names (running text has no word boundaries:
 * "文学家" is surname 文 + 学家 by shape alone). Of the two lengths, a given name of the name data
 * wins, then the one the passage mentions more often, then the longer (欧阳修 over 欧阳修晚 in
 * "欧阳修晚年…"). The entity is its first passage occurrence.
 */
export function zhQuestionPerson(question: string, context: string): ZhEntity | null {
  for (let i = 0; i < question.length; i++) {
    for (const s of zhSurnames()) {
      if (!question.startsWith(s, i)) continue;
      const options = [2, 1]
        .map((g) => question.slice(i, i + s.length + g))
        .filter((name) => name.length > s.length && zhPersonSpans(name) && context.includes(name) && !zhLongerNames(name).some((l) => context.includes(l)))
        .map((name) => ({ name, known: givenGenderMap().has(name.slice(s.length)) ? 1 : 0, count: context.split(name).length - 1 }))
        .filter((o) => o.count >= 2 || [...o.name.slice(s.length)].every((c) => nameChars().has(c)));
      options.sort((a, b) => b.known - a.known || b.count - a.count || b.name.length - a.name.length);
      const best = options[0];
      if (!best) continue;
      const at = context.indexOf(best.name);
      return { entity: { type: 'PER', text: best.name, start: char(at), end: char(at + best.name.length), confidence: 0.8 }, spans: zhPersonSpans(best.name) as PerturbableSpan[] };
    }
  }
  return null;
}
