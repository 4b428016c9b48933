/**
 * An audit's directory: plan.json (every unit of the config), units/<id>.json (one per finished
 * unit) and the summary files. Every file is written atomically (a temporary file in the same
 * folder, then rename), so a killed run leaves whole files or none.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { removeTemps, writeFileAtomic } from '../atomic.ts';
import { readAuditFile, type UnitFile, type UnitSpec } from '../../core/audit/format.ts';
import { InputError } from '../../core/formats/json.ts';
import { err } from '../io.ts';

/** The plan as stored: every unit's id, label and settings (no machine paths), the same for every shard. */
export interface PlanFile {
  format: 'qarx-audit-plan';
  name: string;
  units: { id: string; label: string; spec: UnitSpec }[];
}

/** Writes bytes to `path` through a temporary file and a rename (atomic on one filesystem): the CLI's one writer. */
export const writeAtomic = writeFileAtomic;

export const unitsDir = (dir: string): string => join(dir, 'units');
export const unitPath = (dir: string, id: string): string => join(unitsDir(dir), `${id}.json`);

/** Removes temporary files a killed run left behind. */
export function removeStaleTemps(dir: string): number {
  const d = unitsDir(dir);
  if (!existsSync(d)) return 0;
  return removeTemps(d);
}

/** Removes a directory's summary files: they report results about to be replaced, so none is left behind should the run stop. */
export function removeSummaryFiles(dir: string): void {
  for (const f of ['summary.json', 'summary.md', 'report.html', 'bundle.zip']) rmSync(join(dir, f), { force: true });
  rmSync(join(dir, 'tables'), { recursive: true, force: true });
}

/** Reads a directory's plan.json, or null when it has none. */
export function readPlan(dir: string): PlanFile | null {
  const p = join(dir, 'plan.json');
  if (!existsSync(p)) return null;
  const raw = JSON.parse(readFileSync(p, 'utf8')) as PlanFile;
  if (raw.format !== 'qarx-audit-plan' || !Array.isArray(raw.units)) throw new InputError(`${p}: not a qarx audit plan.`);
  return raw;
}

/** Every unit file of a directory, by id; a file that does not parse is reported and left out (its unit runs again). */
export function readUnits(dir: string): Map<string, UnitFile> {
  const out = new Map<string, UnitFile>();
  const d = unitsDir(dir);
  if (!existsSync(d)) return out;
  for (const f of readdirSync(d).sort()) {
    if (!f.endsWith('.json')) continue;
    const path = join(d, f);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      err(`warning: ${path}: not readable JSON (${e instanceof Error ? e.message : String(e)}); the unit will run again\n`);
      continue;
    }
    const r = readAuditFile(raw, path);
    if (r.type === 'unit') out.set(r.unit.id, r.unit);
    else if (r.type === 'error') err(`warning: ${r.error}\n`);
  }
  return out;
}
