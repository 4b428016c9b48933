/** Romanising Chinese names with pinyin-pro, for the generator of the name lists (scripts/make-name-lists.ts) only: the app's name lists are already romanised, and pinyin-pro's 270 kB of dictionaries stay out of its chunks (issue 44). */
import { pinyin } from 'pinyin-pro';
import { titleCase } from './lexicon.ts';

/** Romanised Chinese name, e.g. romanize('伟') === 'Wei', romanize('上官', true) === 'Shangguan'. */
export function romanize(hanzi: string, surname = false): string {
  const syl = pinyin(hanzi, { toneType: 'none', type: 'array', surname: surname ? 'head' : 'off' });
  return titleCase(syl.join('').toLowerCase());
}
