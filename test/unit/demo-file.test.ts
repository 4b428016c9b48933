/**
 * The built-in demo set as a data file: the `qarx` command shown for a demo-set run names
 * src/core/data/demo-set.json, which every qarx reader (and the app's import) reads as the app's
 * own 96 questions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { detectFormat, importFile, InputError } from '../../src/core/formats/index.ts';
import { dataFile, noAnswerReason, type RunRecord } from '../../src/core/results/run-record.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';

const DEMO_FILE = 'src/core/data/demo-set.json';
const bytes = new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', DEMO_FILE)));
const enc = (s: string) => new TextEncoder().encode(s);

describe('the demo set file', () => {
  it.each([
    { name: 'the shipped file', head: bytes.subarray(0, 4096), want: 'demo' },
    { name: 'one line', head: enc('{"version": 1, "instances": []}'), want: 'demo' },
    { name: 'SQuAD with a numeric version is still SQuAD', head: enc('{"version": 1.1, "data": []}'), want: 'squad' },
  ])('is detected: $name', ({ head, want }) => expect(detectFormat('x.json', head)).toBe(want));

  it('imports as the app\'s demo questions, under the dataset it is imported as', async () => {
    const r = await importFile('demo-set.json', bytes, { dataset: 'mine' });
    const demo = loadDemoSet();
    expect(r.format).toBe('demo');
    expect(r.issues).toEqual([]);
    expect(r.instances.map((i) => i.id)).toEqual(demo.map((i) => i.id));
    expect(r.instances.every((i) => i.dataset === 'mine')).toBe(true);
    expect(r.instances[0]).toEqual({ ...demo[0], dataset: 'mine' });
  });

  it('a broken demo file is an InputError naming the file and the question', async () => {
    const bad = enc(JSON.stringify({ version: 1, instances: [{ id: 'd1', dataset: 'demo', title: 't', question: 'q', context: 'c', lang: 'xx', answers: [], tags: [], isImpossible: true }] }));
    await expect(importFile('demo-set.json', bad, { dataset: 'x' })).rejects.toThrow(InputError);
    await expect(importFile('demo-set.json', bad, { dataset: 'x' })).rejects.toThrow(/^demo-set\.json: .*d1.*lang/);
  });

  it('is the data file of a demo-set run\'s qarx command', () => {
    const r: RunRecord = { datasets: ['Demo set (built in)'], n: 96, selected: 96, query: '', filters: {}, model: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm', versionTwo: true, versionTwoReason: noAnswerReason(true), settings: { types: ['PER'], sources: ['db'], seeds: 1, origin: 'us', origins: ['us'] }, date: '2026-11-25T18:00:00.000Z' };
    const cmd = qarxCommand('sweep', r);
    expect(cmd.command).toMatch(/^qarx sweep src\/core\/data\/demo-set\.json --model /);
    expect(cmd.note).toContain('src/core/data/demo-set.json is the built-in demo set');
  });

  it('noise runs take the revision pairs only, so their command keeps a stand-in file', () => {
    const r: RunRecord = { datasets: ['Demo set (built in)'], n: 16, selected: 16, query: '', filters: {}, model: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm', versionTwo: true, versionTwoReason: noAnswerReason(true), settings: { kind: 'keyboard', rate: 0.3, seed: 1, rule: 'script' }, date: '2026-11-25T18:00:00.000Z' };
    expect(qarxCommand('synthetic', r).command).toContain(`${dataFile(r.datasets)} noisy.json`);
    expect(qarxCommand('synthetic', r).command).not.toContain(DEMO_FILE);
  });
});
