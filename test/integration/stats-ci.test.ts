/**
 * --ci on the CLI (issue 27): qarx eval keeps the official JSON unless --ci; with it, bootstrap CIs
 * over questions (Berg-Kirkpatrick et al. 2012) seeded and reproducible; compare's paired tests
 * (McNemar 1947 on EM, sign-flip on F1; Dror et al. 2018) on the shipped model; an audit config's
 * "ci" puts CI, p and Holm-adjusted p columns in summary.json/md, the CSV and report.html (qarx card:
 * test/integration/card.test.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runMain, runQarx } from '../support/run-qarx.ts';
import { budgetComparisons, experimentCi, pairedStats, type ExperimentCi } from '../../src/core/stats/index.ts';
import type { BudgetResult } from '../../src/core/entity/stats.ts';
import { readInstances } from '../../src/cli/data.ts';
import { scoredAs } from '../../src/cli/lang.ts';

const EVAL = join(ROOT, 'test', 'fixtures', 'eval');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-ci-'));
const run = (...args: string[]) => runQarx(join(tmp, 'cache'), ...args);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('qarx eval --ci', () => {
  const data = join(EVAL, 'squad-v1.json');
  const preds = join(EVAL, 'squad-v1.pred.json');

  it('prints the official JSON byte for byte without --ci', async () => {
    const r = await runMain('eval', data, preds);
    expect(r.stdout).toBe(readFileSync(join(EVAL, 'squad-v1.expected.json'), 'utf8'));
  });

  it('adds a seeded 95% CI over questions that contains the official figures', async () => {
    const a = await runMain('eval', data, preds, '--ci', '--bootstrap', '400', '--seed', '7');
    const b = await runMain('eval', data, preds, '--ci', '--bootstrap', '400', '--seed', '7');
    const c = await runMain('eval', data, preds, '--ci', '--bootstrap', '400', '--seed', '8');
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    const official = JSON.parse(readFileSync(join(EVAL, 'squad-v1.expected.json'), 'utf8')) as { exact_match: number; f1: number };
    const out = JSON.parse(a.stdout) as { exact_match: number; f1: number; ci: { n: number; exact_match: [number, number]; f1: [number, number]; bootstrap: number; seed: number } };
    expect([out.exact_match, out.f1]).toEqual([official.exact_match, official.f1]);
    expect(out.ci).toMatchObject({ n: 13, bootstrap: 400, seed: 7 });
    expect(out.ci.f1[0]).toBeLessThanOrEqual(out.f1);
    expect(out.ci.f1[1]).toBeGreaterThanOrEqual(out.f1);
  });

  it('every answer right: mdd null with "no variation in this sample" (JSON), never 0 (issue 39.3)', async () => {
    const squad = JSON.parse(readFileSync(data, 'utf8')) as { data: { paragraphs: { qas: { id: string; answers: { text: string }[] }[] }[] }[] };
    const gold = Object.fromEntries(squad.data.flatMap((a) => a.paragraphs.flatMap((p) => p.qas.map((q) => [q.id, q.answers[0]?.text ?? '']))));
    const allRight = join(tmp, 'all-right.pred.json');
    writeFileSync(allRight, JSON.stringify(gold));
    const r = await runMain('eval', data, allRight, '--ci', '--bootstrap', '200', '--seed', '1');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { exact_match: number; ci: { mdd: unknown; mdd_note: unknown } };
    expect(out.exact_match).toBe(100);
    expect(out.ci.mdd).toEqual({ exact_match: null, f1: null });
    expect(out.ci.mdd_note).toEqual({ exact_match: 'no variation in this sample', f1: 'no variation in this sample' });
  });

  it('refuses CI options without --ci, and --ci with --slice', async () => {
    expect(await runMain('eval', data, preds, '--bootstrap', '5')).toMatchObject({ code: 2, stderr: expect.stringContaining('--bootstrap needs --ci') });
    expect((await runMain('eval', data, preds, '--ci', '--slice', 'title')).code).toBe(2);
  });
});

describe('qarx compare --ci (shipped model)', () => {
  it('prints CI, p and the legend; --json carries the same paired statistics as core computes from its rows', { timeout: 300_000 }, async () => {
    const pairs = join(ROOT, 'test', 'fixtures', 'cli');
    const orig = join(tmp, 'orig.json');
    const pert = join(tmp, 'pert.json');
    // The perturbed side: the same questions with a trap sentence, written by qarx itself.
    writeFileSync(orig, readFileSync(join(pairs, 'squad2-mini.json')));
    expect((await run('perturb', 'trap', '--seed', '1', orig, pert)).code).toBe(0);
    const text = await run('compare', orig, pert, '--model', MODEL, '--ci', '--bootstrap', '300', '--seed', '2');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/drop CI: 95%, the drops the paired sign-flip test .* over questions does not reject at 0\.05 \(test inversion\), so it excludes 0 exactly when the unadjusted p < 0\.05; score CIs: 95% percentile bootstrap over questions \(300 resamples, seed 2\)/);
    expect(text.stdout).toMatch(/drop F1 -?\d+\.\d\d \[-?\d+\.\d\d, -?\d+\.\d\d\] p /);
    const json = await run('compare', orig, pert, '--model', MODEL, '--ci', '--bootstrap', '300', '--seed', '2', '--json');
    const r = JSON.parse(json.stdout) as { ci: ReturnType<typeof pairedStats>; rows: { original: { em: number; f1: number }; perturbed: { em: number; f1: number } }[]; original: { f1: number } };
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.ci.n).toBe(r.rows.length);
    expect(r.ci.original.f1.value).toBeCloseTo(r.original.f1, 9);
    expect(r.ci.drop.em.test).toBe('mcnemar');
    expect(r.ci.settings).toEqual({ bootstrap: 300, seed: 2, level: 0.95, resample: 'question' });
  });
});

describe('qarx sweep --ci (shipped model)', () => {
  it('gives each row its paired statistics, Holm-adjusted over the rows, the settings in the record, and labels the seed spread apart', { timeout: 300_000 }, async () => {
    const args = ['sweep', join(ROOT, 'test', 'fixtures', 'entity', 'selection.json'), '--model', MODEL, '--types', 'PER,GPE', '--sources', 'randstr', '--origins', 'us', '--seeds', '2', '--ci', '--bootstrap', '200', '--seed', '4'];
    const json = await run(...args, '--json');
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout) as { record: { settings: { ci: unknown } }; rows: { n: number; ci: ReturnType<typeof pairedStats> }[] };
    expect(r.record.settings.ci).toEqual({ bootstrap: 200, seed: 4, byPassage: false });
    expect(r.rows.length).toBe(3);
    for (const row of r.rows) {
      expect(row.ci.n).toBe(row.n);
      expect(row.ci.drop.f1.pHolm).toBeGreaterThanOrEqual(row.ci.drop.f1.p);
    }
    const text = await run(...args);
    expect(text.stdout).toMatch(/^± = std over perturbation seeds; drop = .*score CIs: 95% percentile bootstrap over questions \(200 resamples, seed 4\).*Holm p: adjusted over the 6 tests of this run.*mdd: .* at α = 0\.05\/6/);
  });
});

describe('qarx budget --ci (shipped model): the random and RESEMBLE rows', () => {
  it('has CI and p for random, D_worst and D_best of the model and of RESEMBLE, one Holm family of 12, recomputable from its per-question rows', { timeout: 300_000 }, async () => {
    const data = join(ROOT, 'test', 'fixtures', 'entity', 'selection.json');
    const args = ['budget', data, '--model', MODEL, '--source', 'randstr', '--budget', '2', '--resemble', '3', '--ci', '--bootstrap', '200', '--ci-seed', '5'];
    const json = await run(...args, '--json');
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout) as BudgetResult & { ci: ExperimentCi };
    expect(Object.keys(r.ci.rows)).toEqual(['model · random', 'model · worst', 'model · best', 'resemble · random', 'resemble · worst', 'resemble · best']);
    expect(r.ci.family).toBe(12);
    expect(r.ci.settings).toEqual({ bootstrap: 200, seed: 5, level: 0.95, resample: 'question' });
    // The random row's EM is a mean over B renamings: the sign-flip test, never McNemar's.
    expect(r.ci.rows['model · random']?.drop.em.test).toBe('sign-flip');
    expect(r.ci.rows['model · random']?.perturbed.f1.value).toBeCloseTo(r.plain.random.f1, 9);
    expect(r.ci.rows['resemble · worst']?.perturbed.f1.value).toBeCloseTo(r.defended?.worst.f1 ?? NaN, 9);
    const instances = scoredAs(await readInstances(data), undefined);
    expect(experimentCi(budgetComparisons(instances, r), { bootstrap: 200, seed: 5 })).toEqual(r.ci);
    const text = await run(...args);
    expect(text.stdout).toMatch(/Holm p: adjusted over the 12 tests/);
    expect(text.stdout).toMatch(/\nRESEMBLE random \(mean over B\)\t\d+/);
  });
});

describe('audit "ci"', () => {
  const dir = join(tmp, 'audit');
  beforeAll(async () => {
    const config = join(tmp, 'audit.json');
    writeFileSync(config, JSON.stringify({
      name: 'ci-audit',
      datasets: [{ name: 'demo', builtin: 'demo', lang: 'en', limit: 24 }],
      models: [{ path: MODEL }],
      experiments: [{ kind: 'sweep', types: ['PER'], sources: ['randstr'], seeds: 2, origins: [] }, { kind: 'traps' }],
      ci: { bootstrap: 300, seed: 3 },
    }));
    const r = await run('audit', '--config', config, '--out', dir);
    expect(r.code, r.stderr).toBe(0);
  }, 600_000);

  it('puts CI, p and Holm-adjusted p beside every before/after figure in summary.json, summary.md, the CSV and report.html', () => {
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { models: { overview: { columns: string[]; rows: unknown[][] } }[] };
    const o = s.models[0]?.overview;
    const col = (name: string) => o?.columns.indexOf(name) ?? -1;
    expect(o?.columns).toEqual(expect.arrayContaining(['before_f1_lo', 'after_f1_hi', 'drop_f1_lo', 'drop_f1_hi', 'p_f1', 'p_f1_holm', 'p_em_holm', 'mdd_f1', 'f1_significance']));
    expect(o?.rows.length).toBe(2);
    for (const r of o?.rows ?? []) {
      // Issue 38 §3: drop_f1 = before − after (positive = worse), its CI the paired CI of that drop.
      const drop = r[col('drop_f1')] as number;
      expect(drop).toBeCloseTo((r[col('before_f1')] as number) - (r[col('after_f1')] as number), 3);
      expect(r[col('drop_f1_lo')] as number).toBeLessThanOrEqual(drop + 1e-6);
      expect(r[col('drop_f1_hi')] as number).toBeGreaterThanOrEqual(drop - 1e-6);
      expect(r[col('p_f1_holm')] as number).toBeGreaterThanOrEqual(r[col('p_f1')] as number);
      expect(['significant', 'not significant']).toContain(r[col('f1_significance')]);
    }
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('Holm–Bonferroni over every p of this model');
    expect(readFileSync(join(dir, 'tables', 'qarx-lexical-qa-overview.csv'), 'utf8').split('\n')[0]).toContain('p_f1_holm');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('not a CI');
  });
});
