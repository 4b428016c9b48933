/**
 * A "Robustness" section for a Hugging Face model card from an audit summary: per perturbation
 * the EM/F1 before → after, the F1 drop (before − after, positive = worse) with its 95% CI and Holm-adjusted p (when the audit had "ci"),
 * n, the settings and the qarx command; and the same figures as `model-index` metadata for the
 * card's YAML front matter (task question-answering, one result per dataset × perturbation row).
 */
import type { AuditSummary, SummaryModel } from './format.ts';
import { DROP_SIGN } from '../metrics/drop.ts';
import { modelIndexProblems, toYaml, type ModelIndex } from './model-index.ts';

type Row = Record<string, string | number | boolean | null>;

/** The overview's rows as records keyed by column. */
const rowsOf = (m: SummaryModel): Row[] => m.overview.rows.map((r) => Object.fromEntries(m.overview.columns.map((c, i) => [c, r[i] ?? null])));

const num = (x: unknown, d = 1): string => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(d) : '–');
const signed = (x: unknown): string => (typeof x === 'number' && Number.isFinite(x) ? `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)}` : '–');
const pCell = (x: unknown): string => (typeof x !== 'number' || !Number.isFinite(x) ? '–' : x < 0.001 ? '<0.001' : x.toPrecision(2));
/** Markdown-safe text (pipes and markup escaped). */
const md = (s: unknown): string => String(s ?? '').replace(/[\\|`*_<>[\]]/g, (c) => `\\${c}`);

/**
 * A row's F1 drop and its CI (before − after, positive = worse); a summary written before issue 38
 * kept change_f1 = after − before, read here with its sign (and CI ends) flipped.
 */
function dropOfRow(r: Row): { value: unknown; lo: unknown; hi: unknown } {
  if ('drop_f1' in r) return { value: r.drop_f1, lo: r.drop_f1_lo, hi: r.drop_f1_hi };
  const neg = (x: unknown) => (typeof x === 'number' ? -x : x);
  return { value: neg(r.change_f1), lo: neg(r.change_f1_hi), hi: neg(r.change_f1_lo) };
}

/** The perturbation's name of a row, e.g. "synthetic keyboard · seed 1 · PER · randstr · us". */
const perturbation = (r: Row): string => [r.variant, r.seed === null ? null : `seed ${String(r.seed)}`, r.experiment === 'sweep' || r.experiment === 'budget' ? r.row : null].filter((x) => x !== null && x !== '').join(' · ');

/** The model-index of one model's overview: one result per row, metrics exact_match and f1 after the perturbation. */
export function modelIndexOf(m: SummaryModel): ModelIndex {
  const results = rowsOf(m)
    .filter((r) => typeof r.after_f1 === 'number' && typeof r.after_em === 'number')
    .map((r) => {
      const what = perturbation(r);
      const d = dropOfRow(r);
      const ci = typeof d.lo === 'number' ? `; F1 drop (before − after) ${signed(d.value)} [${signed(d.lo)}, ${signed(d.hi)}], p ${pCell(r.p_f1_holm)}${r.f1_significance === 'not significant' ? ' (not significant)' : ''}` : '';
      return {
        task: { type: 'question-answering', name: 'Question Answering' },
        dataset: { type: String(r.dataset), name: `${String(r.dataset)} (${what})` },
        metrics: [
          { type: 'exact_match', value: +Number(r.after_em).toFixed(2), name: `EM after ${what} (before ${num(r.before_em)}, n ${String(r.n)})` },
          { type: 'f1', value: +Number(r.after_f1).toFixed(2), name: `F1 after ${what} (before ${num(r.before_f1)}, n ${String(r.n)}${ci})` },
        ],
      };
    });
  return [{ name: m.name, results }];
}

/** The Markdown section: a table of every perturbation, what the columns mean, the settings and the command. */
export function robustnessSection(s: AuditSummary, m: SummaryModel, command: string): string {
  const rows = rowsOf(m);
  const withCi = m.overview.columns.includes('p_f1_holm');
  const head = withCi ? '| Dataset | Perturbation | n | EM before → after | F1 before → after | F1 drop (before − after) [95% CI] | p (Holm) |\n|---|---|---:|---|---|---|---|\n' : '| Dataset | Perturbation | n | EM before → after | F1 before → after | F1 drop (before − after) |\n|---|---|---:|---|---|---|\n';
  const body = rows
    .map((r) => {
      const base = `| ${md(r.dataset)} | ${md(perturbation(r))} | ${String(r.n)} | ${num(r.before_em)} → ${num(r.after_em)} | ${num(r.before_f1)} → ${num(r.after_f1)} |`;
      const d = dropOfRow(r);
      if (!withCi) return `${base} ${signed(d.value)} |`;
      if (typeof d.lo !== 'number') return `${base} ${signed(d.value)} (no CI: per-question scores not kept) | – |`;
      const ns = r.f1_significance === 'not significant' ? ' (n.s.)' : '';
      return `${base} ${signed(d.value)} [${signed(d.lo)}, ${signed(d.hi)}] | ${pCell(r.p_f1_holm)}${ns} |`;
    })
    .join('\n');
  const units = s.units.filter((u) => u.status === 'ok' && u.run?.model === m.name);
  const ciSettings = units.map((u) => (u.run?.settings as { ci?: unknown } | undefined)?.ci).find((x) => x !== undefined);
  const legend = withCi
    ? `EM and F1 on a 0–100 scale. F1 drop: ${DROP_SIGN} (before − after), with its 95% paired percentile bootstrap CI over the questions; p: paired sign-flip permutation test on F1, Holm–Bonferroni-adjusted over every test of this model; (n.s.) = not significant at 0.05: this many questions cannot tell the drop from chance.`
    : `EM and F1 on a 0–100 scale; F1 drop: ${DROP_SIGN} (before − after). No CIs: the audit config had no "ci" (add \`"ci": { "bootstrap": 1000, "seed": 1 }\`).`;
  const settings = units.map((u) => `- ${md(u.label)}: \`${JSON.stringify(u.run?.settings ?? {}).replace(/`/g, "'")}\``).join('\n');
  return `## Robustness

Measured with \`qarx\` (QA Robustness Explorer) audit "${md(s.name)}", ${md(s.generated)}.${ciSettings ? ` CIs: ${md(JSON.stringify(ciSettings))}.` : ''}

${head}${body}

${legend}

### Settings

${settings}

### Reproduce

\`\`\`sh
${command}
\`\`\`
`;
}

/** The whole card text (front matter with model-index, then the section) and the metadata's problems under the Hub's rules. */
export function robustnessCard(s: AuditSummary, modelName: string | undefined, command: string): { text: string; problems: string[] } {
  const m = modelName === undefined && s.models.length === 1 ? s.models[0] : s.models.find((x) => x.name === modelName);
  if (!m) throw new RangeError(`${modelName === undefined ? 'the audit has several models' : `no model "${modelName}" in the audit`}: pick one with --model (${s.models.map((x) => x.name).join(', ') || 'none'}).`);
  const index = modelIndexOf(m);
  const problems = modelIndexProblems(index);
  return { text: `---\n${toYaml({ 'model-index': index })}---\n\n${robustnessSection(s, m, command)}`, problems };
}
