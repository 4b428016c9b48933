import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { EDIT_INTENTS, pairsToCsv } from '../../src/core/formats/pairs-csv.ts';
import { intentDistribution, wuIntent, YANG_INTENTS, YANG_TO_WU } from '../../src/core/natural/intents.ts';
import type { Instance } from '../../src/core/data/types.ts';
import type { Category } from '../../src/core/entity/stats.ts';
import type { SquadParagraph } from '../../src/core/metrics/squad.ts';
import { buildChallenge, challengeSet, challengeToSquad, squadPassages } from '../../src/core/natural/challenge.ts';
import { answersSurvive, pairCategory, pairRow, recategorize, runPairs, summarizePairs, wholeWordIndex, type PairRow } from '../../src/core/natural/pairs.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { importPairs } from '../../src/core/formats/pairs.ts';

describe('Wu et al. 2025 §3: every gold answer must survive', () => {
  const ctx = 'Ruth Ashby built the bridge. It opened in 1931. Ashby later moved to Leeds.';
  const inst = (answers: { text: string; start: number }[]) => makeInstance({ id: 'q', dataset: 'd', title: '', question: 'Who?', context: ctx, answers, isImpossible: false, lang: 'en' });
  it('keeps a question only if all its gold answers occur in the perturbed passage', () => {
    expect(answersSurvive(inst([{ text: 'Ruth Ashby', start: 0 }, { text: 'Leeds', start: 69 }]), ctx.replace('Leeds', 'York'))).toBe(false);
    expect(answersSurvive(inst([{ text: 'Ruth Ashby', start: 0 }]), ctx.replace('Leeds', 'York'))).toBe(true);
  });
});

describe('Wu et al. 2025 §3: a question is kept when its answers are still in the edited passage as whole words', () => {
  it.each([
    // The released pipeline's re.search(r'\b' + re.escape(answer) + r'\b', context), case-sensitive.
    { text: 'Paris is big.', needle: 'Paris', at: 0 },
    { text: 'Parisian food. Paris.', needle: 'Paris', at: 15 },
    { text: 'Parisian food.', needle: 'Paris', at: -1 },
    { text: 'in paris', needle: 'Paris', at: -1 },
    { text: 'the 1931 bridge', needle: '1931', at: 4 },
    { text: 'in 19310', needle: '1931', at: -1 },
    { text: 'under_score', needle: 'under', at: -1 },
    { text: 'café au lait', needle: 'caf', at: -1 },
    { text: 'Zürich, Bern', needle: 'Zürich', at: 0 },
    // \b before a non-word character needs a word character before it, as in Python.
    { text: 'a $5 fee', needle: '$5', at: -1 },
    { text: 'US$5 fee', needle: '$5', at: 2 },
    { text: 'born (1931) here', needle: '(1931)', at: -1 },
    { text: 'x', needle: '', at: -1 },
  ])('wholeWordIndex($text, $needle) = $at', ({ text, needle, at }) => expect(wholeWordIndex(text, needle)).toBe(at));

  const q = (f: Partial<Instance>): Instance => ({ ...makeInstance({ id: 'q', dataset: 'd', title: '', question: 'Where?', context: 'He moved to Paris in 1931.', answers: [{ text: 'Paris', start: 12 }], isImpossible: false, lang: 'en' }), ...f });
  it.each([
    { name: 'answer kept as a word', inst: q({}), edited: 'In 1931 he moved to Paris.', kept: true },
    { name: 'answer only inside a longer word', inst: q({}), edited: 'He moved to Parisian circles in 1931.', kept: false },
    { name: 'one of two gold answers lost', inst: q({ answers: [{ text: 'Paris', start: 12 }, { text: '1931', start: 21 }] }), edited: 'He moved to Paris in 1932.', kept: false },
    { name: 'unanswerable: every plausible answer found', inst: q({ isImpossible: true, answers: [], plausibleAnswers: ['Paris', '1931'] }), edited: 'In 1931 he went to Paris.', kept: true },
    { name: 'unanswerable: a plausible answer lost', inst: q({ isImpossible: true, answers: [], plausibleAnswers: ['Paris', '1931'] }), edited: 'In 1932 he went to Paris.', kept: false },
    { name: 'unanswerable without plausible answers', inst: q({ isImpossible: true, answers: [] }), edited: 'Nothing left.', kept: true },
    { name: 'Chinese: a substring is enough', inst: q({ lang: 'zh', context: '他去了中国。', answers: [{ text: '中国', start: 3 }] }), edited: '他在中国的时候。', kept: true },
  ])('$name', ({ inst, edited, kept }) => expect(answersSurvive(inst, edited)).toBe(kept));

  it('reads plausible_answers from a SQuAD 2.0 file and drops the pair whose plausible answer is gone', async () => {
    const file = (ctx: string) => JSON.stringify({ version: 'v2.0', data: [{ title: 'T', paragraphs: [{ context: ctx, qas: [{ id: 'u1', question: 'When did it close?', answers: [], is_impossible: true, plausible_answers: [{ text: '1931', answer_start: 19 }] }] }] }] });
    const a = await importFile('a.json', new TextEncoder().encode(file('The bridge opened in 1931 and still stands.')), { dataset: 'd' });
    expect(a.instances[0]?.plausibleAnswers).toEqual(['1931']);
    const pairs = importPairs(a, await importFile('b.json', new TextEncoder().encode(file('The bridge opened in 1932 and still stands.')), { dataset: 'd' }));
    const r = await runPairs(pairs.instances, async (inputs) => ({ predictions: inputs.map((i) => ({ id: i.id, text: '', best: null, nbest: [], nullScoreDiff: null, windows: 1 })), cancelled: false }));
    expect(r.rows).toEqual([]);
    expect(r.dropped.answerMissing).toEqual({ count: 1, ids: ['u1'] });
  });
});

