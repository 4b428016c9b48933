/**
 * The data worker's side of the wikitext parser worker: one revision at a time, each with a time
 * budget; a revision over budget is skipped and its worker terminated (a fresh one parses the next).
 * Where a worker cannot start workers, revisions are parsed in place, without a budget.
 */
/// <reference lib="webworker" />
import type { ParagraphResult } from '../core/natural/wiki.ts';
import type { WikitextEvent, WikitextRequest } from './wikitext-protocol.ts';

export const DEFAULT_WIKITEXT_BUDGET_MS = 2_000;
/** How long a fresh parser worker may take to load before parsing falls back to this thread. */
const START_TIMEOUT_MS = 60_000;

/** Seconds for people, e.g. seconds(2000) === '2 s'. */
const seconds = (ms: number) => `${+(ms / 1000).toFixed(1)} s`;

/** A parser with a per-revision budget; calls are queued and run one after another. */
export function budgetedParser(): (passage: string, wikitext: string, budgetMs: number) => Promise<ParagraphResult> {
  let worker: Promise<Worker | null> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let nextId = 1;

  /** A loaded parser worker, or null when this context cannot start one. */
  const start = (): Promise<Worker | null> =>
    new Promise((resolve) => {
      if (typeof Worker === 'undefined') return resolve(null);
      let w: Worker;
      try {
        w = new Worker(new URL('./wikitext.worker.ts', import.meta.url), { type: 'module', name: 'qa-wikitext' });
      } catch {
        return resolve(null);
      }
      const timer = setTimeout(() => {
        w.terminate();
        resolve(null);
      }, START_TIMEOUT_MS);
      w.onmessage = (ev: MessageEvent<WikitextEvent>) => {
        if (ev.data.type !== 'ready') return;
        clearTimeout(timer);
        resolve(w);
      };
      w.onerror = () => {
        clearTimeout(timer);
        w.terminate();
        resolve(null);
      };
    });

  const parse = async (passage: string, wikitext: string, budgetMs: number): Promise<ParagraphResult> => {
    worker ??= start();
    const w = await worker;
    // No parser worker: parse here (wtf_wikipedia is imported only then).
    if (!w) return { ok: true, text: (await import('../core/natural/wiki.ts')).revisionParagraph(passage, wikitext) };
    const id = nextId++;
    return new Promise<ParagraphResult>((resolve) => {
      const timer = setTimeout(() => {
        // Over budget: the parse cannot be interrupted, so the whole worker goes.
        w.terminate();
        worker = null;
        resolve({ ok: false, reason: `took over ${seconds(budgetMs)} to parse` });
      }, budgetMs);
      w.onmessage = (ev: MessageEvent<WikitextEvent>) => {
        const e = ev.data;
        if (e.type === 'ready' || e.id !== id) return;
        clearTimeout(timer);
        resolve(e.type === 'paragraph' ? { ok: true, text: e.text } : { ok: false, reason: `could not be parsed (${e.message})` });
      };
      w.onerror = (ev) => {
        clearTimeout(timer);
        w.terminate();
        worker = null;
        ev.preventDefault();
        resolve({ ok: false, reason: `could not be parsed (${ev.message || 'the parser failed'})` });
      };
      w.postMessage({ id, passage, wikitext } satisfies WikitextRequest);
    });
  };

  return (passage, wikitext, budgetMs) => {
    const run = chain.then(() => parse(passage, wikitext, budgetMs));
    chain = run.catch(() => {});
    return run;
  };
}
