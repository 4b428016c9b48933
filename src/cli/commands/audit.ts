/**
 * qarx audit and qarx merge: datasets × models × experiments × seeds from a config, as units of work
 * written one JSON file each (atomically; a restart skips the finished ones), split into shards
 * for job arrays, run in worker threads, and joined into a summary with tables and an HTML report.
 *
 * Exit codes: 0 every unit ok; 1 some units failed (recorded with their error) or, for merge, are
 * missing; 2 bad config or usage; 130/143 interrupted (run again to resume).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { AuditSummary, UnitFile } from '../../core/audit/format.ts';
import type { ValidationSummary } from '../../core/validation/report.ts';
import { DEFAULT_BOOTSTRAP, DEFAULT_CI_SEED } from '../../core/stats/defaults.ts';
import { auditValidation, VALIDATION_OPTIONS } from '../validation-input.ts';
import { mixedInputs } from '../../core/audit/inputs.ts';
import { parseConfigText } from '../audit/config.ts';
import { cudaAvailable, type DeviceChoice } from '../audit/device.ts';
import { readPlan, readUnits, removeStaleTemps, removeSummaryFiles, unitPath, unitsDir, writeAtomic, type PlanFile } from '../audit/files.ts';
import { cliCommand } from '../record.ts';
import { writeSummaryFiles } from '../audit/output.ts';
import { parseShard, planUnits, shardUnits, specDiff, type PlannedUnit } from '../audit/plan.ts';
import { runPool } from '../audit/pool.ts';
import { staleLines, staleUnits } from '../audit/resume.ts';
import { pickParallelism } from '../audit/parallel.ts';
import { buildSummary, pickUnits } from '../audit/summary.ts';
import { checkOutputDir, err, intOpt, out, readText, UsageError } from '../io.ts';
import { countOf } from '../../core/text/plural.ts';

/** Seconds as "1h 02m", "3m 05s" or "12s". */
export function duration(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** The plan as stored in every shard's directory: no machine paths, so shards on other machines agree. */
function planFile(name: string, units: ReturnType<typeof planUnits>): PlanFile {
  return { format: 'qarx-audit-plan', name, units: units.map((u) => ({ id: u.id, label: u.label, spec: u.spec })) };
}

/**
 * Writes plan.json, or checks that the directory's plan is this one (a directory holds one audit):
 * a unit's id covers everything that changes its result, so other ids mean results that would not
 * mean what this config's do (another config, or a qarx that computed them otherwise).
 */
export function checkPlan(dir: string, plan: PlanFile): void {
  const had = readPlan(dir);
  const ids = (p: PlanFile) => p.units.map((u) => u.id).join(',');
  if (had && ids(had) !== ids(plan)) {
    // Name a unit both plans have (by label) and the first setting they disagree on, when there is one.
    const old = new Map(had.units.map((u) => [u.label, u]));
    const both = plan.units.find((u) => old.has(u.label) && old.get(u.label)?.id !== u.id);
    const d = both ? specDiff(both.spec, old.get(both.label)?.spec) : null;
    const why = both && d ? `; e.g. ${both.label}: ${d.path} is ${d.a} in this config's plan, ${d.b} in the directory's (planned by another config or an older qarx)` : '';
    throw new UsageError(`${dir} holds another audit (its plan.json lists other units${why}); its results do not answer this config: give a new --out, or delete it to start over.`);
  }
  if (!had) writeAtomic(`${dir}/plan.json`, `${JSON.stringify(plan, null, 2)}\n`);
}

/** Refuses unit files whose settings are not their planned unit's (a file copied in, or written by an older qarx). */
export function checkUnitFiles(dir: string, units: readonly PlannedUnit[], done: ReadonlyMap<string, UnitFile>): void {
  for (const u of units) {
    const f = done.get(u.id);
    const d = f ? specDiff(u.spec, f.spec) : null;
    if (d) throw new UsageError(`${unitPath(dir, u.id)}: its settings differ from its planned unit's, ${u.label} (${d.path}: ${d.a} planned, ${d.b} in the file); delete the file to run the unit again, or give a new --out.`);
  }
}

/** The options of `qarx audit`, checked (throws UsageError); no file is read, so job manifests can be checked with it. */
export function parseAuditArgs(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { config: { type: 'string' }, out: { type: 'string' }, shard: { type: 'string' }, workers: { type: 'string' }, threads: { type: 'string' }, device: { type: 'string', default: 'auto' }, 'hub-host': { type: 'string' }, 'cache-dir': { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, ...VALIDATION_OPTIONS },
  });
  if (positionals.length || !values.config || !values.out) throw new UsageError('audit needs --config <audit.json> --out <results dir> (see qarx --help).');
  const device = values.device as DeviceChoice;
  if (!['auto', 'cpu', 'cuda'].includes(device)) throw new UsageError(`--device must be auto, cpu or cuda, got "${values.device}".`);
  const shard = values.shard === undefined ? null : parseShard(values.shard);
  // Without --workers the count is picked from the cores (parallel.ts); each worker's session gets
  // its share of the cores unless --threads says otherwise.
  const { workers, threads, why } = pickParallelism(
    availableParallelism(),
    values.workers === undefined ? undefined : intOpt(values.workers, 'workers', 1),
    values.threads === undefined ? undefined : intOpt(values.threads, 'threads', 1),
  );
  return { config: values.config, out: values.out, shard, workers, threads, why, device, hubHost: values['hub-host'], cacheDir: values['cache-dir'], dryRun: values['dry-run'], batch: values.batch, annotations: values.annotations };
}

