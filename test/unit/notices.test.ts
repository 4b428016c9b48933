/**
 * Nothing sticks on screen (issue 41.4): every notice renders through shell/Notice.tsx with a
 * Dismiss button and goes with Escape, or goes when its cause does; the category note leaves with
 * the list's next change; a run opened from the history stays on its page (issue 41.6).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedRunInfo } from '../../src/worker/data-protocol.ts';
import { escapeIsOurs, escapeTarget, pushNotice, stackedNotices, type KeyFacts, type StackedNotice } from '../../src/app/shell/notice-stack.ts';

vi.mock('../../src/app/workers/data-client.ts', () => ({ sendData: () => {}, newDataId: () => 1, onDataEvent: () => {}, onDataWorkerDied: () => {} }));
vi.mock('../../src/app/workers/worker-client.ts', () => ({ send: () => {}, newJobId: () => 0, restartWorker: () => {}, onWorkerEvent: () => {}, onWorkerDied: () => {} }));

const { useApp } = await import('../../src/app/store/index.ts');
const { Toasts } = await import('../../src/app/shell/Toasts.tsx');
const { StatusBanners } = await import('../../src/app/shell/StatusBanners.tsx');
const { lastRunOf, openedRunShownOn } = await import('../../src/app/store/runs-slice.ts');
const initial = { ...useApp.getState() };
beforeEach(() => useApp.setState(initial, true));
/** A static render of `c`: it reads the store's server snapshot (zustand: the initial state object), so that object takes the state the test set first. */
const render = (c: Parameters<typeof createElement>[0]) => {
  Object.assign(useApp.getInitialState(), useApp.getState());
  const html = renderToStaticMarkup(createElement(c));
  Object.assign(useApp.getInitialState(), initial);
  return html;
};

const APP = join(import.meta.dirname, '..', '..', 'src', 'app');
/** Every .tsx file under src/app. */
const tsxFiles = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? tsxFiles(join(dir, f)) : f.endsWith('.tsx') ? [join(dir, f)] : []));

