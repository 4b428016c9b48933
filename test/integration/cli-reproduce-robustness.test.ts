/**
 * The robustness table on a narrowed scope is reproduced by `qarx audit` (issue 23 §1): the row the
 * app computes (runRobustness over the scope's questions, with the pool of the whole dataset, as
 * src/worker/multi-jobs.ts runs it) equals, column by column, the audit summary of the config the
 * app saves with it (robustnessAuditConfig: the run's ids inline), every column, the original F1
 * (its `original` unit) and stability (the budget table's stability_pct) included.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditSummary } from '../../src/core/audit/format.ts';
import { robustnessAuditConfig } from '../../src/core/audit/robustness-config.ts';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { decideNoAnswer, noAnswerData } from '../../src/core/data/no-answer.ts';
import { buildNamePool } from '../../src/core/entity/rename.ts';
import { enginePredictor } from '../../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { DEFAULT_ROBUSTNESS, emptyRow, robustnessColumns, runRobustness, SOURCE_NAMES } from '../../src/core/results/robustness.ts';
import type { RunRecord } from '../../src/core/results/run-record.ts';
import { ROOT, runMain } from '../support/run-qarx.ts';
import { originalCellCi, robustCellKeys, robustnessComparisons, robustnessShares, type RobustScores } from '../../src/core/experiments/robustness/ci.ts';
import { experimentCi } from '../../src/core/stats/index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-reproduce-robust-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('robustness table on a narrowed scope = qarx audit of its config', () => {
  it('every column of the app\'s table (original F1 included) has the audit summary\'s value', { timeout: 900_000 }, async () => {
    const demo = loadDemoSet();
    // A narrowed scope, not a prefix of the file: every other English question, revision pairs among them.
    const scope = demo.filter((i, k) => i.lang === 'en' && k % 2 === 1).slice(0, 10);
    expect(scope.some((i) => i.revision)).toBe(true);
    // As the app's data worker (selectionNoAnswer): the dataset's no-answer decision (the whole demo, issue 38 §2), not the scope's.
    const config = { ...DEFAULT_ROBUSTNESS, versionTwo: decideNoAnswer(noAnswerData(demo)).versionTwo };
    configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
    const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
    const engine = new QaEngine(m.tokenizer, m.runner);
    // As the app: the data worker's pool of every question of the dataset.
    // The per-question scores the QA worker posts (robustness-scores), as the store gathers them.
    const scores: RobustScores = {};
    const shares: Record<string, number[]> = {};
    const row = await runRobustness(scope, config, enginePredictor(engine, { versionTwo: config.versionTwo }), emptyRow('qarx-lexical-qa', 'wasm · fp32', config), { pool: buildNamePool(demo), onScores: (cell, qs) => (scores[cell] = qs), onShare: (cell, values) => (shares[cell] = values) });
    expect(row.partial).toBe(false);

    // With the CI setting in the record, as the app's (issue 27): the config carries it as the audit's "ci".
    const ciOptions = { bootstrap: 300, seed: 7 };
    const run: RunRecord = { datasets: ['Demo set (built in)'], n: scope.length, selected: scope.length, query: '', filters: {}, model: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm', versionTwo: config.versionTwo, versionTwoReason: '', settings: { ci: { ...ciOptions, byPassage: false } }, date: '2026-11-27T00:00:00.000Z', ids: scope.map((i) => i.id) };
    const audit = robustnessAuditConfig(run, config, [{ letter: 'A', id: 'qarx-lexical-qa', dtype: 'fp32' }]);
    expect(audit.ci).toEqual({ ...ciOptions, passages: false });
    // The shipped model's folder, from the config's folder (the app names it relative to the checkout).
    audit.models = audit.models.map((x) => ({ ...x, path: join(ROOT, 'public', 'models', 'qarx-lexical-qa') }));
    writeFileSync(join(tmp, 'robustness-audit.json'), JSON.stringify(audit));
    const r = await runMain('audit', '--config', join(tmp, 'robustness-audit.json'), '--out', join(tmp, 'out'));
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(join(tmp, 'out', 'summary.json'), 'utf8')) as AuditSummary;
    const ov = summary.models[0]?.overview;
    if (!ov) throw new Error('no overview');
    const col = (name: string) => ov.columns.indexOf(name);
    /** The overview row of an experiment (and row label), as { n, after_f1 }. */
    const pick = (experiment: string, label?: RegExp) => {
      const hit = ov.rows.find((x) => x[col('experiment')] === experiment && (!label || label.test(String(x[col('row')]))));
      return hit ? { n: hit[col('n')] as number, f1: hit[col('after_f1')] as number } : null;
    };
    // Every column of the app's table, by its header, from the audit summary: a column the audit
    // does not reproduce has no entry here and fails the test.
    const budgetTable = summary.models[0]?.tables.find((t) => t.kind === 'budget');
    const stability = budgetTable?.rows.find((x) => x[budgetTable.columns.indexOf('measure')] === 'stability_pct');
    const dpr = ov.rows.find((x) => x[col('experiment')] === 'paraphrase');
    const original = ov.rows.find((x) => x[col('experiment')] === 'original');
    const fromAudit: Record<string, { n: number; f1: number } | null> = {
      'original F1': original ? { n: original[col('n')] as number, f1: original[col('before_f1')] as number } : null,
      'natural pairs F1': pick('natural'),
      'synthetic noise F1': pick('synthetic'),
      'paraphrase DPR %': dpr ? { n: dpr[col('n')] as number, f1: Number(/DPR ([\d.]+)%/.exec(String(dpr[col('row')]))?.[1]) } : null,
      'trap F1': pick('traps'),
      'worst F1': pick('budget', /^model worst$/),
      'best F1': pick('budget', /^model best$/),
      'stability %': stability && budgetTable ? { n: stability[budgetTable.columns.indexOf('n')] as number, f1: stability[budgetTable.columns.indexOf('model_f1')] as number } : null,
    };
    for (const t of config.types) for (const [source, name] of Object.entries(SOURCE_NAMES)) fromAudit[`${t} ${name} F1`] = pick('sweep', new RegExp(`^${t} · ${source} · us$`));
    const columns = robustnessColumns(config);
    expect(columns.map(([h]) => h).sort()).toEqual(Object.keys(fromAudit).sort());
    for (const [header, cellOf] of columns) {
      const cell = cellOf(row);
      const got = fromAudit[header] ?? null;
      if (cell === null) {
        expect(got === null || got.n === 0, header).toBe(true);
        continue;
      }
      expect(got, header).not.toBeNull();
      expect(got?.n, `${header}: n`).toBe(cell.n);
      // The DPR is printed with one decimal in the paraphrase row's label.
      if (header === 'paraphrase DPR %') expect(got?.f1, header).toBe(+cell.value.toFixed(1));
      else expect(got?.f1, `${header}: value`).toBeCloseTo(cell.value, 3);
    }
    // The app's statistics of the row (the stats worker's experimentCi over the cells' scores, Holm
    // over the row) equal the audit overview's CI columns (Holm over the model's rows) to 4 decimals.
    const appCi = experimentCi(robustnessComparisons(scores, config), { ...ciOptions, byPassage: false });
    // Issue 27.1: the original F1 column has its own CI over the same questions, around the column's own value.
    const withShares = experimentCi(robustnessComparisons(scores, config), { ...ciOptions, byPassage: false }, robustnessShares(shares));
    const origCi = originalCellCi(withShares);
    expect(origCi?.n).toBe(row.original?.n);
    expect(origCi?.value).toBeCloseTo(row.original?.value ?? NaN, 9);
    expect(origCi!.lo).toBeLessThanOrEqual(origCi!.value);
    expect(origCi!.hi).toBeGreaterThanOrEqual(origCi!.value);
    expect(origCi!.hi - origCi!.lo).toBeGreaterThan(0);
    // … and it is the audit's: its original unit's before-F1 CI (same questions, seed and resamples).
    const origRow = ov.rows.find((x) => x[col('experiment')] === 'original');
    expect([origRow?.[col('before_f1_lo')], origRow?.[col('before_f1_hi')]], 'original F1: CI').toEqual([origCi!.lo, origCi!.hi].map((x) => +x.toFixed(4)));
    expect(origRow?.[col('p_f1')], 'original F1: no test').toBeNull();
    const auditRow: Record<string, RegExp | string> = { natural: 'natural', noise: 'synthetic', paraphrase: 'paraphrase', trap: 'traps', worst: 'budget', best: 'budget' };
    let compared = 0;
    for (const [key, header] of robustCellKeys(config)) {
      const st = appCi.rows[key];
      const rename = /^rename:(\w+):(\w+)$/.exec(key);
      const hit = ov.rows.find((x) => (rename ? x[col('experiment')] === 'sweep' && x[col('row')] === `${rename[1]} · ${rename[2]} · us` : x[col('experiment')] === auditRow[key] && (key === 'worst' || key === 'best' ? x[col('row')] === `model ${key}` : true)));
      if (!st) {
        expect(hit?.[col('p_f1')] ?? null, `${header}: no statistics in the audit either`).toBeNull();
        continue;
      }
      expect(hit, header).toBeDefined();
      const v = (c: string) => hit?.[col(c)] as number;
      const r4 = (x: number) => +x.toFixed(4);
      const p4 = (x: number) => +x.toPrecision(4);
      const d = st.drop;
      expect([v('before_f1_lo'), v('before_f1_hi'), v('after_f1_lo'), v('after_f1_hi')], `${header}: F1 CIs`).toEqual([st.original.f1.lo, st.original.f1.hi, st.perturbed.f1.lo, st.perturbed.f1.hi].map(r4));
      // One sign (issue 38 §3): the audit's drop CI is the app's drop CI, not its negation.
      expect([v('drop_f1_lo'), v('drop_f1_hi'), v('drop_em_lo'), v('drop_em_hi')], `${header}: drop CIs`).toEqual([d.f1.lo, d.f1.hi, d.em.lo, d.em.hi].map(r4));
      expect([v('p_f1'), v('p_em'), v('p_f1_holm'), v('p_em_holm')], `${header}: p and Holm p`).toEqual([d.f1.p, d.em.p, d.f1.pHolm ?? NaN, d.em.pHolm ?? NaN].map(p4));
      compared++;
    }
    // Renamings, revision pairs, noise, paraphrases, trap, worst and best: every comparison cell has statistics here.
    expect(compared).toBeGreaterThanOrEqual(7);
    expect(appCi.family).toBe(2 * compared);

    // The original column is every answerable question of the scope; the other cells ran too.
    expect(row.original?.n).toBe(scope.filter((i) => !i.isImpossible).length);
    expect(row.natural).not.toBeNull();
    expect(row.stability).not.toBeNull();
  });
});
