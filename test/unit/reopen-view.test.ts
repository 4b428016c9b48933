/** A reopened case as Live shows it (issue 41.1): its run, the run's scoring, both answers with their scores. */
import { describe, expect, it } from 'vitest';
import type { FailureCase } from '../../src/core/results/gallery.ts';
import { isCaseRun, type CaseRun } from '../../src/core/results/case-run.ts';
import { caseRunLabel, reopenView, rewordedQuestion } from '../../src/core/results/reopen.ts';
import { loadFailures, GALLERY_KEY } from '../../src/app/store/teach-slice.ts';

const PASSAGE = 'Ann Hollis moved to Leeds in 1990 and later to York.';
const run = (o: Partial<CaseRun> = {}): CaseRun => ({ kind: 'paraphrase', date: '2026-12-02T05:12:40.000Z', datasets: ['Demo set'], allowNull: false, scoringLang: 'auto', rule: 'script', ...o });
const kase = (o: Partial<FailureCase> = {}): FailureCase => ({
  key: 'k',
  kind: 'paraphrase',
  perturbation: 'paraphrase: word reordering',
  model: 'qarx-lexical-qa',
  dataset: 'demo',
  id: 'q1',
  question: 'Where did Ann Hollis move in 1990?',
  gold: ['Leeds'],
  original: { passage: PASSAGE, answer: 'Leeds' },
  perturbedQuestion: 'In 1990, where did Ann Hollis move?',
  perturbed: { passage: PASSAGE, answer: 'York' },
  link: { v: 1, models: [{ kind: 'local', id: 'qarx-lexical-qa' }], q: { kind: 'instance', dataset: 'demo', id: 'q1' }, p: { kind: 'none' }, allowNull: true },
  starred: false,
  found: '2026-12-02T05:13:00.000Z',
  run: run(),
  ...o,
});

describe('reopenView', () => {
  it.each([
    {
      name: 'a paraphrase: the run had "no answer" off, the link on; the run wins',
      c: kase(),
      want: { run: 'Paraphrases (DPR) run of 2026-12-02 05:12:40 UTC on Demo set', original: { em: 1, f1: 1 }, perturbed: { em: 0, f1: 0 }, category: 'C2W', question: 'In 1990, where did Ann Hollis move?', scoring: /^“no answer” off \(SQuAD 1\.1 decoding\) · SQuAD 2\.0 EM\/F1 · correct = EM 1, wrong = F1 < 0\.4/ },
    },
    {
      name: 'a renamed answer entity: the perturbed side is scored against the renamed gold',
      c: kase({ kind: 'rename', perturbedQuestion: undefined, perturbedGold: ['Brixley'], perturbed: { passage: PASSAGE.replace('Leeds', 'Brixley'), answer: 'York' }, run: run({ kind: 'sweep', allowNull: true, rule: 'em' }) }),
      want: { run: 'Sweep run of 2026-12-02 05:12:40 UTC on Demo set', original: { em: 1, f1: 1 }, perturbed: { em: 0, f1: 0 }, category: 'C2W', question: 'Where did Ann Hollis move in 1990?', scoring: /^“no answer” on \(SQuAD 2\.0 decoding\) · SQuAD 2\.0 EM\/F1 · correct = EM 1, wrong = EM 0$/ },
    },
    {
      name: 'partly right after (F1 0.8) is partial under the script rule',
      c: kase({ gold: ['Leeds in 1990'], original: { passage: PASSAGE, answer: 'Leeds in 1990' }, perturbed: { passage: PASSAGE, answer: 'in 1990' } }),
      want: { run: 'Paraphrases (DPR) run of 2026-12-02 05:12:40 UTC on Demo set', original: { em: 1, f1: 1 }, perturbed: { em: 0, f1: 0.8 }, category: 'partial', question: 'In 1990, where did Ann Hollis move?', scoring: /SQuAD 2\.0 EM\/F1/ },
    },
    {
      name: 'a case a later run found again: scored as the run whose answers it holds ("no answer" on, EM rule), not its first run',
      c: kase({ answersRun: run({ kind: 'sweep', allowNull: true, rule: 'em' }), perturbed: { passage: PASSAGE, answer: '' } }),
      want: { run: 'Sweep run of 2026-12-02 05:12:40 UTC on Demo set', original: { em: 1, f1: 1 }, perturbed: { em: 0, f1: 0 }, category: 'C2W', question: 'In 1990, where did Ann Hollis move?', scoring: /^“no answer” on \(SQuAD 2\.0 decoding\) · SQuAD 2\.0 EM\/F1 · correct = EM 1, wrong = EM 0$/ },
    },
    {
      name: 'a case from before runs were named: the link\'s "no answer", no rule named',
      c: kase({ run: undefined }),
      want: { run: 'an earlier run (not recorded)', original: { em: 1, f1: 1 }, perturbed: { em: 0, f1: 0 }, category: 'C2W', question: 'In 1990, where did Ann Hollis move?', scoring: /^“no answer” on \(SQuAD 2\.0 decoding\) · SQuAD 2\.0 EM\/F1$/ },
    },
  ])('$name', ({ c, want }) => {
    const v = reopenView(c);
    expect(v.run).toBe(want.run);
    expect(v.original.score).toEqual(want.original);
    expect(v.perturbed.score.em).toBe(want.perturbed.em);
    expect(v.perturbed.score.f1).toBeCloseTo(want.perturbed.f1, 6);
    expect(v.category).toBe(want.category);
    expect(v.perturbed.question).toBe(want.question);
    expect(v.scoring).toMatch(want.scoring);
  });

  it('a Chinese run scores with the DuReader metric; a run in Live says so', () => {
    expect(reopenView(kase({ run: run({ scoringLang: 'zh' }) })).scoring).toContain('DuReader-robust');
    expect(caseRunLabel(run({ kind: 'live', datasets: ['demo'] }), (d) => (d === 'demo' ? 'Demo set' : d))).toBe('found in Live 2026-12-02 05:12:40 UTC on Demo set');
  });

  it('only a reworded question on the same passage is asked again as a paraphrase', () => {
    expect(rewordedQuestion(kase())).toBe('In 1990, where did Ann Hollis move?');
    expect(rewordedQuestion(kase({ perturbed: { passage: 'other', answer: 'x' } }))).toBeNull();
    expect(rewordedQuestion(kase({ perturbedQuestion: undefined }))).toBeNull();
  });
});

describe('a stored case run', () => {
  it('is checked when the gallery is read back: a damaged run is dropped, the case kept', () => {
    const good = kase();
    const bad = { ...kase({ key: 'bad' }), run: { kind: 'paraphrase', date: 1 } };
    const store = { getItem: (k: string) => (k === GALLERY_KEY ? JSON.stringify([good, bad]) : null) };
    const cases = loadFailures(store);
    expect(cases.map((c) => [c.key, c.run?.kind])).toEqual([['k', 'paraphrase'], ['bad', undefined]]);
    // So is a damaged answers' run: the case is then scored as its first run.
    const answers = loadFailures({ getItem: () => JSON.stringify([{ ...kase({ key: 'a2' }), answersRun: { kind: 'sweep' } }, kase({ key: 'a3', answersRun: run({ kind: 'sweep' }) })]) });
    expect(answers.map((c) => [c.key, c.answersRun?.kind])).toEqual([['a2', undefined], ['a3', 'sweep']]);
    expect(isCaseRun(run())).toBe(true);
    expect(isCaseRun({ ...run(), rule: 'f1' })).toBe(false);
  });
});
