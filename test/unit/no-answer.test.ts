/**
 * The one no-answer (SQuAD 2.0) decision per dataset (core/data/no-answer.ts; issue 38 point 2):
 * the precedence table, the readers that use it, and Live following the question's dataset.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { combineNoAnswer, decideNoAnswer, liveNoAnswer, noAnswerData, versionMajor, type NoAnswerEvidence } from '../../src/core/data/no-answer.ts';
import { importPairFiles } from '../../src/core/formats/index.ts';
import { readSquad } from '../../src/core/formats/squad.ts';
import { readEvalData } from '../../src/core/metrics/eval-data.ts';
import { applyDataEvent, dataSent, resetStore, useApp } from './helpers/store.ts';

describe('decideNoAnswer: unanswerable questions, then the override, then the version string, then off', () => {
  it.each<[string, NoAnswerEvidence, boolean, string]>([
    ['unanswerable questions (SQuAD 2.0 evaluator needed)', { unanswerable: 3, version: 'v2.0' }, true, 'unanswerable'],
    ['unanswerable questions in a file marked v1.1', { unanswerable: 1, version: 'v1.1' }, true, 'unanswerable'],
    ['unanswerable questions beat --squad1 (refused)', { unanswerable: 2, version: null, override: 'squad1' }, true, 'unanswerable'],
    ['--squad2 on a SQuAD 1.1 file', { unanswerable: 0, version: 'v1.1', override: 'squad2' }, true, 'override'],
    ['--squad1 on an all-answerable file marked v2.0', { unanswerable: 0, version: 'v2.0', override: 'squad1' }, false, 'override'],
    ['all answerable, marked v2.0: the answerable part of SQuAD 2.0', { unanswerable: 0, version: 'v2.0' }, true, 'version'],
    ['all answerable, version as a number 2.0', { unanswerable: 0, version: '2.0' }, true, 'version'],
    ['all answerable, marked 1.1', { unanswerable: 0, version: '1.1' }, false, 'version'],
    ['all answerable, no version (MRQA, CSV)', { unanswerable: 0, version: null }, false, 'default'],
    ['all answerable, an unknown version', { unanswerable: 0, version: 'dureader-robust' }, false, 'default'],
  ])('%s', (_name, evidence, versionTwo, by) => {
    const d = decideNoAnswer(evidence);
    expect([d.versionTwo, d.by]).toEqual([versionTwo, by]);
    expect(d.reason.startsWith(versionTwo ? 'on: ' : 'off: ')).toBe(true);
    expect(d.refused).toBe(evidence.override === 'squad1' && evidence.unanswerable > 0 ? '--squad1' : undefined);
  });

  it.each([['v2.0', 2], ['2', 2], ['V2.0', 2], ['v1.1', 1], ['1.1', 1], ['20', null], ['', null], [undefined, null]] as const)('versionMajor(%s) = %s', (v, major) => {
    expect(versionMajor(v)).toBe(major);
  });

  it.each([
    ['v1.1', false],
    ['v2.0', true],
  ] as const)('a pair dataset (original %s) decides from its original file: an edit that removed an answer is a pair left out, not an unanswerable question', async (version, on) => {
    const file = (v: string, context: string, answers: { text: string; answer_start: number }[]) =>
      new TextEncoder().encode(JSON.stringify({ version: v, data: [{ title: 't', paragraphs: [{ context, qas: [{ id: 'q1', question: 'Who won?', answers, ...(v === 'v2.0' ? { is_impossible: answers.length === 0 } : {}) }] }] }] }));
    // The edited file is SQuAD 2.0 with the answer gone (is_impossible); the original's version alone decides.
    const r = await importPairFiles('a.json', file(version, 'Ann won.', [{ text: 'Ann', answer_start: 0 }]), 'b.json', file('v2.0', 'Nobody won.', []), { dataset: 'pairs' });
    expect(r.fileVersion).toBe(version);
    expect(r.instances.filter((i) => i.revision)).toEqual([]);
    expect(noAnswerData(r.instances, r.fileVersion)).toEqual({ unanswerable: 0, version });
    expect(decideNoAnswer(noAnswerData(r.instances, r.fileVersion)).versionTwo).toBe(on);
  });

  it('a selection of datasets: one setting, on when any dataset is, each named in the reason', () => {
    const on = decideNoAnswer({ unanswerable: 1 });
    const off = decideNoAnswer({ unanswerable: 0, version: 'v1.1' });
    const d = combineNoAnswer([{ name: 'a', decision: off }, { name: 'b', decision: on }]);
    expect(d.versionTwo).toBe(true);
    expect(d.reason).toMatch(/^on: a off: .*; b on: /);
  });
});

describe('every reader of a SQuAD file uses the decision', () => {
  const file = (version: string, qas: object[]) => JSON.stringify({ version, data: [{ title: 't', paragraphs: [{ context: 'Ann ran home.', qas }] }] });
  const answerable = { id: 'a', question: 'Who ran?', answers: [{ text: 'Ann', answer_start: 0 }] };
  it.each([
    ['v2.0, all answerable', file('v2.0', [answerable]), 'v2.0'],
    ['v1.1, all answerable', file('v1.1', [answerable]), 'v1.1'],
    ['v1.1 with a question without answers', file('v1.1', [answerable, { id: 'b', question: 'Why?', answers: [] }]), 'v2.0'],
  ])('%s: predict (readSquad) and eval (readEvalData) agree', (_name, text, version) => {
    expect(readSquad(text, 'f.json').version).toBe(version);
    expect(readEvalData(JSON.parse(text), 'f.json').version).toBe(version);
  });
});

describe('Live: "allow no answer" follows the selected question\'s dataset unless the user overrides it', () => {
  beforeEach(() => resetStore());
  const inst = { id: 'q1', dataset: 'd', title: '', question: 'Who?', context: 'Ann ran.', answers: [{ text: 'Ann', start: 0 }], isImpossible: false, lang: 'en' as const, tags: [] };
  /** Opens q1 of dataset d, whose file says `noAnswer`. */
  const open = (noAnswer: { unanswerable: number; version: string | null }) => {
    useApp.getState().select({ dataset: 'd', id: 'q1' } as never);
    const req = dataSent.filter((m) => m.type === 'get').at(-1) as { reqId: number };
    applyDataEvent({ type: 'instance', reqId: req.reqId, instance: inst, noAnswer });
  };

  it('a SQuAD 1.1 question turns it off, and says why', () => {
    expect(useApp.getState().allowNull).toBe(true);
    open({ unanswerable: 0, version: 'v1.1' });
    expect(useApp.getState().allowNull).toBe(false);
    expect(useApp.getState().liveNoAnswer.reason).toMatch(/^off: the file is marked v1\.1/);
  });

  it('a SQuAD 2.0 question turns it on; the user can tick it on for SQuAD 1.1 but not off for SQuAD 2.0', () => {
    open({ unanswerable: 4, version: 'v2.0' });
    expect(useApp.getState().allowNull).toBe(true);
    useApp.getState().setAllowNull(false);
    expect(useApp.getState().allowNull).toBe(true);
    expect(useApp.getState().liveNoAnswer.reason).toMatch(/refused/);
    useApp.getState().setAllowNull(true);
    open({ unanswerable: 0, version: 'v1.1' });
    expect(useApp.getState().allowNull).toBe(true);
    expect(useApp.getState().liveNoAnswer.by).toBe('override');
  });

  it('your own text: on until unticked', () => {
    expect(liveNoAnswer(null, null).versionTwo).toBe(true);
    expect(liveNoAnswer(null, false).versionTwo).toBe(false);
  });
});
