/**
 * The Hugging Face model card's `model-index` metadata, as the Hub documents it
 * (huggingface/hub-docs modelcard.md; huggingface_hub's EvalResult): a list of models, each with
 * results of task × dataset × metrics. Required: name, task.type, dataset.type and .name,
 * metric type and value; the rest optional. No npm library validates it, so this schema is written
 * from that documentation (valibot, strict: an unknown key is an error, as a typo would be).
 */
import * as v from 'valibot';

const text = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

const Metric = v.strictObject({
  type: text,
  value: v.union([v.number(), v.string()]),
  name: v.optional(text),
  config: v.optional(text),
  args: v.optional(v.record(v.string(), v.unknown())),
  verified: v.optional(v.boolean()),
  verifyToken: v.optional(v.string()),
});

const Result = v.strictObject({
  task: v.strictObject({ type: text, name: v.optional(text) }),
  dataset: v.strictObject({ type: text, name: text, config: v.optional(text), split: v.optional(text), revision: v.optional(text), args: v.optional(v.record(v.string(), v.unknown())) }),
  metrics: v.pipe(v.array(Metric), v.minLength(1, 'must list at least one metric')),
  source: v.optional(v.strictObject({ name: v.optional(text), url: text })),
});

export const ModelIndexSchema = v.pipe(v.array(v.strictObject({ name: text, results: v.array(Result) })), v.minLength(1, 'must list at least one model'));
export type ModelIndex = v.InferOutput<typeof ModelIndexSchema>;

/** The problems of a model-index value, each as "path: message" ([] when it follows the Hub's rules). */
export function modelIndexProblems(value: unknown): string[] {
  const r = v.safeParse(ModelIndexSchema, value);
  if (r.success) return [];
  return r.issues.map((i) => `model-index${(i.path ?? []).map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`)).join('')}: ${i.message}`);
}

/** A YAML scalar: numbers as they are, strings double-quoted with JSON escapes (valid YAML 1.2). */
const scalar = (x: unknown): string => (typeof x === 'number' || typeof x === 'boolean' ? String(x) : JSON.stringify(String(x)));

/** A value as block YAML indented by `pad` (objects and arrays of objects; no anchors, no flow maps). */
export function toYaml(value: unknown, pad = ''): string {
  if (Array.isArray(value)) return value.map((x) => (x !== null && typeof x === 'object' ? `${pad}- ${toYaml(x, `${pad}  `).slice(pad.length + 2)}` : `${pad}- ${scalar(x)}\n`)).join('');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => (x !== null && typeof x === 'object' ? `${pad}${k}:\n${toYaml(x, `${pad}  `)}` : `${pad}${k}: ${scalar(x)}\n`))
      .join('');
  }
  return `${pad}${scalar(value)}\n`;
}
