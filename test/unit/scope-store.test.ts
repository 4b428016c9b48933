/**
 * State that changes what is measured is visible or reset, and a reset says so (issue 23): the
 * experiments' scope, the category filter on a dataset switch, "Clear search and filters", the
 * entity type on a new question and the guided tour's settings. The workers are recorders.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataRequest } from '../../src/worker/data-protocol.ts';
import type { Instance } from '../../src/core/data/types.ts';

const sent: DataRequest[] = [];
let nextData = 1;
vi.mock('../../src/app/workers/data-client.ts', () => ({ sendData: (r: DataRequest) => sent.push(r), newDataId: () => nextData++, onDataEvent: () => {}, onDataWorkerDied: () => {} }));
vi.mock('../../src/app/workers/worker-client.ts', () => ({ send: () => {}, newJobId: () => 0, restartWorker: () => {}, onWorkerEvent: () => {}, onWorkerDied: () => {} }));

const { useApp, applyDataEvent } = await import('../../src/app/store/index.ts');
const { collectRequest } = await import('../../src/app/store/scope-slice.ts');
const { typeForQuestion } = await import('../../src/app/store/entity-slice.ts');
const initial = useApp.getState();
const inst = (p: Partial<Instance>): Instance => ({ id: 'q', dataset: 'demo', title: '', question: 'Who?', context: 'Ada was here.', answers: [{ text: 'Ada', start: 0 }], isImpossible: false, lang: 'en', tags: [], answerType: 'PER', ...p });
const last = <T extends DataRequest['type']>(t: T) => sent.filter((r): r is Extract<DataRequest, { type: T }> => r.type === t).at(-1);

beforeEach(() => {
  sent.length = 0;
  useApp.setState(initial, true);
});

describe('the experiments scope', () => {
  it('leaves the list search out of a run unless the user includes it, and counts what it asks for', () => {
    useApp.getState().setQuery('curie');
    expect(collectRequest(useApp.getState()).query).toBe('');
    expect(last('scope-count')?.query).toBe('');
    useApp.getState().setScopeSearch(true);
    expect(collectRequest(useApp.getState()).query).toBe('curie');
    expect(last('scope-count')?.query).toBe('curie');
    applyDataEvent({ type: 'scope-counted', reqId: useApp.getState().scopeReq, total: 3, answerable: 2, paired: 0, adversarial: 0 });
    expect(useApp.getState().scopeCounts).toEqual({ total: 3, answerable: 2, paired: 0, adversarial: 0 });
    // An older count never overwrites a newer request's.
    applyDataEvent({ type: 'scope-counted', reqId: useApp.getState().scopeReq - 1, total: 99, answerable: 0, paired: 0, adversarial: 0 });
    expect(useApp.getState().scopeCounts?.total).toBe(3);
  });

  // Issue 42.3 follow-up: while the worker counts a new scope, no line may state it with the old count.
  it('holds no count for a new scope until its own count arrives (the line says "counting…")', () => {
    const counted = (total: number) => applyDataEvent({ type: 'scope-counted', reqId: useApp.getState().scopeReq, total, answerable: total, paired: 0, adversarial: 0 });
    useApp.getState().refreshScope();
    counted(64);
    expect(useApp.getState().scopeCounts?.total).toBe(64);
    useApp.getState().setQuery('curie');
    useApp.getState().setScopeSearch(true);
    expect(useApp.getState().scopeCounts).toBeNull();
    counted(3);
    expect(useApp.getState().scopeCounts?.total).toBe(3);
  });

  it('holds no tagger coverage for a new scope until its own coverage arrives, and drops an older answer', () => {
    const coverage = (n: number) => ({ scope: n }) as never;
    useApp.getState().refreshCoverage(64);
    const first = last('scope-coverage')!.reqId;
    applyDataEvent({ type: 'scope-covered', reqId: first, coverage: coverage(64) });
    expect(useApp.getState().scopeCoverage.coverage).toEqual({ scope: 64 });
    useApp.getState().refreshCoverage(64);
    expect(useApp.getState().scopeCoverage.coverage).toBeNull();
    applyDataEvent({ type: 'scope-covered', reqId: first, coverage: coverage(99) });
    expect(useApp.getState().scopeCoverage.coverage).toBeNull();
    applyDataEvent({ type: 'scope-covered', reqId: last('scope-coverage')!.reqId, coverage: coverage(3) });
    expect(useApp.getState().scopeCoverage.coverage).toEqual({ scope: 3 });
  });

  it('a run collects with the scope: the paraphrase run ignores a search typed in the Live view', () => {
    useApp.setState({ model: { id: 'm', dtype: 'fp32', device: 'wasm' } as never, modelStatus: 'ready' });
    useApp.getState().setQuery('Eiffel');
    useApp.getState().startParaphrases();
    expect(last('collect')).toMatchObject({ query: '', filters: { dataset: 'all' } });
  });
});

describe('filters that would leave the wrong questions', () => {
  it('a dataset switch clears the category filter and says so in one line', () => {
    useApp.getState().setFilters({ category: 'C2W' });
    expect(useApp.getState().listNote).toBeNull();
    useApp.getState().setFilters({ dataset: 'squad-dev' });
    expect(useApp.getState().filters).toMatchObject({ dataset: 'squad-dev', category: 'all' });
    expect(useApp.getState().listNote).toBe('Category filter "C2W" cleared: it came from the revision pairs of another dataset.');
    expect(last('search')?.filters.category).toBe('all');
  });

  it('"Clear search and filters" keeps the dataset', () => {
    useApp.getState().setFilters({ dataset: 'squad-dev', answerable: 'answerable', entity: 'PER' });
    useApp.getState().setQuery('zzz');
    useApp.getState().clearSearch();
    expect(useApp.getState().query).toBe('');
    expect(useApp.getState().filters).toEqual({ dataset: 'squad-dev', answerable: 'all', entity: 'all', revision: 'all', category: 'all' });
  });
});

describe('the entity type on a new question', () => {
  it.each([
    [{ type: 'GPE' }, inst({ answerType: 'PER' }), 'PER', "Entity type set from GPE to PER: this question's answer is a PER."],
    // Issue 41.10: "an ORG", not "a ORG".
    [{ type: 'PER' }, inst({ answerType: 'ORG' }), 'ORG', "Entity type set from PER to ORG: this question's answer is an ORG."],
    [{ type: 'ORG' }, inst({ answerType: 'other' }), 'MIX', "Entity type set from ORG to MIX: this question's answer is no PER, ORG or GPE."],
    [{ type: 'PER' }, inst({ answerType: 'PER' }), null, null],
    [{ type: 'MIX' }, inst({ answerType: 'GPE' }), null, null],
    [{ type: 'GPE', target: 'question-person' }, inst({ answerType: 'PER' }), null, null],
  ] as const)('%j on a %j answer', (o, q, type, note) => {
    const r = typeForQuestion({ source: 'db', origin: 'us', seed: 1, ...o }, q);
    expect(r?.options.type ?? null).toBe(type);
    expect(r?.note ?? null).toBe(note);
  });

  it('follows the opened question in the store, and the note goes with the next choice', () => {
    useApp.getState().setRenameOptions({ type: 'GPE' });
    applyDataEvent({ type: 'instance', reqId: -1, instance: inst({ answerType: 'ORG' }) });
    // An answer to an older request opens nothing and changes nothing.
    expect(useApp.getState().renameOptions.type).toBe('GPE');
    useApp.getState().select({ dataset: 'demo', id: 'q', question: '', answer: '', isImpossible: false, answerType: 'ORG', tagSource: 'file', hasRevision: false, hasParaphrase: false, lang: 'en' });
    applyDataEvent({ type: 'instance', reqId: last('get')!.reqId, instance: inst({ answerType: 'ORG' }) });
    expect(useApp.getState().renameOptions.type).toBe('ORG');
    expect(useApp.getState().renameNote).toMatch(/^Entity type set from GPE to ORG/);
    useApp.getState().setRenameOptions({ seed: 2 });
    expect(useApp.getState().renameNote).toBeNull();
  });
});

describe('the guided tour', () => {
  it('puts the settings it changed back when it closes, and says which', () => {
    useApp.getState().setTourStep(0);
    // What a stop does (permalink-state.ts): Chinese names, RESEMBLE, a noise kind.
    useApp.setState({ renameOptions: { ...useApp.getState().renameOptions, origin: 'cn' }, renameResemble: true, noiseOptions: { kind: 'ocr', rate: 0.3, seed: 1 } });
    useApp.getState().setTourStep(3);
    useApp.getState().setTourStep(null);
    const s = useApp.getState();
    expect(s.renameOptions.origin).toBe(initial.renameOptions.origin);
    expect(s.renameResemble).toBe(initial.renameResemble);
    expect(s.noiseOptions).toEqual(initial.noiseOptions);
    expect(s.tourNote).toBe('Tour closed: your settings from before it are back (entity renaming, RESEMBLE, synthetic noise).');
  });

  it('says nothing when the tour changed nothing', () => {
    useApp.getState().setTourStep(0);
    useApp.getState().setTourStep(null);
    expect(useApp.getState().tourNote).toBeNull();
  });
});
