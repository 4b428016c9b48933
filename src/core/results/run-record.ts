/**
 * What produced a result: data, question count, model, precision, device, settings, seed(s) and
 * date. Every experiment result carries one, so it can be reproduced and is never mistaken for a
 * result on other questions or another model.
 */
import { isHubId } from '../qa/hub-id.ts';
import { DTYPES } from '../runtime/dtypes.ts';

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
function selectionText(r: Pick<RunRecord, 'query' | 'filters'>): string {
  const filters = Object.entries(r.filters).filter(([k, v]) => k !== 'dataset' && v !== 'all' && v !== '');
  return [r.query ? `search "${r.query}"` : '', ...filters.map(([k, v]) => `${k} ${v}`)].filter(Boolean).join(', ');
}

/** Settings as words, nested ones in brackets, e.g. settingsText({ seeds: 5, resemble: { m: 3, type: 'MIX' } }) → 'seeds 5, resemble (m 3, type MIX)'. */
function settingsText(settings: Record<string, unknown>): string {
  const value = (v: unknown): string => (Array.isArray(v) ? v.map(value).join('/') : typeof v === 'object' && v !== null ? `(${settingsText(v as Record<string, unknown>)})` : String(v));
  return Object.entries(settings)
    .map(([k, v]) => `${k} ${value(v)}`)
    .join(', ');
}

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
    r.date.slice(0, 16).replace('T', ' '),
  ]
    .filter(Boolean)
    .join(' · ');
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

/** The built-in demo set's name in the app, and its file in a checkout (qarx reads it as a dataset). */
const DEMO_NAME = 'Demo set (built in)';
const DEMO_FILE = 'src/core/data/demo-set.json';
/** Kinds whose run takes every question of its selection, so the demo set's whole file reproduces it (noise takes the revision pairs). */
const WHOLE_SELECTION_KINDS: readonly string[] = ['sweep', 'budget', 'universal', 'paraphrase', 'traps'];

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

const list = (v: unknown) => (Array.isArray(v) ? v.map(String).join(',') : String(v));

/**
 * Builds the command line that reproduces a run of `kind` from its record, e.g. a sweep →
 * 'qarx sweep train.json --model public/models/qarx-lexical-qa --dtype fp32 --types PER --sources db --seeds 5 --origin us --origins us --target answer --json'.
 * The CLI runs on the CPU (onnxruntime-node), so `--dtype` carries the precision and the device is named in the note.
 */