describe('one notice mechanism', () => {
  it('no component draws a toast or banner, or its own Dismiss button, besides shell/Notice.tsx', () => {
    const own = tsxFiles(APP)
      .filter((f) => !f.endsWith(join('shell', 'Notice.tsx')))
      .filter((f) => /className=\{?[`'"](toast|banner)\b|>\s*Dismiss\s*</.test(readFileSync(f, 'utf8')));
    expect(own.map((f) => f.slice(APP.length + 1))).toEqual([]);
  });

  it('the model error toast ("Network failure while downloading …") has Dismiss, and Dismiss clears it', () => {
    useApp.setState({ route: { section: 'live', experiment: null }, modelError: 'Network failure while downloading "Xenova/distilbert".' });
    const html = render(Toasts);
    expect(html).toContain('data-testid="model-error"');
    expect(html).toMatch(/<button[^>]*notice-close[^>]*>Dismiss<\/button>/);
    useApp.getState().dismissModelError();
    expect(render(Toasts)).toBe('');
  });

  it.each([
    { name: 'data error', state: { dataError: 'The data worker failed.' } },
    { name: 'data notice', state: { dataNotices: ['Storage check: removed 5 questions.'] } },
    { name: 'import outcome', state: { importMessage: { kind: 'ok' as const, text: 'Imported 3 questions.' } } },
    { name: 'import running', state: { importJob: { jobId: 4, name: 'a.json', phase: 'parse' as const, done: 0, total: 0 } } },
  ])('the $name toast has Dismiss', ({ state }) => {
    useApp.setState({ route: { section: 'live', experiment: null }, ...state });
    expect(render(Toasts)).toContain('>Dismiss</button>');
  });

  it('the worker and host banners have Dismiss', () => {
    useApp.setState({ workerNotice: 'The inference worker stopped.', remoteHost: 'https://mirror.example', wikiApi: 'https://wiki.example/w/api.php' });
    const html = render(StatusBanners);
    expect(html.match(/>Dismiss<\/button>/g)).toHaveLength(3);
  });
});

describe('Escape', () => {
  const facts = (p: Partial<KeyFacts>): KeyFacts => ({ key: 'Escape', defaultPrevented: false, tag: 'BODY', editable: false, dialogOpen: false, ...p });
  it.each([
    { name: 'on the page', k: facts({}), want: true },
    { name: 'another key', k: facts({ key: 'Enter' }), want: false },
    { name: 'clearing a search field', k: facts({ tag: 'INPUT' }), want: false },
    { name: 'in a text area', k: facts({ tag: 'TEXTAREA' }), want: false },
    { name: 'in editable text', k: facts({ tag: 'DIV', editable: true }), want: false },
    { name: 'with the glossary dialog open', k: facts({ dialogOpen: true }), want: false },
    { name: 'already used (the tour closes)', k: facts({ defaultPrevented: true }), want: false },
    { name: 'on a button', k: facts({ tag: 'BUTTON' }), want: true },
  ])('$name → $want', ({ k, want }) => expect(escapeIsOurs(k)).toBe(want));

  const n = (key: string, inside: unknown = null): StackedNotice => ({ key, dismiss: () => {}, holds: (el) => el !== null && el === inside });
  it('takes the notice holding the focus, else the newest, else none', () => {
    const focus = {} as Element;
    const a = n('a', focus);
    const b = n('b');
    expect(escapeTarget([a, b], focus)).toBe(a);
    expect(escapeTarget([a, b], null)).toBe(b);
    expect(escapeTarget([], null)).toBeNull();
  });

  it('a notice leaves the stack when it goes', () => {
    const off = pushNotice(n('x'));
    expect(stackedNotices().map((s) => s.key)).toContain('x');
    off();
    expect(stackedNotices().map((s) => s.key)).not.toContain('x');
  });
});

describe('the category note goes with its cause', () => {
  const reset = () => {
    useApp.getState().setFilters({ category: 'C2W' });
    useApp.getState().setFilters({ dataset: 'squad-dev' });
    expect(useApp.getState().listNote).toMatch(/^Category filter "C2W" cleared/);
  };
  it.each([
    { name: 'another filter', change: () => useApp.getState().setFilters({ answerable: 'answerable' }) },
    { name: 'a search', change: () => useApp.getState().setQuery('curie') },
    { name: 'Dismiss', change: () => useApp.getState().dismissListNote() },
  ])('$name ends it', ({ change }) => {
    reset();
    change();
    expect(useApp.getState().listNote).toBeNull();
  });
});

describe('run history on experiment pages (issue 41.6)', () => {
  const run = (id: string, kind: string, createdAt: number) => ({ id, kind, createdAt }) as SavedRunInfo;
  const runs = [run('a', 'sweep', 1), run('b', 'traps', 5), run('c', 'sweep', 9), run('d', 'adversarial', 3)];
  it.each([
    { kinds: ['sweep'], want: 'c' },
    { kinds: ['traps', 'adversarial'], want: 'b' },
    { kinds: ['budget'], want: null },
    { kinds: [], want: null },
  ])('the last run of $kinds is $want', ({ kinds, want }) => expect(lastRunOf(runs, kinds)?.id ?? null).toBe(want));

  it('a run opened on one page is shown there only', () => {
    useApp.setState({ route: { section: 'experiments', experiment: 'entity/sweep' }, savedRuns: [runs[2]!] });
    useApp.getState().openRun('c');
    const opened = useApp.getState().openedRun;
    expect(openedRunShownOn(opened, 'entity/sweep')).toBe(true);
    expect(openedRunShownOn(opened, 'stability/traps')).toBe(false);
    expect(openedRunShownOn(null, 'entity/sweep')).toBe(false);
  });
});
