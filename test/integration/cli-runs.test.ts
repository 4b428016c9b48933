/**
 * App-vs-CLI parity of the entity-renaming runs: `qarx sweep` and `qarx budget` on a data file give
 * the numbers the app computes on the same file imported (importFile, answers typed as the data
 * worker types them, then runSweep / runBudget as the worker runs them; shipped model).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { enginePredictor, runBudget, runSweep, summarizeSweep, type BudgetConfig, type SweepConfig } from '../../src/core/entity/index.ts';
import { importFile, instancesToSquad } from '../../src/core/formats/index.ts';
import { answerTypeOf } from '../../src/core/ner/answer-type.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { ROOT, runMain } from '../support/run-qarx.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-runs-'));
const DATA = join(tmp, 'demo-en.json');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
// A data file: the demo set's English questions as SQuAD JSON.
const english = loadDemoSet().filter((i) => i.lang === 'en');
let demo: Instance[];
let engine: QaEngine;

beforeAll(async () => {
  writeFileSync(DATA, JSON.stringify(instancesToSquad(english)));
  // What the app's data worker holds after importing the file: its instances, answers typed.
  demo = (await importFile(DATA, readFileSync(DATA), { dataset: 'demo-en.json' })).instances.map((x) => ({ ...x, answerType: answerTypeOf(x) }));
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  engine = new QaEngine(m.tokenizer, m.runner);
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('app-vs-CLI parity of entity-renaming runs', () => {
  it('qarx sweep prints the rows the app computes', async () => {
    const config: SweepConfig = { types: ['PER', 'GPE'], sources: ['db', 'randstr'], seeds: 2, origin: 'us', origins: ['us', 'fr'] };
    const versionTwo = demo.some((i) => i.isImpossible);
    const appRun = await runSweep(demo, config, enginePredictor(engine, { versionTwo }));
    const app = summarizeSweep(appRun.cells, config.seeds);
    const r = await runMain('sweep', DATA, '--model', MODEL, '--types', 'PER,GPE', '--sources', 'db,randstr', '--seeds', '2', '--origin', 'us', '--origins', 'us,fr', '--json');
    expect(r.code, r.stderr).toBe(0);
    const cli = JSON.parse(r.stdout) as { config: SweepConfig; versionTwo: boolean; rows: typeof app };
    expect(cli.config).toEqual({ ...config, target: 'answer' });
    expect(cli.versionTwo).toBe(versionTwo);
    expect(cli.rows.length).toBe(4 + 1); // 2 types × 2 sources, and PER · DBName · French
    expect(cli.rows).toEqual(JSON.parse(JSON.stringify(app)));
    // The CLI streams the sweep block by block: its cells, each question's scores included, are the app's.
    expect((JSON.parse(r.stdout) as { cells: unknown }).cells).toEqual(JSON.parse(JSON.stringify(appRun.cells)));
  }, 300_000);

  it('qarx budget with RESEMBLE prints the result the app computes', async () => {
    const versionTwo = demo.some((i) => i.isImpossible);
    const config: BudgetConfig = { type: 'PER', source: 'randstr', origin: 'us', budget: 3, resemble: { m: 1, temperature: 2, type: 'MIX', seed: 2 }, versionTwo };
    const app = await runBudget(demo, config, enginePredictor(engine, { versionTwo }));
    const r = await runMain('budget', DATA, '--model', MODEL, '--type', 'PER', '--source', 'randstr', '--budget', '3', '--resemble', '1', '--seed', '2', '--json');
    expect(r.code, r.stderr).toBe(0);
    const cli = JSON.parse(r.stdout) as typeof app & { config: BudgetConfig };
    expect(cli.config).toEqual({ ...config, target: 'answer' });
    expect(cli.n).toBeGreaterThan(5);
    expect({ n: cli.n, plain: cli.plain, defended: cli.defended, perInstance: cli.perInstance, split: cli.resembleSplit }).toEqual(JSON.parse(JSON.stringify({ n: app.n, plain: app.plain, defended: app.defended, perInstance: app.perInstance, split: app.resembleSplit })));
    // §4: the figures are on the test part only, and the text output says so.
    expect(cli.resembleSplit?.seed).toBe(2);
    expect(cli.perInstance.some((p) => cli.resembleSplit?.validationIds.includes(p.id))).toBe(false);
    expect((await runMain('budget', DATA, '--model', MODEL, '--type', 'PER', '--source', 'randstr', '--budget', '3', '--resemble', '1', '--seed', '2')).stdout).toMatch(/questions: \d+ \* \(test part; \d+ validation questions, 30\.00% split by seed 2/);
  }, 300_000);

  it.each([
    [['sweep', DATA, '--model', MODEL, '--types', 'PER,XYZ'], /--types must be a comma list of PER, ORG, GPE, MIX, got "PER,XYZ"/],
    [['budget', DATA, '--model', MODEL, '--budget', '51'], /--budget must be at most 50/],
    [['sweep', DATA, '--model', MODEL, '--seeds', '25'], /--seeds must be at most 20, got 25/],
    [['sweep', DATA, '--model', MODEL, '--target', 'question'], /--target must be one of answer, question-person, got "question"/],
    [['budget', DATA, '--model', MODEL, '--resemble', '2'], /--resemble must be 1 or 3/],
    [['sweep', DATA], /sweep needs <data file> --model/],
  ])('bad options: %j', async (args, message) => {
    const r = await runMain(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
