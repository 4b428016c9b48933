/** Slice items of every experiment (sweep, universal names, DPR, traps, adversarial SQuAD) and the scoring-language override, on hand-computed cases. */
import { describe, expect, it } from 'vitest';
import { parseScoringLang, scorePrediction, scoringLangOf, withScoringLang } from '../../src/core/data/score.ts';
import type { Instance } from '../../src/core/data/types.ts';
import type { SweepCell } from '../../src/core/entity/stats.ts';
import { adversarialSliceItems, compactItems, compactSources, mergeQuestions, paraphraseSliceItems, sweepSliceItems, trapSliceItems, universalSliceItems } from '../../src/core/metrics/experiment-slices.ts';
import { lengthBucketOf, sliceTable } from '../../src/core/metrics/slices.ts';
import { evaluateAdversarial } from '../../src/core/trap/adversarial.ts';
import type { DprRow } from '../../src/core/sensitivity/dpr.ts';
import type { TrapRow } from '../../src/core/trap/summary.ts';

const inst = (id: string, over: Partial<Instance> = {}): Instance => ({ id, dataset: 'd', title: 'T', question: 'Who won?', context: 'Ann won.', answers: [{ text: 'Ann', start: 0 }], isImpossible: false, lang: 'en', tags: [], ...over });
const s = (em: number, f1: number) => ({ em, f1 });

describe('mergeQuestions', () => {
  it('keeps one row per question: the first original, the mean perturbed', () => {
    const rows = [
      { id: 'q1', dataset: 'd', original: s(1, 1), perturbed: s(0, 0) },
      { id: 'q1', dataset: 'd', original: s(1, 1), perturbed: s(1, 1) },
      { id: 'q1', dataset: 'e', original: s(0, 0.5), perturbed: s(0, 0.25) },
    ];
    expect(mergeQuestions(rows)).toEqual([
      { id: 'q1', dataset: 'd', original: s(1, 1), perturbed: s(0.5, 0.5), count: 2 },
      { id: 'q1', dataset: 'e', original: s(0, 0.5), perturbed: s(0, 0.25), count: 1 },
    ]);
  });
});

describe('slice items per experiment', () => {
  const q1 = inst('q1', { meta: { domain: 'news' } });
  const q2 = inst('q2', { meta: { domain: 'medicine' }, question: 'When was it?' });
  const instances = [q1, q2];

  it('sweep: one row (type · source · origin) over its seeds; other rows left out', () => {
    const cell = (seed: number, source: 'db' | 'randstr', qs: [string, number][]) =>
      ({ type: 'PER', source, origin: 'us', seed, n: qs.length, questions: qs.map(([id, f1]) => ({ id, dataset: 'd', original: s(1, 1), perturbed: s(f1 === 1 ? 1 : 0, f1) })) }) as unknown as SweepCell;
    const cells = [cell(1, 'db', [['q1', 1], ['q2', 0]]), cell(2, 'db', [['q1', 0.5]]), cell(1, 'randstr', [['q1', 0]])];
    const t = sliceTable(sweepSliceItems(instances, cells, 'PER · db · us'), 'meta.domain');
    // q1: seeds give F1 1 and 0.5 → 0.75, EM 1 and 0 → 0.5; q2: F1 0.
    expect(t.rows.map((r) => [r.value, r.n, r.perturbed?.f1, r.perturbed?.em])).toEqual([
      ['medicine', 1, 0, 0],
      ['news', 1, 75, 50],
    ]);
    // The all row weighs each renamed answer once (3: q1 twice, q2 once), as the sweep's own mean does:
    // EM (1 + 0 + 0) / 3, F1 (1 + 0.5 + 0) / 3.
    expect(t.all.perturbed).toEqual({ em: 100 / 3, f1: 50 });
    expect(t.all.perturbedN).toBe(3);
  });

  it('universal names: one name at a time, none without per-question scores', () => {
    const row = { name: 'Jo Lee', tried: 2, changed: 1, share: 0.5, meanF1Drop: 50, f1Dropped: 1, skipped: {}, examples: ['q2'], questions: [{ id: 'q1', dataset: 'd', original: s(1, 1), perturbed: s(1, 1) }, { id: 'q2', dataset: 'd', original: s(1, 1), perturbed: s(0, 0) }] };
    const t = sliceTable(universalSliceItems(instances, row), 'qword');
    expect(t.rows.map((r) => [r.value, r.n, r.drop?.f1])).toEqual([
      ['who', 1, 0],
      ['when', 1, 100],
    ]);
    expect(universalSliceItems(instances, { ...row, questions: undefined })).toEqual([]);
    expect(universalSliceItems(instances, undefined)).toEqual([]);
  });

  it('DPR: one item per (question, paraphrase) pair, DuReader-robust\'s unit (Tang et al. 2021 §2.1, App. F)', () => {
    const dpr = (id: string, f1: number): DprRow => ({ id, dataset: 'd', kind: 'reorder', detail: '', question: 'q', paraphrase: 'p', similarity: 0.5, original: { text: 'Ann', em: 1, f1: 1 }, paraphrased: { text: 'x', em: f1 === 1 ? 1 : 0, f1 }, differs: f1 !== 1 });
    const items = paraphraseSliceItems(instances, [dpr('q1', 1), dpr('q1', 0), dpr('q2', 0.5)]);
    expect(items.map((i) => [i.source.question, i.original, i.perturbed])).toEqual([
      ['Who won?', s(1, 1), s(1, 1)],
      ['Who won?', s(1, 1), s(0, 0)],
      ['When was it?', s(1, 1), s(0, 0.5)],
    ]);
  });

  it('traps: original vs trapped passage', () => {
    const row = (id: string, f1: number): TrapRow => ({ id, dataset: 'd', question: 'q', sentence: 't', similarity: 1, original: { text: 'Ann', span: null, em: 1, f1: 1 }, trapped: { text: 'Bo', span: null, hit: true, em: 0, f1 }, trap: { start: 0, end: 1 } });
    const t = sliceTable(trapSliceItems(instances, [row('q1', 0), row('q2', 0.5)]), 'title');
    expect(t.all).toMatchObject({ n: 2, original: s(100, 100), perturbed: s(0, 25) });
  });

  it("adversarial: one item per original, and the all row is Jia & Liang's four figures", () => {
    // a has two variants (F1 0.5 and 0: the lower is taken), b has none (its own score), c is only a variant in the file.
    const qs = [inst('a', { meta: { domain: 'x' } }), inst('a-turk0'), inst('a-turk1'), inst('b'), inst('c-turk0', { meta: { domain: 'y' } })];
    const preds = { a: 'Ann', 'a-turk0': 'Ann and Bo', 'a-turk1': 'Bo', b: 'Ann', 'c-turk0': 'Ann' };
    const out = evaluateAdversarial(qs.map((q) => ({ id: q.id, golds: ['Ann'] })), preds);
    const t = sliceTable(adversarialSliceItems(qs, out.rows), 'meta.domain');
    expect(t.all.n).toBe(3);
    expect(t.all.original.em).toBeCloseTo(out.result.orig_exact_match, 12);
    expect(t.all.original.f1).toBeCloseTo(out.result.orig_f1, 12);
    expect(t.all.perturbed?.em).toBeCloseTo(out.result.adv_exact_match, 12);
    expect(t.all.perturbed?.f1).toBeCloseTo(out.result.adv_f1, 12);
    // by hand: orig = (1 + 1 + 0) / 3; adv = (0 + 1 + 1) / 3
    expect(out.result).toEqual({ orig_exact_match: 200 / 3, orig_f1: 200 / 3, adv_exact_match: 200 / 3, adv_f1: 200 / 3 });
    expect(t.rows.map((r) => [r.value, r.n, r.original.f1, r.perturbed?.f1])).toEqual([
      ['(none)', 1, 100, 100],
      ['x', 1, 100, 0],
      ['y', 1, 0, 100],
    ]);
  });
});

