/**
 * qarx sweep and qarx budget: the app's entity-renaming experiments over a data file, with the same
 * core functions (runSweepStream, whose cells are runSweep's, and runBudget) and settings, so a run
 * saved in the app is reproduced by the command line its JSON export records.
 */
import { NO_ANSWER_OPTIONS, noAnswerOf, showNoAnswer } from '../no-answer.ts';
import { parseArgs } from 'node:util';
import { DTYPES, modelScope, QaEngine } from '../../core/index.ts';
import {
  buildNamePool,
  ENTITY_CHOICES,
  enginePredictor,
  MAX_BUDGET,
  MAX_SWEEP_SEEDS,
  NAME_SOURCES,
  progressCount,
  ORIGINS,
  RENAME_TARGETS,
  runBudget,
  runSweepStream,
  summarizeSweep,
  sourceDropTypes,
  sourceDrops,
  type BudgetConfig,
  type EntityChoice,
  type NameSource,
  type Origin,
  type QuestionScores,
  type RenameTarget,
  type SweepConfig,
  type SweepProgress,
} from '../../core/entity/index.ts';
import { readDataset } from '../data.ts';
import { err, interruptible, interrupted, intOpt, numOpt, out, seedOpt, UsageError } from '../io.ts';
import { openModel, tagWithModel } from '../model.ts';
import { LANG_OPTION, scoredAs, scoringLangOpt } from '../lang.ts';
import { budgetSliceItems, sweepRowKey, sweepSliceItems } from '../../core/metrics/experiment-slices.ts';
import { budgetHeadline, sweepRowHeadline } from '../../core/metrics/experiment-headlines.ts';
import { formatSliceTable, itemSliceTables, sliceKeys } from '../slices.ts';
import { cliCommand, cliRecord } from '../record.ts';
import { smallCount, smallLegend, type SliceTable } from '../../core/metrics/slices.ts';
import { countOf } from '../../core/text/plural.ts';
import { applyScope, SCOPE_OPTIONS } from '../scope-opts.ts';
import { useSavedTags } from '../tag-cache.ts';
import { reportCoverage } from '../coverage.ts';
import { ciHeader, CI_OPTIONS, CI_SEED_OPTION, ciColumns, ciLegend, ciOpts } from '../ci.ts';
import { budgetComparisons, experimentCi, sweepComparisons, sweepRowKeys } from '../../core/stats/index.ts';

const MODEL_OPTIONS = { model: { type: 'string' }, target: { type: 'string', default: 'answer' }, ...NO_ANSWER_OPTIONS, json: { type: 'boolean', default: false }, 'hub-host': { type: 'string' }, 'cache-dir': { type: 'string' }, dtype: { type: 'string' }, tagger: { type: 'string' }, slice: { type: 'string', multiple: true }, ...LANG_OPTION, ...SCOPE_OPTIONS, ...CI_OPTIONS } as const;

/** A comma list checked against the allowed values, e.g. listOpt('PER,ORG', 'types', ENTITY_CHOICES) → ['PER', 'ORG']. */
export function listOpt<T extends string>(v: string, name: string, allowed: readonly T[], upper = false): T[] {
  const items = v.split(',').map((s) => (upper ? s.trim().toUpperCase() : s.trim().toLowerCase()) as T);
  const bad = items.find((x) => !allowed.includes(x));
  if (bad !== undefined || items.length === 0) throw new UsageError(`--${name} must be a comma list of ${allowed.join(', ')}, got "${v}".`);
  return allowed.filter((a) => items.includes(a));
}

