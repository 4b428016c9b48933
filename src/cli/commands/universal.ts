/**
 * qarx universal: universal names (Balasubramanian et al. 2020, App. A.1, Algorithm 2) as the app
 * runs them — N iterations of B candidate names drawn by their Beta weights, each put in place of
 * the answer entity of B random eligible questions; ranked by the weight P(worsen) − P(improve).
 * Ctrl-C stops after the name being tried and prints what finished, marked partial.
 */
import { NO_ANSWER_OPTIONS, noAnswerOf, showNoAnswer } from '../no-answer.ts';
import { smallCount, smallLegend } from '../../core/metrics/slices.ts';
import { parseArgs } from 'node:util';
import { QaEngine } from '../../core/index.ts';
import { enginePredictor, ORIGINS, SOURCE_LABELS, type Origin } from '../../core/entity/index.ts';
import { DEFAULT_UNIVERSAL, describeIneligible, qualifiedNote, topNames, MAX_UNIVERSAL_CANDIDATES, MAX_UNIVERSAL_ITERATIONS, MAX_UNIVERSAL_SAMPLE, runUniversal, UNIVERSAL_SOURCES, UNIVERSAL_TYPES, type UniversalConfig, type UniversalResult, type UniversalSource, type UniversalType } from '../../core/entity/universal.ts';
import { RENAME_TARGETS, type RenameTarget } from '../../core/entity/options.ts';
import { describeRun, type RunRecord } from '../../core/results/run-record.ts';
import { ciHeader, CI_OPTIONS, ciColumns, ciLegend, ciOpts } from '../ci.ts';
import { pairedOfItems, pairedStats, withHolm } from '../../core/stats/index.ts';
import { cliCommand, cliRecord } from '../record.ts';
import { err, interruptible, interrupted, intOpt, out, seedOpt, UsageError } from '../io.ts';
import { openModel, tagWithModel } from '../model.ts';
import { reportCoverage } from '../coverage.ts';
import { readDataset } from '../data.ts';
import { applyScope, SCOPE_OPTIONS } from '../scope-opts.ts';
import { LANG_OPTION, scoredAs, scoringLangOpt } from '../lang.ts';
import { universalSliceItems } from '../../core/metrics/experiment-slices.ts';
import { universalHeadline } from '../../core/metrics/experiment-headlines.ts';
import type { SliceTable } from '../../core/metrics/slices.ts';
import { formatSliceTable, itemSliceTables, sliceKeys } from '../slices.ts';

/** The run's settings from the command line, checked before any model loads. */
function configOf(values: Record<string, string | string[] | boolean | undefined>): UniversalConfig {
  const type = String(values.type).toUpperCase() as UniversalType;
  if (!UNIVERSAL_TYPES.includes(type)) throw new UsageError(`--type must be ${UNIVERSAL_TYPES.join(' or ')}, got "${String(values.type)}".`);
  const source = String(values.source).toLowerCase() as UniversalSource;
  if (!UNIVERSAL_SOURCES.includes(source)) throw new UsageError(`--source must be ${UNIVERSAL_SOURCES.join(' or ')}, got "${String(values.source)}".`);
  const origin = String(values.origin).toLowerCase() as Origin;
  if (!ORIGINS.includes(origin)) throw new UsageError(`--origin must be one of ${ORIGINS.join(', ')}, got "${String(values.origin)}".`);
  const candidates = intOpt(values.candidates as string | undefined, 'candidates', DEFAULT_UNIVERSAL.candidates);
  if (candidates > MAX_UNIVERSAL_CANDIDATES) throw new UsageError(`--candidates must be at most ${MAX_UNIVERSAL_CANDIDATES}, got ${candidates}.`);
  const target = String(values.target) as RenameTarget;
  if (!RENAME_TARGETS.includes(target)) throw new UsageError(`--target must be one of ${RENAME_TARGETS.join(', ')}, got "${String(values.target)}".`);
  if (target === 'question-person' && type !== 'PER') throw new UsageError('--target question-person renames a person: use it with --type PER.');
  const iterations = intOpt(values.iterations as string | undefined, 'iterations', DEFAULT_UNIVERSAL.iterations ?? 10);
  if (iterations > MAX_UNIVERSAL_ITERATIONS) throw new UsageError(`--iterations must be at most ${MAX_UNIVERSAL_ITERATIONS}, got ${iterations}.`);
  const sample = intOpt(values.sample as string | undefined, 'sample', DEFAULT_UNIVERSAL.sample ?? 10);
  if (sample > MAX_UNIVERSAL_SAMPLE) throw new UsageError(`--sample must be at most ${MAX_UNIVERSAL_SAMPLE}, got ${sample}.`);
  return { type, source, origin, candidates, iterations, sample, top: intOpt(values.top as string | undefined, 'top', DEFAULT_UNIVERSAL.top), seed: seedOpt(String(values.seed)), target };
}

