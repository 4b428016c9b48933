/** Random texts (words, accents, CJK, emoji, special tokens, control and odd whitespace) and an edit of each, for splice tests. */
import fc from 'fast-check';

const words = fc.constantFrom('Paris', 'the', 'capital', 'unaffable', 'playing', 'Hello', 'world', 'city', '1867', 'Zola', 'café', 'Émile', 'naïve');
const odd = fc.constantFrom('e\u0301', 'İ', 'ß', 'ﬁ', 'ΑΣ', '北京', '𠀀', '한국', '😀', '👍🏽', '[CLS]', '[MASK]', '\u00ad', '\u0000', '\ufffd', '\u000b', '\u2028', '\u00a0', '\u3000', '\ufeff', '€5', '(', ')', '—', '.', ',', '\'s');
const separator = fc.constantFrom(' ', ' ', ' ', '', '\n', '\t', '  ', '\r\n');
const piece = fc.oneof({ arbitrary: words, weight: 5 }, { arbitrary: odd, weight: 3 }, fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }));
const text = fc.array(fc.tuple(piece, separator), { minLength: 1, maxLength: 24 }).map((parts) => parts.map(([p, s]) => p + s).join(''));
/** An edit: [from, to) of the base replaced by an insert (delete, replace or insert). */
export const edited = fc.tuple(text, fc.nat(), fc.nat(), fc.oneof(fc.constant(''), text)).map(([base, a, b, insert]) => {
  const [from, to] = [a % (base.length + 1), b % (base.length + 1)].sort((x, y) => x - y) as [number, number];
  return { base, text: base.slice(0, from) + insert + base.slice(to) };
});
