/**
 * The `qarx` command that reproduces a run, from its record: the parts every kind shares (data
 * file, model, scoring flags, ids, notes) are built here, the kind's own command line by its
 * descriptor (registry.ts). Also the JSON export of a run's table, which carries that command.
 */
import { DTYPES } from '../runtime/dtypes.ts';
import { dataFile, IDS_FILE, modelArg, selectionText, shellQuote, type QarxCommand, type RunRecord } from '../results/run-record.ts';
import { partialNote, tableObjects, type ResultExport, type ResultTable } from '../results/table.ts';
import type { CommandContext } from './kind.ts';
import { kindOf } from './registry.ts';
import { withArticle } from '../text/article.ts';

/** The built-in demo set's name in the app, and its file in a checkout (qarx reads it as a dataset). */
const DEMO_NAME = 'Demo set (built in)';
const DEMO_FILE = 'src/core/data/demo-set.json';

const list = (v: unknown) => (Array.isArray(v) ? v.map(String).join(',') : String(v));

/** The shared parts of a run's command line and notes, from its record; `whole` says the kind takes every question of its selection. */
export function commandContext(r: RunRecord, wholeSelection: boolean): CommandContext {
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
  const whole = demo && (r.ids !== undefined || (!sel && wholeSelection));
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
  // Confidence intervals computed in the app (settings.ci): qarx's --ci with the same B and seed
  // (budget: --seed is RESEMBLE's split seed, so the CI seed is --ci-seed).
  const ci = s.ci as { bootstrap: number; seed: number } | undefined;
  const ciArgs = (seedFlag: string) => (ci ? ['--ci', '--bootstrap', String(ci.bootstrap), seedFlag, String(ci.seed)] : []);
  return { r, s, data, dataNote, model, v2, ids, idsNote, sel, demo, device, target, tagger, pool, join, list, ciArgs };
}

/**
 * Builds the command line that reproduces a run of `kind` from its record, e.g. a sweep →
 * 'qarx sweep train.json --model public/models/qarx-lexical-qa --dtype fp32 --types PER --sources db --seeds 5 --origin us --origins us --target answer --json'.
 * The CLI runs on the CPU (onnxruntime-node), so `--dtype` carries the precision and the device is named in the note.
 */
export function qarxCommand(kind: string, r: RunRecord): QarxCommand {
  const k = kindOf(kind);
  if (!k) return { command: null, note: `No qarx command reproduces ${withArticle(kind)} run yet; the settings above say what produced it.` };
  return k.command(commandContext(r, k.wholeSelection));
}

/** The command that reproduces a run, its note saying first, for a cancelled run, that the command runs it whole and what the table holds. */
export function runCommand(kind: string, run: RunRecord, table: ResultTable, partial: boolean): QarxCommand {
  const cmd = qarxCommand(kind, run);
  const rows = kindOf(kind)?.partialRows;
  return partial ? { command: cmd.command, note: `${rows ? partialNote(table, rows.planned(run.settings), rows.label) : partialNote(table)} ${cmd.note}` } : cmd;
}

/** The JSON export of a table of a run. */
export function resultExport(kind: string, run: RunRecord, table: ResultTable, partial: boolean): ResultExport {
  const cmd = runCommand(kind, run, table, partial);
  return { kind, title: table.title, partial, run, settings: run.settings, qarxCommand: cmd.command, qarxNote: cmd.note, columns: table.columns, rows: tableObjects(table) };
}
