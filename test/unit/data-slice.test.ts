/**
 * The data slice's handling of imports and of datasets that vanish: a second import waits for the
 * user, a dataset deleted elsewhere releases the filter and says so about the open question. The
 * data worker is replaced by a recorder (this tests the UI state machine).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataRequest, DatasetInfo, ImportSource } from '../../src/worker/data-protocol.ts';
import type { Instance } from '../../src/core/data/types.ts';

const sent: DataRequest[] = [];
let nextData = 1;
vi.mock('../../src/app/workers/data-client.ts', () => ({
  sendData: (r: DataRequest) => sent.push(r),
  newDataId: () => nextData++,
  onDataEvent: () => {},
  onDataWorkerDied: () => {},
}));
vi.mock('../../src/app/workers/worker-client.ts', () => ({ send: () => {}, newJobId: () => 0, restartWorker: () => {}, onWorkerEvent: () => {}, onWorkerDied: () => {} }));

const { useApp, applyDataEvent } = await import('../../src/app/store/index.ts');
const initial = useApp.getState();
const src = (name: string): ImportSource => ({ kind: 'url', url: `http://localhost/${name}` });
const imports = () => sent.filter((r): r is Extract<DataRequest, { type: 'import' }> => r.type === 'import').map((r) => r.name);
const cancels = () => sent.filter((r): r is Extract<DataRequest, { type: 'cancel' }> => r.type === 'cancel').map((r) => r.jobId);
const ds = (id: string, name = `${id}.json`): DatasetInfo => ({ id, name, format: 'squad', count: 1, createdAt: 1, builtIn: false, issueSummary: '', issues: [], partial: false, state: 'complete' });
const inst = (dataset: string): Instance => ({ id: 'q', dataset, title: '', question: 'q?', context: 'c', answers: [], isImpossible: true, lang: 'en', tags: [] });

beforeEach(() => {
  sent.length = 0;
  useApp.setState(initial, true);
});

describe('a second import while one runs', () => {
  it.each([
    { answer: 'keep' as const, imports: ['first'], cancels: 0, running: 'first' },
    { answer: 'replace' as const, imports: ['first', 'second'], cancels: 1, running: 'second' },
  ])('waits for the answer ($answer) before cancelling anything', ({ answer, imports: expected, cancels: nCancels, running }) => {
    const s = useApp.getState();
    s.requestImport(src('first'), 'first');
    s.requestImport(src('second'), 'second');
    expect(imports()).toEqual(['first']);
    expect(cancels()).toEqual([]);
    expect(useApp.getState().pendingImport?.name).toBe('second');
    useApp.getState().answerPendingImport(answer === 'replace');
    expect(imports()).toEqual(expected);
    expect(cancels()).toHaveLength(nCancels);
    expect(useApp.getState().importJob?.name).toBe(running);
    expect(useApp.getState().pendingImport).toBeNull();
  });

  it('starts the held import when the running one ends meanwhile, keeping the first outcome readable', () => {
    const s = useApp.getState();
    s.requestImport(src('first'), 'first');
    s.requestImport(src('second'), 'second');
    const jobId = useApp.getState().importJob!.jobId;
    applyDataEvent({ type: 'import-done', jobId, dataset: null, cancelled: false, message: 'Imported 3 questions.' });
    expect(imports()).toEqual(['first', 'second']);
    expect(cancels()).toEqual([]);
    expect(useApp.getState().importJob?.name).toBe('second');
    expect(useApp.getState().importMessage?.text).toBe('Imported 3 questions.');
  });
});

describe('datasets that vanish (deleted here or in another tab)', () => {
  it('lets go of a filter on it and says the open question is no longer stored', () => {
    applyDataEvent({ type: 'datasets', datasets: [ds('demo', 'Demo'), ds('a', 'a.json')] });
    useApp.setState({ filters: { ...useApp.getState().filters, dataset: 'a' }, instance: inst('a') });
    applyDataEvent({ type: 'notice', message: '"a.json" was deleted in another tab.' });
    applyDataEvent({ type: 'datasets', datasets: [ds('demo', 'Demo')] });
    const st = useApp.getState();
    expect(st.filters.dataset).toBe('all');
    expect(st.dataNotices).toEqual(['"a.json" was deleted in another tab.', 'The open question belongs to "a.json", which was deleted: it stays open here but is no longer stored.']);
    expect(sent.filter((r) => r.type === 'search').at(-1)).toMatchObject({ type: 'search', filters: { dataset: 'all' } });
  });

  it('says why a question cannot be opened, and keeps the open one', () => {
    useApp.setState({ instance: inst('demo') });
    useApp.getState().select({ dataset: 'gone', id: 'q', question: '', answer: '', isImpossible: true, answerType: null, tagSource: null, hasRevision: false, hasParaphrase: false, lang: 'en' });
    const get = sent.at(-1) as Extract<DataRequest, { type: 'get' }>;
    applyDataEvent({ type: 'instance', reqId: get.reqId, instance: null, gone: 'This question cannot be opened. The dataset "g.json" was deleted in another tab; its questions are no longer stored.' });
    expect(useApp.getState().dataNotices).toEqual(['This question cannot be opened. The dataset "g.json" was deleted in another tab; its questions are no longer stored.']);
    expect(useApp.getState().instance?.dataset).toBe('demo');
  });

  it('keeps at most four notices, the same one once', () => {
    for (const m of ['a', 'b', 'a', 'c', 'd', 'e']) useApp.getState().addNotice(m);
    expect(useApp.getState().dataNotices).toEqual(['a', 'c', 'd', 'e']);
  });
});
