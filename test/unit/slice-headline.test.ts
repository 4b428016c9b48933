/**
 * One figure everywhere (issue 23 §2): for every experiment kind, the slice table's "all" row equals
 * the headline table field by field (as exported), and the slices' count-weighted means add up to it
 * (a slice's perturbed mean is over perturbed answers, DuReader-robust's paraphrase instances).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { runBudget, runSweep } from '../../src/core/entity/experiment.ts';
import { summarizeSweep } from '../../src/core/entity/stats.ts';
import { runUniversal, DEFAULT_UNIVERSAL, type UniversalName } from '../../src/core/entity/universal.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { adversarialHeadline, budgetHeadline, dprHeadline, pairsHeadline, sweepRowHeadline, trapHeadline, universalHeadline } from '../../src/core/metrics/experiment-headlines.ts';
import { adversarialSliceItems, budgetSliceItems, paraphraseSliceItems, sweepRowKey, sweepSliceItems, trapSliceItems, universalSliceItems } from '../../src/core/metrics/experiment-slices.ts';
import { sliceTable, type SliceItem, type SliceKey, type SliceTable, type SliceTotals } from '../../src/core/metrics/slices.ts';
import { summarizePairs, type PairRow } from '../../src/core/natural/pairs.ts';
import { hashString } from '../../src/core/text/random.ts';
import type { CellValue, ResultTable } from '../../src/core/results/table.ts';
import { adversarialTable, budgetTable, dprTable, pairsTable, sliceResultTable, sweepTable, trapTable, universalTable } from '../../src/core/results/tables.ts';
import { summarizeDpr, type DprRow } from '../../src/core/sensitivity/dpr.ts';
import { evaluateAdversarial } from '../../src/core/trap/adversarial.ts';
import { summarizeTraps, type TrapRow } from '../../src/core/trap/summary.ts';
import { char, type QaInput, type QaPrediction } from '../../src/core/types.ts';
import { joinScores } from '../../src/core/metrics/slices.ts';
import { experimentCi } from '../../src/core/stats/index.ts';
import { PARAPHRASE_CI_KEY, paraphraseComparisons, withParaphraseCi } from '../../src/core/experiments/paraphrase/ci.ts';

const KEYS: SliceKey[] = ['title', 'qword', 'meta.domain'];
const TITLES = ['Alps', 'Nile', 'Rome'];
const WORDS = ['Who', 'When', 'Where', 'What'];
const DOMAINS = ['news', 'law', 'med'];

/** n questions whose title, question word and domain vary with i. */
const questions = (n: number): Instance[] =>
  Array.from({ length: n }, (_, i) => ({
    ...makeInstance({ id: `q${i}`, dataset: 'd', title: TITLES[i % 3] as string, question: `${WORDS[(i * 7) % 4] as string} did it?`, context: 'Ann won.', answers: [{ text: 'Ann', start: 0 }], isImpossible: false, lang: 'en' }),
    meta: { domain: DOMAINS[(i * 5) % 3] as string },
  }));

/** A cell of an exported table by row key and column. */
function cell(t: ResultTable, key: string, col: string): CellValue {
  const row = t.rows.find((r) => r[t.columns.indexOf(t.key[0] as string)] === key);
  return row ? (row[t.columns.indexOf(col)] ?? null) : null;
}

/** The exported slice table's all row as { column: value }. */
function allRow(t: SliceTable, label: string): Record<string, CellValue> {
  const r = sliceResultTable(t, label);
  const row = r.rows.find((x) => x[0] === 'all') as CellValue[];
  return Object.fromEntries(r.columns.map((c, i) => [c, row[i] ?? null]));
}

