/**
 * Issue 38 §7, "a test that keeps it so": per experiment kind, on one fixture (the English demo
 * questions, the shipped model), one figure — n, F1 before and after, the drop (original −
 * perturbed, positive = worse), its paired 95% CI and p — is the same on every surface: the app's
 * result table with its CI columns (the core table function and withXCi, as the card builds it),
 * its CSV and JSON exports, the shown `qarx` command run as printed (support/reproduce.ts), the
 * audit unit and the audit summary built from it. Few questions, B = 200: lean, not precise.
 * The robustness table's agreement with the audit is cli-reproduce-robustness.test.ts; revision
 * pairs, universal names, adversarial SQuAD and the original score are cli-reproduce-agree-files.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET, DEFAULT_SWEEP, enginePredictor, runBudget, runSweep, sourceDrops, summarizeSweep, type SweepConfig } from '../../src/core/entity/index.ts';
import type { Instance } from '../../src/core/data/types.ts';
import type { QaEngine } from '../../src/core/index.ts';
import { noisyPairs } from '../../src/core/natural/noise-passage.ts';
import { runPairs, summarizePairs } from '../../src/core/natural/pairs.ts';
import { answerTraps, prepareTraps, summarizeTraps } from '../../src/core/trap/experiment.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';
import { budgetComparisons, budgetKey, experimentCi, sweepComparisons, sweepRowKeys, type PairedStats } from '../../src/core/stats/index.ts';
import { populationOf } from '../../src/core/experiments/scope.ts';
import { paraphraseItems, runParaphrases, summarizeDpr } from '../../src/core/sensitivity/index.ts';
import { dprShares, paraphraseComparisons } from '../../src/core/experiments/paraphrase/ci.ts';
import { trapComparisons } from '../../src/core/experiments/traps/ci.ts';
import { pairsComparisons } from '../../src/core/experiments/natural/ci.ts';
import { dropOf } from '../../src/core/metrics/drop.ts';
import { appRecord, loadFixture, runRecorded } from '../support/reproduce.ts';
import { auditFigures, CI, compareFigure, expectSame, exportedRows, figure, fromStats, measureFigure, num } from '../support/agree.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-agree-'));
let fx: { tmp: string; data: string; demo: Instance[]; engine: QaEngine };
beforeAll(async () => void (fx = await loadFixture(tmp)), 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('one figure on every surface (issue 38 §7): app table, CSV/JSON export, qarx command, audit unit and summary', () => {
  it('trap sentences (generated, before the answer)', async () => {
    const versionTwo = fx.demo.some((i) => i.isImpossible);
    const cfg = { source: 'generated' as const, position: 'before' as const, seed: 4 };
    const { items } = prepareTraps(fx.demo, cfg);
    const r = await answerTraps(items, enginePredictor(fx.engine, { versionTwo }));
    const sum = summarizeTraps(r.rows);
    const ci = experimentCi(trapComparisons(fx.demo, r.rows), CI);
    const rows = exportedRows(fx.demo, 'traps', { rows: r.rows, skipped: {}, ci }, { ...cfg, ci: CI }, items.length);
    const all = rows.find((x) => x.similarity === 'all') ?? {};
    // The counts of the card add up: the similarity buckets hold every question of the all row.
    expect(rows.filter((x) => x.similarity !== 'all').reduce((a, x) => a + num(x.n), 0)).toBe(sum.n);
    const cli = await runRecorded(fx, qarxCommand('traps', appRecord(fx.demo, { ...cfg, ci: CI }, items.length)).command);
    expectSame({
      app: fromStats(sum.n, sum.original.f1, sum.trapped.f1, ci.rows.trapped),
      'CSV/JSON export': figure(all.n, all.orig_f1, all.trapped_f1, { lo: all.drop_f1_lo, hi: all.drop_f1_hi, p: all.p_f1 }),
      'qarx perturb trap && compare --ci': compareFigure(cli),
      ...(await auditFigures(fx.demo, fx.engine, { kind: 'traps', source: cfg.source, position: cfg.position }, cfg.seed)),
    });
  }, 300_000);

  it('synthetic noise (Wu et al. 2025 App. K, keyboard 30%) on the answerable questions', async () => {
    const versionTwo = fx.demo.some((i) => i.isImpossible);
    const pick = fx.demo.filter((i) => !i.isImpossible);
    const noise = { kind: 'keyboard' as const, rate: 0.3, seed: 3 };
    const { instances } = noisyPairs(pick, noise);
    const pr = await runPairs(instances, enginePredictor(fx.engine, { versionTwo }), undefined, { rule: 'script' });
    const sum = summarizePairs(pr.rows);
    const ci = experimentCi(pairsComparisons(instances, pr.rows), CI);
    const rows = exportedRows(fx.demo, 'synthetic', { rows: pr.rows, dropped: 0, answerMissing: pr.dropped.answerMissing, label: 'synthetic', ci }, { ...noise, rule: 'script', ci: CI }, pick.length);
    // The card's counts add up: C2C + C2W + W2C + W2W + partial = questions.
    const v = (m: string) => num(rows.find((r) => r.measure === m)?.synthetic);
    expect(['C2C', 'C2W', 'W2C', 'W2W', 'partial'].reduce((a, c) => a + v(c), 0)).toBe(v('questions'));
    const cli = await runRecorded(fx, qarxCommand('synthetic', appRecord(fx.demo, { ...noise, rule: 'script', ci: CI }, pick.length)).command);
    const unit = await auditFigures(fx.demo, fx.engine, { kind: 'synthetic', noise: 'keyboard', rate: 0.3, rule: 'script', questions: 'answerable' }, noise.seed);
    expectSame({
      app: fromStats(sum.n, sum.original.f1, sum.perturbed.f1, ci.rows.pairs),
      'CSV/JSON export': measureFigure(rows, 'synthetic', 'questions', 'f1_original', 'f1_changed'),
      'qarx perturb synthetic && compare --ci': compareFigure(cli),
      ...unit,
    });
  }, 300_000);

  it('entity renaming sweep (Yan et al. 2022 §2.2): each row over its seeds', async () => {
    const versionTwo = fx.demo.some((i) => i.isImpossible);
    const config: SweepConfig = { ...DEFAULT_SWEEP, types: ['PER'], sources: ['randstr'], seeds: 2, origins: ['us'] };
    const app = await runSweep(fx.demo, config, enginePredictor(fx.engine, { versionTwo }));
    const sum = summarizeSweep(app.cells, config.seeds);
    const ci = experimentCi(sweepComparisons(fx.demo, app.cells, sweepRowKeys(sum)), CI);
    const rows = exportedRows(fx.demo, 'sweep', { cells: app.cells, ci }, { ...config, ci: CI }, fx.demo.length);
    const cli = (await runRecorded(fx, qarxCommand('sweep', appRecord(fx.demo, { ...config, ci: CI })).command)) as { rows: { n: number; orig: { f1: number }; pertF1: { mean: number }; dropF1: number; ci?: PairedStats }[]; bySource: { source: string; drop: number; n: number }[] };
    const key = 'PER · randstr · us';
    const row = sum.find((x) => `${x.type} · ${x.source} · ${x.origin}` === key);
    const exp = rows[0] ?? {};
    const c = cli.rows[0];
    // The table's own drop column is the drop of the same computation.
    expect(num(exp.drop_f1)).toBeCloseTo(dropOf(num(exp.orig_f1), num(exp.renamed_f1_mean)), 3);
    expect(c?.dropF1).toBeCloseTo(dropOf(c?.orig.f1 ?? NaN, c?.pertF1.mean ?? NaN), 9);
    // The app's "drop in F1 per name source" chart and `qarx sweep --json`'s bySource: one computation.
    // (The origin rows add PER · DBName beside the asked RandStr.)
    const appSources = sourceDrops(sum, config.origin);
    expect(cli.bySource.map((x) => [x.source, x.n])).toEqual(appSources.map((x) => [x.source, x.n]));
    expect(appSources.map((x) => x.source)).toContain('randstr');
    appSources.forEach((x, i) => expect(cli.bySource[i]?.drop).toBeCloseTo(x.drop, 9));
    expectSame({
      app: fromStats(row?.n, row?.orig.f1, row?.pertF1.mean, ci.rows[key]),
      'CSV/JSON export': figure(exp.n, exp.orig_f1, exp.renamed_f1_mean, { lo: exp.drop_f1_lo, hi: exp.drop_f1_hi, p: exp.p_f1 }),
      'qarx sweep --ci': fromStats(c?.n, c?.orig.f1, c?.pertF1.mean, c?.ci),
      ...(await auditFigures(fx.demo, fx.engine, { kind: 'sweep', types: config.types, sources: config.sources, target: config.target ?? 'answer', seeds: config.seeds, origin: config.origin, origins: config.origins }, null, key)),
    });
  }, 300_000);

  it('worst case over a budget of renamings (Balasubramanian et al. 2020): D_worst against the original answers', async () => {
    const versionTwo = fx.demo.some((i) => i.isImpossible);
    const config = { ...DEFAULT_BUDGET, type: 'PER' as const, source: 'randstr' as const, budget: 2, versionTwo };
    const r = await runBudget(fx.demo, config, enginePredictor(fx.engine, { versionTwo }));
    const key = budgetKey('model', 'worst');
    const ci = experimentCi(budgetComparisons(fx.demo, r), CI);
    const rows = exportedRows(fx.demo, 'budget', { result: r, ci }, { ...config, ci: CI }, fx.demo.length);
    const worst = rows.find((x) => x.measure === 'worst') ?? {};
    const original = rows.find((x) => x.measure === 'original') ?? {};
    const cli = (await runRecorded(fx, qarxCommand('budget', appRecord(fx.demo, { ...config, ci: CI })).command)) as { n: number; plain: { original: { f1: number }; worst: { f1: number } }; ci: { rows: Record<string, PairedStats | null> } };
    expectSame({
      app: fromStats(r.n, r.plain.original.f1, r.plain.worst.f1, ci.rows[key]),
      'CSV/JSON export': figure(worst.n, original.model_f1, worst.model_f1, { lo: worst.model_drop_f1_lo, hi: worst.model_drop_f1_hi, p: worst.model_p_f1 }),
      'qarx budget --ci': fromStats(cli.n, cli.plain.original.f1, cli.plain.worst.f1, cli.ci.rows[key]),
      ...(await auditFigures(fx.demo, fx.engine, { kind: 'budget', type: config.type, source: config.source, target: config.target ?? 'answer', origin: config.origin, budget: config.budget, resemble: null }, null, 'model worst')),
    });
  }, 300_000);

  it('paraphrases (one generated kind): F1 over the (question, paraphrase) pairs, Tang et al. 2021 §2.1', async () => {
    const versionTwo = fx.demo.some((i) => i.isImpossible);
    // The app's population for paraphrases (src/core/experiments/scope.ts): the answerable questions.
    const asked = populationOf('paraphrase', fx.demo);
    const { items } = paraphraseItems(asked, { dataset: false, kinds: ['reorder'], seed: 3 });
    const pr = await runParaphrases(items, enginePredictor(fx.engine, { versionTwo }));
    const sum = summarizeDpr(pr.rows);
    const ci = experimentCi(paraphraseComparisons(asked, pr.rows), CI, dprShares(pr.rows));
    const settings = { datasetParaphrases: false, kinds: 'reorder', seed: 3, paraphrases: items.length, ci: CI };
    const n = new Set(items.map((i) => i.instance)).size;
    const rows = exportedRows(fx.demo, 'paraphrase', { rows: pr.rows, none: {}, without: 0, ci }, settings, n);
    const v = (m: string) => rows.find((r) => r.measure === m)?.value;
    const cli = await runRecorded(fx, qarxCommand('paraphrase', appRecord(fx.demo, settings, n)).command);
    const dpr = cli.dpr as { n: number; original: { f1: number }; paraphrased: { f1: number } };
    expectSame({
      app: fromStats(sum.n, sum.original.f1, sum.paraphrased.f1, ci.rows.paraphrased),
      'CSV/JSON export': figure(rows.find((r) => r.measure === 'f1_original')?.n, v('f1_original'), v('f1_paraphrased'), { lo: v('drop_f1_lo'), hi: v('drop_f1_hi'), p: v('p_f1') }),
      'qarx perturb paraphrase && compare --ci': fromStats(dpr.n, dpr.original.f1, dpr.paraphrased.f1, (cli as { ci?: PairedStats }).ci),
      ...(await auditFigures(fx.demo, fx.engine, { kind: 'paraphrase', kinds: ['reorder'], dataset: false, questions: 'answerable' }, 3)),
    });
  }, 300_000);
});