/** Runs `qarx universal <data> --model m [options]` and returns the exit code. */
export async function universal(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      model: { type: 'string' },
      type: { type: 'string', default: DEFAULT_UNIVERSAL.type },
      target: { type: 'string', default: 'answer' },
      source: { type: 'string', default: DEFAULT_UNIVERSAL.source },
      origin: { type: 'string', default: DEFAULT_UNIVERSAL.origin },
      candidates: { type: 'string' },
      iterations: { type: 'string' },
      sample: { type: 'string' },
      top: { type: 'string' },
      seed: { type: 'string', default: String(DEFAULT_UNIVERSAL.seed) },
      ...NO_ANSWER_OPTIONS,
      json: { type: 'boolean', default: false },
      'hub-host': { type: 'string' },
      'cache-dir': { type: 'string' },
      dtype: { type: 'string' },
      tagger: { type: 'string' },
      slice: { type: 'string', multiple: true },
      ...LANG_OPTION,
      ids: SCOPE_OPTIONS.ids,
      ...CI_OPTIONS,
    },
  });
  const [input] = positionals;
  if (!input || positionals.length > 1 || !values.model) throw new UsageError('universal needs <data file> --model <dir|hub id>.');
  const cfg = configOf(values);
  const ci = ciOpts(values, cfg.seed);
  const lang = scoringLangOpt(values.lang);
  const keys = sliceKeys(values.slice);
  const read = await readDataset(input);
  const all = scoredAs(read.instances, lang);
  // --ids: the app's scope, in its order.
  const scoped = applyScope(all, { ids: values.ids }).instances;
  // --tagger: a Hub NER model chooses the answer entities (and so InDistName's candidates), as in the app.
  const instances = values.tagger ? (await tagWithModel(scoped, values.tagger, values)).instances : scoped;
  reportCoverage('universal', instances, values.tagger);
  const model = await openModel(values.model, values);
  const engine = new QaEngine(model.tokenizer, model.runner);
  // The whole file's no-answer decision (core/data/no-answer.ts), or --squad2/--squad1.
  const noAnswer = noAnswerOf('universal', values, read.evidence);
  showNoAnswer(noAnswer);
  const versionTwo = noAnswer.versionTwo;
  const record = cliRecord({ data: [input], n: instances.length, model: values.model, dtype: model.dtype, device: model.device, noAnswer, lang, settings: { ...cfg, ...(values.tagger ? { tagger: values.tagger } : {}) } });
  const ctrl = interruptible('universal', 'name');
  let last = '';
  const result = await runUniversal(instances, cfg, enginePredictor(engine, { versionTwo, signal: ctrl.signal }), {
    signal: ctrl.signal,
    onProgress: (p) => {
      const line = p.done === 0 && p.label === 'original predictions' ? 'universal: original predictions\n' : `universal: names drawn ${p.done}/${p.total}\n`;
      if (line !== last) err(line);
      last = line;
    },
  });
  ctrl.release();
  // --slice: per top name, original vs the name put in, per slice.
  const slices: { name: string; tables: SliceTable[] }[] = [];
  for (const row of keys.length ? topNames(result).rows : []) slices.push({ name: row.name, tables: await itemSliceTables(instances, () => universalSliceItems(instances, row), keys, universalHeadline(row)) });
  // --ci: per top name, original vs the name put in on the questions it was tried on, Holm over the names.
  const top = topNames(result).rows;
  const stats = ci ? withHolm(top.map((row) => {
    const qs = pairedOfItems(universalSliceItems(instances, row));
    return qs.length ? pairedStats(qs, ci) : null;
  })) : [];
  if (values.json) {
    out(`${JSON.stringify({ record: ci ? { ...record, settings: { ...record.settings, ci } } : record, command: cliCommand('universal', argv), partial: result.cancelled, ...result, ...(ci ? { ci: top.map((row, i) => ({ name: row.name, stats: stats[i] ?? null })) } : {}), ...(slices.length ? { slices } : {}) }, null, 2)}\n`);
  } else {
    out(universalTable(result, record));
    if (ci) {
      out(`\n${ciLegend(ci, stats.filter(Boolean).length * 2)}name\tn\t${ciHeader(stats.filter(Boolean).length * 2)}\n`);
      top.forEach((row, i) => {
        const st = stats[i];
        out(`${row.name}\t${st ? `${smallCount(st.n)}\t${ciColumns(st)}` : '0\t–'}\n`);
      });
    }
    for (const s of slices) for (const t of s.tables) out(`\nwith ${s.name}\n${formatSliceTable(t)}\n`);
  }
  return result.cancelled ? interrupted('universal', `${result.tried} of ${result.candidates} names tried`) : 0;
}

