/**
 * The model card's model-index (issue 39 §6), checked against the Hub's model-card metadata rules
 * (hub-docs modelcard.md; huggingface_hub repocard_data.py EvalResult / model_index_to_eval_results):
 * dataset.type is the Hub dataset id the audit config names (else a local form no Hub id can take,
 * with a warning), the unperturbed scores are the dataset's metrics, each perturbation is a result of
 * its own with a distinct name and args, and every CI of summary.json is kept (the original's too).
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { robustnessCard } from '../../src/core/audit/card.ts';
import { modelIndexOf } from '../../src/core/audit/card-index.ts';
import { modelIndexProblems, modelIndexWarnings, type ModelIndex } from '../../src/core/audit/model-index.ts';
import { validateConfig } from '../../src/cli/audit/config.ts';
import { cardSummary, PARTS } from '../support/card-summary.ts';

const SQUAD = { id: 'rajpurkar/squad_v2', config: 'squad_v2', split: 'validation' };
const hub = new Map([['sq2half', SQUAD]]);
const opts = { config: 'audit.json', out: 'out' };
/** The front matter of a card, parsed. */
const front = (text: string) => parse(/^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '') as { 'model-index': ModelIndex };

describe('model-index from an audit summary', () => {
  const { index, notes } = modelIndexOf(cardSummary(), cardSummary().models[0]!, hub);
  const [orig, trap] = index[0]!.results;

  it('names the Hub dataset id, config and split the audit config gives, not the audit\'s local name', () => {
    expect(notes).toEqual({ noHubId: [], noOriginal: [] });
    for (const r of [orig, trap]) expect(r?.dataset).toMatchObject({ type: 'rajpurkar/squad_v2', config: 'squad_v2', split: 'validation' });
    expect(orig?.dataset.name).toBe('sq2half');
  });

  it('gives the dataset the unperturbed EM/F1 (the original row) with the F1\'s CI from before_f1_lo/hi', () => {
    expect(orig?.task.type).toBe('question-answering');
    expect(orig?.metrics.map((m) => [m.type, m.value, m.verified])).toEqual([['exact_match', 62.5, false], ['f1', 70.44, false]]);
    expect(orig?.metrics[1]?.args).toMatchObject({ n: 24, questions: 'answerable', ci95_low: 53.16, ci95_high: 87.44, ci_settings: { bootstrap: 300, seed: 3, passages: false } });
    expect(orig?.metrics.every((m) => m.args?.perturbation === undefined)).toBe(true);
  });

  it('makes each perturbation a result of its own: distinct name, the perturbation and every CI and p in args', () => {
    expect(trap?.metrics.map((m) => [m.type, m.value, m.name])).toEqual([
      ['exact_match', 21.74, 'EM after Trap sentences (traps generated after · seed 1 · trap after)'],
      ['f1', 27.12, 'F1 after Trap sentences (traps generated after · seed 1 · trap after)'],
    ]);
    // Hand-computed from the fixture: EM drop 60.8696 − 21.7391 = 39.13; F1 drop is summary's drop_f1 42.029.
    expect(trap?.metrics[0]?.args).toMatchObject({ perturbation: 'Trap sentences (traps generated after · seed 1 · trap after)', n: 23, before: 60.87, drop: 39.13, drop_ci95_low: 21.74, drop_ci95_high: 60.87, p: 0.003906, p_holm: 0.01953, settings: { source: 'generated', position: 'after', seed: 1 } });
    expect(trap?.metrics[1]?.args).toMatchObject({ before: 69.15, before_ci95_low: 50.29, before_ci95_high: 86.96, ci95_low: 11.18, ci95_high: 44.32, drop: 42.03, drop_ci95_low: 23.12, drop_ci95_high: 64.53, p: 0.001953, p_holm: 0.01172, significance: 'significant' });
  });

  it('passes the Hub\'s rules with no warning, and the card\'s YAML reads back as the same index', () => {
    expect(modelIndexProblems(index)).toEqual([]);
    expect(modelIndexWarnings(index)).toEqual([]);
    const card = robustnessCard(cardSummary(), { ...opts, hub });
    expect(card).toMatchObject({ problems: [], warnings: [] });
    expect(front(card.text)['model-index']).toEqual(index);
  });

  it('the card\'s table keeps the original\'s CI and labels raw and Holm-adjusted p', () => {
    const { text } = robustnessCard(cardSummary(), { ...opts, hub });
    expect(text).toContain('| sq2half | none \\(unperturbed\\) | 24 | 62.5 | – | 70.4 [53.2, 87.4] | – | – | – |');
    expect(text).toContain('| 60.9 → 21.7 | +39.1 [+21.7, +60.9] | 69.2 [50.3, 87.0] → 27.1 [11.2, 44.3] | +42.0 [+23.1, +64.5] | 0.0020 | 0.012 |');
    expect(text).toContain('p F1 (raw) | p F1 (Holm-adjusted)');
    expect(text).not.toMatch(/no CI/);
    expect(text).toContain('Hub dataset `rajpurkar/squad_v2` (config `squad_v2`, split `validation`)');
  });
});

