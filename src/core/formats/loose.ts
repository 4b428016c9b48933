/** Booleans and versions as data files write them (a string "true", a number 2.0): tiny, so `qarx eval` reads them without the validating readers. */

/** A boolean, or the string "true"/"false" in any case, as a boolean; null for anything else, e.g. looseBool('False') → false. */
export function looseBool(x: unknown): boolean | null {
  if (typeof x === 'boolean') return x;
  if (typeof x === 'string' && /^(true|false)$/i.test(x.trim())) return x.trim().toLowerCase() === 'true';
  return null;
}

/** A version string as written, or a number with its decimal kept, e.g. looseVersion(2.0) → '2.0'; '' when absent or neither. */
export function looseVersion(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x === 'number') return Number.isInteger(x) ? x.toFixed(1) : String(x);
  return '';
}
