/**
 * One experiment kind, described once: its names, settings schema, default scope, summary table,
 * slice labels, chart traits, the `qarx` command that reproduces a run and its audit unit. The app's
 * store and run history, the worker, the CLI and the audit read these descriptors from the
 * registry (registry.ts) instead of switching on the kind. Descriptors are light (no experiment
 * code): an audit unit's run is loaded on demand, so the app's first view does not pay for it.
 */
import type * as v from 'valibot';
import type { SliceTotals } from '../metrics/slices.ts';
import type { QarxCommand, RunRecord } from '../results/run-record.ts';
import type { ResultTable } from '../results/table.ts';
import type { CaseKind } from '../results/gallery.ts';
import type { ExperimentOutcome, UnitRunContext } from './outcome.ts';
import type { ScopeKind } from './scope.ts';

/** A function type whose parameters are checked both ways (as methods are), so a descriptor of specific payloads fits the registry's list of all kinds. */
type Fn<A extends unknown[], R> = { method(...args: A): R }['method'];

/** The research question a kind answers (the app's experiment groups, issue 26). */
export type KindFamily = 'Entity renaming' | 'Natural edits' | 'Over-sensitivity' | 'Over-stability' | 'Generalization' | 'Audit';

/** What every kind's command builder gets: the run's record and the parts of a command line every kind shares. */
export interface CommandContext {
  r: RunRecord;
  s: Record<string, unknown>;
  /** The data file argument (quoted), and what it stands for. */
  data: string;
  dataNote: string;
  /** --model (and --dtype), the scoring flags (--squad2, --lang), --ids. */
  model: string[];
  v2: string[];
  ids: string[];
  idsNote: string;
  /** The recorded narrowing in words (', narrowed as recorded (…)' or ''). */
  sel: string;
  /** The run was on the built-in demo set. */
  demo: boolean;
  /** The device sentence that ends every note. */
  device: string;
  /** --target and --tagger of a renaming run. */
  target: string[];
  tagger: string[];
  /** `--ci --bootstrap N <seedFlag> S` when the run computed confidence intervals, else nothing. */
  ciArgs: (seedFlag: string) => string[];
  /** The InDistName pool warning when the run's names came from a larger pool than its questions. */
  pool: (indist: boolean) => string;
  /** Joins argument groups with spaces. */
  join: (...parts: string[][]) => string;
  /** A setting as a comma list, e.g. list(['PER', 'ORG']) === 'PER,ORG'. */
  list: (v: unknown) => string;
}

/** A unit variant of an audit config's experiment entry, and its seed (null for unseeded kinds). */
export interface UnitVariant<U> {
  experiment: U;
  seed: number | null;
}

/** The run of a kind's audit unit (loaded on demand: it brings the experiment's code). */
export interface UnitRunner<U> {
  run(exp: U, ctx: UnitRunContext): Promise<ExperimentOutcome>;
}

/** How a kind runs as `qarx audit` units: the config entry's variants, their label and the run. */
export interface AuditUnit<E, U> {
  /** The variants of one config entry: e.g. one per noise kind, one per seed for seeded kinds. */
  variants(e: E, seeds: readonly number[]): UnitVariant<U>[];
  /** A variant's words for labels, e.g. 'synthetic keyboard', 'traps after'. */
  label(e: U): string;
  load(): Promise<UnitRunner<U>>;
}

/** Where a partial run's table says which rows were cut short (a sweep's planned grid). */
export interface PartialRows {
  /** The rows a full run has, as its table keys them; undefined when the settings lack them. */
  planned(settings: Record<string, unknown>): string[] | undefined;
  /** A row key as the table shows it. */
  label(key: string): string;
}

/**
 * One experiment kind. `E` is its audit config entry (the settings schema's output), `U` an audit
 * unit's experiment, `P` the payload a saved run keeps. Every field is present; null says the kind
 * has no such part (e.g. universal names have no audit unit yet).
 */
export interface ExperimentKind<E = never, U = never, P = never> {
  /** The run kind as run records, saved runs and audit configs name it, e.g. 'sweep'. */
  id: string;
  /** The kind in words (run history, side by side), e.g. 'Revision pairs'. */
  label: string;
  family: KindFamily;
  /** Default scope: the population rule of scope.ts the kind runs on (e.g. 'paraphrase': answerable only). */
  scope: ScopeKind;
  /** The run takes every question of its selection, so the demo set's whole file reproduces it. */
  wholeSelection: boolean;
  /** The audit config entry's settings, with defaults (valibot); null when the kind has none. */
  settings: v.GenericSchema<unknown, E> | null;
  /** The headline table of a saved run (null: the kind's card saves its own table). */
  table: Fn<[payload: P, run: RunRecord], ResultTable> | null;
  /** The headline figures of a saved run sliced as a whole, for its slice table's all row (null: sliced per row or name, or not sliced). */
  headline: Fn<[payload: P], SliceTotals | undefined> | null;
  /** A saved run's slice box: its title and the perturbed side's label (null: sliced per row or name, or not sliced). */
  slices: { title: string; perturbed: string } | null;
  /** Chart traits: several headline rows per audit unit (charts label the row), answer-category bars (C2W …). */
  charts: { rowsPerUnit: boolean; categories: boolean };
  /** The rows a partial run's note names as cut short; null: the note counts the table's rows. */
  partialRows: PartialRows | null;
  /** The `qarx` command line that reproduces a run (command null when none does, with the reason in the note). */
  command(c: CommandContext): QarxCommand;
  /** How the kind runs as `qarx audit` units; null: not in audit configs. */
  audit: AuditUnit<E, U> | null;
  /** The failure-gallery cases a run collects and the app's experiment page that lists them ("Cases these runs broke"); null: it collects none. */
  cases: { kinds: readonly CaseKind[]; page: string } | null;
}

/** The fields every descriptor has (the registry test checks each kind against this list). */
export const KIND_FIELDS = ['id', 'label', 'family', 'scope', 'wholeSelection', 'settings', 'table', 'headline', 'slices', 'charts', 'partialRows', 'command', 'audit', 'cases'] as const satisfies readonly (keyof ExperimentKind)[];

/** A descriptor with its types kept (an identity: it only checks the shape). */
export const defineKind = <E = never, U = never, P = never>(k: ExperimentKind<E, U, P>): ExperimentKind<E, U, P> => k;