describe('what the Hub accepts but a reader misreads is warned about', () => {
  it('a dataset with no Hub id: a local form no Hub id can take, said in the card and on stderr', () => {
    const card = robustnessCard(cardSummary(), opts);
    const results = front(card.text)['model-index'][0]?.results ?? [];
    expect(results.map((r) => r.dataset.type)).toEqual(['local:sq2half', 'local:sq2half']);
    expect(card.problems).toEqual([]);
    expect(card.warnings).toEqual([expect.stringMatching(/^dataset "sq2half" has no Hub dataset id: the metadata calls it "local:sq2half"/)]);
    expect(card.text).toContain('sq2half: **no Hub dataset id**');
    expect(modelIndexWarnings(front(card.text)['model-index'])).toEqual([
      expect.stringMatching(/^model-index\[0\]\.results\[0\]\.dataset\.type: "local:sq2half" is not a Hub dataset id/),
      expect.stringMatching(/^model-index\[0\]\.results\[1\]\.dataset\.type: /),
    ]);
  });

  it('an audit without the original score: its perturbed results stay out of the metadata, with a warning', () => {
    const card = robustnessCard(cardSummary({ ...PARTS, noOriginal: true }), { ...opts, hub });
    expect(front(card.text)['model-index'][0]?.results).toEqual([]);
    expect(card.warnings).toEqual([expect.stringMatching(/^dataset "sq2half" has no unperturbed score/)]);
    expect(card.text).toMatch(/sq2half: left out of the metadata/);
  });

  it('a perturbed-only result for a dataset is flagged; one with its unperturbed result is not', () => {
    const { index } = modelIndexOf(cardSummary(), cardSummary().models[0]!, hub);
    const model = index[0]!;
    const onlyPerturbed: ModelIndex = [{ ...model, results: model.results.slice(1) }];
    expect(modelIndexWarnings(onlyPerturbed)).toEqual([expect.stringMatching(/^model-index\[0\]\.results\[0\]: only perturbed scores for dataset "rajpurkar\/squad_v2"/)]);
    // The same perturbed result on another split has no unperturbed result of its own.
    const otherSplit: ModelIndex = [{ ...model, results: [model.results[0]!, { ...model.results[1]!, dataset: { ...model.results[1]!.dataset, split: 'train' } }] }];
    expect(modelIndexWarnings(otherSplit)).toHaveLength(1);
  });

  it('two metrics of one dataset with the same type and name are flagged', () => {
    const { index } = modelIndexOf(cardSummary(), cardSummary().models[0]!, hub);
    const r = index[0]!.results[1]!;
    expect(modelIndexWarnings([{ ...index[0]!, results: [...index[0]!.results, r] }])).toEqual([expect.stringMatching(/same dataset, type and name/), expect.stringMatching(/same dataset, type and name/)]);
  });
});

describe('the strict schema mirrors the Hub\'s (modelcard.md, EvalResult)', () => {
  const ok = { name: 'm', results: [{ task: { type: 'question-answering' }, dataset: { type: 'rajpurkar/squad_v2', name: 'SQuAD v2' }, metrics: [{ type: 'f1', value: 80 }] }] };
  it.each([
    ['the minimal index of the spec', [ok], []],
    ['a string value ("20.0 ± 1.2")', [{ ...ok, results: [{ ...ok.results[0]!, metrics: [{ type: 'f1', value: '20.0 ± 1.2' }] }] }], []],
    ['a source with a url', [{ ...ok, results: [{ ...ok.results[0]!, source: { name: 'x', url: 'https://x' } }] }], []],
    ['a source name without url (EvalResult raises)', [{ ...ok, results: [{ ...ok.results[0]!, source: { name: 'x' } }] }], [/results\[0\]\.source\.url: /]],
    ['no dataset name', [{ ...ok, results: [{ ...ok.results[0]!, dataset: { type: 'd' } }] }], [/results\[0\]\.dataset\.name: /]],
    ['a non-finite value', [{ ...ok, results: [{ ...ok.results[0]!, metrics: [{ type: 'f1', value: Number.NaN }] }] }], [/metrics\[0\]\.value: /]],
    ['metric args as a string, not a mapping', [{ ...ok, results: [{ ...ok.results[0]!, metrics: [{ type: 'f1', value: 1, args: 'x' }] }] }], [/metrics\[0\]\.args: /]],
    ['an unknown key (a typo)', [{ ...ok, results: [{ ...ok.results[0]!, metric: [] }] }], [/results\[0\]\.metric: /]],
  ])('%s', (_, value, want) => {
    const got = modelIndexProblems(value);
    expect(got).toHaveLength(want.length);
    want.forEach((w, i) => expect(got[i]).toMatch(w));
  });
});

describe('the audit config names a Hub dataset per dataset', () => {
  const base = { models: [{ path: 'm' }], experiments: [{ kind: 'original' }] };
  it('accepts hub { id, config, split, revision }', () => {
    const c = validateConfig({ ...base, datasets: [{ name: 'sq2half', path: 'x.json', hub: { ...SQUAD, revision: 'abc' } }] }, 'audit.json');
    expect(c.datasets[0]?.hub).toEqual({ ...SQUAD, revision: 'abc' });
  });
  it.each([
    [{ id: 'not a hub id' }, /datasets\[0\]\.hub\.id: must be a Hub dataset id/],
    [{ id: 'a/b', split: 'x\ny' }, /datasets\[0\]\.hub\.split: must be 1–200 characters on one line/],
    [{ id: 'a/b', typo: 1 }, /datasets\[0\]\.hub\.typo: /],
  ])('refuses %j', (h, want) => {
    expect(() => validateConfig({ ...base, datasets: [{ name: 'd', builtin: 'demo', hub: h }] }, 'audit.json')).toThrow(want);
  });
});
