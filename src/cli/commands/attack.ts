/**
 * qarx attack: the smallest-breaking-edit search (the app's "Find a failure") over a dataset's
 * answerable questions — per family (entity renaming, trap sentence, paraphrase rule, synthetic
 * noise) and all together — reporting per family the correct answers it could edit
 * ("applicable"), the share of those broken (and of every correct answer, labelled) and the model
 * calls per break; --json adds each break's edited texts and edits (attack-json.ts). Ctrl-C stops after the question being searched and prints what finished, marked partial.
 */
import { NO_ANSWER_OPTIONS, noAnswerOf, showNoAnswer } from '../no-answer.ts';
import { parseArgs } from 'node:util';
import { QaEngine } from '../../core/index.ts';
import { attackQuestionsJson } from './attack-json.ts';
import { DEFAULT_SEARCH, explainPredictor, FAMILIES, FAMILY_LABELS, runAttack, type AttackResult, type Family, type SearchOptions } from '../../core/explain/index.ts';
import { describeRun, type RunRecord } from '../../core/results/run-record.ts';
import { cliCommand, cliRecord } from '../record.ts';
import { err, interruptible, interrupted, intOpt, out, seedOpt, UsageError } from '../io.ts';
import { openModel } from '../model.ts';
import { readDataset } from '../data.ts';
import { applyScope, SCOPE_OPTIONS } from '../scope-opts.ts';
import { NAME_SOURCES, SOURCE_LABELS, type NameSource } from '../../core/entity/options.ts';
import { buildNamePool } from '../../core/entity/rename.ts';
import { LANG_OPTION, scoredAs, scoringLangOpt } from '../lang.ts';

/** Most model calls one search may spend. */
export const MAX_ATTACK_BUDGET = 1000;

/** The search settings from the command line, checked before any model loads. */
export function attackOptions(values: { budget?: string; families?: string; seed?: string; beam?: string; depth?: string; source?: string }): SearchOptions {
  const budget = intOpt(values.budget, 'budget', DEFAULT_SEARCH.budget);
  if (budget < 1 || budget > MAX_ATTACK_BUDGET) throw new UsageError(`--budget must be 1 … ${MAX_ATTACK_BUDGET} model calls, got ${budget}.`);
  const families = (values.families ?? FAMILIES.join(',')).split(',').map((f) => f.trim()).filter(Boolean) as Family[];
  const bad = families.find((f) => !FAMILIES.includes(f));
  if (bad !== undefined || !families.length) throw new UsageError(`--families must list some of ${FAMILIES.join(', ')}, got "${values.families}".`);
  const beam = intOpt(values.beam, 'beam', DEFAULT_SEARCH.beam);
  const depth = intOpt(values.depth, 'depth', DEFAULT_SEARCH.depth);
  if (beam < 1 || depth < 1 || depth > 5) throw new UsageError('--beam must be ≥ 1 and --depth 1 … 5.');
  const source = (values.source ?? DEFAULT_SEARCH.source).trim().toLowerCase() as NameSource;
  if (!NAME_SOURCES.includes(source)) throw new UsageError(`--source must be one of ${NAME_SOURCES.join(', ')} (InDistName, DBName, RandStr), got "${values.source}".`);
  return { ...DEFAULT_SEARCH, budget, families: [...new Set(families)], seed: seedOpt(values.seed ?? '1'), beam, depth, source };
}