describe('scoring-language override', () => {
  const zh = inst('z', { lang: 'zh', question: '谁赢了？', context: '王伟赢了比赛。', answers: [{ text: '王伟', start: 0 }] });
  it.each([
    // prediction, scoring, EM, F1: character level gives partial credit; SQuAD's whitespace tokens see one token each
    ['王伟赢', 'auto', 0, 0.8],
    ['王伟赢', 'zh', 0, 0.8],
    ['王伟赢', 'en', 0, 0],
  ] as const)('%s scored %s → EM %d, F1 %d', (pred, lang, em, f1) => {
    const [x] = withScoringLang([zh], lang);
    const r = scorePrediction(pred, x as Instance);
    expect(r.em).toBe(em);
    expect(r.f1).toBeCloseTo(f1, 12);
  });
  it('marks every question under en/zh, none under auto, and keeps the generators\' lang', () => {
    expect(withScoringLang([zh], 'auto')[0]).toBe(zh);
    const [en] = withScoringLang([zh], 'en');
    expect(en?.lang).toBe('zh');
    expect(scoringLangOf(en as Instance)).toBe('en');
    expect(scoringLangOf(zh)).toBe('zh');
  });
  it.each([[undefined, 'auto'], ['auto', 'auto'], ['en', 'en'], ['zh', 'zh'], ['fr', null], ['', null]] as const)('parses %s as %s', (raw, want) => {
    expect(parseScoringLang(raw)).toBe(want);
  });
});

describe('slice data saved with a run', () => {
  const long = inst('q9', { context: Array.from({ length: 150 }, () => 'word').join(' '), meta: { domain: 'law' }, answerType: 'PER' });
  it.each(['title', 'qword', 'length', 'lang', 'answer-type', 'meta.domain'] as const)('slices a compact question as the full one under %s', (key) => {
    const full = sliceTable([{ source: long, original: s(1, 1), perturbed: s(0, 0.5) }], key);
    const [saved] = compactSources([long]);
    expect(saved?.context).toBe('');
    expect(saved?.contextLength).toBe(150);
    expect(sliceTable([{ source: saved!, original: s(1, 1), perturbed: s(0, 0.5) }], key)).toEqual(full);
    expect(sliceTable(compactItems([{ source: long, original: s(1, 1), perturbed: s(0, 0.5) }]), key)).toEqual(full);
  });
  it('puts a length in its bucket as the passage would be (hand-computed bounds)', () => {
    expect([100, 101, 200, 201, 400, 401].map((n) => lengthBucketOf(n, 'en'))).toEqual(['≤100 words', '101–200 words', '101–200 words', '201–400 words', '201–400 words', '>400 words']);
    expect(lengthBucketOf(200, 'zh')).toBe('≤200 chars');
  });
});
