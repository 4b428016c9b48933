/**
 * Wu et al. 2025 §3's pair filter only where an edit could have lost an answer (issue 38.1), and
 * question-paraphrase pairs told apart from revision pairs (issue 38.4): fixtures in Gan & Ng
 * 2019's published layout (two SQuAD v1.1 files, identical passages, reworded questions, ids aligned).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { countPairKinds, describePairKinds, pairKind } from '../../src/core/formats/pair-kind.ts';
import { importPairs } from '../../src/core/formats/pairs.ts';
import { answersSurvive, answerStays, keptPairs, pairsFromPredictions, runPairs, wholeWordIndex } from '../../src/core/natural/pairs.ts';
import { datasetParaphrases } from '../../src/core/sensitivity/paraphrase.ts';
import { insertTrap, TRAP_POSITIONS } from '../../src/core/trap/insert.ts';
import { populationOf } from '../../src/core/experiments/scope.ts';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'paraphrase', 'aligned-ids');
const load = (f: string) => importFile(f, new Uint8Array(readFileSync(join(DIR, f))), { dataset: 'dev_orig.json' });
const paraphraseFile = async () => importPairs(await load('dev_orig.json'), await load('dev_para.json'), { original: 'dev_orig.json', perturbed: 'dev_para.json' });

/** A fake model: the first word of the passage on one side, of the question on the other, so every pair is answered. */
const predict = async (inputs: { id: string; question: string; context: string }[]) => ({ predictions: inputs.map((x) => ({ id: x.id, text: x.question.split(' ')[0] ?? '', best: null, nbest: [], nullScoreDiff: null, windows: 1 })), cancelled: false });

/** One answerable question about `context` whose gold answer is `answer` (first occurrence). */
const q = (context: string, answer: string, revision?: Instance['revision']): Instance => makeInstance({ id: 'q', dataset: 'd', title: '', question: 'What?', context, answers: [{ text: answer, start: context.indexOf(answer) }], isImpossible: false, lang: 'en', revision });

describe('Wu et al. §3 pair filter: nothing dropped where the passage is unchanged (question-paraphrase pairs)', () => {
  it('Gan & Ng layout with answers that begin or end with punctuation: every pair kept, none "not in the edited passage"', async () => {
    const r = await paraphraseFile();
    // The released `\b` search fails on four of the six answers ('Robert Seamans;', '$5', '"jiggle TV"', 'T(n)').
    expect(r.instances.filter((i) => wholeWordIndex(i.context, i.answers[0]?.text ?? '') < 0).map((i) => i.answers[0]?.text)).toEqual(['Robert Seamans;', '$5', '"jiggle TV"', 'T(n)']);
    const run = await runPairs(r.instances, predict);
    expect(run.dropped.answerMissing).toEqual({ count: 0, ids: [] });
    expect(run.rows).toHaveLength(6);
    expect(run.rows.every((x) => x.perturbedQuestion !== undefined)).toBe(true);
    const fromFiles = pairsFromPredictions(r.instances, new Map(r.instances.map((i) => [i.id, 'x'])), new Map(r.instances.map((i) => [i.id, 'y'])));
    expect(fromFiles.dropped.answerMissing.count).toBe(0);
    expect(fromFiles.rows).toHaveLength(6);
  });

  it.each([
    { name: 'revision pair whose passage is unchanged', answer: '$5' },
    { name: 'unchanged passage, answer ending in punctuation', answer: 'Robert Seamans;' },
    { name: 'unchanged passage, answer in quotes', answer: '"jiggle TV"' },
  ])('$name: kept', ({ answer }) => {
    const ctx = `It was ${answer} after all, said the report.`;
    expect(wholeWordIndex(ctx, answer)).toBe(-1);
    expect(answersSurvive(q(ctx, answer), ctx)).toBe(true);
  });
});

