/**
 * Python literals as `str(list)` writes them, e.g. the answer cells "['Paris']" of the published
 * DROP / SQuAD pair CSVs (pandas writes a list column with Python's repr, not JSON).
 * Only what such cells hold is read: strings, numbers, True/False/None, lists, tuples and dicts.
 */

/** A parsed Python literal. */
export type PyValue = string | number | boolean | null | PyValue[] | Map<string, PyValue>;

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0', '\n': '' };

/** Parses one Python literal, e.g. parsePyLiteral("['a', \"b's\"]") → ['a', "b's"]; null if it is not one. */
export function parsePyLiteral(text: string): PyValue | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i] as string)) i++;
  };
  const str = (): string => {
    const q = text[i] as string;
    i++;
    let out = '';
    for (;;) {
      if (i >= text.length) throw new SyntaxError('unterminated string');
      const c = text[i] as string;
      if (c === q) {
        i++;
        return out;
      }
      if (c !== '\\') {
        out += c;
        i++;
        continue;
      }
      const e = text[i + 1] ?? '';
      const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (hex) {
        const h = text.slice(i + 2, i + 2 + hex);
        if (!/^[0-9a-fA-F]+$/.test(h) || h.length !== hex) throw new SyntaxError('bad escape');
        out += String.fromCodePoint(parseInt(h, 16));
        i += 2 + hex;
      } else {
        // Python keeps an unknown escape as written, backslash included.
        out += SIMPLE_ESCAPES[e] ?? `\\${e}`;
        i += 2;
      }
    }
  };
  const seq = (close: string): PyValue[] => {
    i++;
    const items: PyValue[] = [];
    for (;;) {
      ws();
      if (text[i] === close) {
        i++;
        return items;
      }
      items.push(value());
      ws();
      if (text[i] === ',') i++;
      else if (text[i] !== close) throw new SyntaxError('expected , or close');
    }
  };
  const dict = (): Map<string, PyValue> => {
    i++;
    const m = new Map<string, PyValue>();
    for (;;) {
      ws();
      if (text[i] === '}') {
        i++;
        return m;
      }
      const k = value();
      ws();
      if (text[i] !== ':') throw new SyntaxError('expected :');
      i++;
      m.set(String(k), value());
      ws();
      if (text[i] === ',') i++;
      else if (text[i] !== '}') throw new SyntaxError('expected , or }');
    }
  };
  const value = (): PyValue => {
    ws();
    const c = text[i];
    if (c === "'" || c === '"') return str();
    if (c === '[') return seq(']');
    if (c === '(') return seq(')');
    if (c === '{') return dict();
    const m = /^(?:True|False|None|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/.exec(text.slice(i, i + 64));
    if (!m) throw new SyntaxError('unexpected character');
    i += m[0].length;
    return m[0] === 'True' ? true : m[0] === 'False' ? false : m[0] === 'None' ? null : Number(m[0]);
  };
  try {
    const v = value();
    ws();
    return i === text.length ? v : null;
  } catch {
    return null;
  }
}

/**
 * The strings of a Python list cell, or of a dict's "text" list (HF answers), e.g.
 * pyStringList("['Paris', 'the city']") → ['Paris', 'the city']; null when the cell is not such a literal.
 */
export function pyStringList(text: string): string[] | null {
  const v = parsePyLiteral(text);
  const list = Array.isArray(v) ? v : v instanceof Map && Array.isArray(v.get('text')) ? (v.get('text') as PyValue[]) : null;
  return list && list.every((x): x is string => typeof x === 'string') ? list : null;
}
