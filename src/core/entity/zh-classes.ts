/**
 * Classes of Chinese answers the dictionaries of zh.ts cannot type by themselves (issue 42.4):
 * the question's wording (哪座城市 asks for a place, 谁 for a person), organization designators,
 * historical states (鲁国), foreign names written with a middle dot (达·芬奇) or in transliteration
 * characters (爱因斯坦), and landmark, feature and product words that make a surname-initial answer
 * no person (黄山, 卢浮宫, 支付宝). This is step 1 of Yan et al. 2022 §3.1 (answer entity recognition:
 * PER, ORG, GPE, there by spaCy) for Chinese, where no NER model ships; labels follow spaCy's
 * OntoNotes scheme (mountains, rivers, buildings and products are none), as docs/entity-renaming.md
 * says. Only listed places and Chinese-shaped names get spans to rename (App. B's perturbable spans).
 */
import type { AnswerEntityType } from '../data/types.ts';

/** Organization designators: an answer that is a name followed by one of them is an ORG (清华大学, 腾讯公司). */
export const ORG_DESIGNATOR = /(大学|学院|学堂|书院|中学|小学|公司|集团|银行|医院|研究所|研究院|科学院|博物馆|博物院|图书馆|基金会|协会|学会|联合会|委员会|政府|报社|电视台|出版社|工厂|总厂|厂)$/u;

/** Whether an answer is a name followed by a designator (the designator alone, 大学, is not), e.g. isDesignated('清华大学') === true. */
export function isDesignated(text: string): boolean {
  const m = ORG_DESIGNATOR.exec(text);
  // "一所大学", "这家公司": a determiner and a counter are no name.
  return !!m && text.length - m[0].length >= 2 && !NOT_A_NAME.test(text) && !/^[一两几这那每各某该本此][所家个座间位]/u.test(text);
}

/** Digits and function words never found in a name: 10万亿元, 51枚 and 北京的大学 are no names. */
const NOT_A_NAME = /[\p{N}的了是这那些]/u;

/** Whether an answer can be a name at all (Han characters and middle dots, no digit or function word), e.g. nameLike('10万亿元') === false. */
export const nameLike = (text: string): boolean => /^[\p{Script=Han}·•‧・]+$/u.test(text) && !NOT_A_NAME.test(text);

/**
 * First characters that make X国 a common noun, not a state's name (外国, 各国, 王国, 大国): 国 after
 * any other one character is a historical or short state name (鲁国, 齐国, 楚国).
 */
const NOT_STATE = /[外各本全两该强大小祖邻敌他我你其诸万王帝母异友盟属爱建开亡治报卖救护立叛出入回归中美英法德俄日韩泰]/u;

/** Whether an answer is a one-character state name + 国 (鲁国, 楚国; 中国, 美国 are listed places already), e.g. isOldState('外国') === false. */
export const isOldState = (text: string): boolean => /^\p{Script=Han}国$/u.test(text) && !NOT_STATE.test(text[0] ?? '');

/** Whether an answer is a foreign name written with a middle dot between its parts, e.g. isDottedName('达·芬奇') === true. */
export const isDottedName = (text: string): boolean => /^\p{Script=Han}+(?:[·•‧・]\p{Script=Han}+)+$/u.test(text);

/**
 * Characters of the Xinhua transliteration table for foreign names (斯, 尔, 克, 特, 夫, 德, 姆, …): a
 * name of three or more of them answering a 谁 question is a transliterated person (爱因斯坦, 牛顿 is
 * too short to tell from a Chinese name).
 */
const TRANSLIT = new Set(
  '阿埃艾爱安昂奥巴拜班邦保鲍贝本比彼宾波伯博布查达戴丹道德登迪蒂丁杜顿多俄厄恩尔法范菲费芬丰弗福盖甘冈高戈哥格根贡古哈海汉豪赫亨洪胡华霍基吉加贾杰金卡凯坎康考柯科克肯库夸奎拉莱赖兰朗劳勒雷蕾里利莉连列林琳隆卢鲁路伦罗洛马玛迈麦曼芒梅门蒙米密敏明莫默姆穆纳娜奈南内尼涅宁牛纽努诺欧帕潘庞佩彭皮珀普奇齐乔切钦琼丘萨塞赛桑森沙莎绍舍施什士史斯松苏索塔泰坦汤唐特滕提汀图托瓦万旺威韦维魏温文沃乌伍西希谢辛雅亚扬耶伊因尤约泽扎詹兹祖佐',
);

/** Whether an answer of 3+ characters is all transliteration characters, e.g. isTransliterated('爱因斯坦') === true, isTransliterated('王安石') === false. */
export const isTransliterated = (text: string): boolean => text.length >= 3 && [...text].every((c) => TRANSLIT.has(c));

/**
 * Last characters of landmarks, natural features and products (黄山, 白堤, 卢浮宫, 支付宝): a
 * surname-initial answer ending in one is none unless the question asks 谁 (宋江, 孙中山 are people).
 */
const FEATURE_END = /[山峰岭河江湖海溪泉池岛湾堤坝宫殿寺庙观塔桥楼阁亭台园陵墓洞关门宝号牌]$/u;

/** Whether an answer ends like a landmark, feature or product, e.g. endsLikeFeature('黄山') === true. */
export const endsLikeFeature = (text: string): boolean => FEATURE_END.test(text);

/** Question words asking for something that is no entity: a time, a number, a feature, a work, a product. */
const ASKS_OTHER = /多少|几|何时|什么时候|哪一?年|哪个(?:朝代|时期|年代)|哪(?:座|条|片|个|处)?(?:山|河|江|湖|海|岛|宫|寺|塔|桥|堤|建筑|博物馆|景点)|什么(?:山|河|湖|堤|产品|工具|应用|软件|书|疾病|政策|运动)|哪(?:本|篇|部|幅|首|艘|种|个|款)\p{Script=Han}{0,2}?(?:书|期刊|作品|名作|画|诗|飞船|产品|工具|应用|软件)|哪个(?:地区|运动)|(?:产品|工具|应用|软件|作品|期刊|疾病|政策)(?:是|叫)什么/u;

/**
 * The type a Chinese question asks for, like name-rules.ts's questionCue for English, e.g.
 * zhQuestionCue('李明考入了哪所大学？') === 'ORG', zhQuestionCue('谁提出了相对论？') === 'PER'; null when the wording says nothing.
 */
export function zhQuestionCue(question: string): AnswerEntityType | null {
  const q = question.trim();
  if (/哪(?:家|所|个)(?:公司|企业|大学|学校|机构|组织|银行|医院|集团|报社|电视台|出版社)|什么(?:公司|企业|机构|组织)/u.test(q)) return 'ORG';
  if (/谁|哪位|什么人/u.test(q)) return 'PER';
  if (ASKS_OTHER.test(q)) return 'other';
  if (/哪(?:座|个)?\p{Script=Han}{0,2}?(?:城市|国家|省份|首都|政权|王国|帝国)|哪(?:座|个)?(?:省|市|区|县|州|镇)|哪国|哪里|何处|首都是|省会是/u.test(q)) return 'GPE';
  return null;
}
