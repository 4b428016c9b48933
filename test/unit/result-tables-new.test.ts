import { describe, expect, it } from 'vitest';
import { noAnswerReason, type RunRecord } from '../../src/core/results/run-record.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';
import { adversarialTable, dprTable, sliceResultTable, trapTable, universalTable } from '../../src/core/results/tables.ts';
import type { UniversalResult } from '../../src/core/entity/universal.ts';
import type { DprSummary } from '../../src/core/sensitivity/dpr.ts';
import type { TrapSummary } from '../../src/core/trap/summary.ts';
import type { AdversarialOutput } from '../../src/core/trap/adversarial.ts';
import type { SliceTable } from '../../src/core/metrics/slices.ts';

const rec = (settings: Record<string, unknown>, over: Partial<RunRecord> = {}): RunRecord => ({
  datasets: ['dev.json'],
  n: 12,
  selected: 12,
  query: '',
  filters: {},
  model: 'qarx-lexical-qa',
  dtype: 'fp32',
  device: 'wasm',
  versionTwo: false,
  versionTwoReason: noAnswerReason(false),
  settings,
  date: '2026-11-23T19:30:00.000Z',
  ...over,
});
const M = '--model public/models/qarx-lexical-qa --dtype fp32';

describe('the qarx command of the newer kinds', () => {
  it.each([
    {
      name: 'universal names, answer target',
      kind: 'universal',
      r: rec({ type: 'GPE', source: 'indist', origin: 'us', candidates: 30, top: 10, seed: 1, target: 'answer' }),
      cmd: `qarx universal dev.json ${M} --type GPE --target answer --source indist --origin us --candidates 30 --top 10 --seed 1 --json`,
    },
    {
      name: 'universal names, question person on SQuAD 2.0 (no target recorded → answer)',
      kind: 'universal',
      r: rec({ type: 'PER', source: 'db', origin: 'cn', candidates: 5, top: 3, seed: 9 }, { versionTwo: true, dtype: 'q8', datasets: ['Demo set (built in)'] }),
      cmd: 'qarx universal src/core/data/demo-set.json --model public/models/qarx-lexical-qa --dtype q8 --type PER --target answer --source db --origin cn --candidates 5 --top 3 --seed 9 --squad2 --json',
    },
    {
      name: 'paraphrases of two kinds',
      kind: 'paraphrase',
      r: rec({ datasetParaphrases: false, kinds: 'reorder, synonym', seed: 2, paraphrases: 20 }),
      cmd: `qarx perturb paraphrase --kind reorder --seed 2 dev.json paraphrased-reorder.json && qarx compare dev.json paraphrased-reorder.json ${M} --json && qarx perturb paraphrase --kind synonym --seed 2 dev.json paraphrased-synonym.json && qarx compare dev.json paraphrased-synonym.json ${M} --json`,
    },
    { name: "only the dataset's paraphrases", kind: 'paraphrase', r: rec({ datasetParaphrases: true, kinds: 'none', seed: 1, paraphrases: 3 }), cmd: null },
    {
      name: 'trap sentences',
      kind: 'traps',
      r: rec({ source: 'generated', position: 'before', seed: 4 }, { versionTwo: true }),
      cmd: `qarx perturb trap --source generated --position before --seed 4 dev.json trapped.json && qarx compare dev.json trapped.json ${M} --squad2 --json`,
    },
    {
      name: 'adversarial SQuAD',
      kind: 'adversarial',
      r: rec({ metric: 'Jia & Liang 2017 adversarial evaluation' }, { datasets: ['sample1k-HCVerifyAll.json'] }),
      cmd: `qarx predict ${M} --data sample1k-HCVerifyAll.json --out predictions && qarx eval sample1k-HCVerifyAll.json predictions/predictions.json --adversarial`,
    },
  ])('$name', ({ kind, r, cmd }) => {
    const c = qarxCommand(kind, r);
    expect(c.command).toBe(cmd);
    expect(c.note.length).toBeGreaterThan(20);
  });

  it("says the dataset's own paraphrases have no command", () => {
    expect(qarxCommand('paraphrase', rec({ datasetParaphrases: true, kinds: 'reorder', seed: 1, paraphrases: 3 })).note).toMatch(/dataset's own paraphrases/);
  });
});

describe('result tables of the newer kinds', () => {
  it('universal names: one row per name drawn, rank, Algorithm 2\'s weight and share in %; a row saved before weights has none', () => {
    const r: UniversalResult = {
      eligible: 8,
      ineligible: {},
      candidates: 3,
      tried: 2,
      rows: [
        // α = 1 + 3 − 0, β = 1 + 8 − 3: weight 4 / 10.
        { name: 'Ann Lee', weight: 0.4, alpha: 4, beta: 6, draws: 1, worsened: 3, improved: 0, tried: 8, changed: 3, share: 3 / 8, meanF1Drop: 12.5, f1Dropped: 3, skipped: {}, examples: [] },
        { name: 'Bo Li', tried: 6, changed: 1, share: 1 / 6, meanF1Drop: -2, f1Dropped: 0, skipped: {}, examples: [] },
      ],
      top: 10,
      original: { em: 62.5, f1: 70 },
      cancelled: true,
    };
    const t = universalTable(r);
    expect(t.rows).toEqual([
      // worsens_more (Ann: 3 worse > 0 better; Bo, saved before the counts: a mean F1 drop ≤ 0) and how many qualified (1).
      [1, 'Ann Lee', 40, 4, 6, 1, 3, 0, 8, true, 3, 37.5, 12.5, 8, 62.5, 70, true, 1],
      [2, 'Bo Li', null, null, null, null, null, null, 6, true, 1, 16.6667, -2, 8, 62.5, 70, false, 1],
    ]);
    expect(t.key).toEqual(['rank']);
  });

  it('DPR: per kind first (the headline, issue 38.4), then all kinds pooled as labelled rows, per bucket in %, an empty bucket null; originals over the pairs (Tang et al. 2021 §2.1, App. F), each question once in their own labelled rows', () => {
    const s: DprSummary = {
      n: 4,
      changed: 1,
      dpr: 0.25,
      questions: 2,
      original: { em: 50, f1: 62.5 },
      paraphrased: { em: 25, f1: 40 },
      originalQuestions: { em: 50, f1: 55 },
      byKind: { reorder: { n: 3, changed: 1, dpr: 1 / 3, original: { em: 66.6667, f1: 75 }, paraphrased: { em: 33.3333, f1: 40 } }, synonym: { n: 1, changed: 0, dpr: 0, original: { em: 0, f1: 25 }, paraphrased: { em: 0, f1: 40 } } },
      buckets: [
        { label: '0.0–0.2', n: 0, changed: 0, dpr: Number.NaN },
        { label: '0.8–1.0', n: 4, changed: 1, dpr: 0.25 },
      ],
    };
    // Issue 38.4: each kind's figures are the headline; the figures over both kinds are only labelled rows after them.
    expect(dprTable(s).rows).toEqual([
      ['dpr_pct reorder', 33.3333, 3, true, 1],
      ['em_original reorder', 66.6667, 3, true, null],
      ['f1_original reorder', 75, 3, true, null],
      ['em_paraphrased reorder', 33.3333, 3, true, null],
      ['f1_paraphrased reorder', 40, 3, true, null],
      ['dpr_pct synonym', 0, 1, true, 0],
      ['em_original synonym', 0, 1, true, null],
      ['f1_original synonym', 25, 1, true, null],
      ['em_paraphrased synonym', 0, 1, true, null],
      ['f1_paraphrased synonym', 40, 1, true, null],
      ['dpr_pct all kinds pooled', 25, 4, true, 1],
      ['em_original all kinds pooled', 50, 4, true, null],
      ['f1_original all kinds pooled', 62.5, 4, true, null],
      ['em_paraphrased all kinds pooled', 25, 4, true, null],
      ['f1_paraphrased all kinds pooled', 40, 4, true, null],
      ['em_original_each_question_once all kinds pooled', 50, 2, true, null],
      ['f1_original_each_question_once all kinds pooled', 55, 2, true, null],
      ['dpr_pct similarity 0.0–0.2 all kinds pooled', null, 0, true, 0],
      ['dpr_pct similarity 0.8–1.0 all kinds pooled', 25, 4, true, 1],
    ]);
    // One kind: its figures are the overall rows, named by the kind's row after them.
    const one = { ...s, byKind: { dataset: { n: 4, changed: 1, dpr: 0.25, original: s.original, paraphrased: s.paraphrased } } };
    expect(dprTable(one).rows.map((r) => r[0])).toEqual(['dpr_pct', 'em_original', 'f1_original', 'em_paraphrased', 'f1_paraphrased', 'em_original_each_question_once', 'f1_original_each_question_once', 'dpr_pct dataset', 'dpr_pct similarity 0.0–0.2', 'dpr_pct similarity 0.8–1.0']);
  });

  it('traps: all questions then each bucket; an empty bucket has no scores', () => {
    const z = { em: 0, f1: 0 };
    const s: TrapSummary = {
      n: 2,
      original: { em: 100, f1: 100 },
      trapped: { em: 50, f1: 75 },
      hitShare: 0.5,
      similarity: 0.4,
      buckets: [
        { label: '0.0–0.2', n: 0, original: z, trapped: z, hitShare: Number.NaN },
        { label: '0.4–0.6', n: 2, original: { em: 100, f1: 100 }, trapped: { em: 50, f1: 75 }, hitShare: 0.5 },
      ],
    };
    expect(trapTable(s).rows).toEqual([
      ['all', 2, true, 100, 100, 50, 75, 50],
      ['0.0–0.2', 0, true, null, null, null, null, null],
      ['0.4–0.6', 2, true, 100, 100, 50, 75, 50],
    ]);
  });

  it('adversarial: the four figures with the counts', () => {
    const o: AdversarialOutput = {
      result: { orig_exact_match: 100, orig_f1: 100, adv_exact_match: 50, adv_f1: 66.66666 },
      rows: [
        { originalId: 'a', variants: ['a-1', 'a-2'], original: { em: 1, f1: 1 }, worstId: 'a-2', adversarial: { em: 0, f1: 0.33 } },
        { originalId: 'b', variants: [], original: { em: 1, f1: 1 }, worstId: 'b', adversarial: { em: 1, f1: 1 } },
      ],
      warnings: [],
    };
    expect(adversarialTable(o).rows).toEqual([
      ['original', 2, true, 1, 2, 100, 100],
      ['adversarial', 2, true, 1, 2, 50, 66.6667],
    ]);
  });

  it('slices: one row per value and the all row, perturbed columns named after the side, drop = original − perturbed (issue 38 §3)', () => {
    const row = (value: string, n: number, o: number, p: number) => ({ value, n, small: n < 5, original: { em: o, f1: o }, perturbed: { em: p, f1: p }, drop: { em: o - p, f1: o - p }, perturbedN: n });
    const t: SliceTable = { key: 'qword', rows: [row('who', 2, 50, 25), row('when', 1, 100, 100)], all: row('(all)', 3, 66.666666, 50), perturbed: true };
    const r = sliceResultTable(t, 'D_worst');
    expect(r.columns).toEqual(['slice', 'n', 'small', 'orig_em', 'orig_f1', 'D_worst_em', 'D_worst_f1', 'drop_em', 'drop_f1']);
    expect(r.rows).toEqual([
      ['who', 2, true, 50, 50, 25, 25, 25, 25],
      ['when', 1, true, 100, 100, 100, 100, 0, 0],
      ['all', 3, true, 66.6667, 66.6667, 50, 50, 16.6667, 16.6667],
    ]);
    const plain = sliceResultTable({ ...t, perturbed: false }, 'edited');
    expect(plain.columns).toEqual(['slice', 'n', 'small', 'orig_em', 'orig_f1']);
    expect(plain.rows[0]).toEqual(['who', 2, true, 50, 50]);
  });
});