export function qarxCommand(kind: string, r: RunRecord): QarxCommand {
  const s = r.settings;
  const model = ['--model', shellQuote(modelArg(r.model)), ...((DTYPES as readonly string[]).includes(r.dtype) ? ['--dtype', r.dtype] : [])];
  // Scoring overridden in the app (English / Chinese) is `--lang` on every command that scores.
  const v2 = [...(r.versionTwo ? ['--squad2'] : []), ...(r.scoringLang === 'en' || r.scoringLang === 'zh' ? ['--lang', r.scoringLang] : [])];
  const narrowed = selectionText(r);
  const sel = narrowed ? `, narrowed as recorded (${narrowed})` : '';
  // With the run's ids recorded, the data file is the whole dataset and --ids picks the run's questions.
  const ids = r.ids ? ['--ids', IDS_FILE] : [];
  const idsNote = r.ids ? `; ${IDS_FILE} lists the ${r.ids.length} question id${r.ids.length === 1 ? '' : 's'} the run took, in its order (the "Question ids" download, or run.ids of the JSON export)` : '';
  const demo = r.datasets.length === 1 && r.datasets[0] === DEMO_NAME;
  const whole = demo && (r.ids !== undefined || (!sel && WHOLE_SELECTION_KINDS.includes(kind)));
  const data = shellQuote(whole ? DEMO_FILE : dataFile(r.datasets));
  const dataNote = whole
    ? `${DEMO_FILE} is the built-in demo set (run qarx from the app's checkout)${r.ids ? idsNote : ` (${r.selected} questions)`}`
    : r.ids
      ? `${dataFile(r.datasets)} stands for every question of ${r.datasets.join(' + ') || 'the data'}, as a data file (any format qarx reads)${idsNote}`
      : `${dataFile(r.datasets)} stands for the ${r.n} question${r.n === 1 ? '' : 's'} of ${r.datasets.join(' + ') || 'the data'}${sel}, as a data file (any format qarx reads)`;
  const device = `the app ran on ${r.device.toUpperCase()}; qarx runs on the CPU (onnxruntime-node), so scores agree up to floating-point rounding`;
  const join = (...parts: string[][]) => parts.flat().join(' ');
  // The app draws InDistName names from every question of the datasets, qarx from its data file.
  // With --ids on the whole file, qarx builds the pool from every question, as the app did.
  const subset = !r.ids && (r.selected > r.n || sel !== '');
  const pool = (indist: boolean) => (indist && subset ? ` InDistName names came from all questions of ${r.datasets.join(' + ') || 'the data'} (the app's pool), qarx draws them from its data file: on a file of only these ${r.n} questions the names, and so the renamed scores, differ.` : '');
  // What a renaming run replaced: absent in runs saved before the target choice = the answer entity.
  const target = ['--target', String(s.target ?? 'answer')];
  // A Hub NER model that chose the answer entities (absent: the built-in tagger); qarx downloads it from the Hub as the app did.
  const tagger = typeof s.tagger === 'string' ? ['--tagger', shellQuote(s.tagger)] : [];
  switch (kind) {
    case 'sweep':
      return {
        command: join(['qarx', 'sweep', data], model, ['--types', list(s.types), '--sources', list(s.sources), '--seeds', String(s.seeds), '--origin', String(s.origin), '--origins', list(s.origins)], target, tagger, ids, v2, ['--json']),
        note: `${dataNote}; ${device}.${pool(Array.isArray(s.sources) && s.sources.includes('indist'))}`,
      };
    case 'budget': {
      const res = s.resemble as { m: number; temperature: number; seed?: number } | null | undefined;
      return {
        command: join(['qarx', 'budget', data], model, ['--type', String(s.type), '--source', String(s.source), '--origin', String(s.origin), '--budget', String(s.budget)], res ? ['--resemble', String(res.m), '--temperature', String(res.temperature), '--seed', String(res.seed ?? 1)] : [], target, tagger, ids, v2, ['--json']),
        note: `${dataNote}; ${device}.${pool(s.source === 'indist')}`,
      };
    }
    case 'natural':
      return {
        command: join(['qarx', 'compare', 'original.json', 'edited.json'], model, ['--rule', String(s.rule)], ids, v2, ['--json']),
        note: r.ids
          ? `original.json and edited.json stand for the two aligned files (or the pairs CSV, exported by "Export pairs") of the revision pairs of ${r.datasets.join(' + ') || 'the data'}${idsNote}; ${device}.`
          : `original.json and edited.json stand for the two aligned files (or the pairs CSV, exported by "Export pairs") of the ${r.n} revision pair${r.n === 1 ? '' : 's'} of ${r.datasets.join(' + ') || 'the data'}${sel}; ${device}.`,
      };
    case 'synthetic':
      return {
        command: `${join(['qarx', 'perturb', 'synthetic', '--kind', String(s.kind), '--rate', String(s.rate), '--seed', String(s.seed), ...(r.ids ? ids : r.versionTwo ? ['--answerable-only'] : []), data, 'noisy.json'])} && ${join(['qarx', 'compare', data, 'noisy.json'], model, ['--rule', String(s.rule)], ids, v2, ['--json'])}`,
        note: `${dataNote}; ${device}.`,
      };
    case 'universal':
      return {
        command: join(['qarx', 'universal', data], model, ['--type', String(s.type), ...target, '--source', String(s.source), '--origin', String(s.origin), '--candidates', String(s.candidates), ...(s.iterations !== undefined ? ['--iterations', String(s.iterations)] : []), ...(s.sample !== undefined ? ['--sample', String(s.sample)] : []), '--top', String(s.top), '--seed', String(s.seed)], tagger, ids, v2, ['--json']),
        note: `${dataNote}; ${device}.`,
      };
    case 'paraphrase': {
      // The app pools its generator kinds into one DPR; qarx paraphrases one kind per file, so one pair of commands per kind.
      const kinds = String(s.kinds ?? '').split(',').map((k) => k.trim()).filter((k) => k && k !== 'none');
      const ds = s.datasetParaphrases === true ? ' The dataset\'s own paraphrases (questions tagged "paraphrase") have no qarx command: compare the original and paraphrased files with qarx compare.' : '';
      const cmds = kinds.map((k) => `${join(['qarx', 'perturb', 'paraphrase', '--kind', k, '--seed', String(s.seed), ...ids, data, `paraphrased-${k}.json`])} && ${join(['qarx', 'compare', data, `paraphrased-${k}.json`], model, v2, ['--json'])}`);
      return {
        command: cmds.length ? cmds.join(' && ') : null,
        note: `${dataNote}; each compare prints the DPR of one kind, and the app's overall DPR is their changed counts over their paraphrase counts.${ds} ${device}.`,
      };
    }
    case 'traps':
      return {
        command: `${join(['qarx', 'perturb', 'trap', '--source', String(s.source), '--position', String(s.position), '--seed', String(s.seed), ...ids, data, 'trapped.json'])} && ${join(['qarx', 'compare', data, 'trapped.json'], model, ids, v2, ['--json'])}`,
        note: `${dataNote}; compare gives EM/F1 without and with the trap; ${device}.`,
      };
    case 'adversarial':
      return {
        command: `${join(['qarx', 'predict'], model, ['--data', data, '--out', 'predictions'])} && ${join(['qarx', 'eval', data, 'predictions/predictions.json', '--adversarial'])}`,
        note: `${dataNote} (an AddSent / AddOneSent file); ${device}.`,
      };
    case 'robustness': {
      const where = demo ? 'the built-in demo set' : `${dataFile(r.datasets)} (every question of ${r.datasets.join(' + ') || 'the data'}, as a data file in the config's folder)`;
      const which = r.ids ? `its "ids" list the ${r.ids.length} question${r.ids.length === 1 ? '' : 's'} of the table in its order, and InDistName names come from every question of the data, as in the app` : `the first ${r.n} question${r.n === 1 ? '' : 's'} in file order`;
      return {
        command: `qarx audit --config ${ROBUSTNESS_AUDIT_FILE} --out robustness-audit`,
        note: `${ROBUSTNESS_AUDIT_FILE} is the config "Audit config" saves with this table: ${where}, ${which}; every model of the table with its precision, and the table's experiments with its settings. Save it in the project folder (its paths start at the config's folder); a model loaded from local files is named as a placeholder folder: put its path in the config. ${device}.`,
      };
    }
    default:
      return { command: null, note: `No qarx command reproduces a ${kind} run yet; the settings above say what produced it.` };
  }
}