/** Count-weighted slice means reproduce the all row (originals by questions, perturbed by answers). */
function expectSlicesAddUp(t: SliceTable): void {
  const n = t.rows.reduce((a, r) => a + r.n, 0);
  expect(n).toBe(t.all.n);
  for (const m of ['em', 'f1'] as const) {
    expect(t.rows.reduce((a, r) => a + r.n * r.original[m], 0) / n).toBeCloseTo(t.all.original[m], 8);
    if (!t.perturbed) continue;
    const pn = t.rows.reduce((a, r) => a + r.perturbedN, 0);
    expect(pn).toBe(t.all.perturbedN);
    expect(t.rows.reduce((a, r) => a + r.perturbedN * (r.perturbed?.[m] ?? NaN), 0) / pn).toBeCloseTo(t.all.perturbed?.[m] ?? NaN, 8);
  }
}

/** Every key's slice table (with the kind's headline) checked against the headline table's cells. */
function check(items: SliceItem[], headline: SliceTotals, label: string, want: Record<string, CellValue>): void {
  for (const key of KEYS) {
    const t = sliceTable(items, key, headline);
    expect(allRow(t, label)).toMatchObject(want);
    expectSlicesAddUp(t);
  }
}

const score = fc.record({ em: fc.constantFrom(0, 1), f1: fc.double({ min: 0, max: 1, noNaN: true }) }).map((s) => (s.em === 1 ? { em: 1, f1: 1 } : s));

/** A span prediction of the words [a, b] of the passage. */
function spanPred(x: QaInput, salt: number): QaPrediction {
  const words = [...x.context.matchAll(/\S+/g)];
  const h = hashString(`${salt}|${x.question}|${x.context}`);
  const a = h % words.length;
  const b = Math.min(words.length - 1, a + ((h >>> 8) % 3));
  const start = words[a]?.index ?? 0;
  const end = (words[b]?.index ?? 0) + (words[b]?.[0].length ?? 0);
  const s = { text: x.context.slice(start, end), start: char(start), end: char(end), score: 1, startLogit: 0, endLogit: 0, probability: 1 };
  return { id: x.id, text: s.text, best: s, nbest: [s], nullScoreDiff: null, windows: 1 };
}
/** A model stand-in answering a salted-hash-chosen span: varied EM/F1 on renamed passages. */
const hashed = (salt: number) => async (inputs: QaInput[]) => ({ predictions: inputs.map((x) => spanPred(x, salt)), cancelled: false });

/** Questions whose answer is a person at the start of the passage (renamable, PER). */
const people = (n: number): Instance[] =>
  questions(n).map((q, i) => ({ ...q, question: `Who ${['won the prize', 'wrote the paper', 'built the bridge'][i % 3] as string} in ${1900 + i}?`, context: `${['Marie Curie', 'Albert Einstein', 'Ada Lovelace', 'Tom Berg'][i % 4] as string} did it in ${1900 + i} near the river.`, answers: [{ text: ['Marie Curie', 'Albert Einstein', 'Ada Lovelace', 'Tom Berg'][i % 4] as string, start: 0 }], answerType: 'PER' as const }));