/** One choice checked against the allowed values, e.g. oneOpt('db', 'source', NAME_SOURCES) → 'db'. */
function oneOpt<T extends string>(v: string, name: string, allowed: readonly T[], upper = false): T {
  const x = (upper ? v.toUpperCase() : v.toLowerCase()) as T;
  if (!allowed.includes(x)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${v}".`);
  return x;
}

/** Reads the data and loads the model shared by both commands; "no answer" is the file's decision unless --squad2/--squad1. */
async function setUp(cmd: string, positionals: string[], values: { model?: string; squad2?: boolean; squad1?: boolean; dtype?: string; 'hub-host'?: string; 'cache-dir'?: string; lang?: string; ids?: string; pool?: string; tagger?: string }) {
  const [data] = positionals;
  if (!data || positionals.length > 1 || !values.model) throw new UsageError(`${cmd} needs <data file> --model <dir|hub id>.`);
  if (values.dtype && !(DTYPES as readonly string[]).includes(values.dtype)) throw new UsageError(`--dtype must be one of ${DTYPES.join(', ')}, got "${values.dtype}".`);
  const lang = scoringLangOpt(values.lang);
  // --ids: the app's scope; "no answer" still follows the whole file, as the app's follows the dataset.
  const read = await readDataset(data);
  const all = scoredAs(read.instances, values.lang);
  // The file's entity tags from earlier runs (tag-cache.ts): each passage is tagged once per dataset;
  // not with --tagger, whose model, not the built-in tagger, chooses the entities.
  const saveTags = values.tagger ? () => undefined : useSavedTags(all, values['cache-dir']);
  const scoped = applyScope(all, values, buildNamePool);
  // --tagger: a Hub NER model chooses the renamed entities; the InDistName pool stays the file's (the app's data worker builds it with the built-in tagger).
  const pool = values.tagger ? (scoped.pool ?? buildNamePool(all)) : scoped.pool;
  const instances = values.tagger ? (await tagWithModel(scoped.instances, values.tagger, values)).instances : scoped.instances;
  reportCoverage(cmd, instances, values.tagger);
  const model = await openModel(values.model, values);
  const engine = new QaEngine(model.tokenizer, model.runner, { scope: modelScope(model) });
  const noAnswer = noAnswerOf(cmd, values, read.evidence);
  showNoAnswer(noAnswer);
  const versionTwo = noAnswer.versionTwo;
  // What produced the result, for --json: the settings are added by each command.
  const recordOf = (settings: Record<string, unknown>) => cliRecord({ data: [data], n: instances.length, model: values.model as string, dtype: model.dtype, device: model.device, noAnswer, lang, settings: { ...settings, ...(values.tagger ? { tagger: values.tagger } : {}) } });
  // Ctrl-C: the work stops at its next step and what is finished is printed, marked partial.
  const stop = interruptible(cmd, cmd === 'sweep' ? 'block of questions' : 'step');
  return { instances, pool, predict: enginePredictor(engine, { versionTwo, signal: stop.signal }), versionTwo, recordOf, stop, saveTags };
}

/** A progress line every tenth of the run, e.g. 'sweep: 176 of 1,764 predictions (PER · db · us · seed 1)'. */
const progress = (cmd: string, unit: string) => {
  let shown = -1;
  return (p: SweepProgress) => {
    const tenth = Math.floor((10 * p.done) / Math.max(1, p.total));
    if (tenth !== shown) err(`${cmd}: ${progressCount(p)} ${unit} (${p.label})\n`);
    shown = tenth;
  };
};

/** A budget comparison's label in the text table, e.g. 'model · worst' → 'model D_worst', 'resemble · random' → 'RESEMBLE random'. */
const budgetCaseLabel = (key: string): string => {
  const [side, c] = key.split(' · ');
  return `${side === 'resemble' ? 'RESEMBLE' : 'model'} ${c === 'random' ? 'random (mean over B)' : `D_${c}`}`;
};

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');


/** Runs `qarx sweep <data> --model m [--target answer|question-person] [--types …] [--sources …] [--seeds N] [--origin o] [--origins …]`. */
export async function sweep(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...MODEL_OPTIONS, types: { type: 'string', default: 'PER,ORG,GPE,MIX' }, sources: { type: 'string', default: 'indist,db,randstr' }, seeds: { type: 'string', default: '5' }, origin: { type: 'string', default: 'us' }, origins: { type: 'string', default: ORIGINS.join(',') }, ...CI_SEED_OPTION },
  });
  const ci = ciOpts(values);
  const seeds = intOpt(values.seeds, 'seeds', 5);
  // Never fewer seeds than asked without saying so: the output would claim N/N seeds.
  if (seeds > MAX_SWEEP_SEEDS) throw new UsageError(`--seeds must be at most ${MAX_SWEEP_SEEDS}, got ${seeds}.`);
  const config: SweepConfig = {
    target: oneOpt<RenameTarget>(values.target, 'target', RENAME_TARGETS),
    types: listOpt<EntityChoice>(values.types, 'types', ENTITY_CHOICES, true),
    sources: listOpt<NameSource>(values.sources, 'sources', NAME_SOURCES),
    seeds,
    origin: oneOpt<Origin>(values.origin, 'origin', ORIGINS),
    origins: listOpt<Origin>(values.origins, 'origins', ORIGINS),
  };
  const keys = sliceKeys(values.slice);
  const { instances, pool, predict, versionTwo, recordOf, stop, saveTags } = await setUp('sweep', positionals, values);
  // Streamed block by block: memory stays flat on any input. Each question's scores are kept only
  // when the output holds them (--json, --slice), in the order runSweep keeps them.
  const keep = values.json || keys.length > 0 || ci !== null;
  // A block's entries count once the block is committed (its cells' n include it); a stop drops the block's.
  const perCell: QuestionScores[][] = [];
  let pending: QuestionScores[][] = [];
  const onBlock = () => {
    pending.forEach((qs, c) => (perCell[c] ??= []).push(...qs));
    pending = [];
  };
  const streamed = await runSweepStream(instances, config, predict, { signal: stop.signal, ...(pool ? { pool } : {}), onProgress: progress('sweep', 'predictions'), ...(keep ? { onBlock, onQuestion: (q: QuestionScores, c: number) => (pending[c] ??= []).push(q) } : {}) });
  stop.release();
  saveTags();
  const r = { ...streamed, cells: keep ? streamed.cells.map((c, i) => ({ ...c, questions: perCell[i] ?? [] })) : streamed.cells };
  const rows = summarizeSweep(r.cells, config.seeds);
  // --slice: per sweep row (type · source · origin), original vs renamed (mean over seeds) per slice.
  const slices: { row: string; tables: SliceTable[] }[] = [];
  for (const row of keys.length ? [...new Set(r.cells.map(sweepRowKey))] : []) {
    const head = rows.find((x) => sweepRowKey(x) === row);
    slices.push({ row, tables: await itemSliceTables(instances, () => sweepSliceItems(instances, r.cells, row), keys, head && sweepRowHeadline(head)) });
  }
  // --ci: per row, original vs renamed (each question's mean over seeds), Holm over the rows.
  // The app's stats worker runs the same function on the same comparisons (src/core/stats/experiment-ci.ts).
  const sweepCi = ci ? experimentCi(sweepComparisons(instances, r.cells, sweepRowKeys(rows)), ci) : null;
  const rowStats = rows.map((x) => sweepCi?.rows[sweepRowKey(x)] ?? null);
  // The app's "drop in F1 per name source" chart, from the same rows (core/entity/stats.ts).
  const bySource = sourceDrops(rows, config.origin);
  if (values.json) {
    out(`${JSON.stringify({ record: recordOf({ ...config, ...(ci ? { ci } : {}) }), command: cliCommand('sweep', argv), partial: r.cancelled, config, versionTwo, questions: r.questions, rows: rows.map((x, i) => (rowStats[i] ? { ...x, ci: rowStats[i] } : x)), bySource: bySource.map((x) => ({ ...x, drop: x.n ? x.drop : null })), cells: r.cells, ...(slices.length ? { slices } : {}) }, null, 2)}\n`);
    return r.cancelled ? interrupted('sweep', `${r.questions} of ${countOf(instances.length, 'question')}`) : 0;
  }
  if (r.cancelled) out(`PARTIAL: stopped after ${r.questions} of ${instances.length} questions (whole blocks of 512 only)\n`);
  if (config.target === 'question-person') out('renamed: the person the question names (PER)\n');
  if (ci) out(`± = std over perturbation seeds; ${ciLegend(ci, rowStats.filter(Boolean).length * 2)}`);
  out(`type\tsource\torigin\tn\tseeds\torigEM\torigF1\tEM mean±std\tF1 mean±std\tdropF1${ci ? `\t${ciHeader(rowStats.filter(Boolean).length * 2)}` : ''}\n`);
  rows.forEach((x, i) => {
    const st = rowStats[i];
    out(`${x.type}\t${x.source}\t${x.origin}\t${smallCount(x.n)}\t${x.seeds}/${x.plannedSeeds}\t${f(x.orig.em)}\t${f(x.orig.f1)}\t${f(x.pertEm.mean)}±${f(x.pertEm.std)}\t${f(x.pertF1.mean)}±${f(x.pertF1.std)}\t${f(x.dropF1)}${st ? `\t${ciColumns(st)}` : ''}\n`);
  });
  out(smallLegend(rows.map((x) => x.n)));
  const all = sourceDropTypes(bySource);
  if (bySource.some((x) => x.n)) out(`drop in F1 per name source (${all.join(', ') || 'no typed'} rows, weighted by their questions): ${bySource.map((x) => `${x.source} ${f(x.drop)} (n ${smallCount(x.n)}${x.types.length === all.length ? '' : `, ${x.types.join(', ') || 'MIX'} only`})`).join(' · ')}\n`);
  for (const s of slices) for (const t of s.tables) out(`\nsweep row ${s.row}, renamed = mean over seeds\n${formatSliceTable(t)}\n`);
  return r.cancelled ? interrupted('sweep', `${r.questions} of ${countOf(instances.length, 'question')}`) : 0;
}

