/**
 * Confidence intervals for the kinds besides sweep and budget (issue 27, point 2): each kind's
 * comparisons (src/core/experiments/<kind>/ci.ts) on hand-checkable cases, the CI columns or rows
 * its saved table and exports carry, and the `--ci` flags of its qarx command.
 */
import { describe, expect, it } from 'vitest';
import { experimentCi, shareStats, type ExperimentCi } from '../../src/core/stats/index.ts';
import { handleStats } from '../../src/worker/stats-jobs.ts';
import { PAIRS_CI_KEY, pairsComparisons, withPairsCi } from '../../src/core/experiments/natural/ci.ts';
import { TRAPS_CI_KEY, trapComparisons, withTrapCi } from '../../src/core/experiments/traps/ci.ts';
import { DPR_CI_KEY, dprShares, PARAPHRASE_CI_KEY, paraphraseComparisons, withParaphraseCi } from '../../src/core/experiments/paraphrase/ci.ts';
import { ADVERSARIAL_CI_KEY, adversarialComparisons, withAdversarialCi } from '../../src/core/experiments/adversarial/ci.ts';
import { universalComparisons, withUniversalCi } from '../../src/core/experiments/universal/ci.ts';
import { kindOf } from '../../src/core/experiments/registry.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';
import type { PairRow } from '../../src/core/natural/pairs.ts';
import type { TrapRow } from '../../src/core/trap/summary.ts';
import type { DprRow } from '../../src/core/sensitivity/dpr.ts';
import type { AdversarialRow } from '../../src/core/trap/adversarial.ts';
import type { UniversalResult, UniversalRow } from '../../src/core/entity/universal.ts';
import type { RunRecord } from '../../src/core/results/run-record.ts';
import { summarizePairs } from '../../src/core/natural/pairs.ts';
import { pairsTable, trapTable } from '../../src/core/results/tables.ts';
import { summarizeTraps } from '../../src/core/trap/summary.ts';

const O = { bootstrap: 400, seed: 3 };
const ids = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];
const instances = ids.map((id, i) => ({ id, dataset: 'demo', title: 't', question: `question ${id}?`, context: `passage ${i}`, lang: 'en' as const }));
const sc = (em: number, f1: number) => ({ em, f1 });
/** Scores per question: 4 right → wrong, 1 wrong → wrong, 1 right → right (McNemar: 4 vs 0 discordant → p = 2 · ½⁴ = 0.125). */
const BEFORE = [sc(1, 1), sc(1, 1), sc(1, 1), sc(1, 1), sc(0, 0), sc(1, 1)];
const AFTER = [sc(0, 0), sc(0, 0.5), sc(0, 0), sc(0, 0), sc(0, 0), sc(1, 1)];

const pairRow = (id: string, o: { em: number; f1: number }, p: { em: number; f1: number }): PairRow => ({ id, dataset: 'demo', question: '?', original: { text: 'a', ...o }, perturbed: { text: 'b', ...p }, category: 'C2C', intent: null, touchesAnswer: null });
const trapRow = (id: string, o: { em: number; f1: number }, p: { em: number; f1: number }): TrapRow => ({ id, dataset: 'demo', question: '?', sentence: 's', similarity: 0.5, original: { text: 'a', span: null, ...o }, trapped: { text: 'b', span: null, hit: false, ...p }, trap: { start: 0, end: 1 } });
const dprRow = (id: string, o: { em: number; f1: number }, p: { em: number; f1: number }): DprRow => ({ id, dataset: 'demo', kind: 'reorder', detail: '', question: '?', paraphrase: '?', similarity: 0.5, original: { text: 'a', ...o }, paraphrased: { text: 'b', ...p }, differs: false });