describe('Wu et al. 2025 §5.2: answer sentence unmodified is a share of answerable questions', () => {
  const base = { id: 'x', dataset: 't', question: 'q', intent: null } as const;
  const c2c = (touches: boolean | null): PairRow => ({ ...base, original: { text: 'a', em: 1, f1: 1 }, perturbed: { text: 'a', em: 1, f1: 1 }, category: 'C2C', touchesAnswer: touches });
  it('leaves unanswerable rows out of the share and counts the answerable ones', () => {
    // C2C: 2 answerable (1 untouched) and 2 unanswerable → 1/2 = 50% (counting the unanswerable as untouched gave 3/4).
    const s = summarizePairs([c2c(false), c2c(true), c2c(null), c2c(null)]);
    expect(s.categories.C2C).toBe(4);
    expect(s.answerable.C2C).toBe(2);
    expect(s.unmodified.C2C).toBe(0.5);
  });
  it('is undefined (NaN) for a category with only unanswerable questions', () => {
    expect(summarizePairs([c2c(null)]).unmodified.C2C).toBeNaN();
  });
  it('marks an unanswerable pair row as having no answer sentence (null)', () => {
    const a = makeInstance({ id: 'u', dataset: 'd', title: '', question: 'Q?', context: 'A b. C d.', answers: [], isImpossible: true, lang: 'en', revision: { context: 'A b. C e.', answers: [] } });
    const b = { ...a, context: 'A b. C e.', revision: undefined };
    expect(pairRow(a, b, '', '', 'script').touchesAnswer).toBeNull();
    const ans = makeInstance({ id: 'v', dataset: 'd', title: '', question: 'Q?', context: 'A b. C d.', answers: [{ text: 'b', start: 2 }], isImpossible: false, lang: 'en', revision: { context: 'A b. C e.', answers: [{ text: 'b', start: 2 }] } });
    expect(pairRow(ans, { ...ans, context: 'A b. C e.', revision: undefined }, 'b', 'b', 'script').touchesAnswer).toBe(false);
  });
});

