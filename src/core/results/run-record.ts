/**
 * What produced a result: data, question count, model, precision, device, settings, seed(s) and
 * date. Every experiment result carries one, so it can be reproduced and is never mistaken for a
 * result on other questions or another model.
 */
import { isHubId } from '../qa/hub-id.ts';
import { VALUE_LABELS, valueLabel } from './value-labels.ts';
import { ALPHA } from '../stats/paired.ts';

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
  /** The metric's language: 'auto' (each question's), 'en' (SQuAD) or 'zh' (DuReader-robust); absent in older runs = auto. */
  scoringLang?: 'auto' | 'en' | 'zh';
  /** The scope in words, as the card stated it before the run, e.g. '64 questions: Demo set · answerable only · no search' (absent in older runs). */
  scope?: string;
  /** The ids of the questions run, in run order, when they are not every question of the datasets (absent: all of them). */
  ids?: string[];
  /** The experiment's own settings (seeds, sources, rule, …). */
  settings: Record<string, unknown>;
  /** ISO date and time the run started. */
  date: string;
}

/** Why "no answer" is on or off for data, e.g. noAnswerReason(true) → 'on: the data has unanswerable questions (SQuAD 2.0)'. */
export function noAnswerReason(versionTwo: boolean): string {
  return versionTwo ? 'on: the data has unanswerable questions (SQuAD 2.0)' : 'off: every question of the data is answerable (SQuAD 1.1)';
}

/**
 * The search and filters that narrowed a run's questions, e.g. 'search "curie", answerable answerable';
 * '' for none. The dataset filter is left out: it holds an internal id, and `datasets` names the data already.
 */
export function selectionText(r: Pick<RunRecord, 'query' | 'filters'>): string {
  const filters = Object.entries(r.filters).filter(([k, v]) => k !== 'dataset' && v !== 'all' && v !== '');
  return [r.query ? `search "${r.query}"` : '', ...filters.map(([k, v]) => `${k} ${v}`)].filter(Boolean).join(', ');
}

/** The statistics setting in words, e.g. ciText({ bootstrap: 1000, seed: 1, byPassage: false }) === '95% CI: 1,000 bootstrap resamples, seed 1, resampling questions'. */
function ciText(ci: Record<string, unknown>): string {
  const n = Number(ci.bootstrap);
  const whole = ci.byPassage === true || ci.resample === 'passage';
  return `${Math.round(100 * (1 - ALPHA))}% CI: ${Number.isFinite(n) ? n.toLocaleString('en-US') : String(ci.bootstrap)} bootstrap resamples, seed ${String(ci.seed)}, resampling ${whole ? 'whole passages' : 'questions'}`;
}

/**
 * Settings as words, nested ones in brackets, machine values by their labels, e.g.
 * settingsText({ seeds: 5, sources: ['db'], resemble: { m: 3, type: 'MIX' } }) → 'seeds 5, sources DBName, resemble (m 3, type MIX)'.
 */
function settingsText(settings: Record<string, unknown>): string {
  const value = (k: string, v: unknown): string => {
    if (Array.isArray(v)) return v.map((x) => value(k, x)).join('/');
    if (typeof v === 'object' && v !== null) return `(${settingsText(v as Record<string, unknown>)})`;
    if (typeof v === 'boolean') return v ? 'yes' : 'no';
    // Some runs record a list as one comma-joined string (paraphrase kinds): each item gets its label.
    if (typeof v === 'string' && Object.hasOwn(VALUE_LABELS, k) && v.includes(', ')) return v.split(', ').map((x) => valueLabel(k, x)).join('/');
    return valueLabel(k, v);
  };
  return Object.entries(settings)
    .map(([k, v]) => (k === 'ci' && typeof v === 'object' && v !== null ? ciText(v as Record<string, unknown>) : `${keyWords(k)} ${value(k, v)}`))
    .join(', ');
}

/** A setting's name in words, e.g. keyWords('datasetParaphrases') === 'dataset paraphrases'. */
const keyWords = (k: string): string => k.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);

/** A one-line description for a card's header, e.g. "Demo set · 64 of 76 questions · qarx-lexical-qa fp32 WASM · no answer on · 2026-11-23 16:10". */
export function describeRun(r: RunRecord): string {
  const sel = selectionText(r);
  // "no answer on/off" already says what a versionTwo setting would.
  const settings = settingsText(Object.fromEntries(Object.entries(r.settings).filter(([k]) => k !== 'versionTwo')));
  return [
    r.datasets.join(' + ') || 'no dataset',
    `${r.n.toLocaleString('en-US')}${r.selected > r.n ? ` of ${r.selected.toLocaleString('en-US')}` : ''} question${r.n === 1 ? '' : 's'}${sel ? ` (${sel})` : ''}`,
    `${r.model} ${r.dtype} ${r.device.toUpperCase()}`,
    `no answer ${r.versionTwo ? 'on' : 'off'}`,
    r.scoringLang === 'en' ? 'scored as English (SQuAD)' : r.scoringLang === 'zh' ? 'scored as Chinese (DuReader-robust)' : '',
    settings,
    runTime(r.date),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * When a run started, as every label shows it: to the second, in UTC, e.g. runTime('2026-12-02T05:12:09.123Z')
 * === '2026-12-02 05:12:09 UTC' (two runs of one minute read apart; the zone is said, the record is UTC).
 */
export function runTime(iso: string): string {
  // Files the user opens (an audit summary, imported cases) may hold another zone or no date: converted, or shown as written.
  const d = typeof iso === 'string' && /^\d{4}-\d\d-\d\dT/.test(iso) ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC` : String(iso || 'an unknown time');
}

/** An argument as a POSIX shell reads it back, e.g. shellQuote("it's") === "'it'\\''s'", shellQuote('a.json') === 'a.json'. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The --model argument for a model id: the shipped model's folder, a Hub id as it is, else a placeholder folder. */
export function modelArg(id: string): string {
  if (id === 'qarx-lexical-qa') return 'public/models/qarx-lexical-qa';
  return isHubId(id) ? id : `./${id.replace(/[^\w.-]+/g, '_')}`;
}

/** A file name standing for a run's questions, e.g. dataFile(['train.json']) === 'train.json', dataFile(['Demo set (built in)']) === 'Demo_set_built_in.json'. */
export function dataFile(datasets: readonly string[]): string {
  const name = datasets.length === 1 ? (datasets[0] as string) : 'questions';
  return /\.(json|jsonl|gz|csv)$/i.test(name) ? name : `${name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '')}.json`;
}

/** The file the app's "Question ids" download writes and `--ids` reads: one id a line. */
export const IDS_FILE = 'ids.txt';

/** The file name the app saves a robustness table's `qarx audit` config under (src/core/audit/robustness-config.ts). */
export const ROBUSTNESS_AUDIT_FILE = 'robustness-audit.json';

/** The `qarx` command line that reproduces a run, or null when no command does, with what its file names stand for. */
export interface QarxCommand {
  command: string | null;
  note: string;
}
