/**
 * The audit config (audit.json): datasets × models × experiments × seeds, validated with valibot.
 * Every error names the key path (`experiments[2].rate: …`), so a typo is found before any work.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import * as v from 'valibot';
import { bootstrapError, DEFAULT_BOOTSTRAP } from '../../core/stats/defaults.ts';
import { InputError, parseJson } from '../../core/formats/json.ts';
import { HUB_DATASET_ID, HUB_ID } from '../../core/qa/hub-id.ts';
import { MAX_SEED } from '../../core/text/random.ts';
import { allKinds, type AuditExperiment } from '../../core/experiments/registry.ts';

const name = v.pipe(v.string(), v.regex(/^[\w.@+-]{1,80}$/, 'must be 1–80 letters, digits or . _ - + @ (it names files and tables)'));
const posInt = v.pipe(v.number(), v.integer(), v.minValue(1));
const seed = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_SEED));
/** A Hub dataset's config, split or revision: one line of text. */
const hubText = v.pipe(v.string(), v.regex(/^[^\r\n]{1,200}$/, 'must be 1–200 characters on one line'));
const nonEmpty = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(item), v.minLength(1, 'must list at least one'));

const Dataset = v.pipe(
  v.strictObject({
    name,
    /** A data file in any format qarx reads; ${VAR} is replaced from the environment, relative paths start at the config's folder. */
    path: v.optional(v.string()),
    /** 'demo': the app's built-in demo set. */
    builtin: v.optional(v.picklist(['demo'])),
    /** Only the first N questions (in file order). */
    limit: v.optional(posInt),
    /** Only questions of this language. */
    lang: v.optional(v.picklist(['en', 'zh'])),
    /**
     * Only these questions, in this order (the app's scope): a file of ids (one a line, or a JSON
     * array; relative to the config's folder) or the list itself. The InDistName pool is then built
     * from every question of the data, as the app builds it from the whole dataset.
     */
    ids: v.optional(v.union([v.pipe(v.string(), v.minLength(1, 'must name a file of ids')), nonEmpty(v.pipe(v.string(), v.minLength(1, 'must not be empty')))], 'must be a file of ids or a list of ids')),
    /** The InDistName name pool the renamings draw from (the app's pool): a JSON file of name lists per span kind, e.g. {"PER": ["Ada Lovelace"]}. */
    pool: v.optional(v.pipe(v.string(), v.minLength(1, 'must name a JSON file of name lists'))),
    /**
     * Where this data lives on the Hugging Face Hub, for `qarx card`'s model-index (dataset.type,
     * .config, .split, .revision as load_dataset() takes them); metadata only: the audit never reads it.
     */
    hub: v.optional(v.strictObject({ id: v.pipe(v.string(), v.regex(HUB_DATASET_ID, 'must be a Hub dataset id, e.g. "rajpurkar/squad_v2"')), config: v.optional(hubText), split: v.optional(hubText), revision: v.optional(hubText) })),
  }),
  v.check((d) => (d.path === undefined) !== (d.builtin === undefined), 'needs exactly one of "path" or "builtin"'),
  v.check((d) => d.ids === undefined || d.limit === undefined, '"ids" and "limit" cannot both be given: "ids" already lists the questions'),
);

const Model = v.pipe(
  v.strictObject({
    name: v.optional(name),
    /** A model folder in the Hugging Face layout (e.g. on a mounted volume); ${VAR} is replaced. */
    path: v.optional(v.string()),
    /** A Hub id, fetched from $HF_ENDPOINT (a mirror) or huggingface.co. */
    hub: v.optional(v.pipe(v.string(), v.regex(HUB_ID, 'must be a Hub id owner/name'))),
    dtype: v.optional(v.picklist(['fp32', 'fp16', 'q8'])),
  }),
  v.check((m) => (m.path === undefined) !== (m.hub === undefined), 'needs exactly one of "path" or "hub"'),
);

