import { describe, expect, it } from 'vitest';
import { robustnessAuditConfig, safeName } from '../../src/core/audit/robustness-config.ts';
import { DEFAULT_ROBUSTNESS } from '../../src/core/results/robustness.ts';
import type { RunRecord } from '../../src/core/results/run-record.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';
import { validateConfig } from '../../src/cli/audit/config.ts';

const run = (datasets: string[], n: number): RunRecord => ({
  datasets, n, selected: n, query: '', filters: {}, model: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm', versionTwo: true, versionTwoReason: '', settings: {}, date: '2026-11-25T13:00:00.000Z',
});
const models = [
  { letter: 'A', id: 'qarx-lexical-qa', dtype: 'fp32' },
  { letter: 'B', id: 'deepset/xlm-roberta-base-squad2', dtype: 'q8' },
  { letter: 'C', id: 'my local model', dtype: 'int8' },
];

describe('robustnessAuditConfig', () => {
  it('the demo set: builtin dataset, first N; shipped model as its folder, Hub id as hub, local as a placeholder folder', () => {
    const c = robustnessAuditConfig(run(['Demo set (built in)'], 6), DEFAULT_ROBUSTNESS, models);
    expect(c.datasets).toEqual([{ name: 'demo', builtin: 'demo', limit: 6 }]);
    expect(c.models).toEqual([
      { name: 'A-qarx-lexical-qa', path: 'public/models/qarx-lexical-qa', dtype: 'fp32' },
      { name: 'B-deepset_xlm-roberta-base-squad2', hub: 'deepset/xlm-roberta-base-squad2', dtype: 'q8' },
      // int8 is no audit precision: the model's own default applies.
      { name: 'C-my_local_model', path: './my_local_model' },
    ]);
    expect(c.experiments.map((e) => e.kind)).toEqual(['original', 'sweep', 'natural', 'synthetic', 'paraphrase', 'traps', 'budget']);
    expect(c.experiments[1]).toEqual({ kind: 'sweep', types: ['PER', 'ORG', 'GPE'], sources: ['indist', 'db', 'randstr'], seeds: 1, origin: 'us', origins: [] });
    expect(c.experiments[3]).toEqual({ kind: 'synthetic', noise: ['keyboard'], rate: 0.3 });
    expect(c.experiments[6]).toEqual({ kind: 'budget', type: 'PER', source: 'db', budget: 3 });
    expect(c.seeds).toEqual([1]);
  });

  it.each([
    { datasets: ['Demo set (built in)'], n: 6 },
    { datasets: ['dev-v2.0.json'], n: 120 },
    { datasets: ['a.json', 'b.jsonl'], n: 0 },
  ])('passes the CLI schema for $datasets', ({ datasets, n }) => {
    const c = robustnessAuditConfig(run(datasets, n), { ...DEFAULT_ROBUSTNESS, seeds: 3, budget: 10, seed: 7 }, models);
    const parsed = validateConfig(JSON.parse(JSON.stringify(c)), 'robustness-audit.json');
    expect(parsed.models).toHaveLength(3);
    expect(parsed.seeds).toEqual([7]);
    expect(parsed.datasets[0]?.limit).toBe(Math.max(1, n));
  });

  it('a data file is named by its run’s dataset', () => {
    expect(robustnessAuditConfig(run(['dev-v2.0.json'], 5), DEFAULT_ROBUSTNESS, models).datasets).toEqual([{ name: 'dev-v2.0', path: 'dev-v2.0.json', limit: 5 }]);
  });

  it.each([
    ['A-qarx/tiny bert', 'A-qarx_tiny_bert'],
    ['', 'x'],
    ['x'.repeat(90), 'x'.repeat(80)],
  ])('safeName(%j) === %j', (s, want) => expect(safeName(s)).toBe(want));

  it('the run record’s qarx command is qarx audit with that config', () => {
    const cmd = qarxCommand('robustness', run(['Demo set (built in)'], 6));
    expect(cmd.command).toBe('qarx audit --config robustness-audit.json --out robustness-audit');
    expect(cmd.note).toContain('first 6');
  });

  it('a narrowed scope: the run’s ids inline, in run order, instead of a limit; the schema takes them; the note says so', () => {
    const r = { ...run(['Demo set (built in)'], 3), ids: ['q9', 'q2', 'q5'] };
    const c = robustnessAuditConfig(r, DEFAULT_ROBUSTNESS, models);
    expect(c.datasets).toEqual([{ name: 'demo', builtin: 'demo', ids: ['q9', 'q2', 'q5'] }]);
    expect(validateConfig(JSON.parse(JSON.stringify(c)), 'robustness-audit.json').datasets[0]?.ids).toEqual(['q9', 'q2', 'q5']);
    expect(qarxCommand('robustness', r).note).toContain('its "ids" list the 3 questions of the table in its order, and InDistName names come from every question of the data');
  });

  it('the table\'s CI setting (settings.ci of its record) becomes the audit\'s "ci", which the schema takes; none without it', () => {
    const r = { ...run(['Demo set (built in)'], 3), settings: { ci: { bootstrap: 500, seed: 9, byPassage: false } } };
    const c = robustnessAuditConfig(r, DEFAULT_ROBUSTNESS, models);
    expect(c.ci).toEqual({ bootstrap: 500, seed: 9, passages: false });
    expect(validateConfig(JSON.parse(JSON.stringify(c)), 'robustness-audit.json').ci).toEqual({ bootstrap: 500, seed: 9, passages: false });
    expect('ci' in robustnessAuditConfig(run(['Demo set (built in)'], 3), DEFAULT_ROBUSTNESS, models)).toBe(false);
  });
});
