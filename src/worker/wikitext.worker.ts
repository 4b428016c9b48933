/**
 * Parses one revision's wikitext at a time for the data worker, in a thread of its own: a
 * pathological revision (wtf_wikipedia is quadratic on runs of bold/italic marks) can then be cut
 * off by terminating this worker, without blocking search or imports.
 */
/// <reference lib="webworker" />
import { revisionParagraph } from '../core/natural/wiki.ts';
import type { WikitextEvent, WikitextRequest } from './wikitext-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;
const post = (e: WikitextEvent) => self.postMessage(e);

self.onmessage = (ev: MessageEvent<WikitextRequest>) => {
  const { id, passage, wikitext } = ev.data;
  try {
    post({ type: 'paragraph', id, text: revisionParagraph(passage, wikitext) });
  } catch (err) {
    post({ type: 'failed', id, message: err instanceof Error ? err.message : String(err) });
  }
};
// The budget starts only once the parser is loaded, so a slow start is not held against a revision.
post({ type: 'ready' });