const run = (settings: Record<string, unknown>): RunRecord => ({ datasets: ['demo'], n: 6, selected: 6, query: '', filters: {} as RunRecord['filters'], model: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm', versionTwo: false, versionTwoReason: '', scoringLang: 'auto', settings, date: '2026-11-27T07:00:00.000Z' });
const CI = { bootstrap: 1000, seed: 4, byPassage: false };

describe('revision pairs and synthetic noise: one comparison, original vs edited passage (qarx compare --ci)', () => {
  it('identical predictions give a [0, 0] drop and p = 1', () => {
    const rows = ids.map((id, i) => pairRow(id, BEFORE[i] ?? sc(0, 0), BEFORE[i] ?? sc(0, 0)));
    const ci = experimentCi(pairsComparisons(instances, rows), O);
    expect(ci.family).toBe(2);
    const st = ci.rows[PAIRS_CI_KEY];
    expect(st?.n).toBe(6);
    expect(st?.drop.f1).toMatchObject({ value: 0, lo: 0, hi: 0, p: 1 });
    expect(st?.drop.em).toMatchObject({ value: 0, lo: 0, hi: 0, p: 1 });
  });

  it('4 right → wrong and none back: McNemar p = 0.125, no Holm (one comparison); rows without a question are left out', () => {
    const rows = [...ids.map((id, i) => pairRow(id, BEFORE[i] ?? sc(0, 0), AFTER[i] ?? sc(0, 0))), pairRow('elsewhere', sc(1, 1), sc(0, 0))];
    const st = experimentCi(pairsComparisons(instances, rows), O).rows[PAIRS_CI_KEY];
    expect(st?.n).toBe(6);
    expect(st?.discordant).toEqual({ c2w: 4, w2c: 0 });
    expect(st?.drop.em.p).toBeCloseTo(0.125, 12);
    expect(st?.drop.em.pHolm).toBeUndefined();
    // EM 5/6 → 1/6: a drop of 66.7 points.
    expect(st?.drop.em.value).toBeCloseTo(100 * (4 / 6), 10);
  });

  it('the stats worker answers these comparisons exactly as core does', () => {
    const comparisons = pairsComparisons(instances, ids.map((id, i) => pairRow(id, BEFORE[i] ?? sc(0, 0), AFTER[i] ?? sc(0, 0))));
    const e = handleStats({ type: 'ci', reqId: 1, comparisons, options: O }, () => 0);
    expect(e).toMatchObject({ type: 'ci-done', result: experimentCi(comparisons, O) });
  });

  it('the saved table gets CI rows in its run column; the descriptors of both kinds use the payload\'s ci; the command carries --ci', () => {
    const rows = ids.map((id, i) => pairRow(id, BEFORE[i] ?? sc(0, 0), AFTER[i] ?? sc(0, 0)));
    const ci = experimentCi(pairsComparisons(instances, rows), O);
    const t = withPairsCi(pairsTable([{ name: 'natural edits', s: summarizePairs(rows) }]), ci, 'natural edits');
    const row = (m: string) => t.rows.find((r) => r[0] === m);
    expect(row('p_em')?.[1]).toBeCloseTo(0.125, 4);
    expect(row('drop_f1_lo')?.[1]).toBe(+(ci.rows[PAIRS_CI_KEY]?.drop.f1.lo ?? NaN).toFixed(4));
    expect(row('f1_significance')?.[1]).toMatch(/significant/);
    const payload = { rows, dropped: 0, answerMissing: { count: 0, ids: [] }, label: 'keyboard', ci };
    for (const k of ['natural', 'synthetic']) {
      const saved = kindOf(k)?.table?.(payload, run({ rule: 'script' }));
      expect(saved?.rows.some((r) => r[0] === 'p_f1'), k).toBe(true);
      expect(kindOf(k)?.table?.({ ...payload, ci: undefined }, run({ rule: 'script' }))?.rows.some((r) => r[0] === 'p_f1'), k).toBe(false);
    }
    expect(qarxCommand('natural', run({ rule: 'script', ci: CI })).command).toMatch(/^qarx compare original\.json edited\.json .*--ci --bootstrap 1000 --seed 4 --json$/);
    expect(qarxCommand('synthetic', run({ kind: 'keyboard', rate: 0.3, seed: 9, rule: 'script', ci: CI })).command).toMatch(/--seed 9 .* && qarx compare .*--ci --bootstrap 1000 --seed 4 --json$/);
    expect(qarxCommand('natural', run({ rule: 'script' })).command).not.toMatch(/--ci/);
  });
});

describe('traps: original vs trapped passage', () => {
  const rows = ids.map((id, i) => trapRow(id, BEFORE[i] ?? sc(0, 0), AFTER[i] ?? sc(0, 0)));
  const ci = experimentCi(trapComparisons(instances, rows), O);

  it('same pairs, same statistics as the pairs kinds (McNemar p = 0.125)', () => {
    expect(ci.rows[TRAPS_CI_KEY]).toEqual(experimentCi(pairsComparisons(instances, ids.map((id, i) => pairRow(id, BEFORE[i] ?? sc(0, 0), AFTER[i] ?? sc(0, 0)))), O).rows[PAIRS_CI_KEY]);
    expect(ci.rows[TRAPS_CI_KEY]?.drop.em.p).toBeCloseTo(0.125, 12);
  });

  it('the CI columns sit on the table\'s "all" row only; the command\'s compare has --ci', () => {
    const t = withTrapCi(trapTable(summarizeTraps(rows)), ci);
    const col = (c: string) => t.columns.indexOf(c);
    expect(col('trapped_f1_lo')).toBeGreaterThan(0);
    const all = t.rows.find((r) => r[0] === 'all');
    expect(all?.[col('p_em')]).toBeCloseTo(0.125, 4);
    expect(t.rows.filter((r) => r[0] !== 'all').every((r) => r[col('p_em')] === null)).toBe(true);
    expect(qarxCommand('traps', run({ source: 'generated', position: 'after', seed: 2, ci: CI })).command).toMatch(/qarx perturb trap .*--seed 2 .* && qarx compare .*--ci --bootstrap 1000 --seed 4 --json$/);
  });
});

describe('paraphrases: each (question, paraphrase) pair, DuReader-robust\'s unit (Tang et al. 2021 §2.1, App. F)', () => {
  it('two paraphrases of one question are two pairs, its original counted with each (EM 0/1: McNemar, 1 discordant pair)', () => {
    const rows = [dprRow('q1', sc(1, 1), sc(1, 1)), dprRow('q1', sc(1, 1), sc(0, 0)), dprRow('q2', sc(1, 1), sc(1, 1))];
    const st = experimentCi(paraphraseComparisons(instances, rows), O).rows[PARAPHRASE_CI_KEY];
    expect(st?.n).toBe(3);
    expect(st?.perturbed.em.value).toBeCloseTo(200 / 3, 10);
    expect(st?.drop.em.test).toBe('mcnemar');
    expect(st?.discordant).toEqual({ c2w: 1, w2c: 0 });
    expect(st?.drop.em.p).toBe(1);
  });

  it('identical answers: [0, 0] and p = 1; the DPR table gets CI rows with their n; the commands carry --ci', () => {
    const rows = ids.map((id, i) => dprRow(id, BEFORE[i] ?? sc(0, 0), BEFORE[i] ?? sc(0, 0)));
    const ci = experimentCi(paraphraseComparisons(instances, rows), O);
    expect(ci.rows[PARAPHRASE_CI_KEY]?.drop.f1).toMatchObject({ lo: 0, hi: 0, p: 1 });
    const t = withParaphraseCi({ title: 'd', columns: ['measure', 'value', 'n', 'changed'], key: ['measure'], headline: ['value'], rows: [['dpr_pct', 0, 6, 0]] }, ci);
    expect(t.rows.find((r) => r[0] === 'p_f1')).toEqual(['p_f1', 1, 6, null]);
    const cmd = qarxCommand('paraphrase', run({ kinds: 'reorder,synonym', seed: 1, ci: CI })).command ?? '';
    expect(cmd.match(/--ci --bootstrap 1000 --seed 4 --json/g)).toHaveLength(2);
  });
});

describe('the DPR\'s CI: a percentile bootstrap of the share over the (question, paraphrase) pairs (Tang et al. 2021, App. F)', () => {
  const B = { bootstrap: 4000, seed: 2 };
  it('hand-computed: [0, 1] resamples to 0, 50 or 100 % (¼, ½, ¼) → [0, 100]; [1, 0, 0, 0]: P(100 %) = ¼⁴ < 2.5 % < P(≥ 75 %) ≈ 5.1 % → [0, 75]', () => {
    expect(shareStats([0, 1], B)).toEqual({ n: 2, value: 50, lo: 0, hi: 100 });
    expect(shareStats([1, 0, 0, 0], B)).toEqual({ n: 4, value: 25, lo: 0, hi: 75 });
  });
  it('no change anywhere: [0, 0]; every answer changed: [100, 100]; no pair: null', () => {
    expect(shareStats([0, 0, 0], B)).toMatchObject({ value: 0, lo: 0, hi: 0 });
    expect(shareStats([1, 1], B)).toMatchObject({ value: 100, lo: 100, hi: 100 });
    expect(shareStats([], B)).toBeNull();
  });
  it('passages: the pairs of one question are resampled together (two questions, one with 3 changed pairs → only 0 or 75 % or 100 % …)', () => {
    // q1: 3 pairs all changed, q2: 1 pair unchanged. By question: resamples {q1,q1} 100 %, {q1,q2} 75 %, {q2,q2} 0 %.
    const rows = [{ ...dprRow('q1', sc(1, 1), sc(0, 0)), differs: true }, { ...dprRow('q1', sc(1, 1), sc(0, 0)), differs: true }, { ...dprRow('q1', sc(1, 1), sc(0, 0)), differs: true }, dprRow('q2', sc(1, 1), sc(1, 1))];
    const [sh] = dprShares(rows);
    expect(sh?.values).toEqual([1, 1, 1, 0]);
    expect(shareStats(sh?.values ?? [], { ...B, byPassage: true }, sh?.clusters)).toEqual({ n: 4, value: 75, lo: 0, hi: 100 });
  });
  it('the stats worker computes it with the comparisons; the DPR table gets dpr_pct_lo / dpr_pct_hi rows with the pairs\' n', () => {
    const rows = ids.map((id, i) => ({ ...dprRow(id, BEFORE[i] ?? sc(0, 0), AFTER[i] ?? sc(0, 0)), differs: i < 3 }));
    const e = handleStats({ type: 'ci', reqId: 1, comparisons: paraphraseComparisons(instances, rows), options: O, shares: dprShares(rows) });
    if (e.type !== 'ci-done') throw new Error(e.message);
    expect(e.result).toEqual(experimentCi(paraphraseComparisons(instances, rows), O, dprShares(rows)));
    const d = e.result.shares?.[DPR_CI_KEY];
    expect(d).toMatchObject({ n: 6, value: 50 });
    const t = withParaphraseCi({ title: 'd', columns: ['measure', 'value', 'n', 'changed'], key: ['measure'], headline: ['value'], rows: [['dpr_pct', 50, 6, 3]] }, e.result);
    const r4 = (x: number | undefined) => +(x ?? NaN).toFixed(4);
    expect(t.rows.slice(1, 3)).toEqual([['dpr_pct_lo', r4(d?.lo), 6, null], ['dpr_pct_hi', r4(d?.hi), 6, null]]);
    // Without shares the result has no shares field (other kinds' results are unchanged).
    expect('shares' in experimentCi(paraphraseComparisons(instances, rows), O)).toBe(false);
  });
});

describe('adversarial SQuAD: each original question vs its adversary\'s pick (qarx eval --adversarial --ci)', () => {
  const adv = (originalId: string, o: { em: number; f1: number } | null, a: { em: number; f1: number } | null): AdversarialRow => ({ originalId, variants: [`${originalId}-1`], original: o, worstId: a ? `${originalId}-1` : null, adversarial: a });
  it('a missing score counts 0, as the script counts it; the table\'s adversarial row carries the columns; the eval command has --ci', () => {
    const rows = [adv('q1', sc(1, 1), sc(0, 0)), adv('q2', sc(1, 1), null), adv('q3', null, null), adv('q4', sc(1, 1), sc(1, 1))];
    const ci = experimentCi(adversarialComparisons(rows), O);
    const st = ci.rows[ADVERSARIAL_CI_KEY];
    expect(st?.n).toBe(4);
    expect(st?.discordant).toEqual({ c2w: 2, w2c: 0 });
    // McNemar, 2 vs 0: 2 · ½² = 0.5.
    expect(st?.drop.em.p).toBeCloseTo(0.5, 12);
    const t = withAdversarialCi({ title: 'a', columns: ['measure', 'originals', 'attacked', 'variants', 'em', 'f1'], key: ['measure'], headline: ['em', 'f1'], rows: [['original', 4, 4, 4, 75, 75], ['adversarial', 4, 4, 4, 25, 25]] }, ci);
    expect(t.rows[0]?.[t.columns.indexOf('p_em')]).toBeNull();
    expect(t.rows[1]?.[t.columns.indexOf('p_em')]).toBeCloseTo(0.5, 4);
    expect(t.rows[1]?.[t.columns.indexOf('f1_significance')]).toBe('not significant');
    expect(qarxCommand('adversarial', run({ ci: CI })).command).toMatch(/qarx eval \S+ predictions\/predictions\.json --adversarial --ci --bootstrap 1000 --seed 4$/);
  });
});

describe('universal names: one comparison per listed name, Holm over them (qarx universal --ci)', () => {
  const q = (id: string, o: number, p: number) => ({ id, dataset: 'demo', original: sc(o, o), perturbed: sc(p, p) });
  const name = (n: string, weight: number, questions: ReturnType<typeof q>[], changed = 1): UniversalRow => ({ name: n, weight, tried: questions.length, changed, share: 0, meanF1Drop: 1, f1Dropped: 0, skipped: {}, examples: [], questions });
  const result = { rows: [name('Ann Lee', 0.9, ids.map((id, i) => q(id, BEFORE[i]?.em ?? 0, AFTER[i]?.em ?? 0))), name('Bo Chen', 0.5, [q('q1', 1, 1), q('q2', 1, 1)]), name('Idle Name', 0.1, [q('q3', 1, 1)], 0)], top: 3 } as unknown as UniversalResult;
  it('names that changed nothing are not listed (as the table); Holm over 2 names × EM/F1 = 4 tests; the command uses --ci-seed', () => {
    const comparisons = universalComparisons(instances, { ...result, rows: result.rows.map((r) => (r.name === 'Idle Name' ? { ...r, meanF1Drop: 0 } : r)) });
    expect(comparisons.map((c) => c.key)).toEqual(['Ann Lee', 'Bo Chen']);
    const ci: ExperimentCi = experimentCi(comparisons, O);
    expect(ci.family).toBe(4);
    // McNemar 0.125 × 4 tests (the smallest p of four) = 0.5.
    expect(ci.rows['Ann Lee']?.drop.em.pHolm).toBeCloseTo(0.5, 12);
    // 2 unchanged questions: p = 1 and no shift is rejected (min p 2/4), so the CI is the whole range.
    expect(ci.rows['Bo Chen']?.drop.f1).toMatchObject({ lo: -100, hi: 100, p: 1 });
    const t = withUniversalCi({ title: 'u', columns: ['rank', 'name', 'tried'], key: ['rank'], headline: [], rows: [[1, 'Ann Lee', 6], [2, 'Bo Chen', 2], [3, 'constructor', 1]] }, ci);
    expect(t.rows[0]?.[t.columns.indexOf('p_em_holm')]).toBeCloseTo(0.5, 4);
    expect(t.rows[2]?.[t.columns.indexOf('p_em')]).toBeNull();
    const cmd = qarxCommand('universal', run({ type: 'PER', source: 'db', origin: 'us', candidates: 5, top: 3, seed: 8, ci: CI })).command;
    expect(cmd).toMatch(/--seed 8 .*--ci --bootstrap 1000 --ci-seed 4 --json$/);
  });
});
