/**
 * Python-compatible number formatting and `json.dumps`, so that results can be printed as the
 * very same bytes the official Python evaluation scripts print.
 *
 * JS has one number type while Python has int and float; a JS number is taken to be a Python
 * float unless it is wrapped in `PyInt` or sits under a key listed in `intKeys`.
 */

/** A value Python holds as int. Example: pyJsonDumps({ total: new PyInt(14) }) → '{"total": 14}'. */
export class PyInt {
  readonly value: bigint;
  constructor(value: number | bigint) {
    if (typeof value === 'number' && !Number.isInteger(value)) {
      throw new TypeError(`PyInt needs an integer, got ${value}`);
    }
    this.value = BigInt(value);
  }
}

/** Shorthand for `new PyInt(n)`. Example: pyInt(3) prints as `3`, whereas 3 prints as `3.0`. */
export function pyInt(value: number | bigint): PyInt {
  return new PyInt(value);
}

/** Python's `repr(float)`. Example: pyFloatRepr(100) → '100.0', pyFloatRepr(1e-7) → '1e-07', pyFloatRepr(1e16) → '1e+16'. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  // toExponential() without an argument yields the shortest round-trip digits, which is also
  // what Python's repr uses; only the layout rules below are Python's own.
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(Math.abs(x).toExponential());
  if (!m) throw new Error(`unexpected toExponential output for ${x}`);
  const digits = (m[1] ?? '') + (m[2] ?? '');
  const decpt = Number(m[3]) + 1;
  if (decpt <= -4 || decpt > 16) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = decpt - 1;
    const eAbs = String(Math.abs(e)).padStart(2, '0');
    return `${sign}${mantissa}e${e < 0 ? '-' : '+'}${eAbs}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

function decompose(x: number): { mant: bigint; exp: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  if (biased === 0) return { mant: frac, exp: -1074 };
  return { mant: frac | (1n << 52n), exp: biased - 1075 };
}

/** Python's `'%.<digits>f' % x` (correctly rounded, ties to even). Example: pyFormatFixed(66.66666666666667, 3) → '66.667', pyFormatFixed(0.0625, 3) → '0.062'. */
export function pyFormatFixed(x: number, digits: number): string {
  if (!Number.isInteger(digits) || digits < 0) throw new RangeError(`bad precision ${digits}`);
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  // JS toFixed rounds ties away from zero; Python rounds the exact binary value half-to-even.
  const { mant, exp } = decompose(Math.abs(x));
  const scale = 10n ** BigInt(digits);
  let n: bigint;
  if (exp >= 0) {
    n = (mant << BigInt(exp)) * scale;
  } else {
    const num = mant * scale;
    const den = 1n << BigInt(-exp);
    n = num / den;
    const twiceRem = 2n * (num % den);
    if (twiceRem > den || (twiceRem === den && (n & 1n) === 1n)) n += 1n;
  }
  const s = n.toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${s}` : `${sign}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

// Printable ASCII without quote or backslash is written as it is (the common case, and fast).
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function escapeString(s: string): string {
  if (PLAIN_ASCII.test(s)) return `"${s}"`;
  let out = '"';
  // Code units, not code points: Python emits astral characters as surrogate-pair escapes too.
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c === 0x08) out += '\\b';
    else if (c === 0x0c) out += '\\f';
    else if (c < 0x20 || c > 0x7e) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += s[i];
  }
  return `${out}"`;
}

function floatJson(x: number): string {
  // json.dumps uses float.__repr__ but spells the non-finite values like JavaScript does.
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  return pyFloatRepr(x);
}

export interface PyJsonOptions {
  /** Object keys whose (integer) number values Python holds as int, e.g. SQUAD_V2_INT_KEYS. */
  intKeys?: Iterable<string>;
}

/** Python's `json.dumps(value, indent=indent)` with default separators and ensure_ascii. Example: pyJsonDumps({ f1: 100, n: pyInt(2) }) → '{"f1": 100.0, "n": 2}'. */
export function pyJsonDumps(value: unknown, indent?: number | string | null, options: PyJsonOptions = {}): string {
  const intKeys = new Set(options.intKeys ?? []);
  const indentUnit = indent === undefined || indent === null ? null : typeof indent === 'number' ? ' '.repeat(Math.max(0, indent)) : indent;
  // Python switches the item separator to ',' as soon as indent is not None.
  const itemSep = indentUnit === null ? ', ' : ',';
  const seen = new Set<object>();

  const scalar = (v: unknown, asInt: boolean): string | undefined => {
    if (v === null) return 'null';
    if (v === true) return 'true';
    if (v === false) return 'false';
    if (typeof v === 'string') return escapeString(v);
    if (typeof v === 'bigint') return v.toString();
    if (v instanceof PyInt) return v.value.toString();
    if (typeof v === 'number') {
      if (asInt) {
        if (!Number.isInteger(v)) throw new TypeError(`value ${v} under an int key is not an integer`);
        return BigInt(v).toString();
      }
      return floatJson(v);
    }
    return undefined;
  };

  const enc = (v: unknown, level: number, asInt: boolean): string => {
    const s = scalar(v, asInt);
    if (s !== undefined) return s;
    if (typeof v !== 'object' || v === null) throw new TypeError(`Object of type ${typeof v} is not JSON serializable`);
    if (seen.has(v)) throw new TypeError('Circular reference detected');
    seen.add(v);
    let items: string[];
    let open: string;
    let close: string;
    if (Array.isArray(v)) {
      items = v.map((x) => enc(x, level + 1, false));
      open = '[';
      close = ']';
    } else {
      const pairs: [string, unknown][] = v instanceof Map ? [...(v as Map<unknown, unknown>)].map(([k, x]) => [String(k), x]) : Object.entries(v);
      items = pairs.map(([k, x]) => `${escapeString(k)}: ${enc(x, level + 1, intKeys.has(k))}`);
      open = '{';
      close = '}';
    }
    seen.delete(v);
    if (items.length === 0) return open + close;
    if (indentUnit === null) return open + items.join(itemSep) + close;
    const inner = '\n' + indentUnit.repeat(level + 1);
    return open + inner + items.join(itemSep + inner) + '\n' + indentUnit.repeat(level) + close;
  };

  return enc(value, 0, false);
}
