/**
 * Metadata keys a file carries beside the fields the importers read (a `domain` on a question, a
 * `source` column, a `metadata: {…}` object): kept on Instance.meta so results can be sliced by
 * them. Only scalar values are kept — a list or a nested object is not a slice value.
 */

/** Scalar metadata by key; the same shape as Instance.meta (declared here so the SQuAD reader imports no data types). */
type InstanceMeta = Record<string, string | number | boolean>;

/** At most this many keys per instance, and string values up to this many characters (longer ones are text, not labels). */
export const META_MAX_KEYS = 32;
export const META_MAX_VALUE = 200;

/** A scalar metadata value, or undefined for anything else, e.g. metaValue('finance') → 'finance', metaValue([1]) → undefined. */
function metaValue(v: unknown): string | number | boolean | undefined {
  if (typeof v === 'string') return v.length <= META_MAX_VALUE ? v : undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return Number(v);
  return undefined;
}

/**
 * Adds the scalar keys of `raw` that are not in `known` to `into` (keys already there win: the
 * innermost level is read first), and the scalar entries of a `metadata`/`meta` object, e.g.
 * collectMeta({ id: 1, domain: 'finance', metadata: { source: 'web' } }, ['id'], {}) → { domain: 'finance', source: 'web' }.
 */
export function collectMeta(raw: unknown, known: readonly string[], into: InstanceMeta = {}): InstanceMeta {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return into;
  const put = (k: string, v: unknown) => {
    const val = metaValue(v);
    if (val === undefined || Object.hasOwn(into, k) || Object.keys(into).length >= META_MAX_KEYS) return;
    into[k] = val;
  };
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (known.includes(k)) continue;
    if ((k === 'metadata' || k === 'meta') && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [mk, mv] of Object.entries(v as Record<string, unknown>)) put(mk, mv);
    } else put(k, v);
  }
  return into;
}

/** The meta object, or undefined when it is empty (so instances without metadata stay as they were), e.g. nonEmpty({}) → undefined. */
export function nonEmpty(meta: InstanceMeta): InstanceMeta | undefined {
  return Object.keys(meta).length > 0 ? meta : undefined;
}