describe('categories by rule', () => {
  const s = (em: number, f1: number) => ({ em, f1 });
  it.each([
    // script rule: correct = EM 1, wrong = F1 < 0.4, otherwise partial
    { o: s(1, 1), p: s(0, 0.39), script: 'C2W', em: 'C2W' },
    { o: s(1, 1), p: s(0, 0.4), script: 'partial', em: 'C2W' },
    { o: s(0, 0.5), p: s(1, 1), script: 'partial', em: 'W2C' },
    { o: s(0, 0), p: s(1, 1), script: 'W2C', em: 'W2C' },
    { o: s(1, 1), p: s(1, 1), script: 'C2C', em: 'C2C' },
    { o: s(0, 0.2), p: s(0, 0.1), script: 'W2W', em: 'W2W' },
    { o: s(0, 0.9), p: s(0, 0.1), script: 'partial', em: 'W2W' },
  ])('$o → $p: script $script, em $em', ({ o, p, script, em }) => {
    expect(pairCategory(o, p, 'script')).toBe(script);
    expect(pairCategory(o, p, 'em')).toBe(em);
  });

  it('re-categorises rows from their scores', () => {
    const row: PairRow = { id: 'x', dataset: 't', question: 'q', original: { text: 'a', em: 1, f1: 1 }, perturbed: { text: 'a b', em: 0, f1: 0.67 }, category: 'partial', intent: null, touchesAnswer: true };
    expect(recategorize([row], 'em')[0]?.category).toBe('C2W');
    expect(recategorize([row], 'script')[0]?.category).toBe('partial');
  });
});

describe('runPairs', () => {
  it('drops questions whose gold answer is not in the edited passage, counted with ids', async () => {
    const mk = (id: string, rev: string) => ({ ...makeInstance({ id, dataset: 'd', title: '', question: 'Who built it?', context: 'Ruth Ashby built it.', answers: [{ text: 'Ruth Ashby', start: 0 }], isImpossible: false, lang: 'en' }), revision: { context: rev, answers: rev.includes('Ruth Ashby') ? [{ text: 'Ruth Ashby', start: rev.indexOf('Ruth Ashby') }] : [] } });
    const predict = async (inputs: { id: string; context: string }[]) => ({ predictions: inputs.map((x) => ({ id: x.id, text: x.context.slice(0, 10), best: null, nbest: [], nullScoreDiff: null, windows: 1 })), cancelled: false });
    const r = await runPairs([mk('keep', 'Ruth Ashby built it in 1931.'), mk('gone', 'R. Ashby built it.')], predict);
    expect(r.rows.map((x) => x.id)).toEqual(['keep']);
    expect(r.dropped.answerMissing).toEqual({ count: 1, ids: ['gone'] });
    expect(r.rule).toBe('script');
  });

  it('asks each side its own question when a paraphrase file rewords it, and records both', async () => {
    const base = makeInstance({ id: 'p1', dataset: 'd', title: '', question: 'Who built it?', context: 'Ruth Ashby built it.', answers: [{ text: 'Ruth Ashby', start: 0 }], isImpossible: false, lang: 'en' });
    const inst: Instance = { ...base, revision: { context: 'Ruth Ashby built it.', answers: [{ text: 'Ruth Ashby', start: 0 }], question: 'Which engineer built it?' } };
    const asked: [string, string][] = [];
    // The fake model answers "Ruth Ashby" only to the original wording, so the paraphrase is C2W.
    const predict = async (inputs: { id: string; question: string; context: string }[]) => {
      for (const x of inputs) asked.push([x.id, x.question]);
      return { predictions: inputs.map((x) => ({ id: x.id, text: x.question === 'Who built it?' ? 'Ruth Ashby' : 'it', best: null, nbest: [], nullScoreDiff: null, windows: 1 })), cancelled: false };
    };
    const r = await runPairs([inst], predict);
    expect(asked).toEqual([
      ['p1#original', 'Who built it?'],
      ['p1#perturbed', 'Which engineer built it?'],
    ]);
    expect(r.rows[0]).toMatchObject({ question: 'Who built it?', perturbedQuestion: 'Which engineer built it?', category: 'C2W' });
    // Same wording on both sides: no perturbedQuestion field at all.
    const same = await runPairs([{ ...inst, revision: { ...inst.revision!, question: undefined } }], predict);
    expect(same.rows[0]?.category).toBe('C2C');
    expect(same.rows[0] && 'perturbedQuestion' in same.rows[0]).toBe(false);
  });

  it('reads two aligned SQuAD files whose questions differ on the same passage as question paraphrases, each side with its question', async () => {
    const file = (question: string) => new TextEncoder().encode(JSON.stringify({ version: '1.1', data: [{ title: 'T', paragraphs: [{ context: 'Ruth Ashby built the pier.', qas: [{ id: 'q1', question, answers: [{ text: 'Ruth Ashby', answer_start: 0 }] }] }] }] }));
    const { importPairs } = await import('../../src/core/formats/pairs.ts');
    const a = await importFile('a.json', file('Who built the pier?'), { dataset: 'a.json' });
    const b = await importFile('b.json', file('The pier was built by whom?'), { dataset: 'a.json' });
    const r = importPairs(a, b, { original: 'a.json', perturbed: 'b.json' });
    expect(r.instances[0]?.question).toBe('Who built the pier?');
    expect(r.instances[0]?.revision?.question).toBe('The pier was built by whom?');
    // The rewording is the file's point, counted as a pair kind, not reported as an issue per question.
    expect(r.issues).toEqual([]);
    expect(r.kinds).toEqual({ revision: 0, paraphrase: 1 });
    expect(r.instances[0]?.tags).toEqual(['paraphrase']);
  });
});