/** Runs `qarx audit --config audit.json --out DIR [--shard i/n] [--workers N] [--threads T] [--device auto|cpu|cuda]`. */
export async function audit(argv: string[]): Promise<number> {
  const values = parseAuditArgs(argv);
  const { shard, workers, threads, device } = values;
  const config = parseConfigText(readText(values.config), values.config);
  // Read before any unit runs, so a bad batch or annotation file stops the audit at once.
  const validation = auditValidation(values, { b: config.ci?.bootstrap ?? DEFAULT_BOOTSTRAP, seed: config.ci?.seed ?? DEFAULT_CI_SEED });
  const dir = values.out;
  checkOutputDir(dir, '--out directory');
  const all = planUnits(config, values.config);
  const mine = shard ? shardUnits(all, shard) : all;
  const tag = shard ? `audit [shard ${shard.index}/${shard.count}]` : 'audit';
  if (values.dryRun) {
    for (const u of mine) out(`${u.id}\t${u.label}\n`);
    err(`${tag}: ${mine.length} of ${all.length} units (dry run)\n`);
    return 0;
  }
  const plan = planFile(config.name, all);
  checkPlan(dir, plan);
  const temps = removeStaleTemps(dir);
  if (temps) err(`${tag}: removed ${temps} half-written file${temps === 1 ? '' : 's'} of an interrupted run\n`);
  const done = readUnits(dir);
  checkUnitFiles(dir, mine, done);
  // Skipped only when stored ok and computed on the same data and model bytes as now (audit/resume.ts).
  const stale = await staleUnits(mine, done, values.cacheDir);
  for (const line of staleLines(tag, mine, stale)) err(line);
  if (stale.size) removeSummaryFiles(dir);
  const todo = mine.filter((u) => done.get(u.id)?.status !== 'ok' || stale.has(u.id));
  const skipped = mine.length - todo.length;
  const cuda = device === 'cpu' ? null : cudaAvailable();
  err(`${tag}: ${mine.length} of ${all.length} units${skipped ? `, ${skipped} already done (skipped)` : ''}${stale.size ? `, ${stale.size} done before but stale (run again)` : ''}; ${todo.length} to run with ${workers} worker${workers === 1 ? '' : 's'}${threads ? ` × ${threads} thread${threads === 1 ? '' : 's'}` : ''} (${values.why}); device: ${device === 'cpu' ? 'CPU (--device cpu)' : cuda?.ok ? 'CUDA' : `CPU (${cuda?.reason ?? ''})`}\n`);
  const t0 = performance.now();
  let finished = 0;
  let failed = 0;
  // Ctrl-C or a job's SIGTERM: unit files are whole (written atomically), so say what is kept and how to go on.
  const onSignal = (sig: NodeJS.Signals) => {
    err(`${tag}: interrupted: partial results (${finished} of ${todo.length} units to run finished${skipped ? `, ${skipped} done before` : ''}, kept in ${unitsDir(dir)}; no summary written); resume with the same command, finished units are skipped: ${cliCommand('audit', argv)}\n`);
    process.exit(sig === 'SIGTERM' ? 143 : 130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  await runPool(todo, {
    workers,
    runner: { device, threads, hubHost: values.hubHost, cacheDir: values.cacheDir },
    onDone: (f: UnitFile) => {
      writeAtomic(unitPath(dir, f.id), `${JSON.stringify(f, null, 2)}\n`);
      finished++;
      if (f.status === 'failed') failed++;
      const elapsed = (performance.now() - t0) / 1000;
      const eta = finished < todo.length ? `, ETA ${duration((elapsed / finished) * (todo.length - finished))}` : '';
      err(`${tag}: ${finished}/${todo.length} units done${failed ? ` (${failed} failed)` : ''}${eta} — ${f.status === 'ok' ? 'ok' : `FAILED: ${f.error}`}: ${f.label} (${f.seconds.toFixed(1)} s, ${f.runtime.device})\n`);
    },
  });
  process.removeListener('SIGINT', onSignal);
  process.removeListener('SIGTERM', onSignal);
  const units = readUnits(dir);
  const bad = mine.filter((u) => units.get(u.id)?.status !== 'ok').length;
  const secs = (performance.now() - t0) / 1000;
  if (!shard || shard.count === 1) {
    const summary = withValidation(buildSummary(plan, units.values(), new Date().toISOString()), validation);
    writeSummaryFiles(dir, summary, [...units.values()]);
    err(`${tag}: summary in ${dir}/summary.json, summary.md, tables/, report.html, bundle.zip\n`);
  } else err(`${tag}: join the shards with: qarx merge <the shards' --out dirs…> --out <summary dir>\n`);
  err(`${tag}: ${countOf(mine.length, 'unit')}: ${mine.length - bad} ok, ${bad} failed, ${skipped} skipped as done before; ran ${todo.length} in ${duration(secs)}\n`);
  return bad ? 1 : 0;
}

/** The options of `qarx merge <dir…> --out <dir>`, checked (throws UsageError). */
export function parseMergeArgs(argv: string[]): { dirs: string[]; out: string; batch?: string; annotations?: string[] } {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string' }, ...VALIDATION_OPTIONS } });
  if (!positionals.length || !values.out) throw new UsageError('merge needs <results dir…> --out <summary dir>.');
  return { dirs: positionals, out: values.out, batch: values.batch, annotations: values.annotations };
}

/** The summary with the validation of --batch/--annotations, when given. */
const withValidation = (s: AuditSummary, v: ValidationSummary | null): AuditSummary => (v ? { ...s, validation: v } : s);

/** Runs `qarx merge <dir…> --out <dir>`: the shards' unit files joined into one summary. */
export async function merge(argv: string[]): Promise<number> {
  const args = parseMergeArgs(argv);
  const { dirs, out: outDir } = args;
  const validation = auditValidation(args, { b: DEFAULT_BOOTSTRAP, seed: DEFAULT_CI_SEED });
  let plan: PlanFile | null = null;
  const units: UnitFile[] = [];
  for (const d of dirs) {
    if (!existsSync(d)) throw new UsageError(`${d}: no such results directory.`);
    const p = readPlan(d);
    if (!p) throw new UsageError(`${d}: no plan.json (not a qarx audit --out directory).`);
    if (plan && p.units.map((u) => u.id).join() !== plan.units.map((u) => u.id).join()) throw new UsageError(`${d}: its plan differs from ${dirs[0]}'s: the shards come from different configs.`);
    plan ??= p;
    units.push(...readUnits(d).values());
  }
  if (!plan) throw new UsageError('merge needs at least one results directory.');
  checkOutputDir(outDir, '--out directory');
  const planned = new Set(plan.units.map((u) => u.id));
  const chosen = [...pickUnits(units).values()].filter((u) => planned.has(u.id));
  // One summary, one dataset per name: refuse results computed on other bytes, or on unrecorded ones.
  const mixed = mixedInputs(chosen.filter((u) => u.status === 'ok'));
  if (mixed) throw new UsageError(`merge: ${mixed}.`);
  const summary = withValidation(buildSummary(plan, chosen, new Date().toISOString()), validation);
  // The out directory is a results directory itself: plan and the unit files behind the summary.
  writeAtomic(`${outDir}/plan.json`, `${JSON.stringify(plan, null, 2)}\n`);
  for (const f of chosen) writeAtomic(unitPath(outDir, f.id), `${JSON.stringify(f, null, 2)}\n`);
  writeSummaryFiles(outDir, summary, chosen);
  err(`merge: ${countOf(summary.planned, 'unit')} planned: ${summary.ok} ok, ${summary.failed.length} failed, ${summary.missing.length} missing; summary in ${outDir}\n`);
  return summary.failed.length || summary.missing.length ? 1 : 0;
}
