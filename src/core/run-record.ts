/**
 * What produced a result: data, question count, model, precision, device, settings, seed(s) and
 * date. Every experiment result carries one, so it can be reproduced and is never mistaken for a
 * result on other questions or another model.
 */

export interface RunRecord {
  /** Names of the datasets the questions came from. */
  datasets: string[];
  /** Questions sent to the experiment, and how many the selection had. */
  n: number;
  selected: number;
  /** Search text and filters of the selection ('' and {} for none). */
  query: string;
  filters: Record<string, string>;
  model: string;
  dtype: string;
  device: string;
  /** SQuAD 2.0 "no answer" decoding, and why it is on or off. */
  versionTwo: boolean;
  versionTwoReason: string;
  /** The experiment's own settings (seeds, sources, rule, …). */
  settings: Record<string, unknown>;
  /** ISO date and time the run started. */
  date: string;
}

/** Why "no answer" is on or off for data, e.g. noAnswerReason(true) → 'on: the data has unanswerable questions (SQuAD 2.0)'. */
export function noAnswerReason(versionTwo: boolean): string {
  return versionTwo ? 'on: the data has unanswerable questions (SQuAD 2.0)' : 'off: every question of the data is answerable (SQuAD 1.1)';
}

/** A one-line description for a card's header, e.g. "Demo set · 64 of 76 questions · qarx-lexical-qa fp32 WASM · no answer on · 2026-11-23 16:10". */
export function describeRun(r: RunRecord): string {
  const filters = Object.entries(r.filters).filter(([, v]) => v !== 'all' && v !== '');
  const sel = [r.query ? `search "${r.query}"` : '', ...filters.map(([k, v]) => `${k} ${v}`)].filter(Boolean).join(', ');
  const settings = Object.entries(r.settings)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join('/') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');
  return [
    r.datasets.join(' + ') || 'no dataset',
    `${r.n.toLocaleString('en-US')}${r.selected > r.n ? ` of ${r.selected.toLocaleString('en-US')}` : ''} question${r.n === 1 ? '' : 's'}${sel ? ` (${sel})` : ''}`,
    `${r.model} ${r.dtype} ${r.device.toUpperCase()}`,
    `no answer ${r.versionTwo ? 'on' : 'off'}`,
    settings,
    r.date.slice(0, 16).replace('T', ' '),
  ]
    .filter(Boolean)
    .join(' · ');
}