describe('Wu et al. 2025 §5.2 and App. F: edit intentions in the paper\'s 8 categories, Yang et al. 2017\'s 13 mapped onto them', () => {
  it('offers the 8 categories, in App. F\'s order', () => {
    expect(EDIT_INTENTS).toEqual(['copy-editing', 'clarification', 'elaboration', 'fact-update', 'refactoring', 'simplification', 'vandalism', 'other']);
  });

  it('maps every one of Yang\'s 13 onto one of the 8', () => {
    expect(YANG_INTENTS).toHaveLength(13);
    for (const y of YANG_INTENTS) expect(EDIT_INTENTS).toContain(YANG_TO_WU[y]);
  });

  it.each([
    ['copy-editing', 'copy-editing'],
    ['Copy Editing', 'copy-editing'],
    ['fact_update', 'fact-update'],
    ['point-of-view', 'copy-editing'],
    ['Wikification', 'copy-editing'],
    ['disambiguation', 'clarification'],
    ['counter vandalism', 'vandalism'],
    ['process', 'other'],
    ['Others', 'other'],
    ['typo fix', 'typo fix'],
  ])('wuIntent(%s) = %s', (tag, want) => expect(wuIntent(tag)).toBe(want));

  it('counts a chart of Yang-tagged rows under the 8 categories, in the paper\'s order (hand count)', () => {
    const row = (intent: string | null, category: string) => ({ intent, category });
    // copy-editing: C2W (copy-editing) + C2C (wikification) + C2C (point-of-view); clarification: C2W (disambiguation);
    // vandalism: W2C (counter-vandalism); untagged: C2C; other text kept.
    const rows = [row('wikification', 'C2C'), row('counter-vandalism', 'W2C'), row(null, 'C2C'), row('copy-editing', 'C2W'), row('disambiguation', 'C2W'), row('point-of-view', 'C2C'), row('my tag', 'W2W')];
    expect(intentDistribution(rows)).toEqual([
      { intent: 'copy-editing', C2W: 1, C2C: 2, W2C: 0 },
      { intent: 'clarification', C2W: 1, C2C: 0, W2C: 0 },
      { intent: 'vandalism', C2W: 0, C2C: 0, W2C: 1 },
      { intent: 'my tag', C2W: 0, C2C: 0, W2C: 0 },
      { intent: 'untagged', C2W: 0, C2C: 1, W2C: 0 },
    ]);
  });
});

