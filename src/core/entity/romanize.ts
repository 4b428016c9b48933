/** Romanising Chinese names with pinyin-pro: the generator of the name lists uses it, and so may callers. */
import { pinyin } from 'pinyin-pro';
import { titleCase } from './lexicon.ts';

/** Romanised Chinese name, e.g. romanize('伟') === 'Wei', romanize('上官', true) === 'Shangguan'. */
export function romanize(hanzi: string, surname = false): string {
  const syl = pinyin(hanzi, { toneType: 'none', type: 'array', surname: surname ? 'head' : 'off' });
  return titleCase(syl.join('').toLowerCase());
}
