/** A passage's language, guessed from its script (no imports: `qarx eval` guesses it for every passage at start-up). */

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;
const LATIN = /[A-Za-z]/g;

/**
 * 'zh' when CJK characters dominate the first 2000 characters, else 'en', e.g. guessLang('北京是首都') → 'zh'.
 * A ratio, not "any CJK", because English Wikipedia passages often quote a Chinese name.
 */
export function guessLang(text: string): 'en' | 'zh' {
  const head = text.slice(0, 2000);
  const cjk = head.match(CJK)?.length ?? 0;
  if (cjk === 0) return 'en';
  const latin = head.match(LATIN)?.length ?? 0;
  // A Chinese character is about a word; an English word is about five letters.
  return cjk * 5 >= latin ? 'zh' : 'en';
}
