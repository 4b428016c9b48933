/**
 * Block YAML for a card's front matter, every value quoted so that no text can change the structure:
 * strings (and keys that are not plain identifiers) double-quoted with YAML escapes, so a value
 * never spans lines, never starts a comment, an anchor or a `---` line, and reads back with any
 * YAML 1.1/1.2 parser (the Hub's, PyYAML, the `yaml` package) as the same string. Hand-written
 * because the `yaml` package is only a dev dependency of the CLI (see the issue 40 report).
 */

/** Code points written as they are inside double quotes: printable ASCII, and printable non-ASCII except line/paragraph separators and the BOM. */
function printable(cp: number): boolean {
  if (cp >= 0x20 && cp <= 0x7e) return cp !== 0x22 && cp !== 0x5c;
  if (cp === 0x2028 || cp === 0x2029 || cp === 0xfeff) return false;
  return (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

const hex = (cp: number, width: number): string => cp.toString(16).toUpperCase().padStart(width, '0');

/** One code point as YAML double-quoted text, e.g. '\\n', '\\x7F', '\\u2028', or the character itself. */
function escaped(cp: number): string {
  if (printable(cp)) return String.fromCodePoint(cp);
  const named: Record<number, string> = { 0x22: '\\"', 0x5c: '\\\\', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x00: '\\0' };
  return named[cp] ?? (cp <= 0xff ? `\\x${hex(cp, 2)}` : cp <= 0xffff ? `\\u${hex(cp, 4)}` : `\\U${hex(cp, 8)}`);
}

/** A string as a YAML double-quoted scalar, e.g. yamlString('a"b\nc') === '"a\\"b\\nc"'; lone surrogates as \\uD800 (they read back the same in JS). */
export function yamlString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i) as number;
    out += escaped(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  return `${out}"`;
}

/** A number as YAML reads it back under 1.1 and 1.2 (an exponent gets a dot: PyYAML reads '1e-7' as a string); not finite → null. */
function yamlNumber(x: number): string {
  if (!Number.isFinite(x)) return 'null';
  const s = Object.is(x, -0) ? '0' : String(x);
  return /e/.test(s) && !/\./.test(s) ? s.replace('e', '.0e') : s;
}

/** A scalar: null, booleans, numbers as they are, anything else a quoted string. */
function scalar(x: unknown): string {
  if (x === null || x === undefined) return 'null';
  if (typeof x === 'boolean') return String(x);
  if (typeof x === 'number') return yamlNumber(x);
  return yamlString(String(x));
}

/** A mapping key: plain when it is an identifier (e.g. `model-index`, `type`), else quoted. */
const key = (k: string): string => (/^[A-Za-z_][\w-]*$/.test(k) && !/^(?:y|n|yes|no|on|off|true|false|null)$/i.test(k) ? k : yamlString(k));

const isMap = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** A value as block YAML indented by `pad`; undefined entries are left out, empty lists and maps written [] and {}. */
export function toYaml(value: unknown, pad = ''): string {
  if (Array.isArray(value)) {
    if (!value.length) return `${pad}[]\n`;
    return value.map((x) => (isMap(x) && Object.keys(x).length ? `${pad}- ${toYaml(x, `${pad}  `).slice(pad.length + 2)}` : Array.isArray(x) && x.length ? `${pad}-\n${toYaml(x, `${pad}  `)}` : `${pad}- ${inline(x)}\n`)).join('');
  }
  if (isMap(value)) {
    const entries = Object.entries(value).filter(([, x]) => x !== undefined);
    if (!entries.length) return `${pad}{}\n`;
    return entries.map(([k, x]) => ((isMap(x) || Array.isArray(x)) && !isEmpty(x) ? `${pad}${key(k)}:\n${toYaml(x, `${pad}  `)}` : `${pad}${key(k)}: ${inline(x)}\n`)).join('');
  }
  return `${pad}${scalar(value)}\n`;
}

const isEmpty = (x: unknown): boolean => (Array.isArray(x) ? x.length === 0 : isMap(x) && Object.keys(x).length === 0);

/** A scalar or an empty collection on one line. */
const inline = (x: unknown): string => (Array.isArray(x) ? '[]' : isMap(x) ? '{}' : scalar(x));
