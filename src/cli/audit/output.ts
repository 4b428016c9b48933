/**
 * Writes an audit's summary files into a directory: summary.json, summary.md, tables/*.csv per
 * model and kind, report.html, and bundle.zip (summary and every unit file, for the app).
 */
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { AuditSummary, UnitFile } from '../../core/audit/format.ts';
import { tableToCsv } from '../../core/results/table.ts';
import { writeAtomic } from './files.ts';
import { reportHtml } from './report-html.ts';
import { asResultTable, summaryMarkdown } from './summary.ts';

/** A name safe as a file name part, e.g. slug('Xenova/bert base') === 'Xenova_bert_base'. */
const slug = (s: string) => s.replace(/[^\w.+-]+/g, '_');

/** The files written, relative to the directory. */
export function writeSummaryFiles(dir: string, s: AuditSummary, units: readonly UnitFile[]): string[] {
  const written: string[] = [];
  const put = (rel: string, data: string | Uint8Array) => {
    writeAtomic(join(dir, rel), data);
    written.push(rel);
  };
  const json = `${JSON.stringify(s, null, 2)}\n`;
  put('summary.json', json);
  put('summary.md', summaryMarkdown(s));
  for (const m of s.models) {
    put(join('tables', `${slug(m.name)}-overview.csv`), `${tableToCsv(asResultTable(m.overview))}\r\n`);
    for (const t of m.tables) put(join('tables', `${slug(m.name)}-${t.kind}.csv`), `${tableToCsv(asResultTable(t))}\r\n`);
  }
  put('report.html', reportHtml(s));
  // A fixed date in the zip headers: the same units give the same archive.
  const mtime = new Date('2000-01-01T00:00:00Z');
  const files: Record<string, [Uint8Array, { mtime: Date }]> = { 'summary.json': [strToU8(json), { mtime }] };
  for (const u of [...units].sort((a, b) => (a.id < b.id ? -1 : 1))) files[`units/${u.id}.json`] = [strToU8(`${JSON.stringify(u, null, 2)}\n`), { mtime }];
  put('bundle.zip', zipSync(files, { level: 6 }));
  return written;
}
