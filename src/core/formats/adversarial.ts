/**
 * Recognising an Adversarial SQuAD file (Jia & Liang 2017) after import: its variants carry the
 * id `<original id>-<suffix>` and the original passage with a sentence inserted (AddSent and
 * AddOneSent append it). Each variant gets a link to its original and the inserted span, so the
 * app can show it beside the original with that sentence highlighted.
 */
import type { Instance } from '../data/types.ts';
import { splitAdversarialId } from '../trap/adversarial.ts';

/** A SQuAD v1.1 question id: 24 hex digits. */
const SQUAD_ID = /^[0-9a-f]{24}-/;

/** Adversarial SQuAD's own variant suffixes (AddSent `high-conf-turk0`, AddOneSent `turk0`, `high-conf`). */
const ADVERSARIAL_SUFFIX = /^(?:high-conf(?:-turk\d+)?|turk\d+)$/;

/** A revision file's numbering (Nat_V2: `<id>-n0` … `<id>-n11`): aligned revisions, never adversarial variants. */
const REVISION_SUFFIX = /^n\d+$/;

/**
 * Whether ids look like an adversarial file's: some `X-suffix` whose X is an id of the file (a suffix
 * other than a revision number), or a SQuAD id with Adversarial SQuAD's own suffix (the original may
 * be absent), e.g. ['a1', 'a1-turk0'] → true, ['a-b'] → false, ['5733be284776f41900661182-n3'] → false.
 */
export function isAdversarialIds(ids: readonly string[]): boolean {
  const all = new Set(ids);
  return ids.some((id) => {
    const { originalId, suffix } = splitAdversarialId(id);
    if (suffix === null || REVISION_SUFFIX.test(suffix)) return false;
    return all.has(originalId) || (SQUAD_ID.test(id) && ADVERSARIAL_SUFFIX.test(suffix));
  });
}

/** Whether one id is an adversarial variant's, as linkAdversarial links it (revision numbers are not). */
const isVariantId = (suffix: string | null): suffix is string => suffix !== null && !REVISION_SUFFIX.test(suffix);

/**
 * The span of `b` that `a` lacks when `b` is `a` with text inserted (common prefix and suffix,
 * whitespace trimmed), e.g. insertedSpan('A. B.', 'A. T. B.') → { start: 3, end: 5 }; null when equal.
 */
export function insertedSpan(a: string, b: string): { start: number; end: number } | null {
  let p = 0;
  const max = Math.min(a.length, b.length);
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  let start = p;
  let end = b.length - s;
  // Never split a surrogate pair at either edge.
  if (start > 0 && /[\udc00-\udfff]/.test(b[start] ?? '')) start--;
  if (end < b.length && /[\udc00-\udfff]/.test(b[end] ?? '')) end++;
  while (start < end && /\s/.test(b[start] ?? '')) start++;
  while (end > start && /\s/.test(b[end - 1] ?? '')) end--;
  return end > start ? { start, end } : null;
}

/**
 * Links every variant of an adversarial file to its original (in place) and tags it
 * 'adversarial'; returns how many variants were linked (0 for an ordinary file).
 */
export function linkAdversarial(instances: Instance[]): number {
  if (!isAdversarialIds(instances.map((i) => i.id))) return 0;
  const byId = new Map<string, Instance>();
  for (const inst of instances) if (!byId.has(inst.id)) byId.set(inst.id, inst);
  let linked = 0;
  for (const inst of instances) {
    const { originalId, suffix } = splitAdversarialId(inst.id);
    if (!isVariantId(suffix)) continue;
    const original = byId.get(originalId);
    const originalContext = original ? original.context : null;
    inst.adversarial = { originalId, suffix, originalContext, inserted: originalContext === null ? null : insertedSpan(originalContext, inst.context) };
    if (!inst.tags.includes('adversarial')) inst.tags.push('adversarial');
    linked++;
  }
  return linked;
}
