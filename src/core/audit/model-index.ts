/**
 * The Hugging Face model card's `model-index` metadata, as the Hub documents it: hub-docs
 * `modelcard.md` (the spec the Hub checks on push) and huggingface_hub's `repocard_data.py`
 * (`EvalResult`, `model_index_to_eval_results`, which reads it back). A list of models, each with
 * results of task × dataset × metrics. Required: name, results, task.type, dataset.type and .name,
 * metrics[].type and .value (a number or a string such as "20.0 ± 1.2"); optional: task.name,
 * dataset.config/.split/.revision/.args (a mapping: "arguments to load_dataset()"), metrics[].name/
 * .config/.args (a mapping)/.verified/.verifyToken, and source (url required when given: EvalResult
 * raises on a source name without a url). No npm library validates it, so this schema mirrors those
 * two sources (valibot, strict: an unknown key is an error, as a typo would be).
 *
 * Beyond what the Hub refuses, `modelIndexWarnings` names what it accepts but a reader would misread:
 * a dataset.type that is no Hub dataset id, and a dataset whose only scores are perturbed ones.
 */
import * as v from 'valibot';
import { isHubDatasetId } from '../qa/hub-id.ts';

const text = v.pipe(v.string(), v.minLength(1, 'must not be empty'));
const mapping = v.record(v.string(), v.unknown());

const Metric = v.strictObject({
  type: text,
  value: v.union([v.pipe(v.number(), v.finite()), v.string()], 'must be a number or a string'),
  name: v.optional(text),
  config: v.optional(text),
  args: v.optional(mapping),
  verified: v.optional(v.boolean()),
  verifyToken: v.optional(v.string()),
});

const Result = v.strictObject({
  task: v.strictObject({ type: text, name: v.optional(text) }),
  dataset: v.strictObject({ type: text, name: text, config: v.optional(text), split: v.optional(text), revision: v.optional(text), args: v.optional(mapping) }),
  metrics: v.pipe(v.array(Metric), v.minLength(1, 'must list at least one metric')),
  source: v.optional(v.strictObject({ name: v.optional(text), url: text })),
});

export const ModelIndexSchema = v.pipe(v.array(v.strictObject({ name: text, results: v.array(Result) })), v.minLength(1, 'must list at least one model'));
export type ModelIndex = v.InferOutput<typeof ModelIndexSchema>;
export type ModelIndexResult = v.InferOutput<typeof Result>;

/** A valibot issue's path as "model-index[0].results[1].dataset.type". */
const pathOf = (i: v.BaseIssue<unknown>): string => `model-index${(i.path ?? []).map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`)).join('')}`;

/** The problems of a model-index value under the Hub's rules, each as "path: message" ([] when it follows them). */
export function modelIndexProblems(value: unknown): string[] {
  const r = v.safeParse(ModelIndexSchema, value);
  return r.success ? [] : r.issues.map((i) => `${pathOf(i)}: ${i.message}`);
}

/** The key of this tool's metric args that marks a score measured after a perturbation. */
export const PERTURBATION_ARG = 'perturbation';

/** Whether a result's scores were measured after a perturbation (every metric's args name one). */
export const isPerturbed = (r: ModelIndexResult): boolean => r.metrics.every((m) => m.args?.[PERTURBATION_ARG] !== undefined);

/** The dataset as load_dataset() would name it: type, config, split (what huggingface_hub groups results by, with the task). */
const datasetKey = (r: ModelIndexResult): string => JSON.stringify([r.task.type, r.dataset.type, r.dataset.config ?? null, r.dataset.split ?? null, r.dataset.revision ?? null]);

/**
 * What the Hub accepts but a metadata reader would misread, each as "path: message": a dataset.type
 * that is no Hub dataset id, a dataset with perturbed scores and no unperturbed one (its F1 would be
 * read as the model's), and two metrics of one dataset with the same type and name.
 */
export function modelIndexWarnings(index: ModelIndex): string[] {
  const out: string[] = [];
  index.forEach((model, mi) => {
    const plain = new Set(model.results.filter((r) => !isPerturbed(r)).map(datasetKey));
    const names = new Map<string, string>();
    model.results.forEach((r, ri) => {
      const at = `model-index[${mi}].results[${ri}]`;
      if (!isHubDatasetId(r.dataset.type)) out.push(`${at}.dataset.type: "${r.dataset.type}" is not a Hub dataset id (owner/name); the Hub cannot link it to a dataset`);
      if (isPerturbed(r) && !plain.has(datasetKey(r))) out.push(`${at}: only perturbed scores for dataset "${r.dataset.type}": no unperturbed result, so a reader would take a perturbed score for the model's`);
      r.metrics.forEach((m, k) => {
        const id = `${datasetKey(r)}${m.type}\u0000${m.name ?? ''}`;
        const first = names.get(id);
        if (first !== undefined) out.push(`${at}.metrics[${k}]: same dataset, type and name as ${first}; give each result a distinct name`);
        else names.set(id, `${at}.metrics[${k}]`);
      });
    });
  });
  return out;
}
