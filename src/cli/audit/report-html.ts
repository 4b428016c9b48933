/**
 * The audit's HTML report: one self-contained file (inline CSS and SVG charts, no script, nothing
 * fetched) that opens from disk. Every text from the data (names, labels, errors) is escaped.
 */
import { validationText } from '../../core/validation/report.ts';
import { ciNote, summaryNumber } from './summary.ts';
import { overviewLabels, type AuditSummary, type SummaryModel, type SummaryTable } from '../../core/audit/format.ts';
import { PAIR_CATEGORIES, type PairCategory } from '../../core/natural/categories.ts';
// The app's category colours (one per category everywhere).
import { CATEGORY_COLORS } from '../../core/natural/category-colors.ts';
import type { CellValue } from '../../core/results/table.ts';
import { kindOf } from '../../core/experiments/registry.ts';

/** Text made safe for HTML and SVG (element content and quoted attributes), e.g. esc('<b>') === '&lt;b&gt;'. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const BEFORE = '#5b6b8c';
const AFTER = '#e08a2c';


/** A table as HTML. */
function tableHtml(t: SummaryTable): string {
  const head = t.columns.map((c) => `<th scope="col">${esc(c)}</th>`).join('');
  const body = t.rows.map((r) => `<tr>${r.map((v, j) => `<td${typeof v === 'number' ? ' class="num"' : ''}>${esc(v === null || typeof v === 'number' ? summaryNumber(v, t.columns[j] ?? '', r, t.columns) : String(v))}</td>`).join('')}</tr>`).join('\n');
  return `<div class="scroll"><table><caption>${esc(t.title)}</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

/** Horizontal bars of F1 before and after for each overview row, with an axis titled in units. */
export function beforeAfterChart(t: SummaryTable): string {
  const col = (name: string) => t.columns.indexOf(name);
  const labels = overviewLabels(t);
  const rows = t.rows.map((r, i) => ({ r, label: labels[i] ?? '' })).filter(({ r }) => typeof r[col('before_f1')] === 'number' || typeof r[col('after_f1')] === 'number');
  if (!rows.length) return '';
  const labelW = 260;
  const plotW = 360;
  const rowH = 34;
  const top = 28;
  const h = top + rows.length * rowH + 44;
  const x = (v: number) => labelW + (Math.max(0, Math.min(100, v)) / 100) * plotW;
  const ticks = [0, 25, 50, 75, 100].map((v) => `<line x1="${x(v)}" x2="${x(v)}" y1="${top - 4}" y2="${top + rows.length * rowH}" class="grid"/><text x="${x(v)}" y="${top + rows.length * rowH + 16}" text-anchor="middle">${v}</text>`).join('');
  const bars = rows
    .map(({ r, label }, i) => {
      const y = top + i * rowH;
      const b = r[col('before_f1')] ?? null;
      const a = r[col('after_f1')] ?? null;
      const bar = (v: CellValue, dy: number, fill: string, what: string) => (typeof v === 'number' ? `<rect x="${labelW}" y="${y + dy}" width="${(x(v) - labelW).toFixed(1)}" height="12" fill="${fill}"><title>${esc(`${label}: ${what} F1 ${v.toFixed(2)}`)}</title></rect>` : '');
      return `<text x="${labelW - 6}" y="${y + 16}" text-anchor="end" class="label">${esc(label.length > 52 ? `${label.slice(0, 51)}…` : label)}</text>${bar(b, 2, BEFORE, 'before')}${bar(a, 16, AFTER, 'after')}`;
    })
    .join('\n');
  const legend = `<rect x="${labelW}" y="6" width="12" height="12" fill="${BEFORE}"/><text x="${labelW + 16}" y="16">before</text><rect x="${labelW + 80}" y="6" width="12" height="12" fill="${AFTER}"/><text x="${labelW + 96}" y="16">after the perturbation</text>`;
  return `<svg role="img" aria-label="F1 before and after each perturbation" viewBox="0 0 ${labelW + plotW + 20} ${h}" width="${labelW + plotW + 20}" xmlns="http://www.w3.org/2000/svg">${legend}${ticks}${bars}<text x="${labelW + plotW / 2}" y="${h - 6}" text-anchor="middle" class="axis">F1 (0–100)</text></svg>`;
}

/** Stacked bars of the answer categories (C2C, C2W, W2C, W2W, partial) of each revision-pair or noise unit. */
export function categoryChart(m: SummaryModel): string {
  const groups: { label: string; counts: Record<PairCategory, number> }[] = [];
  for (const t of m.tables.filter((t) => kindOf(t.kind)?.charts.categories)) {
    const by = new Map<string, Record<PairCategory, number>>();
    for (const r of t.rows) {
      const [dataset, variant, seed, measure, value] = r;
      if (!PAIR_CATEGORIES.includes(measure as PairCategory) || typeof value !== 'number') continue;
      const key = [dataset, variant, seed === null ? '' : `seed ${String(seed)}`].filter(Boolean).join(' · ');
      const c = by.get(key) ?? { C2C: 0, C2W: 0, W2C: 0, W2W: 0, partial: 0 };
      c[measure as PairCategory] = value;
      by.set(key, c);
    }
    for (const [label, counts] of by) groups.push({ label, counts });
  }
  if (!groups.length) return '';
  const labelW = 260;
  const plotW = 360;
  const rowH = 24;
  const top = 28;
  const h = top + groups.length * rowH + 40;
  const legend = PAIR_CATEGORIES.map((c, k) => `<rect x="${labelW + k * 70}" y="6" width="12" height="12" fill="${CATEGORY_COLORS[c]}"/><text x="${labelW + k * 70 + 16}" y="16">${c}</text>`).join('');
  const bars = groups
    .map((g, i) => {
      const total = PAIR_CATEGORIES.reduce((s, c) => s + g.counts[c], 0) || 1;
      let at = labelW;
      const y = top + i * rowH;
      const segs = PAIR_CATEGORIES.map((c) => {
        const w = (g.counts[c] / total) * plotW;
        const seg = w > 0 ? `<rect x="${at.toFixed(1)}" y="${y + 3}" width="${w.toFixed(1)}" height="16" fill="${CATEGORY_COLORS[c]}"><title>${esc(`${g.label}: ${c} ${g.counts[c]} of ${total}`)}</title></rect>` : '';
        at += w;
        return seg;
      }).join('');
      return `<text x="${labelW - 6}" y="${y + 15}" text-anchor="end" class="label">${esc(g.label.length > 52 ? `${g.label.slice(0, 51)}…` : g.label)}</text>${segs}`;
    })
    .join('\n');
  const ticks = [0, 50, 100].map((v) => `<text x="${labelW + (v / 100) * plotW}" y="${top + groups.length * rowH + 14}" text-anchor="middle">${v}</text>`).join('');
  return `<svg role="img" aria-label="Answer categories per perturbation" viewBox="0 0 ${labelW + plotW + 20} ${h}" width="${labelW + plotW + 20}" xmlns="http://www.w3.org/2000/svg">${legend}${bars}${ticks}<text x="${labelW + plotW / 2}" y="${h - 8}" text-anchor="middle" class="axis">share of questions (%)</text></svg>`;
}

const CSS = `body{font:15px/1.5 system-ui,sans-serif;color:#1f2430;background:#fafbfc;margin:0 auto;max-width:1100px;padding:16px}
h1,h2,h3{font-weight:600}h2{border-top:1px solid #d8dce3;padding-top:12px}
table{border-collapse:collapse;font-size:13px;margin:8px 0}caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border:1px solid #d8dce3;padding:3px 6px;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}
svg{display:block;max-width:100%;height:auto;margin:8px 0}.scroll{overflow-x:auto}.error{color:#b5394b}svg text{font:12px system-ui,sans-serif;fill:#1f2430}svg .grid{stroke:#d8dce3}svg .axis{font-weight:600}
code{background:#eef0f3;padding:0 3px}`;

/** The report: counts, failures, then per model its charts and tables. */
export function reportHtml(s: AuditSummary): string {
  const failed = s.failed.length ? `<h2>Failed units</h2><ul>${s.failed.map((f) => `<li><code>${esc(f.id)}</code> ${esc(f.label)}: <span class="error">${esc(f.error)}</span></li>`).join('')}</ul>` : '';
  const missing = s.missing.length ? `<h2>Missing units</h2><p>Not run by any shard given to <code>qarx merge</code>:</p><ul>${s.missing.map((f) => `<li><code>${esc(f.id)}</code> ${esc(f.label)}</li>`).join('')}</ul>` : '';
  const models = s.models
    .map((m) => `<section><h2>Model ${esc(m.name)} <small>(${esc(m.device)})</small></h2>${beforeAfterChart(m.overview)}${categoryChart(m)}${tableHtml(m.overview)}${ciNote(m.overview) ? `<p>${esc(ciNote(m.overview))}</p>` : ''}${m.tables.map(tableHtml).join('\n')}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(`Audit ${s.name}`)}</title><style>${CSS}</style></head>
<body><h1>Audit: ${esc(s.name)}</h1>
<p>Generated ${esc(s.generated)}. Units: ${s.planned} planned, ${s.ok} ok, ${s.failed.length} failed, ${s.missing.length} missing. Scores are EM and F1 on a 0–100 scale.</p>
${failed}${missing}${models}${s.validation ? `<section><h2>Human validation (batch ${esc(s.validation.batchId)})</h2><pre>${esc(validationText(s.validation))}</pre></section>` : ''}
</body></html>
`;
}