describe('summarizePairs', () => {
  const row = (o: number, p: number, touches = false, texts: [string, string] = ['', '']): PairRow => ({ id: 'x', dataset: 't', question: 'q', original: { text: texts[0], em: o, f1: o }, perturbed: { text: texts[1], em: p, f1: p }, category: pairCategory({ em: o, f1: o }, { em: p, f1: p }, 'script'), intent: null, touchesAnswer: touches });
  it('counts categories and the relative F1 change', () => {
    const s = summarizePairs([row(1, 1), row(1, 0), row(0, 0), row(1, 1)]);
    expect(s.categories).toEqual({ C2C: 2, C2W: 1, W2C: 0, W2W: 1, partial: 0 });
    expect(s.original.f1).toBe(75);
    expect(s.perturbed.f1).toBe(50);
    expect(s.relativeF1Change).toBeCloseTo(-33.333, 3);
  });

  it.each([
    // 100·(50 − 75)/75 = −33.33
    [[row(1, 1), row(1, 0), row(0, 0), row(1, 1)], -100 / 3],
    // 100·(100 − 50)/50 = +100
    [[row(1, 1), row(0, 1)], 100],
    // F1 0 → 100: the change from nothing has no relative size (was reported as 0)
    [[row(0, 1), row(0, 0)], NaN],
    // F1 0 → 0: undefined as well, not "no change"
    [[row(0, 0)], NaN],
    // no rows: NaN
    [[], NaN],
  ] as const)('relative F1 change, case %#', (rows, expected) => {
    const r = summarizePairs(rows).relativeF1Change;
    if (Number.isNaN(expected)) expect(r).toBeNaN();
    else expect(r).toBeCloseTo(expected, 10);
  });

  it('gives the unmodified share per category and the prediction-change rate', () => {
    // C2W: 1 of 2 untouched (50%); C2C: 2 of 3 untouched (66.7%); predictions changed in 2 of 5 rows.
    const s = summarizePairs([row(1, 0, true, ['a', 'b']), row(1, 0, false, ['a', 'c']), row(1, 1, false, ['a', 'a']), row(1, 1, false, ['b', 'b']), row(1, 1, true, ['c', 'c'])]);
    expect(s.unmodified.C2W).toBe(0.5);
    expect(s.unmodified.C2C).toBeCloseTo(2 / 3, 10);
    expect(s.unmodified.W2C).toBeNaN();
    expect(s.predictionChangeRate).toBe(0.4);
  });
});

describe('pairs CSV export', () => {
  it('round-trips through the pairs CSV importer with intentions', async () => {
    const pairs = loadDemoSet().filter((i) => i.revision);
    const csv = pairsToCsv(pairs);
    const back = await importFile('pairs.csv', new TextEncoder().encode(csv), { dataset: 'x' });
    expect(back.issues).toEqual([]);
    expect(back.instances.map((i) => [i.id, i.question, i.context, i.revision?.context, i.revision?.intent, i.answers[0]?.text])).toEqual(pairs.map((i) => [i.id, i.question, i.context, i.revision?.context, i.revision?.intent, i.answers[0]?.text]));
  });

  it('writes a perturbed_question column only when a pair rewords its question, and reads it back', async () => {
    const pairs = loadDemoSet().filter((i) => i.revision);
    expect(pairsToCsv(pairs).split('\n')[0]?.endsWith(',intent')).toBe(true);
    const reworded = pairs.map((i, k) => (k === 0 ? { ...i, revision: { ...i.revision!, question: `In other words: ${i.question}` } } : i));
    const csv = pairsToCsv(reworded);
    expect(csv.split('\n')[0]?.endsWith(',intent,perturbed_question')).toBe(true);
    const back = await importFile('pairs.csv', new TextEncoder().encode(csv), { dataset: 'x' });
    expect(back.instances.map((i) => i.revision?.question)).toEqual(reworded.map((i) => i.revision?.question));
  });
});

