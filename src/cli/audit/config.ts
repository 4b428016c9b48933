/**
 * The audit config (audit.json): datasets × models × experiments × seeds, validated with valibot.
 * Every error names the key path (`experiments[2].rate: …`), so a typo is found before any work.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import * as v from 'valibot';
import { ENTITY_CHOICES, MAX_BUDGET, MAX_SWEEP_SEEDS, NAME_SOURCES, ORIGINS, RENAME_TARGETS } from '../../core/entity/options.ts';
import { CATEGORY_RULES } from '../../core/natural/categories.ts';
import { NOISE_KINDS } from '../../core/natural/noise-kinds.ts';
import { PARAPHRASE_KINDS } from '../../core/sensitivity/kinds.ts';
import { TRAP_POSITIONS } from '../../core/trap/insert.ts';
import { TRAP_SOURCES } from '../../core/trap/summary.ts';
import { InputError, parseJson } from '../../core/formats/json.ts';
import { HUB_ID } from '../../core/qa/hub-id.ts';
import { MAX_SEED } from '../../core/text/random.ts';

const name = v.pipe(v.string(), v.regex(/^[\w.@+-]{1,80}$/, 'must be 1–80 letters, digits or . _ - + @ (it names files and tables)'));
const posInt = v.pipe(v.number(), v.integer(), v.minValue(1));
const seed = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_SEED));
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

/** A Hub token-classification model (Hub id, or a folder relative to the config) that finds the answer entities in place of the built-in tagger. */
const tagger = v.optional(v.pipe(v.string(), v.minLength(1, 'must name a Hub id or a model folder')));

const Sweep = v.strictObject({
  kind: v.literal('sweep'),
  types: v.optional(nonEmpty(v.picklist(ENTITY_CHOICES)), ['PER', 'ORG', 'GPE', 'MIX']),
  sources: v.optional(nonEmpty(v.picklist(NAME_SOURCES)), ['indist', 'db', 'randstr']),
  target: v.optional(v.picklist(RENAME_TARGETS), 'answer'),
  seeds: v.optional(v.pipe(posInt, v.maxValue(MAX_SWEEP_SEEDS)), 5),
  origin: v.optional(v.picklist(ORIGINS), 'us'),
  origins: v.optional(v.array(v.picklist(ORIGINS)), ['us']),
  tagger,
});
const Budget = v.strictObject({
  kind: v.literal('budget'),
  type: v.optional(v.picklist(ENTITY_CHOICES), 'MIX'),
  source: v.optional(v.picklist(NAME_SOURCES), 'db'),
  target: v.optional(v.picklist(RENAME_TARGETS), 'answer'),
  origin: v.optional(v.picklist(ORIGINS), 'us'),
  budget: v.optional(v.pipe(posInt, v.maxValue(MAX_BUDGET)), 10),
  /** RESEMBLE: M canonical names, chosen on a validation split of 30% of the questions drawn by `seed` (absent: 1). */
  resemble: v.optional(v.nullable(v.strictObject({ m: v.picklist([1, 3]), temperature: v.optional(v.pipe(v.number(), v.gtValue(0)), 2), seed: v.optional(seed) })), null),
  tagger,
});
const Natural = v.strictObject({ kind: v.literal('natural'), rule: v.optional(v.picklist(CATEGORY_RULES), 'script') });
const Synthetic = v.strictObject({
  kind: v.literal('synthetic'),
  noise: v.optional(nonEmpty(v.picklist(NOISE_KINDS)), ['keyboard']),
  rate: v.optional(v.pipe(v.number(), v.gtValue(0), v.maxValue(1)), 0.3),
  rule: v.optional(v.picklist(CATEGORY_RULES), 'script'),
});
const Paraphrase = v.strictObject({
  kind: v.literal('paraphrase'),
  kinds: v.optional(v.array(v.picklist(PARAPHRASE_KINDS)), ['reorder', 'function-word', 'synonym', 'content-word']),
  dataset: v.optional(v.boolean(), false),
});
const Traps = v.strictObject({ kind: v.literal('traps'), source: v.optional(v.picklist(TRAP_SOURCES), 'generated'), position: v.optional(v.picklist(TRAP_POSITIONS), 'after') });
const Adversarial = v.strictObject({ kind: v.literal('adversarial') });

export const EXPERIMENT_KINDS = ['sweep', 'budget', 'natural', 'synthetic', 'paraphrase', 'traps', 'adversarial'] as const;
const Experiment = v.variant('kind', [Sweep, Budget, Natural, Synthetic, Paraphrase, Traps, Adversarial], `must have "kind": one of ${EXPERIMENT_KINDS.join(', ')}`);

export const AuditConfigSchema = v.strictObject({
  name: v.optional(name, 'audit'),
  datasets: nonEmpty(Dataset),
  models: nonEmpty(Model),
  experiments: nonEmpty(Experiment),
  /** Seeds of the seeded experiments (synthetic noise, paraphrases, traps); the others run once. */
  seeds: v.optional(nonEmpty(seed), [1]),
  /** Uncertainty over questions (src/core/stats): bootstrap resamples, their seed, and whether whole passages are resampled. */
  ci: v.optional(v.strictObject({ bootstrap: v.optional(v.pipe(posInt, v.maxValue(100_000)), 1000), seed: v.optional(seed, 1), passages: v.optional(v.boolean(), false) })),
});

export type AuditConfig = v.InferOutput<typeof AuditConfigSchema>;
export type ExperimentConfig = v.InferOutput<typeof Experiment>;
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
  const r = v.safeParse(AuditConfigSchema, raw, { abortPipeEarly: true });
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
    return r.output;
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
