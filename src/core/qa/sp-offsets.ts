/**
 * Character offsets for SentencePiece tokens (Unigram, or BPE with Metaspace): XLM-R, mDeBERTa,
 * DeBERTa-v3, ALBERT, CamemBERT. Tokens are pieces of the normalized text with spaces shown as
 * '▁' (a '▁' the pre-tokenizer prepended has no character behind it), so each token is found in
 * the aligned normalized text and mapped back. Spans leave out the '▁' (like trimmed offsets):
 * '▁Paris' on " Paris" covers "Paris".
 */
import { textOf } from '../text/aligned.ts';
import { normalizeSentencePiece, type SentencePieceScheme } from './sp-normalize.ts';
import { char, type CharSpan } from '../types.ts';

const BYTE_TOKEN = /^<0x([0-9A-Fa-f]{2})>$/;
const WS = /\s/u;

/** Normalized text with per-code-unit origin spans; spaces shown as the replacement character. */
interface Walk {
  n: string;
  start: number[];
  end: number[];
}

/** Expands the aligned code points to code units and shows spaces as the Metaspace replacement. */
function walkOf(text: string, scheme: SentencePieceScheme): Walk {
  const a = normalizeSentencePiece(text, scheme);
  const start: number[] = [];
  const end: number[] = [];
  a.chars.forEach((ch, k) => {
    for (let u = 0; u < ch.length; u++) {
      start.push(a.start[k] as number);
      end.push(a.end[k] as number);
    }
  });
  return { n: textOf(a).replaceAll(' ', scheme.replacement), start, end };
}

/**
 * Character spans for SentencePiece tokens of `text`, e.g. ['▁Hello', '▁world'] on "Hello world"
 * → [0,5), [6,11). A lone '▁' is an empty span before the next character; byte-fallback tokens
 * (<0xE4>…) map to the whole character their bytes belong to; an unknown token covers the text up
 * to the next token.
 */
export function sentencePieceOffsets(text: string, tokens: readonly string[], scheme: SentencePieceScheme): CharSpan[] {
  const { n, start, end } = walkOf(text, scheme);
  const rep = scheme.replacement;
  const isGap = (u: number) => n.startsWith(rep, u) || WS.test(n[u] ?? '');
  const gapLen = (u: number) => (n.startsWith(rep, u) ? rep.length : 1);
  /** Original span of normalized units [a, b), without leading/trailing '▁' and whitespace. */
  const span = (a: number, b: number): CharSpan => {
    while (a < b && isGap(a)) a += gapLen(a);
    while (b > a && (WS.test(n[b - 1] ?? '') || n.slice(b - rep.length, b) === rep)) b -= WS.test(n[b - 1] ?? '') ? 1 : rep.length;
    if (b <= a) {
      const at = a < n.length ? (start[a] as number) : text.length;
      return { start: char(at), end: char(at) };
    }
    let e = end[a] as number;
    for (let u = a; u < b; u++) e = Math.max(e, end[u] as number);
    return { start: char(start[a] as number), end: char(e) };
  };
  /** Where `token` sits at or after `pos`: [from, to) in normalized units, or null. */
  const locate = (token: string, pos: number): [number, number] | null => {
    if (token && n.startsWith(token, pos)) return [pos, pos + token.length];
    let q = pos;
    while (q < n.length && isGap(q)) q += gapLen(q);
    let bare = token;
    while (bare.startsWith(rep)) bare = bare.slice(rep.length);
    if (token && n.startsWith(token, q)) return [q, q + token.length];
    if (bare && n.startsWith(bare, q)) return [q, q + bare.length];
    if (!bare) return [pos, q > pos ? pos + gapLen(pos) : pos]; // a lone '▁': the space, or nothing
    const at = n.indexOf(bare, pos);
    return at < 0 ? null : [at, at + bare.length];
  };

  const spans: CharSpan[] = [];
  let pos = 0;
  let byteChar = -1; // start of the character whose bytes are being consumed
  let bytesLeft = 0;
  let pendingUnk: number[] = []; // indices of unknown tokens waiting for the next match
  const closeUnknowns = (to: number) => {
    // One unknown token covers a run of unknown characters: split the run between them.
    pendingUnk.forEach((idx, j) => {
      let q = pos;
      while (q < to && isGap(q)) q += gapLen(q);
      const last = j === pendingUnk.length - 1;
      const cpEnd = q < to ? q + String.fromCodePoint(n.codePointAt(q) as number).length : q;
      spans[idx] = span(pos, last ? to : Math.min(cpEnd, to));
      pos = last ? to : Math.min(cpEnd, to);
    });
    pendingUnk = [];
  };

  tokens.forEach((token, i) => {
    const byte = scheme.byteFallback ? BYTE_TOKEN.exec(token) : null;
    if (byte) {
      if (bytesLeft === 0) {
        closeUnknowns(pos);
        while (pos < n.length && isGap(pos) && !n.startsWith(rep, pos)) pos++;
        byteChar = pos;
        const cp = n.codePointAt(pos) ?? 0;
        bytesLeft = new TextEncoder().encode(String.fromCodePoint(cp)).length;
      }
      spans[i] = span(byteChar, byteChar + String.fromCodePoint(n.codePointAt(byteChar) ?? 32).length);
      bytesLeft--;
      if (bytesLeft === 0 && byteChar < n.length) pos = byteChar + String.fromCodePoint(n.codePointAt(byteChar) as number).length;
      return;
    }
    const found = locate(token, pos);
    if (token === scheme.unkToken && (!found || found[0] !== pos)) {
      pendingUnk.push(i);
      spans[i] = span(pos, pos);
      return;
    }
    if (!found) {
      spans[i] = span(pos, pos); // unreachable for a consistent tokenizer; keep a zero-width span
      return;
    }
    closeUnknowns(found[0]);
    spans[i] = span(found[0], found[1]);
    pos = found[1];
  });
  closeUnknowns(n.length);
  return spans;
}
