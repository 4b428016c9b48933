/**
 * Reproducibility: a run record built the way the app builds it (runRecordOf in
 * src/app/store/experiment-slice.ts: the store's config spread into `settings`) gives a `qarx`
 * command (qarxCommand); run exactly as printed, that command must compute the app's numbers.
 */
import { dprHeadlineRows } from '../../src/core/experiments/paraphrase/unit.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET, DEFAULT_SWEEP, DEFAULT_UNIVERSAL, enginePredictor, runBudget, runSweep, runUniversal, summarizeSweep, type BudgetConfig, type SweepConfig } from '../../src/core/entity/index.ts';
import { instancesToSquad } from '../../src/core/formats/index.ts';
import type { Instance } from '../../src/core/data/types.ts';
import type { QaEngine } from '../../src/core/index.ts';
import { runExperiment } from '../../src/cli/audit/experiments.ts';
import { noisyPairs } from '../../src/core/natural/noise-passage.ts';
import { paraphraseItems, runParaphrases, summarizeDpr } from '../../src/core/sensitivity/index.ts';
import { kindsOf } from '../../src/core/sensitivity/kinds.ts';
import { runPairs, summarizePairs } from '../../src/core/natural/pairs.ts';
import { IDS_FILE, type RunRecord } from '../../src/core/results/run-record.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';
import { buildNamePool } from '../../src/core/entity/rename.ts';
import { populationOf } from '../../src/core/experiments/scope.ts';
import { answerTraps, prepareTraps, summarizeTraps } from '../../src/core/trap/experiment.ts';
import { ROOT, runMain } from '../support/run-qarx.ts';
import { appRecord, loadFixture, MODEL, NAME, runRecorded as runRecordedIn, splitWords } from '../support/reproduce.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-reproduce-'));
const DATA = join(tmp, NAME);
let demo: Instance[];
let engine: QaEngine;