/** Runs `qarx attack --model M --data F [options]` and returns the exit code. */
export async function attack(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      model: { type: 'string' },
      data: { type: 'string' },
      budget: { type: 'string' },
      families: { type: 'string' },
      source: { type: 'string' },
      seed: { type: 'string', default: '1' },
      beam: { type: 'string' },
      depth: { type: 'string' },
      ...NO_ANSWER_OPTIONS,
      json: { type: 'boolean', default: false },
      'hub-host': { type: 'string' },
      'cache-dir': { type: 'string' },
      dtype: { type: 'string' },
      ...LANG_OPTION,
      ...SCOPE_OPTIONS,
    },
  });
  const input = values.data ?? positionals[0];
  if (!input || positionals.length > (values.data ? 0 : 1) || !values.model) throw new UsageError('attack needs --model <dir|hub id> --data <data file>.');
  const o = attackOptions(values);
  const lang = scoringLangOpt(values.lang);
  const read = await readDataset(input);
  const all = scoredAs(read.instances, lang);
  // Only answerable questions can be answered correctly, then broken.
  // The InDistName pool: --pool's (the app's narrowed pool), else the names of every question of the
  // file (as the app builds it from the whole dataset), never of the answerable or --ids subset only.
  const scoped = applyScope(all, values, buildNamePool);
  const pool = o.source === 'indist' ? (scoped.pool ?? buildNamePool(all)) : undefined;
  const instances = scoped.instances.filter((i) => !i.isImpossible && i.answers.length > 0);
  const model = await openModel(values.model, values);
  const engine = new QaEngine(model.tokenizer, model.runner);
  // The whole file's no-answer decision, as predict makes it (core/data/no-answer.ts).
  const noAnswer = noAnswerOf('attack', values, read.evidence);
  showNoAnswer(noAnswer);
  const versionTwo = noAnswer.versionTwo;
  const record = cliRecord({ data: [input], n: instances.length, model: values.model, dtype: model.dtype, device: model.device, noAnswer, lang, settings: { budget: o.budget, families: o.families, seed: o.seed, beam: o.beam, depth: o.depth, renames: o.renames, source: o.source, ...(values.pool !== undefined && o.source === 'indist' ? { pool: values.pool } : {}) } });
  const ctrl = interruptible('attack', 'question');
  const t0 = performance.now();
  const result = await runAttack(instances, explainPredictor(engine, { versionTwo, signal: ctrl.signal }), { ...o, ...(pool ? { pool } : {}) }, { signal: ctrl.signal, onProgress: (done, total) => err(`attack: ${done}/${total} questions\n`) });
  ctrl.release();
  const ms = performance.now() - t0;
  if (values.json) {
    const questions = attackQuestionsJson(result.questions);
    out(`${JSON.stringify({ record, command: cliCommand('attack', argv), partial: result.cancelled, done: result.done, total: result.total, rows: result.rows, windows: result.stats, ms: Math.round(ms), questions }, null, 2)}\n`);
  } else {
    out(attackTable(result, record, ms));
  }
  return result.cancelled ? interrupted('attack', `${result.done} of ${result.total} questions searched`) : 0;
}

/** The result as a table: a header naming what produced it, then one row per family and "all". */
export function attackTable(r: AttackResult, record: RunRecord, ms: number): string {
  const s = record.settings as { budget: number; families: Family[]; seed: number; beam: number; depth: number; source: NameSource; pool?: string };
  const names = s.families.includes('rename') ? ` · names ${SOURCE_LABELS[s.source]}${s.source === 'indist' ? ` (pool: ${s.pool ?? 'every question of the file'})` : ''}` : '';
  const lines = [
    `attack: smallest breaking edit · families ${s.families.map((f) => FAMILY_LABELS[f]).join(', ')}${names} · budget ${s.budget} calls per search · beam ${s.beam} · depth ${s.depth} · seed ${s.seed}`,
    `run: ${describeRun({ ...record, settings: {} })}`,
    `on ${r.total} answerable question${r.total === 1 ? '' : 's'}; a break = EM 1 before the edit, EM 0 after (scored on the edited question's gold answers)`,
    'applicable = correct answers the family could make at least one edit of; % broken = broken ÷ applicable; % of correct = broken ÷ every correct answer',
  ];
  if (r.cancelled) lines.push(`PARTIAL: cancelled after ${r.done} of ${r.total} questions; the rows cover only those`);
  const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  const width = Math.max(6, ...r.rows.map((x) => x.label.length));
  const cols: [string, (x: AttackResult['rows'][number]) => string][] = [
    ['correct', (x) => String(x.correct)],
    ['applicable', (x) => String(x.applicable)],
    ['broken', (x) => String(x.broken)],
    ['% broken', (x) => f(100 * x.shareOfApplicable)],
    ['% of correct', (x) => f(100 * x.shareOfCorrect)],
    ['calls', (x) => String(x.calls)],
    ['calls/break', (x) => f(x.callsPerBreak)],
  ];
  lines.push(`${'family'.padEnd(width)}${cols.map(([h]) => `  ${h}`).join('')}`);
  for (const x of r.rows) lines.push(`${x.label.padEnd(width)}${cols.map(([h, v]) => `  ${v(x).padStart(h.length)}`).join('')}`);
  lines.push(`windows: ${r.stats.windows} (${r.stats.computed} run, ${r.stats.cached} reused from the cache) in ${(ms / 1000).toFixed(2)} s`);
  return `${lines.join('\n')}\n`;
}
