/**
 * Opening an audit's files in the app: summary.json, bundle.zip (summary and unit files) or unit
 * files, each checked; a bad file is reported by name and the good ones are kept.
 */
import { strFromU8, unzipSync } from 'fflate';
import { readAuditFile, type AuditSummary, type UnitFile } from './format.ts';

/** What the files held: the summary (the last one given), every ok unit, and one message per bad file. */
export interface OpenedAudit {
  summary: AuditSummary | null;
  units: UnitFile[];
  errors: string[];
}

/** Reads one JSON text into the result. */
function addJson(text: string, name: string, into: OpenedAudit): void {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    into.errors.push(`${name}: not JSON (${e instanceof Error ? e.message : String(e)}).`);
    return;
  }
  const r = readAuditFile(raw, name);
  if (r.type === 'error') into.errors.push(r.error);
  else if (r.type === 'summary') into.summary = r.summary;
  else if (r.unit.status === 'ok') into.units.push(r.unit);
}

/** Opens files by name and bytes, e.g. openAudit([{ name: 'bundle.zip', bytes }]). */
export function openAudit(files: readonly { name: string; bytes: Uint8Array }[]): OpenedAudit {
  const out: OpenedAudit = { summary: null, units: [], errors: [] };
  for (const f of files) {
    if (/\.zip$/i.test(f.name)) {
      let entries: Record<string, Uint8Array>;
      try {
        entries = unzipSync(f.bytes, { filter: (e) => e.name.endsWith('.json') && !e.name.includes('..') });
      } catch (e) {
        out.errors.push(`${f.name}: not a readable zip (${e instanceof Error ? e.message : String(e)}).`);
        continue;
      }
      const names = Object.keys(entries).sort();
      if (!names.length) out.errors.push(`${f.name}: no JSON files inside.`);
      for (const n of names) addJson(strFromU8(entries[n] as Uint8Array), `${f.name}: ${n}`, out);
    } else addJson(new TextDecoder().decode(f.bytes), f.name, out);
  }
  const seen = new Set<string>();
  out.units = out.units.filter((u) => !seen.has(u.id) && (seen.add(u.id), true));
  if (!out.summary && !out.units.length && !out.errors.length) out.errors.push('No audit files were given.');
  return out;
}