/** The kinds an audit config can run: those with a settings schema and an audit unit (src/core/experiments/registry.ts). */
const auditKinds = () => allKinds().filter((k) => k.settings !== null && k.audit !== null);
export const EXPERIMENT_KINDS: readonly string[] = auditKinds().map((k) => k.id);
/** One config experiment entry: the schema of the kind its "kind" names. */
type AnyEntry = v.StrictObjectSchema<{ kind: v.LiteralSchema<string, undefined> }, undefined>;
const experiment = () => {
  const kinds = auditKinds();
  return v.variant('kind', kinds.map((k) => k.settings) as unknown as [AnyEntry], `must have "kind": one of ${kinds.map((k) => k.id).join(', ')}`);
};

/** The config's schema (built on each use, so a kind registered later is known). */
export const auditConfigSchema = () =>
  v.strictObject({
    name: v.optional(name, 'audit'),
    datasets: nonEmpty(Dataset),
    models: nonEmpty(Model),
    experiments: nonEmpty(experiment()),
    /** Seeds of the seeded experiments (synthetic noise, paraphrases, traps); the others run once. */
    seeds: v.optional(nonEmpty(seed), [1]),
    /** Uncertainty over questions (src/core/stats): bootstrap resamples, their seed, and whether whole passages are resampled. */
    ci: v.optional(v.strictObject({ bootstrap: v.optional(v.pipe(posInt, v.check((b) => bootstrapError(b) === null, (i) => bootstrapError(i.input as number) ?? '')), DEFAULT_BOOTSTRAP), seed: v.optional(seed, 1), passages: v.optional(v.boolean(), false) })),
  });

export type ExperimentConfig = AuditExperiment;
export type AuditConfig = Omit<v.InferOutput<ReturnType<typeof auditConfigSchema>>, 'experiments'> & { experiments: ExperimentConfig[] };
export type DatasetConfig = v.InferOutput<typeof Dataset>;
export type ModelConfig = v.InferOutput<typeof Model>;

/** A valibot issue's key path as written in the file, e.g. experiments[2].rate. */
export function keyPath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) out += typeof item.key === 'number' ? `[${item.key}]` : `${out ? '.' : ''}${String(item.key)}`;
  return out || '(top level)';
}

/** Validates parsed JSON; throws an InputError listing each problem as `file: key.path: message`. */
export function validateConfig(raw: unknown, file: string): AuditConfig {
  const r = v.safeParse(auditConfigSchema(), raw, { abortPipeEarly: true });
  if (r.success) {
    const names = (xs: readonly { name?: string }[], what: string) => {
      const seen = new Set<string>();
      xs.forEach((x, i) => {
        if (x.name === undefined) return;
        if (seen.has(x.name)) throw new InputError(`${file}: ${what}[${i}].name: "${x.name}" is used twice; names must differ.`);
        seen.add(x.name);
      });
    };
    names(r.output.datasets, 'datasets');
    names(r.output.models, 'models');
    return r.output as AuditConfig;
  }
  const lines = r.issues.slice(0, 8).map((i) => `${file}: ${keyPath(i)}: ${i.message}`);
  throw new InputError(`bad audit config:\n  ${lines.join('\n  ')}${r.issues.length > 8 ? `\n  … ${r.issues.length - 8} more` : ''}`);
}

/** Replaces ${VAR} from the environment; an unset variable is an error naming the key. */
export function expandEnv(s: string, where: string, env: Record<string, string | undefined> = process.env): string {
  return s.replace(/\$\{(\w+)\}/g, (_, k: string) => {
    const val = env[k];
    if (val === undefined) throw new InputError(`${where}: environment variable ${k} is not set.`);
    return val;
  });
}

/** A path from the config: env expanded, relative to the config file's folder. */
export function configPath(s: string, configFile: string, where: string): string {
  const p = expandEnv(s, where);
  return isAbsolute(p) ? p : resolve(dirname(resolve(configFile)), p);
}

/** Reads and validates a config file. */
export function parseConfigText(text: string, file: string): AuditConfig {
  return validateConfig(parseJson(text, file), file);
}
