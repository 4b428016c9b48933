/**
 * A "Robustness" section for a Hugging Face model card from an audit summary: per dataset the
 * unperturbed EM/F1 with its CI, then per perturbation the EM/F1 before → after, the drops (before −
 * after, positive = worse) with every 95% CI and p (raw and Holm-adjusted) the summary has, n, the
 * settings and the qarx command; and the same figures as `model-index` front matter (card-index.ts).
 * Every value from a file enters the Markdown escaped (markdown.ts) and the YAML quoted (yaml.ts).
 */
import type { AuditSummary, SummaryModel } from './format.ts';
import { DROP_SIGN } from '../metrics/drop.ts';
import { shellQuote } from '../results/run-record.ts';
import { ciSettingsOf, figuresOf, isOriginal, perturbationName, rowsOf, settingsOf, type Ci, type Row } from './card-rows.ts';
import { localDatasetType, modelIndexOf, type HubDataset, type IndexNotes } from './card-index.ts';
import { mdCode, mdFence, mdText } from './markdown.ts';
import { modelIndexProblems, modelIndexWarnings } from './model-index.ts';
import { toYaml } from './yaml.ts';
import { ALPHA, NO_VARIATION } from '../stats/paired.ts';
import { dropCiText, mddText, pText } from '../stats/format.ts';
import { signed } from '../text/figures.ts';

export type { HubDataset } from './card-index.ts';

/** What the card is made from besides the summary. */
export interface CardOptions {
  /** The model to describe (needed when the audit has several). */
  model?: string;
  /** Per audit dataset name, where it lives on the Hub (the audit config's datasets[].hub). */
  hub?: ReadonlyMap<string, HubDataset>;
  /** The reproduce command's config file and results folder. */
  config: string;
  out: string;
  /** How the summary computed a model's CIs and p (the summary's own note), shown under the table. */
  ciNote?: (m: SummaryModel) => string;
}

const num = (x: number | null, d = 1): string => (x === null ? '–' : x.toFixed(d));
const signedCell = (x: number | null): string => (x === null ? '–' : signed(x));
const pCell = (x: number | null): string => (x === null ? '–' : mdText(pText(x)));
/** mdd as the stats code words it; "no variation in this sample" when the summary says so, '–' when it has none (no CI). */
const mddCell = (d: NonNullable<ReturnType<typeof figuresOf>['drop']>): string => (d.mdd === null && d.mddNote === null ? '–' : mddText({ mdd: d.mdd, mddAlpha: d.mddAlpha ?? ALPHA, ...(d.mddNote === null ? {} : { mddNote: d.mddNote }) }));
const ciText = (ci: Ci | null, f: (x: number | null) => string = num): string => (ci ? ` [${f(ci.lo)}, ${f(ci.hi)}]` : '');

/** One table row: the perturbation's name, n, EM before → after and its drop, F1 before → after and its drop, p raw and Holm, mdd. */
function tableRow(r: Row): string {
  const f = figuresOf(r);
  const what = isOriginal(r) ? 'none (unperturbed)' : perturbationName(r);
  const cells = [mdText(r.dataset), mdText(what), f.n === null ? '–' : String(f.n)];
  if (!f.after || !f.drop) return `| ${[...cells, num(f.before.em), '–', `${num(f.before.f1)}${ciText(f.before.f1Ci)}`, '–', '–', '–', '–'].join(' | ')} |`;
  const d = f.drop;
  const ns = d.significance === 'not significant' ? ' (n.s.)' : '';
  return `| ${[...cells, `${num(f.before.em)} → ${num(f.after.em)}`, `${signedCell(d.em)}${ciText(d.emCi, signedCell)}`, `${num(f.before.f1)}${ciText(f.before.f1Ci)} → ${num(f.after.f1)}${ciText(f.after.f1Ci)}`, `${signedCell(d.f1)}${ciText(d.f1Ci, signedCell)}`, pCell(d.pF1), `${pCell(d.pF1Holm)}${ns}`, mddCell(d)].join(' | ')} |`;
}

const HEAD = '| Dataset | Perturbation | n | EM before → after | EM drop (before − after) [95% CI] | F1 before [95% CI] → after [95% CI] | F1 drop (before − after) [95% CI] | p F1 (raw) | p F1 (Holm-adjusted) | mdd F1 |\n|---|---|---:|---|---|---|---|---|---|---|';