describe('Wu et al. §3 pair filter: an answer still at its offset is kept; revision pairs otherwise keep the released rule', () => {
  const ctx = 'The audit was led by Robert Seamans; he chaired the board. Its running time T(n) was low. It cost $5 then.';
  it.each([
    { name: 'edit after the answer (same offset)', answer: 'Robert Seamans;', edited: ctx.replace('chaired the board', 'later chaired the port board'), kept: true },
    { name: 'edit before the answer (offset moved by the edit)', answer: 'T(n)', edited: ctx.replace('The audit was led', 'In 1904 the first audit was led'), kept: true },
    { name: 'edits on both sides: the released rule, which rejects edge punctuation', answer: 'T(n)', edited: ctx.replace('The audit', 'A audit').replace('It cost', 'This cost'), kept: false },
    { name: 'edits on both sides: the released rule finds a plain word', answer: 'Seamans', edited: ctx.replace('The audit', 'A audit').replace('It cost', 'This cost'), kept: true },
    { name: 'edit inside the answer', answer: 'Robert Seamans;', edited: ctx.replace('Robert Seamans;', 'R. Seamans;'), kept: false },
    { name: 'a word glued onto the answer is not "at its offset"', answer: 'Seamans', edited: ctx.replace('Seamans;', 'Seamansen;'), kept: false },
    { name: 'punctuation glued after it keeps it', answer: 'Seamans', edited: ctx.replace('Seamans;', 'Seamans,;'), kept: true },
  ])('$name', ({ answer, edited, kept }) => expect(answersSurvive(q(ctx, answer), edited)).toBe(kept));

  it('unanswerable questions (plausible answers have no offset) keep the released rule unless the passage is unchanged', () => {
    const u = { ...q(ctx, 'T(n)'), isImpossible: true, answers: [], plausibleAnswers: ['T(n)'] };
    expect(answersSurvive(u, ctx)).toBe(true);
    expect(answersSurvive(u, ctx.replace('The audit', 'A audit'))).toBe(false);
  });

  it.each(TRAP_POSITIONS)('trap pairs (trap sentence at %s) keep every question the trap run keeps', (position) => {
    for (const answer of ['Robert Seamans;', 'T(n)', '$5']) {
      const inst = q(ctx, answer);
      const trap = insertTrap(inst, 'The audit of Kestrel was led by Ada Pell.', position);
      if (!trap) throw new Error(`no trap at ${position}`);
      const pair = { ...inst, revision: { context: trap.context, answers: trap.answers } };
      expect(keptPairs([pair]).pairs).toHaveLength(1);
    }
  });

  it('property: text inserted anywhere outside the answer and its neighbours leaves it at its offset', () => {
    const word = fc.stringMatching(/^[a-z();$"]{1,6}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 3, maxLength: 10 }), fc.nat(), fc.nat(), fc.string({ maxLength: 8 }), (words, k, at, ins) => {
        const a = words.join(' ');
        const w = k % words.length;
        const start = words.slice(0, w).join(' ').length + (w > 0 ? 1 : 0);
        const g = { text: words[w] as string, start };
        const end = start + g.text.length;
        // An insertion point strictly before the character preceding the answer, or after the one following it.
        const points = [...Array(a.length + 1).keys()].filter((i) => i < start || i > end);
        if (!points.length) return;
        const i = points[at % points.length] as number;
        const b = a.slice(0, i) + ins + a.slice(i);
        expect(answerStays(a, b, g)).toBe(true);
      }),
    );
  });

  it('property: never stricter than the released rule, and the identity keeps everything', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.string({ maxLength: 30 }), fc.nat(), fc.nat(), (a, b, s, l) => {
        const start = s % a.length;
        const text = a.slice(start, start + 1 + (l % 5));
        const inst = { ...q(a, text), answers: [{ text, start }] };
        expect(answersSurvive(inst, a)).toBe(true);
        if (wholeWordIndex(b, text) >= 0) expect(answersSurvive(inst, b)).toBe(true);
      }),
    );
  });
});