beforeAll(async () => {
  ({ demo, engine } = await loadFixture(tmp));
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The record runRecordOf makes for the shipped model on WASM over the whole file. */
const record = (settings: Record<string, unknown>, n = demo.length): RunRecord => appRecord(demo, settings, n);

/** Runs a recorded command as printed (support/reproduce.ts); the last command's JSON. */
const runRecorded = (command: string | null) => runRecordedIn({ tmp, data: DATA }, command);

describe('the qarx command of an app run reproduces its numbers', () => {
  it.each([
    ['the answer entity', { ...DEFAULT_SWEEP, types: ['PER', 'GPE'], sources: ['randstr'], seeds: 2, origins: ['us'] }],
    ['the person the question names', { ...DEFAULT_SWEEP, target: 'question-person', sources: ['db'], seeds: 2, origins: ['us'] }],
  ] as [string, SweepConfig][])('sweep renaming %s', async (_, config) => {
    const versionTwo = demo.some((i) => i.isImpossible);
    const app = await runSweep(demo, config, enginePredictor(engine, { versionTwo }));
    expect(app.cells.some((c) => c.n > 0)).toBe(true);
    const cli = await runRecorded(qarxCommand('sweep', record({ ...config })).command);
    expect(cli.rows).toEqual(JSON.parse(JSON.stringify(summarizeSweep(app.cells, config.seeds))));
  }, 300_000);

  it.each([
    ['the answer entity', { ...DEFAULT_BUDGET, type: 'PER', source: 'randstr', budget: 2 }],
    ['the person the question names', { ...DEFAULT_BUDGET, target: 'question-person', source: 'db', budget: 2 }],
  ] as [string, BudgetConfig][])('budget renaming %s', async (_, cfg) => {
    const versionTwo = demo.some((i) => i.isImpossible);
    // The app's budget settings carry versionTwo from the data (experiment-slice.ts).
    const config = { ...cfg, versionTwo };
    const app = await runBudget(demo, config, enginePredictor(engine, { versionTwo }));
    expect(app.n).toBeGreaterThan(0);
    const cli = await runRecorded(qarxCommand('budget', record({ ...config })).command);
    expect({ n: cli.n, plain: cli.plain, perInstance: cli.perInstance }).toEqual(JSON.parse(JSON.stringify({ n: app.n, plain: app.plain, perInstance: app.perInstance })));
  }, 300_000);

  it('synthetic noise on SQuAD 2.0 data: the app noises the answerable questions only, and so does the command', async () => {
    const versionTwo = demo.some((i) => i.isImpossible);
    expect(versionTwo).toBe(true);
    // experiment-slice.ts: noise goes on the revision pairs' questions when there are any, else on the answerable ones.
    expect(demo.some((i) => i.revision)).toBe(false);
    const pick = demo.filter((i) => !i.isImpossible);
    const noise = { kind: 'keyboard' as const, rate: 0.3, seed: 3 };
    const app = summarizePairs((await runPairs(noisyPairs(pick, noise).instances, enginePredictor(engine, { versionTwo }), undefined, { rule: 'script' })).rows);
    const cli = await runRecorded(qarxCommand('synthetic', record({ ...noise, rule: 'script' }, pick.length)).command);
    expect(cli.n).toBe(pick.length);
    expect({ n: cli.n, categories: cli.categories, original: cli.original, perturbed: cli.perturbed }).toEqual(JSON.parse(JSON.stringify({ n: app.n, categories: app.categories, original: app.original, perturbed: app.perturbed })));
  }, 300_000);

  it('universal names: the recorded command ranks the names as the app', async () => {
    const versionTwo = demo.some((i) => i.isImpossible);
    const cfg = { ...DEFAULT_UNIVERSAL, candidates: 4, top: 3, seed: 6 };
    const app = await runUniversal(demo, cfg, enginePredictor(engine, { versionTwo }));
    const cli = await runRecorded(qarxCommand('universal', record({ ...cfg })).command);
    expect(cli.rows).toEqual(JSON.parse(JSON.stringify(app.rows)));
  }, 300_000);

  it('traps: the perturb trap && compare command gives the app\'s F1 without and with the trap', async () => {
    const versionTwo = demo.some((i) => i.isImpossible);
    const cfg = { source: 'generated' as const, position: 'before' as const, seed: 4 };
    const { items } = prepareTraps(demo, cfg);
    const app = summarizeTraps((await answerTraps(items, enginePredictor(engine, { versionTwo }))).rows);
    // trap-slice.ts records the run with its trapConfig as settings.
    const cli = await runRecorded(qarxCommand('traps', record({ ...cfg }, items.length)).command);
    expect({ n: cli.n, original: cli.original, perturbed: cli.perturbed }).toEqual(JSON.parse(JSON.stringify({ n: app.n, original: app.original, perturbed: app.trapped })));
  }, 300_000);

  it('paraphrases: each kind\'s perturb paraphrase && compare command gives the app\'s DPR of that kind', async () => {
    const versionTwo = demo.some((i) => i.isImpossible);
    // The app's population for paraphrases (populationOf): the answerable questions; the command says --answerable-only.
    const { items } = paraphraseItems(populationOf('paraphrase', demo), { dataset: false, kinds: ['reorder'], seed: 3 });
    const app = summarizeDpr((await runParaphrases(items, enginePredictor(engine, { versionTwo }))).rows);
    expect(app.n).toBeGreaterThan(0);
    // paraphrase-slice.ts: { datasetParaphrases, kinds, seed, paraphrases }.
    const cli = await runRecorded(qarxCommand('paraphrase', record({ datasetParaphrases: false, kinds: 'reorder', seed: 3, paraphrases: items.length }, new Set(items.map((i) => i.instance)).size)).command);
    const dpr = cli.dpr as { n: number; changed: number; dpr: number; original: unknown; paraphrased: unknown };
    expect({ n: dpr.n, changed: dpr.changed, dpr: dpr.dpr, original: dpr.original, paraphrased: dpr.paraphrased }).toEqual(JSON.parse(JSON.stringify({ n: app.n, changed: app.changed, dpr: app.dpr, original: app.original, paraphrased: app.paraphrased })));
  }, 300_000);

  it('an audit paraphrase unit measures DPR on the answerable questions, as the robustness table does', async () => {
    const versionTwo = demo.some((i) => i.isImpossible);
    const predict = enginePredictor(engine, { versionTwo });
    // src/core/results/robustness.ts, step 4.
    const items = paraphraseItems(demo.filter((i) => !i.isImpossible), { dataset: true, kinds: ['combined'], seed: 2 }).items;
    const app = summarizeDpr((await runParaphrases(items, predict)).rows);
    expect(paraphraseItems(demo, { dataset: true, kinds: ['combined'], seed: 2 }).items.length).toBeGreaterThan(items.length);
    const unit = await runExperiment({ kind: 'paraphrase', kinds: ['combined'], dataset: true, questions: 'answerable' }, 2, demo, predict, versionTwo, () => {});
    // Issue 38.4: one headline row per kind, the pool only after them and labelled so.
    expect(unit.headline).toEqual(dprHeadlineRows(app));
    // The SQuAD file written from the demo set keeps no paraphrases of its own, so one kind ran: its row is the only one (no pool).
    expect(kindsOf(app)).toEqual(['combined']);
    expect(unit.headline).toHaveLength(1);
    expect(unit.headline.at(-1)).toMatchObject({ label: `paraphrased · combined (DPR ${(100 * app.dpr).toFixed(1)}%)`, n: app.n, beforeF1: app.original.f1, afterF1: app.paraphrased.f1 });
  }, 300_000);

  it('an audit synthetic unit (what the robustness table\'s audit config runs) noises the answerable questions only, as the app', async () => {
    const versionTwo = demo.some((i) => i.isImpossible);
    const pick = demo.filter((i) => !i.isImpossible);
    const app = summarizePairs((await runPairs(noisyPairs(pick, { kind: 'ocr', rate: 0.3, seed: 2 }).instances, enginePredictor(engine, { versionTwo }), undefined, { rule: 'script' })).rows);
    const unit = await runExperiment({ kind: 'synthetic', noise: 'ocr', rate: 0.3, rule: 'script', questions: 'answerable' }, 2, demo, enginePredictor(engine, { versionTwo }), versionTwo, () => {});
    expect(unit.n).toBe(pick.length);
    expect(unit.headline[0]).toMatchObject({ n: app.n, beforeEm: app.original.em, beforeF1: app.original.f1, afterEm: app.perturbed.em, afterF1: app.perturbed.f1 });
  }, 300_000);

});

describe('a narrowed scope: the command reads the run\'s ids (--ids) from the whole file and gives the app\'s number', () => {
  /** The record of a run on `picked` of the file, scoped as the app scopes it (src/app/store/scope-slice.ts). */
  const scoped = (settings: Record<string, unknown>, picked: Instance[], filters: Record<string, string>): RunRecord => {
    writeFileSync(join(tmp, IDS_FILE), `${picked.map((i) => i.id).join('\n')}\n`);
    return { ...record(settings, picked.length), filters, ids: picked.map((i) => i.id), scope: `${picked.length} questions: ${NAME}` };
  };

  it('sweep with InDistName on the answerable PER questions: names drawn from every question of the file, as the app does', async () => {
    const versionTwo = demo.some((i) => i.isImpossible);
    const picked = demo.filter((i) => !i.isImpossible && i.answerType === 'PER');
    expect(picked.length).toBeGreaterThan(2);
    expect(picked.length).toBeLessThan(demo.length);
    // The narrowed pool would be another one: only the whole file's gives the app's names.
    const size = (p: ReturnType<typeof buildNamePool>) => Object.values(p).reduce((a, names) => a + (names?.length ?? 0), 0);
    expect(size(buildNamePool(picked))).toBeLessThan(size(buildNamePool(demo)));
    const config: SweepConfig = { ...DEFAULT_SWEEP, types: ['PER'], sources: ['indist'], seeds: 2, origins: ['us'] };
    const app = await runSweep(picked, config, enginePredictor(engine, { versionTwo }), { pool: buildNamePool(demo) });
    const cmd = qarxCommand('sweep', scoped({ ...config }, picked, { answerable: 'answerable', entity: 'PER' }));
    expect(cmd.command).toContain(`--ids ${IDS_FILE}`);
    expect(cmd.note).toContain(`${IDS_FILE} lists the ${picked.length} question ids the run took`);
    expect(cmd.note).not.toContain('the names, and so the renamed scores, differ');
    const cli = await runRecorded(cmd.command);
    expect(cli.rows).toEqual(JSON.parse(JSON.stringify(summarizeSweep(app.cells, config.seeds))));
    expect((cli.record as RunRecord).n).toBe(picked.length);
  }, 300_000);

  it('synthetic noise on a narrowed scope: perturb and compare take the listed questions only', async () => {
    const versionTwo = demo.some((i) => i.isImpossible);
    const scope = demo.filter((i) => i.answerType === 'GPE' || i.answerType === 'ORG');
    const picked = populationOf('synthetic', scope);
    expect(picked.length).toBeGreaterThan(2);
    const noise = { kind: 'word-swap' as const, rate: 0.3, seed: 4 };
    const app = summarizePairs((await runPairs(noisyPairs(picked, noise).instances, enginePredictor(engine, { versionTwo }), undefined, { rule: 'script' })).rows);
    const cmd = qarxCommand('synthetic', scoped({ ...noise, rule: 'script' }, picked, { answerable: 'all' }));
    expect(cmd.command).not.toContain('--answerable-only');
    const cli = await runRecorded(cmd.command);
    expect({ n: cli.n, categories: cli.categories, original: cli.original, perturbed: cli.perturbed }).toEqual(JSON.parse(JSON.stringify({ n: app.n, categories: app.categories, original: app.original, perturbed: app.perturbed })));
  }, 300_000);
});

describe('a CLI --json result records what produced it, and its command reproduces it', () => {
  it.each([
    ['sweep', () => ['sweep', DATA, '--model', MODEL, '--types', 'GPE', '--sources', 'randstr', '--seeds', '2', '--origins', 'us', '--json'], 'rows', { seeds: 2, types: ['GPE'] }],
    ['budget', () => ['budget', DATA, '--model', MODEL, '--type', 'PER', '--source', 'randstr', '--budget', '2', '--json'], 'plain', { budget: 2, type: 'PER' }],
    ['universal', () => ['universal', DATA, '--model', MODEL, '--candidates', '3', '--top', '2', '--seed', '4', '--json'], 'rows', { candidates: 3, seed: 4 }],
    ['compare', () => ['compare', DATA, join(tmp, 'noisy-ocr.json'), '--model', MODEL, '--rule', 'em', '--json'], 'categories', { rule: 'em' }],
  ] as [string, () => string[], string, Record<string, unknown>][])('%s', async (_, args, key, settings) => {
    const noisy = await runMain('perturb', 'synthetic', '--kind', 'ocr', '--seed', '5', DATA, join(tmp, 'noisy-ocr.json'));
    expect(noisy.code, noisy.stderr).toBe(0);
    const r = await runMain(...args());
    expect(r.code, r.stderr).toBe(0);
    const first = JSON.parse(r.stdout) as { record: RunRecord; command: string } & Record<string, unknown>;
    expect(first.record).toMatchObject({ datasets: expect.arrayContaining([NAME]) as unknown, model: MODEL, dtype: 'fp32', device: 'cpu', versionTwo: true, scoringLang: 'auto', settings });
    expect(first.record.n).toBeGreaterThan(0);
    expect(first.command).toMatch(/^qarx /);
    const again = await runRecorded(first.command);
    expect(again[key]).toEqual(first[key]);
    expect(again.record).toEqual({ ...first.record, date: (again.record as RunRecord).date });
  }, 300_000);

  it('predict writes run.json beside run_qa.py\'s files, and its command writes the same predictions', async () => {
    const first = join(tmp, 'pred-1');
    const r = await runMain('predict', '--model', MODEL, '--data', DATA, '--out', first, '--n-best', '5', '--max-answer-length', '12');
    expect(r.code, r.stderr).toBe(0);
    const run = JSON.parse(readFileSync(join(first, 'run.json'), 'utf8')) as { record: RunRecord; command: string };
    expect(run.record).toMatchObject({ datasets: [NAME], n: demo.length, model: MODEL, dtype: 'fp32', device: 'cpu', versionTwo: true, settings: { maxLength: 384, docStride: 128, maxQueryLength: 64, nBest: 5, maxAnswerLength: 12, nullThreshold: 0, batchSize: 8 } });
    const second = join(tmp, 'pred-2');
    const again = await runMain(...splitWords(run.command).slice(1).map((w) => (w === first ? second : w)));
    expect(again.code, again.stderr).toBe(0);
    for (const f of ['predictions.json', 'nbest_predictions.json', 'null_odds.json']) expect(readFileSync(join(second, f), 'utf8'), f).toBe(readFileSync(join(first, f), 'utf8'));
    // Progress lines: the last one once.
    expect(r.stderr.match(/predict: (\d+)\/\1 questions, \d+ windows/g)).toHaveLength(1);
  }, 300_000);

  it('the text tables of sweep and budget say when the question\'s person was renamed', async () => {
    const sweep = await runMain('sweep', DATA, '--model', MODEL, '--target', 'question-person', '--sources', 'randstr', '--seeds', '1', '--origins', 'us');
    expect(sweep.code, sweep.stderr).toBe(0);
    expect(sweep.stdout).toMatch(/^renamed: the person the question names \(PER\)\ntype\tsource/);
    const budget = await runMain('budget', DATA, '--model', MODEL, '--target', 'question-person', '--source', 'randstr', '--budget', '1');
    expect(budget.code, budget.stderr).toBe(0);
    expect(budget.stdout).toMatch(/^questions: \d+(?: \*)?, B = 1, renamed: the person the question names \(PER\)\n/);
  }, 300_000);
});

describe('Ctrl-C stops a long sweep, budget or compare, prints what finished, marked partial, and exits 130 saying so', () => {
  it.each([
    ['sweep', ['--types', 'PER,ORG,GPE,MIX', '--sources', 'indist,db,randstr', '--seeds', '20'], /sweep: stopping after the current block of questions/],
    ['budget', ['--type', 'MIX', '--source', 'db', '--budget', '50'], /budget: stopping after the current step/],
    ['compare', [], /compare: stopping after the current batch/],
  ])('%s', async (cmd, opts, said) => {
    // Copies of the English demo questions: far more work than the time to the first progress line.
    const big = join(tmp, `big-${cmd}.json`);
    const copies = Array.from({ length: cmd === 'compare' ? 60 : 20 }, (_, k) => demo.map((i) => ({ ...i, id: `${i.id}-${k}` }))).flat();
    writeFileSync(big, JSON.stringify(instancesToSquad(copies)));
    const files = [big];
    if (cmd === 'compare') {
      const noisy = await runMain('perturb', 'synthetic', '--kind', 'keyboard', big, join(tmp, 'big-noisy.json'));
      expect(noisy.code, noisy.stderr).toBe(0);
      files.push(join(tmp, 'big-noisy.json'));
    }
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), cmd, ...files, '--model', MODEL, ...opts, '--json'], { cwd: ROOT, env: { ...process.env, QARX_CACHE_DIR: join(tmp, 'cache') } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      // Interrupt at the first progress line, whatever the machine's speed.
      if (new RegExp(`^${cmd}: [\\d,]+(/| of (about )?)[\\d,]+ (questions|passages|predictions|steps)`, 'm').test(stderr) && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(said);
    expect(stderr).toMatch(new RegExp(`^${cmd}: interrupted: partial results \\(\\d+ of [\\d,]+ questions\\)$`, 'm'));
    const j = JSON.parse(stdout) as { partial: boolean; record: RunRecord; command: string };
    expect(j.partial).toBe(true);
    if (cmd !== 'compare') expect(j.record.n).toBe(copies.length);
    else expect(j.record.n).toBeLessThan(copies.length);
  }, 600_000);
});