/** Runs `qarx budget <data> --model m [--target answer|question-person] [--type T] [--source S] [--origin o] [--budget B] [--resemble M --temperature T]`. */
export async function budget(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...MODEL_OPTIONS, type: { type: 'string', default: 'MIX' }, source: { type: 'string', default: 'db' }, origin: { type: 'string', default: 'us' }, budget: { type: 'string', default: '10' }, resemble: { type: 'string' }, temperature: { type: 'string', default: '2' }, seed: { type: 'string', default: '1' } },
  });
  const b = intOpt(values.budget, 'budget', 10);
  if (b > MAX_BUDGET) throw new UsageError(`--budget must be at most ${MAX_BUDGET}, got ${b}.`);
  const m = values.resemble === undefined ? null : Number(values.resemble);
  if (m !== null && m !== 1 && m !== 3) throw new UsageError(`--resemble must be 1 or 3 (canonical names per entity), got "${values.resemble}".`);
  const temperature = numOpt(values.temperature, 'temperature', 2);
  const seed = seedOpt(values.seed);
  const ci = ciOpts(values, seed);
  if (temperature <= 0) throw new UsageError(`--temperature must be above 0, got "${values.temperature}".`);
  const keys = sliceKeys(values.slice);
  // Checked before any data is read or model loaded; "no answer" comes from the data.
  const choices = {
    type: oneOpt<EntityChoice>(values.type, 'type', ENTITY_CHOICES, true),
    target: oneOpt<RenameTarget>(values.target, 'target', RENAME_TARGETS),
    source: oneOpt<NameSource>(values.source, 'source', NAME_SOURCES),
    origin: oneOpt<Origin>(values.origin, 'origin', ORIGINS),
  };
  const { instances, pool, predict, versionTwo, recordOf, stop, saveTags } = await setUp('budget', positionals, values);
  const config: BudgetConfig = { ...choices, budget: b, resemble: m === null ? null : { m, temperature, type: 'MIX', seed }, versionTwo };
  const r = await runBudget(instances, config, predict, { signal: stop.signal, ...(pool ? { pool } : {}), onProgress: progress('budget', 'steps') });
  stop.release();
  saveTags();
  // --slice: original vs D_worst per slice, as the app's budget slice table.
  const slices = await itemSliceTables(instances, () => budgetSliceItems(instances, r.perInstance), keys, budgetHeadline(r));
  // --ci: each case (random, D_worst, D_best) against the original answers of the same side (model,
  // RESEMBLE), on the figures' questions, Holm over all of them; the app's stats worker runs the same.
  const budgetCi = ci ? experimentCi(budgetComparisons(instances, r), ci) : null;
  const ciOut = budgetCi ? { ci: budgetCi } : {};
  if (values.json) {
    out(`${JSON.stringify({ record: recordOf({ ...config, ...(ci ? { ci } : {}) }), command: cliCommand('budget', argv), partial: r.cancelled, config, ...r, ...ciOut, ...(slices.length ? { slices } : {}) }, null, 2)}\n`);
    return r.cancelled ? interrupted('budget', `${r.n} of ${countOf(instances.length, 'question')}`) : 0;
  }
  if (r.cancelled) out(`PARTIAL: stopped early; the figures cover the ${countOf(r.n, 'question')} finished\n`);
  const sp = r.resembleSplit;
  const scope = sp ? ` (test part; ${sp.validationIds.length} validation questions, ${f(100 * sp.share)}% split by seed ${sp.seed}, chose the canonical names)` : '';
  out(`questions: ${smallCount(r.n)}${scope}, B = ${b}${config.target === 'question-person' ? ', renamed: the person the question names (PER)' : ''}\n`);
  const f1Of = (k: string, name: string) => sp?.scores[k]?.find((x) => x.name === name);
  if (sp) out(`canonical names (validation F1, n): ${Object.keys(sp.scores).map((k) => `${k} ${(sp.names[k] ?? []).map((x) => `${x} ${f(f1Of(k, x)?.f1 ?? NaN)} (${f1Of(k, x)?.n ?? 0})`).join(', ')}`).join('; ') || 'none probed (pool order)'}; kinds not listed keep the pool order\n`);
  for (const [name, s] of [['model', r.plain], ['RESEMBLE', r.defended]] as const) {
    if (!s) continue;
    out(`${name}: original EM ${f(s.original.em)} F1 ${f(s.original.f1)}; random EM ${f(s.random.em)}±${f(s.randomStd.em)} F1 ${f(s.random.f1)}±${f(s.randomStd.f1)}; D_worst EM ${f(s.worst.em)} F1 ${f(s.worst.f1)}; D_best EM ${f(s.best.em)} F1 ${f(s.best.f1)}; stability ${f(100 * s.stability)}%\n`);
  }
  if (ci && budgetCi) {
    out(`${ciLegend(ci, budgetCi.family)}case\tn\t${ciHeader(budgetCi.family)}\n`);
    for (const [key, st] of Object.entries(budgetCi.rows)) out(`${budgetCaseLabel(key)}\t${st ? `${smallCount(st.n)}\t${ciColumns(st)}` : '0\t–'}\n`);
  }
  out(smallLegend([r.n]));
  for (const t of slices) out(`\noriginal vs D_worst\n${formatSliceTable(t)}\n`);
  return r.cancelled ? interrupted('budget', `${r.n} of ${countOf(instances.length, 'question')}`) : 0;
}
