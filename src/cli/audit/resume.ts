/**
 * Resuming an audit by content: a unit whose result is stored is skipped only when the data and
 * model files it was computed from are still the same bytes (core/audit/inputs.ts); otherwise it
 * runs again and stderr says which units and why, as make or DVC rebuild what is stale and keep
 * the rest. A result is never reported for inputs it was not computed on.
 */
import { AUDIT_VERSION, type UnitFile } from '../../core/audit/format.ts';
import { staleReasons, UNRECORDED, type StaleReason } from '../../core/audit/inputs.ts';
import { countOf } from '../../core/text/plural.ts';
import { unitInputs } from './fingerprint.ts';
import type { PlannedUnit } from './plan.ts';

/** The units with a stored ok result that no longer answers them, each with why (inputs changed, unreadable, or never recorded). */
export async function staleUnits(units: readonly PlannedUnit[], done: ReadonlyMap<string, UnitFile>, cacheDir?: string): Promise<Map<string, StaleReason[]>> {
  const out = new Map<string, StaleReason[]>();
  for (const u of units) {
    const f = done.get(u.id);
    if (f?.status !== 'ok') continue;
    const names = { dataset: u.spec.dataset.name, model: u.spec.model.name };
    // A unit written under another result format is not this qarx's answer, whatever its inputs.
    if (f.version !== AUDIT_VERSION) {
      out.set(u.id, [`written by an audit of result format ${String(f.version)} (this qarx writes format ${AUDIT_VERSION})`]);
      continue;
    }
    try {
      // A file with no record needs no hashing: it is stale whatever the files hold now.
      const why = f.inputs ? staleReasons(f.inputs, await unitInputs(u.sources, cacheDir), names) : [UNRECORDED];
      if (why.length) out.set(u.id, why);
    } catch (e) {
      out.set(u.id, [`dataset "${names.dataset}" or model "${names.model}" cannot be read now (${e instanceof Error ? e.message : String(e)})`]);
    }
  }
  return out;
}

/** stderr lines: each reason once, with the units it sends back to run, e.g. 'audit: 2 units to run again: dataset "d": its content changed (…): d · m · natural script; …'. */
export function staleLines(tag: string, units: readonly PlannedUnit[], stale: ReadonlyMap<string, StaleReason[]>): string[] {
  const byReason = new Map<StaleReason, string[]>();
  for (const u of units) for (const r of stale.get(u.id) ?? []) byReason.set(r, [...(byReason.get(r) ?? []), u.label]);
  return [...byReason].map(([r, labels]) => `${tag}: ${countOf(labels.length, 'unit')} to run again: ${r}: ${labels.slice(0, 4).join('; ')}${labels.length > 4 ? `; … ${labels.length - 4} more` : ''}\n`);
}
