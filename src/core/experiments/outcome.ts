/**
 * What an experiment's audit unit gives back: the run kind, settings for the run record, the result
 * in the app's saved-run shape, its tables and headline rows (before/after scores). Shared by every
 * kind's unit (src/core/experiments/<kind>/unit.ts), the CLI that writes units and the audit files.
 */
import type { Instance } from '../data/types.ts';
import type { NamePool } from '../entity/rename.ts';
import type { Predictor } from '../entity/tally.ts';
import type { SliceItem } from '../metrics/slices.ts';
import type { ResultTable } from '../results/table.ts';
import type { PairedStats, ScoreStats } from '../stats/paired.ts';

/** One before/after pair of scores (0..100) of a unit, e.g. a sweep's PER · db · us row. */
export interface HeadlineRow {
  label: string;
  n: number;
  beforeEm: number | null;
  beforeF1: number | null;
  afterEm: number | null;
  afterF1: number | null;
  /** With the config's "ci": the paired statistics of before vs after over the row's questions (null when they are not kept, e.g. a budget's random mean). */
  ci?: PairedStats | null;
  /** With "ci", for a row with no after (the original score): the 95% CI of its own scores. */
  score?: ScoreStats | null;
}

/** What an experiment gives back: the app's run kind, settings for the run record, the result and its tables. */
export interface ExperimentOutcome {
  kind: string;
  settings: Record<string, unknown>;
  /** Questions the experiment used. */
  n: number;
  payload: unknown;
  table: ResultTable;
  headline: HeadlineRow[];
  notes: string[];
  partial: boolean;
}

/** Per headline row, its questions' before/after items (null: not kept for that row). */
export type HeadlineItems = ((() => SliceItem[]) | null)[];

/** What a unit's run gets besides its experiment: the unit's seed (null for unseeded kinds), questions, model and callbacks. */
export interface UnitRunContext {
  seed: number | null;
  instances: readonly Instance[];
  predict: Predictor;
  versionTwo: boolean;
  onProgress: (done: number, total: number) => void;
  /** With a CI: filled in with each headline row's per-question items; null without. */
  per: HeadlineItems | null;
  /** The InDistName pool of the renamings (default: the questions'). */
  pool?: NamePool;
}

/** A headline row from before/after scores, e.g. headlineRow('trap after', 10, { em: 50, f1: 60 }, { em: 40, f1: 45 }). */
export const headlineRow = (label: string, n: number, b: { em: number; f1: number } | null, a: { em: number; f1: number } | null): HeadlineRow => ({ label, n, beforeEm: b?.em ?? null, beforeF1: b?.f1 ?? null, afterEm: a?.em ?? null, afterF1: a?.f1 ?? null });

/** A note counting questions left out, with their first ids, e.g. ['2 left out: x (a, b)']; none for a zero count. */
export const countNote = (what: string, c: { count: number; ids: string[] } | undefined): string[] => (c && c.count ? [`${c.count} ${what} (${c.ids.join(', ')}${c.count > c.ids.length ? ', …' : ''})`] : []);