describe('challenge set', () => {
  const q = (id: string, ctx: string, rev: string): Instance => ({ id, dataset: 'd', title: '', question: `q ${id}`, context: ctx, answers: [{ text: 'x', start: 0 }], isImpossible: false, lang: 'en', tags: [], revision: { context: rev, answers: [{ text: 'x', start: 0 }] } });
  const sc = (c: string) => (c === 'C' ? { text: '', em: 1, f1: 1 } : { text: '', em: 0, f1: 0 });
  const r = (id: string, category: Category): PairRow => ({ id, dataset: 'd', question: '', original: sc(category[0] as string), perturbed: sc(category[2] as string), category, intent: null, touchesAnswer: false });
  const A = q('a', 'x one', 'x two');
  const B = q('b', 'x three', 'x four');
  const C = q('c', 'x five', 'x six');

  it.each([
    { name: 'forward when more models break forward', rows: { m1: [r('a', 'C2W')], m2: [r('a', 'C2W')], m3: [r('a', 'W2C')] }, reversed: false, models: ['m1', 'm2'] },
    { name: 'reversed when more models break on undoing the edit', rows: { m1: [r('a', 'W2C')], m2: [r('a', 'W2C')], m3: [r('a', 'C2W')] }, reversed: true, models: ['m1', 'm2'] },
  ])('$name', ({ rows, reversed, models }) => {
    const [p] = challengeSet([A], rows);
    expect(p?.reversed).toBe(reversed);
    expect(p?.models).toEqual(models);
  });

  it('leaves out pairs no model breaks, and exports the changed passages as SQuAD', () => {
    const pairs = challengeSet([A, B, C], { m1: [r('a', 'C2W'), r('b', 'C2C'), r('c', 'W2C')], m2: [r('b', 'W2W'), r('c', 'W2C')] });
    expect(pairs.map((p) => [p.questions.map((x) => x.id).join(), p.reversed, p.models.length])).toEqual([
      ['c', true, 2],
      ['a', false, 1],
    ]);
    const squad = challengeToSquad(pairs);
    const paras = squad.data.flatMap((d) => d.paragraphs) as (SquadParagraph & { original_context: string })[];
    expect(paras.map((p) => [p.context, p.original_context])).toEqual([
      ['x five', 'x six'],
      ['x two', 'x one'],
    ]);
    expect(squad.challenge).toEqual({ pairs: 2, questions: 2 });
  });

  it('exports each changed passage with the question it was asked with (paraphrase pairs), in both orientations', () => {
    const P: Instance = { ...A, revision: { ...A.revision!, question: 'q a reworded' } };
    const forward = challengeToSquad(challengeSet([P], { m1: [r('a', 'C2W')] }));
    const backward = challengeToSquad(challengeSet([P], { m1: [r('a', 'W2C')] }));
    const qa = (s: typeof forward) => s.data[0]?.paragraphs[0]?.qas[0]?.question;
    expect(qa(forward)).toBe('q a reworded');
    expect(qa(backward)).toBe('q a');
  });

  it('orients by the total number of (model, question) flips, not by the number of models', () => {
    // Forward: m1 flips on three questions (3 flips, 1 model). Reversed: m2 and m3 flip on one (2 flips, 2 models).
    const A2 = q('a2', 'x one', 'x two');
    const A3 = q('a3', 'x one', 'x two');
    const rows = { m1: [r('a', 'C2W'), r('a2', 'C2W'), r('a3', 'C2W')], m2: [r('a', 'W2C')], m3: [r('a', 'W2C')] };
    const [p] = challengeSet([A, A2, A3], rows);
    expect(p?.reversed).toBe(false);
    expect(p?.flips).toBe(3);
    expect(p?.models).toEqual(['m1']);
  });

  it('breaks a tie in flips by questions kept, then by a seeded coin', () => {
    const A2 = q('a2', 'x one', 'x two');
    // Forward: a (m1) and a2 (m1) = 2 flips, 2 questions; reversed: a (m2, m3) = 2 flips, 1 question.
    const byQuestions = challengeSet([A, A2], { m1: [r('a', 'C2W'), r('a2', 'C2W')], m2: [r('a', 'W2C')], m3: [r('a', 'W2C')] });
    expect(byQuestions[0]?.reversed).toBe(false);
    // Exact tie: one flip each way on one question.
    const tie = { m1: [r('a', 'C2W')], m2: [r('a', 'W2C')] };
    const picks = new Set(Array.from({ length: 16 }, (_, seed) => challengeSet([A], tie, seed)[0]?.reversed));
    expect(picks).toEqual(new Set([true, false]));
    expect(challengeSet([A], tie, 7)[0]?.reversed).toBe(challengeSet([A], tie, 7)[0]?.reversed);
  });

  it('uses the script rule for flips: a partial answer (F1 0.5) is not wrong', () => {
    const partial: PairRow = { ...r('a', 'C2W'), perturbed: { text: '', em: 0, f1: 0.5 } };
    expect(challengeSet([A], { m1: [partial] })).toEqual([]);
  });

  it('keeps the version with the most questions when a passage appears twice', () => {
    // Two edits of the same original passage "x one": one pair keeps 2 questions, the other 1.
    const D1 = q('d1', 'x one', 'x two');
    const D2 = q('d2', 'x one', 'x two');
    const E1 = q('e1', 'x one', 'x seven');
    const pairs = challengeSet([D1, D2, E1], { m1: [r('d1', 'C2W'), r('d2', 'C2W'), r('e1', 'C2W')] });
    expect(pairs.map((p) => p.questions.map((x) => x.id))).toEqual([['d1', 'd2']]);
  });

  describe('Wu et al. 2025 App. I, last step: only pairs whose original passage is a SQuAD dev passage', () => {
    it('removes a pair starting from a passage not in the dev file and counts it', () => {
      // a runs forward (starts from "x one", a dev passage); c runs reversed (starts from "x six", not one).
      const rows = { m1: [r('a', 'C2W'), r('c', 'W2C')] };
      const all = buildChallenge([A, C], rows, 0);
      expect(all.notInDev).toBeNull();
      expect(all.pairs).toHaveLength(2);
      const dev = buildChallenge([A, C], rows, 0, new Set(['x one', 'x five']));
      expect(dev.pairs.map((p) => p.questions[0]?.id)).toEqual(['a']);
      expect(dev.notInDev).toBe(1);
    });

    it('filters before choosing one version per passage', () => {
      // D: "x eight" → "x one" (2 questions, not a dev start) would win the passage "x one" over E: "x one" → "x nine" (1 question).
      const D1 = q('d1', 'x eight', 'x one');
      const D2 = q('d2', 'x eight', 'x one');
      const E1 = q('e1', 'x one', 'x nine');
      const rows = { m1: [r('d1', 'C2W'), r('d2', 'C2W'), r('e1', 'C2W')] };
      expect(challengeSet([D1, D2, E1], rows).map((p) => p.questions.map((x) => x.id))).toEqual([['d1', 'd2']]);
      const dev = buildChallenge([D1, D2, E1], rows, 0, new Set(['x one']));
      expect(dev.pairs.map((p) => p.questions.map((x) => x.id))).toEqual([['e1']]);
      expect(dev.notInDev).toBe(1);
    });

    it('compares passages exactly, as the released script does', () => {
      expect(buildChallenge([A], { m1: [r('a', 'C2W')] }, 0, new Set(['x one '])).pairs).toEqual([]);
    });

    it.each([
      { name: 'not JSON', text: '{', error: /^dev\.json: not JSON/ },
      { name: 'no data list', text: '{"version":"1.1"}', error: 'dev.json: not a SQuAD file (no "data" list)' },
      { name: 'no passage', text: '{"data":[{"paragraphs":[]}]}', error: 'dev.json: no passage (data[].paragraphs[].context) found' },
    ])('a bad dev file names itself: $name', ({ text, error }) => expect(() => squadPassages(text, 'dev.json')).toThrow(error));

    it('reads the dev passages of a SQuAD file', () => {
      const text = JSON.stringify({ version: '1.1', data: [{ title: 'T', paragraphs: [{ context: 'x one', qas: [] }, { context: 'x two', qas: [] }] }, { title: 'U', paragraphs: [{ context: 'x one', qas: [] }] }] });
      expect([...squadPassages(text, 'dev.json')]).toEqual(['x one', 'x two']);
    });
  });
});

