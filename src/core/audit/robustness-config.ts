/**
 * The `qarx audit` config (audit.json, see src/cli/audit/config.ts) that re-runs a robustness table
 * of the app: its questions × its models × the table's experiments. Pure, so the app builds the file
 * without the CLI's code; a unit test checks it against the CLI's schema.
 */
import { RENAME_SOURCES, type RobustnessConfig } from '../results/robustness-columns.ts';
import { dataFile, modelArg, type RunRecord } from '../results/run-record.ts';
import { isHubId } from '../qa/hub-id.ts';

export { ROBUSTNESS_AUDIT_FILE } from '../results/run-record.ts';

/** A model of the table: its id (a Hub id, the shipped model, or a local folder's name) and precision. */
export interface AuditModelIn {
  letter: string;
  id: string;
  dtype: string;
}

/** The config as audit.json holds it (the CLI's AuditConfig input, as plain data). */
export interface AuditConfigFile {
  name: string;
  /** `hub`: where the data lives on the Hugging Face Hub, for `qarx card` (metadata only). */
  datasets: ({ name: string; limit?: number; ids?: string[]; hub?: { id: string; config?: string; split?: string; revision?: string } } & ({ builtin: 'demo' } | { path: string }))[];
  models: { name: string; dtype?: 'fp32' | 'fp16' | 'q8'; path?: string; hub?: string }[];
  experiments: Record<string, unknown>[];
  seeds: number[];
  /** The table's CI setting (the run record's settings.ci), so the audit's summary carries the same CI and p. */
  ci?: { bootstrap: number; seed: number; passages: boolean };
}

/** The app's built-in demo set's dataset name. */
const DEMO = 'Demo set (built in)';

/** A config name: letters, digits and . _ - + @ only, at most 80 (the schema's rule), e.g. safeName('A-qarx/tiny bert') === 'A-qarx_tiny_bert'. */
export const safeName = (s: string): string => s.replace(/[^\w.@+-]+/g, '_').slice(0, 80) || 'x';

/** A model entry: a Hub id as `hub`, else a folder `path` (the shipped model's, or a placeholder named after the id). */
function modelEntry(m: AuditModelIn): AuditConfigFile['models'][number] {
  const dtype = m.dtype === 'fp32' || m.dtype === 'fp16' || m.dtype === 'q8' ? m.dtype : undefined;
  const where = isHubId(m.id) ? { hub: m.id } : { path: modelArg(m.id) };
  return { name: safeName(`${m.letter}-${m.id}`), ...where, ...(dtype ? { dtype } : {}) };
}

/** The audit's "ci" from the run record's CI setting (none when the table had no statistics). */
function ciOf(run: RunRecord): Pick<AuditConfigFile, 'ci'> {
  const c = run.settings.ci as { bootstrap?: unknown; seed?: unknown; byPassage?: unknown } | undefined;
  return c && typeof c.bootstrap === 'number' && typeof c.seed === 'number' ? { ci: { bootstrap: c.bootstrap, seed: c.seed, passages: c.byPassage === true } } : {};
}

/**
 * The audit config of a robustness run: one dataset (the demo set, or a file named after the run's
 * data) with the run's questions (its recorded ids, in run order, when its scope narrowed them, so the
 * pool is the whole data's as in the app; else the first N), every model of the table, and the
 * table's experiments with its settings.
 */
export function robustnessAuditConfig(run: RunRecord, config: RobustnessConfig, models: readonly AuditModelIn[]): AuditConfigFile {
  const demo = run.datasets.length === 1 && run.datasets[0] === DEMO;
  const which = run.ids && run.ids.length > 0 ? { ids: [...run.ids] } : { limit: Math.max(1, run.n) };
  const dataset = { name: demo ? 'demo' : safeName(dataFile(run.datasets).replace(/\.[^.]+$/, '')), ...(demo ? { builtin: 'demo' as const } : { path: dataFile(run.datasets) }), ...which };
  return {
    name: 'robustness',
    datasets: [dataset],
    models: models.map(modelEntry),
    experiments: [
      { kind: 'original' },
      { kind: 'sweep', types: [...config.types], sources: [...RENAME_SOURCES], seeds: config.seeds, origin: 'us', origins: [] },
      { kind: 'natural' },
      { kind: 'synthetic', noise: [config.noise.kind], rate: config.noise.rate },
      { kind: 'paraphrase', kinds: ['combined'], dataset: true },
      { kind: 'traps', source: 'generated', position: 'after' },
      { kind: 'budget', type: 'PER', source: 'db', budget: config.budget },
    ],
    seeds: [config.seed],
    ...ciOf(run),
  };
}
