/** The experiment-kind registry (src/core/experiments): every kind complete, no kind switched on elsewhere, and a new kind known everywhere from its folder plus one registration. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { allKinds, kindLabel, kindOf, KINDS, registerKind } from '../../src/core/experiments/registry.ts';
import { KIND_FIELDS, type ExperimentKind } from '../../src/core/experiments/kind.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';
import { builtInTable, savedHeadline } from '../../src/app/store/run-saving.ts';
import { validateConfig } from '../../src/cli/audit/config.ts';
import { planUnits } from '../../src/cli/audit/plan.ts';
import { runExperiment } from '../../src/cli/audit/experiments.ts';
import type { Instance } from '../../src/core/data/types.ts';
import type { RunRecord } from '../../src/core/results/run-record.ts';
import type { Predictor } from '../../src/core/entity/tally.ts';
import { lowercase } from '../support/lowercase-kind/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** The fields a descriptor lacks (undefined; null is a stated "none"). */
const missingFields = (k: object): string[] => KIND_FIELDS.filter((f) => (k as Record<string, unknown>)[f] === undefined);

describe('every kind has every descriptor field', () => {
  it.each(KINDS.map((k) => [k.id, k] as const))('%s', async (id, k) => {
    expect(missingFields(k)).toEqual([]);
    expect(k.label).not.toBe('');
    // A settings schema and an audit unit come together: the config admits exactly the kinds it can run.
    expect(k.settings === null).toBe(k.audit === null);
    if (k.settings && k.audit) {
      expect((v.parse(k.settings, { kind: id }) as { kind: string }).kind).toBe(id);
      expect(typeof (await k.audit.load()).run).toBe('function');
    }
  });
  it('finds a missing field (so the check above can fail)', () => {
    const { headline: _, ...broken } = lowercase;
    expect(missingFields(broken)).toEqual(['headline']);
  });
  it('ids are unique, and a built-in id cannot be registered again', () => {
    expect(new Set(KINDS.map((k) => k.id)).size).toBe(KINDS.length);
    expect(() => registerKind({ ...lowercase, id: 'sweep' } as ExperimentKind<never, never, never>)).toThrow(/registered already/);
  });
});

/** Every .ts/.tsx file under a folder. */
const sources = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? sources(join(dir, f)) : /\.tsx?$/.test(f) ? [join(dir, f)] : []));

/**
 * Lines that name a kind's id as a switch case or compare a kind with it, outside src/core/experiments.
 * Allowed, each for its reason: the worker's request switches (a request type is a protocol message,
 * typed in worker/protocol.ts, not a run kind) and the gallery's case kinds (CaseKind, not a run kind).
 */
const ALLOWED: readonly [string, RegExp][] = [
  ['src/worker/qa.worker.ts', /^\s*case '\w+':$/],
  ['src/worker/multi-jobs.ts', /^\s*case 'robustness': \{$/],
  ['src/core/results/gallery.ts', /: kind === 'universal' \? \[c\.name/],
];

describe('no kind is switched on outside the registry', () => {
  it('src has no `case <kind>` or `kind === <kind>` outside src/core/experiments', () => {
    const ids = allKinds().map((k) => k.id).join('|');
    const pattern = new RegExp(`(case\\s+|kind\\s*[!=]==?\\s*)'(${ids})'`);
    const found = sources(join(ROOT, 'src'))
      .map((f) => relative(ROOT, f).split('\\').join('/'))
      .filter((f) => !f.startsWith('src/core/experiments/'))
      .flatMap((f) => readFileSync(join(ROOT, f), 'utf8').split('\n').map((line, i) => ({ f, line, at: `${f}:${i + 1}` })))
      .filter(({ f, line }) => pattern.test(line) && !ALLOWED.some(([file, ok]) => file === f && ok.test(line)))
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(found).toEqual([]);
  });
});

const inst = (id: string, question: string, answer: string | null): Instance => ({ id, dataset: 'toy', title: 'T', question, context: 'Marie Curie was born in Warsaw.', answers: answer ? [{ text: answer, start: 'Marie Curie was born in '.length }] : [], isImpossible: answer === null, lang: 'en', tags: [] });
const record: RunRecord = { datasets: ['toy.json'], n: 2, selected: 2, query: '', filters: {}, model: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm', versionTwo: false, versionTwoReason: '', settings: {}, date: '2026-11-27T07:00:00.000Z' };

describe('a new kind: its folder plus one registration (docs/architecture.md)', () => {
  it('is known to run history, the store, the qarx command, the audit config, planning and the unit run', async () => {
    expect(kindOf('lowercase')).toBeUndefined();
    const unregister = registerKind(lowercase);
    try {
      expect(kindLabel('lowercase')).toBe('Lowercased questions');
      const payload = { n: 2, original: { em: 100, f1: 100 }, lowercased: { em: 0, f1: 0 } };
      expect(builtInTable('lowercase', payload, record)?.rows).toEqual([['EM', 100, 0], ['F1', 100, 0]]);
      expect(savedHeadline('lowercase', payload)).toEqual({ n: 2, original: { em: 100, f1: 100 }, perturbed: { em: 0, f1: 0 } });
      expect(qarxCommand('lowercase', record)).toEqual({ command: null, note: 'No qarx command lowercases questions yet; toy.json stands for the 2 questions of toy.json, as a data file (any format qarx reads).' });
      const config = validateConfig({ datasets: [{ name: 'demo', builtin: 'demo' }], models: [{ path: 'public/models/qarx-lexical-qa' }], experiments: [{ kind: 'lowercase' }] }, 'audit.json');
      expect(planUnits(config, join(ROOT, 'audit.json')).map((u) => u.label)).toEqual(['demo · qarx-lexical-qa · lowercase']);
      // A model that answers only capitalised questions: 2 answerable questions, EM 100 before, 0 after.
      const predict: Predictor = async (inputs) => ({ predictions: inputs.map((q) => ({ id: q.id, text: /[A-Z]/.test(q.question) ? 'Warsaw' : '', best: null, nbest: [], nullScoreDiff: null, windows: 1 })), cancelled: false });
      const qs = [inst('a', 'Where was Marie Curie born?', 'Warsaw'), inst('b', 'Where was Curie born?', 'Warsaw'), inst('c', 'Who was born in Paris?', null)];
      const out = await runExperiment({ kind: 'lowercase' } as never, null, qs, predict, false, () => {});
      expect(out.headline).toEqual([{ label: 'lowercased', n: 2, beforeEm: 100, beforeF1: 100, afterEm: 0, afterF1: 0 }]);
    } finally {
      unregister();
    }
    expect(kindOf('lowercase')).toBeUndefined();
    expect(() => validateConfig({ datasets: [{ name: 'demo', builtin: 'demo' }], models: [{ path: 'm' }], experiments: [{ kind: 'lowercase' }] }, 'audit.json')).toThrow(/must have "kind": one of original, sweep, budget, natural, synthetic, paraphrase, traps, adversarial/);
  });

  it("docs/architecture.md shows the example's code as it is", () => {
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    expect(doc).toContain(readFileSync(join(ROOT, 'test', 'support', 'lowercase-kind', 'index.ts'), 'utf8').trim());
  });
});
