/** Shared by the audit tests: a small audit config on the shipped model and demo questions, and a byte comparison of two summaries. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './run-qarx.ts';

// The config reads the model folder from the environment, as a cluster job reads its mounted volume.
process.env.QARX_AUDIT_MODELS = join(ROOT, 'public', 'models');

/** 9 units: sweep, budget and revision pairs once; keyboard noise, paraphrases and traps for seeds 1 and 2. */
export function auditConfig(): Record<string, unknown> {
  return {
    name: 'test-audit',
    datasets: [{ name: 'demo', builtin: 'demo', lang: 'en', limit: 8 }],
    models: [{ path: '${QARX_AUDIT_MODELS}/qarx-lexical-qa' }],
    seeds: [1, 2],
    experiments: [
      { kind: 'sweep', types: ['PER'], sources: ['randstr'], seeds: 1, origins: [] },
      { kind: 'budget', type: 'PER', source: 'randstr', budget: 2 },
      { kind: 'natural' },
      { kind: 'synthetic', noise: ['keyboard'] },
      { kind: 'paraphrase', kinds: ['reorder'] },
      { kind: 'traps' },
    ],
  };
}

/** A file with its ISO timestamps blanked. */
const normalized = (path: string) => readFileSync(path, 'utf8').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');

/** Expects the summary files of two results directories to be the same bytes, timestamps aside. */
export function compareSummaries(a: string, b: string): void {
  const tables = (d: string) => readdirSync(join(d, 'tables')).sort();
  expect(tables(b)).toEqual(tables(a));
  for (const f of ['summary.json', 'summary.md', 'report.html', ...tables(a).map((t) => join('tables', t))]) expect(normalized(join(b, f)), f).toBe(normalized(join(a, f)));
}
