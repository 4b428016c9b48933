/** This tab's open question, kept for a reload: saved as dataset + id, anything unreadable is nothing. */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/app/workers/worker-client.ts', () => ({ send: () => {}, newJobId: () => 1, restartWorker: () => {}, onWorkerEvent: () => {}, onWorkerDied: () => {} }));
vi.mock('../../src/app/workers/data-client.ts', () => ({ sendData: () => {}, newDataId: () => 1, onDataEvent: () => {}, onDataWorkerDied: () => {} }));
const { LAST_QUESTION_KEY, loadLastQuestion, saveLastQuestion } = await import('../../src/app/live/last-question.ts');

/** A Map-backed stand-in for sessionStorage. */
function memory(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('last question storage', () => {
  it.each([
    { name: 'nothing saved', saved: {} as Record<string, string>, want: null },
    { name: 'a stored question', saved: { [LAST_QUESTION_KEY]: '{"dataset":"ds-1","id":"q7"}' }, want: { dataset: 'ds-1', id: 'q7' } },
    { name: 'not JSON', saved: { [LAST_QUESTION_KEY]: '{oops' }, want: null },
    { name: 'an id that is not a string', saved: { [LAST_QUESTION_KEY]: '{"dataset":"demo","id":7}' }, want: null },
    { name: 'an empty id', saved: { [LAST_QUESTION_KEY]: '{"dataset":"demo","id":""}' }, want: null },
  ])('$name', ({ saved, want }) => expect(loadLastQuestion(memory(saved))).toEqual(want));

  it('saves only dataset and id, forgets on null, and survives a store that throws', () => {
    const s = memory();
    saveLastQuestion(s, { dataset: 'demo', id: 'demo-per-01', question: 'Who?' } as { dataset: string; id: string });
    expect(s.getItem(LAST_QUESTION_KEY)).toBe('{"dataset":"demo","id":"demo-per-01"}');
    saveLastQuestion(s, null);
    expect(loadLastQuestion(s)).toBeNull();
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => { throw new Error('denied'); } };
    expect(() => saveLastQuestion(broken, { dataset: 'd', id: 'q' })).not.toThrow();
    expect(() => saveLastQuestion(broken, null)).not.toThrow();
    expect(loadLastQuestion(broken)).toBeNull();
  });
});