/** The result as the app's table: a header naming what produced it, then the top names, e.g. " 1  Jane Doe  37.5  3  1  14  4  28.6  10.5". */
export function universalTable(r: UniversalResult, record: RunRecord): string {
  const cfg = record.settings as unknown as UniversalConfig;
  const lines = [`universal names: ${cfg.type} · ${SOURCE_LABELS[cfg.source]}${cfg.source === 'db' && cfg.type === 'PER' ? ` · origin ${cfg.origin}` : ''} · K ${cfg.candidates} · N ${cfg.iterations ?? DEFAULT_UNIVERSAL.iterations} · B ${cfg.sample ?? DEFAULT_UNIVERSAL.sample} · top ${cfg.top} · seed ${cfg.seed}`, `run: ${describeRun({ ...record, settings: {} })}`];
  const left = describeIneligible(r.ineligible);
  lines.push(`eligible: ${r.eligible} question${r.eligible === 1 ? '' : 's'}${left ? ` (left out: ${left})` : ''}; ${r.tried} of ${r.candidates} names drawn in ${r.iterations ?? 0} of ${r.plannedIterations ?? 0} iterations`);
  if (r.cancelled) lines.push(`PARTIAL: cancelled after ${r.iterations ?? 0} of ${r.plannedIterations ?? 0} iterations; the ranking covers only the draws finished`);
  if (r.eligible === 0) return `${lines.join('\n')}\nno question has a renamable answer entity of type ${cfg.type}\n`;
  // Two decimals, as its CI cells below and every other command's tables write figures.
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
  lines.push(`original: EM ${f(r.original.em)}  F1 ${f(r.original.f1)}`);
  const { rows: top, qualified, drawn } = topNames(r);
  const width = Math.max(4, ...top.map((x) => [...x.name].length));
  lines.push('weight % = 100·α/(α+β), the estimate of P(worsen) − P(improve) (Algorithm 2); counts over trials (question × iteration)');
  lines.push(`${'#'.padStart(3)}  ${'name'.padEnd(width)}  ${'weight %'.padStart(8)}  ${'worse'.padStart(5)}  ${'better'.padStart(6)}  ${'tried'.padStart(5)}  ${'changed'.padStart(7)}  ${'share %'.padStart(7)}  ${'mean F1 drop'.padStart(12)}`);
  const n = (x: number | undefined) => (x === undefined ? '–' : String(x));
  top.forEach((x, k) => lines.push(`${String(k + 1).padStart(3)}  ${x.name.padEnd(width)}  ${f(100 * (x.weight ?? NaN)).padStart(8)}  ${n(x.worsened).padStart(5)}  ${n(x.improved).padStart(6)}  ${smallCount(x.tried).padStart(5)}  ${String(x.changed).padStart(7)}  ${f(100 * x.share).padStart(7)}  ${f(x.meanF1Drop).padStart(12)}`));
  const legend = smallLegend(top.map((x) => x.tried)).trimEnd();
  if (legend) lines.push(legend);
  lines.push(qualifiedNote(top.length, r.top, qualified, drawn));
  return `${lines.join('\n')}\n`;
}