describe('question-paraphrase pairs are told apart from revision pairs (Gan & Ng 2019 vs Wu et al. 2025)', () => {
  const base = { id: 'q', dataset: 'd', title: '', question: 'Who led it?', context: 'Ada led it.', answers: [{ text: 'Ada', start: 0 }], isImpossible: false, lang: 'en' as const };
  it.each([
    { name: 'same passage, reworded question', revision: { context: 'Ada led it.', answers: base.answers, question: 'It was led by whom?' }, kind: 'paraphrase', tags: ['paraphrase'] },
    { name: 'edited passage, same question', revision: { context: 'Ada alone led it.', answers: base.answers }, kind: 'revision', tags: ['revision'] },
    { name: 'edited passage and reworded question', revision: { context: 'Ada alone led it.', answers: base.answers, question: 'It was led by whom?' }, kind: 'revision', tags: ['revision'] },
    { name: 'same passage, same words (a copy)', revision: { context: 'Ada led it.', answers: base.answers, question: ' Who led it? ' }, kind: 'revision', tags: ['revision'] },
    { name: 'no pair', revision: undefined, kind: null, tags: [] },
  ])('$name → $kind', ({ revision, kind, tags }) => {
    const inst = makeInstance({ ...base, revision });
    expect(pairKind(inst)).toBe(kind);
    expect(inst.tags).toEqual(tags);
  });

  it('the aligned-ids fixture imports as six question paraphrases: tagged, counted, offered as the dataset\'s paraphrases, not revision pairs', async () => {
    const r = await paraphraseFile();
    expect(r.kinds).toEqual({ revision: 0, paraphrase: 6 });
    expect(countPairKinds(r.instances)).toEqual(r.kinds);
    expect(describePairKinds(r.kinds)).toBe('6 question paraphrases (same passage, reworded question)');
    expect(describePairKinds({ revision: 1, paraphrase: 1062 })).toBe('1,062 question paraphrases (same passage, reworded question), 1 revision pair (edited passage)');
    expect(r.issues).toEqual([]);
    expect(r.instances.every((i) => i.tags.includes('paraphrase') && !i.tags.includes('revision'))).toBe(true);
    const first = r.instances[0] as Instance;
    expect(datasetParaphrases(first).map((p) => p.question)).toEqual(['Which person led the first audit of the Halden budget?']);
    // The revision-pair experiment's population leaves them out; the paraphrase experiment takes them.
    expect(populationOf('natural', r.instances)).toEqual([]);
    expect(populationOf('paraphrase', r.instances)).toHaveLength(6);
  });
});

describe('the question list tells the pair kinds apart (issue 38.4)', () => {
  it('a paraphrase import is "para", not "rev", and the "has revision pair" filter leaves it out', async () => {
    const { SearchIndex } = await import('../../src/worker/search-index.ts');
    const r = await paraphraseFile();
    const edited = makeInstance({ id: 'e1', dataset: 'd', title: '', question: 'Who?', context: 'Ada led it.', answers: [{ text: 'Ada', start: 0 }], isImpossible: false, lang: 'en', revision: { context: 'Ada alone led it.', answers: [{ text: 'Ada', start: 0 }] } });
    const index = new SearchIndex();
    index.add('d', [...r.instances.map((i) => ({ ...i, dataset: 'd' })), edited]);
    const all = index.search(['d'], '', { dataset: 'all', answerable: 'all', entity: 'all', revision: 'all', category: 'all' }, null, 100).rows;
    expect(all.map((x) => [x.hasRevision, x.hasParaphrase])).toEqual([...Array(6).fill([false, true]), [true, false]]);
    const revisions = index.search(['d'], '', { dataset: 'all', answerable: 'all', entity: 'all', revision: 'with-revision', category: 'all' }, null, 100).rows;
    expect(revisions.map((x) => x.id)).toEqual(['e1']);
  });
});