describe('the slice table\'s all row is the headline, field by field, for every experiment kind', () => {
  it('over-sensitivity (DPR): one unit, the (question, paraphrase) pair (Tang et al. 2021 §2.1, App. F) — the table, the slice table\'s all row, the CI and the drop agree (issue 23 §2)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(9), score, score), { minLength: 1, maxLength: 40 }), (spec) => {
        const qs = questions(10);
        // One original score per question; a question may have several paraphrases.
        const orig = new Map<string, { em: number; f1: number }>();
        const rows: DprRow[] = spec.map(([q, o, p]) => {
          const id = `q${q}`;
          if (!orig.has(id)) orig.set(id, o);
          const os = orig.get(id) as { em: number; f1: number };
          return { id, dataset: 'd', kind: 'reorder', detail: '', question: '', paraphrase: '', similarity: 0.5, original: { text: 'a', ...os }, paraphrased: { text: 'b', ...p }, differs: false };
        });
        const s = summarizeDpr(rows);
        const ci = experimentCi(paraphraseComparisons(qs, rows), { bootstrap: 200, seed: 1 });
        const t = withParaphraseCi(dprTable(s), ci);
        const want = {
          n: cell(t, 'em_original', 'n'),
          orig_em: cell(t, 'em_original', 'value'),
          orig_f1: cell(t, 'f1_original', 'value'),
          paraphrased_em: cell(t, 'em_paraphrased', 'value'),
          paraphrased_f1: cell(t, 'f1_paraphrased', 'value'),
        };
        check(paraphraseSliceItems(qs, rows), dprHeadline(s), 'paraphrased', want);
        // Every figure counts the pairs: the table's n is the DPR's n, and the CI's n too.
        expect([want.n, cell(t, 'em_paraphrased', 'n'), cell(t, 'dpr_pct', 'n'), ci.rows[PARAPHRASE_CI_KEY]?.n]).toEqual([rows.length, rows.length, rows.length, rows.length]);
        // The CI's estimates are the table's figures, and the drop is their difference (to 4 decimals, as exported).
        const st = ci.rows[PARAPHRASE_CI_KEY];
        const r4 = (x: number | undefined) => +(x ?? NaN).toFixed(4);
        expect([r4(st?.original.em.value), r4(st?.original.f1.value), r4(st?.perturbed.em.value), r4(st?.perturbed.f1.value)]).toEqual([want.orig_em, want.orig_f1, want.paraphrased_em, want.paraphrased_f1]);
        expect(st?.drop.f1.value).toBeCloseTo(s.original.f1 - s.paraphrased.f1, 8);
        expect(st?.drop.em.value).toBeCloseTo(s.original.em - s.paraphrased.em, 8);
        // The other weighting (each original question once) is in its own labelled rows, with the questions' count.
        expect(cell(t, 'f1_original_each_question_once', 'n')).toBe(new Set(rows.map((r) => r.id)).size);
        expect(cell(t, 'f1_original_each_question_once', 'value')).toBe(+[...orig.values()].reduce((a, o) => a + (100 * o.f1) / orig.size, 0).toFixed(4));
      }),
    );
  });

  it('revision pairs and synthetic noise', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(score, score), { minLength: 1, maxLength: 30 }), (spec) => {
        const qs = questions(spec.length);
        const rows = spec.map(([o, p], i) => ({ id: `q${i}`, dataset: 'd', question: '', original: { text: 'a', ...o }, perturbed: { text: 'b', ...p }, category: 'C2C', intent: null, touchesAnswer: false }) as PairRow);
        const s = summarizePairs(rows);
        const t = pairsTable([{ name: 'edited', s }]);
        const c = (m: string) => cell(t, m, 'edited');
        check(joinScores(qs, rows, (r) => ({ original: r.original, perturbed: r.perturbed })), pairsHeadline(s), 'edited', { n: c('questions'), orig_em: c('em_original'), orig_f1: c('f1_original'), edited_em: c('em_changed'), edited_f1: c('f1_changed') });
      }),
    );
  });

  it('trap sentences', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(score, score), { minLength: 1, maxLength: 30 }), (spec) => {
        const qs = questions(spec.length);
        const rows = spec.map(([o, p], i): TrapRow => ({ id: `q${i}`, dataset: 'd', question: '', sentence: '', similarity: 0.5, original: { text: 'a', span: null, ...o }, trapped: { text: 'b', span: null, hit: false, ...p }, trap: { start: 0, end: 0 } }));
        const s = summarizeTraps(rows);
        const t = trapTable(s);
        const c = (m: string) => cell(t, 'all', m);
        check(trapSliceItems(qs, rows), trapHeadline(s), 'trapped', { n: c('n'), orig_em: c('orig_em'), orig_f1: c('orig_f1'), trapped_em: c('trapped_em'), trapped_f1: c('trapped_f1') });
      }),
    );
  });

  it("adversarial SQuAD: the all row is the script's adv_f1 itself (its dict-order sum), not a second sum", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(2), fc.constantFrom('Ann', 'Ann Bo', 'Bo', 'the Ann')), { minLength: 1, maxLength: 30 }), (spec) => {
        // Variant k of each original: 0 is the original itself, 1..2 its AddSent variants.
        const ids = [...new Set(spec.map(([k], i) => (k === 0 ? `o${i % 7}` : `o${i % 7}-high-conf-turk${k}`)))];
        const qs = ids.map((id, i) => ({ ...questions(ids.length)[i] as Instance, id }));
        const preds = Object.fromEntries(ids.map((id, i) => [id, spec[i % spec.length]?.[1] ?? 'Ann']));
        const out = evaluateAdversarial(qs.map((q) => ({ id: q.id, golds: ['Ann'] })), preds);
        const t = adversarialTable(out);
        const items = adversarialSliceItems(qs, out.rows);
        const h = adversarialHeadline(out);
        for (const key of KEYS) {
          const st = sliceTable(items, key, h);
          expect(st.all.perturbed?.f1).toBe(out.result.adv_f1);
          expect(st.all.original.em).toBe(out.result.orig_exact_match);
          expect(allRow(st, 'adversarial')).toMatchObject({ n: cell(t, 'original', 'originals'), orig_em: cell(t, 'original', 'em'), orig_f1: cell(t, 'original', 'f1'), adversarial_em: cell(t, 'adversarial', 'em'), adversarial_f1: cell(t, 'adversarial', 'f1') });
        }
      }),
    );
  });

  it('entity-renaming sweep: each row (type · source · origin) over its seeds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 3, max: 8 }), async (salt, n) => {
        const qs = people(n);
        const r = await runSweep(qs, { types: ['PER'], sources: ['randstr', 'db'], seeds: 3, origin: 'us', origins: [] }, hashed(salt));
        const rows = summarizeSweep(r.cells, 3);
        const t = sweepTable(rows);
        for (const row of rows) {
          const k = sweepRowKey(row);
          const tr = t.rows.find((x) => x[0] === row.type && x[1] === row.source && x[2] === row.origin) as CellValue[];
          const c = (m: string) => tr[t.columns.indexOf(m)] ?? null;
          for (const key of KEYS) expect(allRow(sliceTable(sweepSliceItems(qs, r.cells, k), key, sweepRowHeadline(row)), 'renamed')).toMatchObject({ n: c('n'), orig_em: c('orig_em'), orig_f1: c('orig_f1'), renamed_em: c('renamed_em_mean'), renamed_f1: c('renamed_f1_mean') });
        }
      }),
      { numRuns: 8 },
    );
  });

  it('worst case over a budget: original and D_worst', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 3, max: 8 }), async (salt, n) => {
        const qs = people(n);
        const r = await runBudget(qs, { type: 'PER', source: 'randstr', origin: 'us', budget: 3, resemble: null, versionTwo: false }, hashed(salt));
        const t = budgetTable(r);
        check(budgetSliceItems(qs, r.perInstance), budgetHeadline(r), 'D_worst', { n: cell(t, 'original', 'n'), orig_em: cell(t, 'original', 'model_em'), orig_f1: cell(t, 'original', 'model_f1'), D_worst_em: cell(t, 'worst', 'model_em'), D_worst_f1: cell(t, 'worst', 'model_f1') });
      }),
      { numRuns: 8 },
    );
  });

  it('universal names: a name\'s tried questions and its mean F1 drop', async () => {
    const names: UniversalName[] = [
      { name: 'Jane Doe', first: 'Jane', last: 'Doe' },
      { name: 'Omar Haddad', first: 'Omar', last: 'Haddad' },
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 3, max: 8 }), async (salt, n) => {
        const qs = people(n);
        const r = await runUniversal(qs, { ...DEFAULT_UNIVERSAL, top: 2 }, hashed(salt), { names });
        const t = universalTable(r);
        r.rows.forEach((row, i) => {
          const c = (m: string) => t.rows[i]?.[t.columns.indexOf(m)] ?? null;
          const all = allRow(sliceTable(universalSliceItems(qs, row), 'title', universalHeadline(row)), 'renamed');
          expect(all.n).toBe(c('tried'));
          // drop_f1 = original − renamed = mean_f1_drop: one sign (issue 38 §3; 0 and −0 are the same figure)
          expect((all.drop_f1 as number) + 0).toBe((c('mean_f1_drop') as number) + 0);
        });
      }),
      { numRuns: 8 },
    );
  });
});