describe('pairing two files by what they contain (issue 23 §3)', () => {
  const fixture = (...p: string[]) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'fixtures', ...p)));
  const load = (dir: string[], f: string, dataset: string) => importFile(f, fixture(...dir, f), { dataset });

  it("Gan & Ng 2019's dev_orig / dev_para (ids shifted by one): paired by passage and answers, each question with its own paraphrase", async () => {
    const { importPairs, describePairing } = await import('../../src/core/formats/pairs.ts');
    const dir = ['paraphrase', 'gan-ng'];
    const a = await load(dir, 'dev_orig.json', 'dev_orig.json');
    const b = await load(dir, 'dev_para.json', 'dev_orig.json');
    // 13 of the 14 ids are in both files, each on another question.
    expect(a.instances.filter((o) => b.instances.some((p) => p.id === o.id))).toHaveLength(13);
    const r = importPairs(a, b, { original: 'dev_orig.json', perturbed: 'dev_para.json' });
    expect(r.pairing).toEqual({ byId: 0, byPassage: 14, unmatched: 0, idsDisagree: true });
    expect(describePairing(r.pairing)).toBe('ids of the two files do not correspond; paired 14 by passage and answers');
    expect(r.instances.every((i) => i.revision)).toBe(true);
    // Each question's revision is its own reworded question on the same passage, with the same answers.
    const q = r.instances.find((i) => i.question === 'When was the stone breakwater finished?');
    expect(q?.revision?.question).toBe('In what year was the stone breakwater completed?');
    for (const i of r.instances) {
      expect(i.revision?.context).toBe(i.context);
      expect(i.revision?.answers.map((x) => x.text)).toEqual(i.answers.map((x) => x.text));
    }
    expect(r.issues.find((i) => i.kind === 'paired-by-passage')?.message).toBe('ids of the two files do not correspond; paired 14 by passage and answers');
  });

  it('Nat_V2 revision files (same ids, edited passages) stay paired by id', async () => {
    const { importPairs } = await import('../../src/core/formats/pairs.ts');
    const dir = ['formats', 'nat-v2'];
    const r = importPairs(await load(dir, 'fvoriginal.json', 'nat'), await load(dir, 'fvmodified.json', 'nat'), { original: 'fvoriginal.json', perturbed: 'fvmodified.json' });
    expect(r.pairing).toEqual({ byId: 17, byPassage: 0, unmatched: 0 });
    expect(r.instances.every((i) => i.revision && i.revision.context !== i.context && !i.tags.includes('adversarial'))).toBe(true);
  });
});