/** Where each dataset's metadata points: its Hub id, or why it has none; and datasets left out of the metadata. */
function datasetLines(names: readonly string[], hub: ReadonlyMap<string, HubDataset>, notes: IndexNotes): string {
  const lines = names.map((name) => {
    const h = hub.get(name);
    if (notes.noHubId.includes(name)) return `- ${mdText(name)}: **no Hub dataset id** (the audit config's \`datasets[].hub\` names one), so the metadata calls it ${mdCode(localDatasetType(name))}, which links to no Hub dataset.`;
    const where = [h?.config ? `config ${mdCode(h.config)}` : '', h?.split ? `split ${mdCode(h.split)}` : '', h?.revision ? `revision ${mdCode(h.revision)}` : ''].filter(Boolean).join(', ');
    return `- ${mdText(name)}: Hub dataset ${mdCode(h?.id ?? '')}${where ? ` (${where})` : ''}.`;
  });
  const left = notes.noOriginal.map((name) => `- ${mdText(name)}: left out of the metadata: the audit has no unperturbed score for it (add \`{ "kind": "original" }\` to its experiments), and a perturbed F1 alone would be read as the model's.`);
  return [...lines, ...left].join('\n');
}

/** The Markdown section: where the data lives, a table of every row, what the columns mean, the settings and the command. */
export function robustnessSection(s: AuditSummary, m: SummaryModel, o: CardOptions, notes: IndexNotes): string {
  const rows = rowsOf(m);
  const hub = o.hub ?? new Map<string, HubDataset>();
  const names = [...new Set(rows.map((r) => String(r.dataset)))];
  const ci = ciSettingsOf(s, m.name);
  const units = s.units.filter((u) => u.status === 'ok' && u.run?.model === m.name);
  const settings = units.map((u) => `- ${mdText(u.label)}: ${mdCode(JSON.stringify(settingsOf(u)))}`).join('\n');
  const legend = `EM and F1 on a 0–100 scale; the unperturbed row scores every answerable question, each perturbation row the questions it changed, before and after. Drops: ${DROP_SIGN} (before − after). ${ci ? `CIs: 95%, settings ${mdCode(JSON.stringify(ci))}; a drop's CI is ${mdText(dropCiText(ci.passages ? 'passages' : 'questions'))}, a score's the percentile bootstrap; p F1 (raw) is the row's own test, p F1 (Holm-adjusted) is adjusted over every test of this model, and (n.s.) marks a row whose adjusted p is not below ${ALPHA}; mdd F1: the smallest F1 drop this n detects at 80% power (at the α shown when below ${ALPHA}), or "${NO_VARIATION}".` : 'No CIs or p: the audit config had no "ci" (add `"ci": { "bootstrap": 1000, "seed": 1 }`).'}${o.ciNote && ci ? ` How the audit computed them (summary.md): ${mdText(o.ciNote(m))}` : ''}`;
  return `## Robustness

Measured with \`qarx\` (QA Robustness Explorer) audit "${mdText(s.name)}" of model ${mdText(m.name)}, ${mdText(s.generated)}. In the metadata above, each dataset's unperturbed scores are its metrics; each perturbation is a result of its own, its metrics named "EM/F1 after …", with the drop, CIs and p in their \`args\`.

${datasetLines(names, hub, notes)}

${HEAD}
${rows.map(tableRow).join('\n')}

${legend}

### Settings

${settings}

### Reproduce

${mdFence(`qarx audit --config ${shellQuote(o.config)} --out ${shellQuote(o.out)}`, 'sh')}
`;
}

/** The whole card (front matter with model-index, then the section), the metadata's problems under the Hub's rules, and warnings for stderr. */
export function robustnessCard(s: AuditSummary, o: CardOptions): { text: string; problems: string[]; warnings: string[] } {
  const m = o.model === undefined && s.models.length === 1 ? s.models[0] : s.models.find((x) => x.name === o.model);
  if (!m) throw new RangeError(`${o.model === undefined ? 'the audit has several models' : `no model "${o.model}" in the audit`}: pick one with --model (${s.models.map((x) => x.name).join(', ') || 'none'}).`);
  const { index, notes } = modelIndexOf(s, m, o.hub ?? new Map());
  const problems = modelIndexProblems(index);
  const warnings = [
    ...notes.noHubId.map((d) => `dataset "${d}" has no Hub dataset id: the metadata calls it "${localDatasetType(d)}" (name one with "hub": { "id": "owner/name", "config": …, "split": … } in the audit config's datasets)`),
    ...notes.noOriginal.map((d) => `dataset "${d}" has no unperturbed score ({ "kind": "original" } in the audit's experiments): its results are left out of the metadata`),
    ...(problems.length ? [] : modelIndexWarnings(index).filter((w) => !/is not a Hub dataset id/.test(w))),
  ];
  return { text: `---\n${toYaml({ 'model-index': index })}---\n\n${robustnessSection(s, m, o, notes)}`, problems, warnings };
}
