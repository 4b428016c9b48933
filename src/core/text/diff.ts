/**
 * Word-level diffs of two passages with diff-match-patch: words are mapped to single characters
 * (its line-mode trick) so edits never split a word, then semantic cleanup merges small pieces.
 */
import DiffMatchPatch from 'diff-match-patch';

/** A piece of a diff: kept, removed from the original, or inserted in the new text. */
export interface DiffPiece {
  op: 'equal' | 'delete' | 'insert';
  text: string;
}

/**
 * Splits text into words and the whitespace/punctuation between them, e.g. tokens('Ann, hi') →
 * ['Ann', ', ', 'hi']; a Chinese character is a word of its own (Chinese has no word boundaries,
 * so a renamed 周树人 in 鲁迅原名周树人 is marked alone), e.g. tokens('原名周') → ['原', '名', '周'].
 */
export function wordTokens(text: string): string[] {
  return text.match(/\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}'’_-])+|[^\p{L}\p{N}\p{M}'’_-]+/gu) ?? [];
}

// Each distinct word becomes one UTF-16 unit, skipping the surrogate range so none is ever split.
const MAX_WORDS = 0xd700 - 0x100 + 0x2000;
const unitOf = (n: number) => (n < 0xd700 - 0x100 ? 0x100 + n : 0xe000 + n - (0xd700 - 0x100));
const indexOf = (u: number) => (u >= 0xe000 ? u - 0xe000 + (0xd700 - 0x100) : u - 0x100);

function charDiff(dmp: DiffMatchPatch, a: string, b: string): DiffPiece[] {
  const diffs = dmp.diff_main(a, b);
  dmp.diff_cleanupSemantic(diffs);
  return diffs.map(([op, text]) => ({ op: op === 0 ? 'equal' : op < 0 ? 'delete' : 'insert', text }));
}

/**
 * The word-level diff of a and b, e.g. wordDiff('Ann met Bob', 'Beth met Bob') →
 * [delete 'Ann', insert 'Beth', equal ' met Bob'].
 */
export function wordDiff(a: string, b: string): DiffPiece[] {
  const dmp = new DiffMatchPatch();
  if (new Set([...wordTokens(a), ...wordTokens(b)]).size <= MAX_WORDS) return tokenDiff(dmp, a, b, wordTokens);
  // Past ~63,000 distinct words there are no single UTF-16 units left: diff code points instead
  // (a plain character diff would cut emoji and astral letters in half), characters as a last resort.
  const codePoints = (t: string) => Array.from(t);
  if (new Set([...codePoints(a), ...codePoints(b)]).size <= MAX_WORDS) return tokenDiff(dmp, a, b, codePoints);
  return charDiff(dmp, a, b);
}

/** The diff of a and b with each distinct token (word or code point) as one UTF-16 unit, so no token is split. */
function tokenDiff(dmp: DiffMatchPatch, a: string, b: string, tokens: (t: string) => string[]): DiffPiece[] {
  const vocab = new Map<string, string>();
  const words: string[] = [];
  const encode = (t: string) =>
    tokens(t)
      .map((w) => {
        let c = vocab.get(w);
        if (c === undefined) {
          c = String.fromCharCode(unitOf(words.length));
          vocab.set(w, c);
          words.push(w);
        }
        return c;
      })
      .join('');
  const ea = encode(a);
  const eb = encode(b);
  const decode = (s: string) => [...s].map((c) => words[indexOf(c.charCodeAt(0))]).join('');
  const diffs = dmp.diff_main(ea, eb, false);
  dmp.diff_cleanupSemantic(diffs);
  const out: DiffPiece[] = [];
  for (const [op, enc] of diffs) {
    const text = decode(enc);
    if (!text) continue;
    const kind = op === 0 ? 'equal' : op < 0 ? 'delete' : 'insert';
    const last = out[out.length - 1];
    if (last && last.op === kind) last.text += text;
    else out.push({ op: kind, text });
  }
  return out;
}
