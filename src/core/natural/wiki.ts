/**
 * Live Wikipedia history: revisions of an article from the MediaWiki API (CORS with origin=*,
 * continuation, one request at a time at a polite rate, an Api-User-Agent header), wikitext turned
 * into plain paragraphs with wtf_wikipedia, and the adjacent revisions where a passage's paragraph
 * was modified (both versions over 500 characters, as in the paper).
 */
import wtf from 'wtf_wikipedia';
import type { GoldAnswer } from '../data/types.ts';
import { carryAnswers } from '../formats/pairs.ts';
import { WIKIPEDIA_API, type WikiEdit } from './wiki-edit.ts';

export { editAsPair, WIKIPEDIA_API, type WikiEdit } from './wiki-edit.ts';

export const API_USER_AGENT = 'QARobustnessExplorer/0.1 (extractive QA robustness tool; runs in the browser)';

/** One revision of an article. */
export interface WikiRevision {
  revid: number;
  parentid: number;
  timestamp: string;
  user: string;
  comment: string;
  size: number;
  content: string;
}

/** A problem with the API or the network, said in one sentence. */
export class WikiError extends Error {}

export interface HistoryOptions {
  api?: string;
  /** Revisions per request (at most 50 with content). */
  pageSize?: number;
  /** Requests at most (continuation pages). */
  maxPages?: number;
  /** Milliseconds between requests. */
  intervalMs?: number;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  onPage?: (revisions: number, page: number) => void;
}

interface ApiRevision {
  revid: number;
  parentid: number;
  timestamp: string;
  user?: string;
  comment?: string;
  size: number;
  slots?: { main?: { content?: string } };
}
interface ApiResponse {
  error?: { code: string; info: string };
  continue?: Record<string, string>;
  query?: { pages?: { title: string; missing?: boolean; invalid?: boolean; revisions?: ApiRevision[] }[] };
}

/** The query URL of one history page, e.g. historyUrl(api, 'Telephone', 50, undefined) ends with '&origin=*'. */
export function historyUrl(api: string, title: string, limit: number, cont: Record<string, string> | undefined): string {
  const p = new URLSearchParams({ action: 'query', prop: 'revisions', titles: title, rvprop: 'ids|timestamp|user|comment|size|content', rvslots: 'main', rvlimit: String(limit), format: 'json', formatversion: '2', ...(cont ?? {}), origin: '*' });
  return `${api}?${p.toString()}`;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new WikiError('Cancelled.'));
    });
  });

/** The newest revisions of an article, newest first, following continuation up to maxPages requests. */
export async function fetchHistory(title: string, o: HistoryOptions = {}): Promise<WikiRevision[]> {
  const api = o.api ?? WIKIPEDIA_API;
  const get = o.fetchImpl ?? fetch;
  const out: WikiRevision[] = [];
  let cont: Record<string, string> | undefined;
  for (let page = 0; page < (o.maxPages ?? 4); page++) {
    if (page > 0) await sleep(o.intervalMs ?? 250, o.signal);
    let res: Response;
    try {
      res = await get(historyUrl(api, title, o.pageSize ?? 50, cont), { headers: { 'Api-User-Agent': API_USER_AGENT }, signal: o.signal });
    } catch (err) {
      if (o.signal?.aborted) throw new WikiError('Cancelled.');
      throw new WikiError(`Could not reach ${new URL(api).host} (${err instanceof Error ? err.message : String(err)}): are you offline?`);
    }
    if (!res.ok) throw new WikiError(`${new URL(api).host} answered HTTP ${res.status} for "${title}".`);
    let body: ApiResponse;
    try {
      body = (await res.json()) as ApiResponse;
    } catch {
      throw new WikiError(`${new URL(api).host} sent something that is not JSON for "${title}".`);
    }
    if (body.error) throw new WikiError(`The MediaWiki API refused the request: ${body.error.info} (${body.error.code}).`);
    const p = body.query?.pages?.[0];
    if (!p || p.missing || p.invalid) throw new WikiError(`No Wikipedia article is called "${title}".`);
    for (const r of p.revisions ?? []) {
      out.push({ revid: r.revid, parentid: r.parentid, timestamp: r.timestamp, user: r.user ?? '(hidden)', comment: r.comment ?? '', size: r.size, content: r.slots?.main?.content ?? '' });
    }
    o.onPage?.(out.length, page + 1);
    cont = body.continue;
    if (!cont) break;
  }
  return out;
}

/** The plain-text paragraphs of wikitext (templates, references and markup removed), e.g. plainParagraphs("'''A''' is [[b|c]].") → ['A is c.']. */
export function plainParagraphs(wikitext: string): string[] {
  return wtf(wikitext)
    .paragraphs()
    .map((p) => p.text().trim())
    .filter((t) => t.length > 0);
}

const words = (t: string) => new Set(t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Word-set overlap of two texts (Jaccard), e.g. similarity('a b', 'a c') === 1 / 3. */
export function similarity(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  let inter = 0;
  for (const w of x) if (y.has(w)) inter++;
  return inter === 0 ? 0 : inter / (x.size + y.size - inter);
}

/** The paragraph of a revision most like the passage, if it is alike enough. */
export function matchParagraph(passage: string, paragraphs: readonly string[], min = 0.3): { text: string; score: number } | null {
  let best: { text: string; score: number } | null = null;
  for (const p of paragraphs) {
    const score = similarity(passage, p);
    if (score >= min && (!best || score > best.score)) best = { text: p, score };
  }
  return best;
}


/** The passage's paragraph in one revision's wikitext, or null when no paragraph is alike enough. */
export function revisionParagraph(passage: string, wikitext: string): string | null {
  return matchParagraph(passage, plainParagraphs(wikitext))?.text ?? null;
}

/** Revisions oldest first (by time, then id). */
const chronological = (history: readonly WikiRevision[]) => [...history].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.revid - b.revid);

/**
 * The edits between adjacent revisions given each revision's paragraph (`chrono` oldest first; a
 * null paragraph — none found, or the revision skipped — ends a run), newest first.
 */
export function editsBetween(chrono: readonly WikiRevision[], para: readonly (string | null)[], answers: readonly GoldAnswer[], minChars = 500): WikiEdit[] {
  const edits: WikiEdit[] = [];
  for (let i = 1; i < chrono.length; i++) {
    const before = para[i - 1];
    const after = para[i];
    const older = chrono[i - 1] as WikiRevision;
    const newer = chrono[i] as WikiRevision;
    if (!before || !after || before === after || before.length < minChars || after.length < minChars) continue;
    edits.push({
      fromRev: older.revid,
      toRev: newer.revid,
      timestamp: newer.timestamp,
      user: newer.user,
      comment: newer.comment,
      sizeChange: newer.size - older.size,
      before,
      after,
      answersBefore: carryAnswers(answers, before),
      answersAfter: carryAnswers(answers, after),
    });
  }
  return edits.reverse();
}

/**
 * The adjacent revisions (older → newer) where the passage's paragraph changed, newest first;
 * both versions must have at least `minChars` characters, e.g. findEdits(inst.context, history, inst.answers).
 */
export function findEdits(passage: string, history: readonly WikiRevision[], answers: readonly GoldAnswer[], minChars = 500): WikiEdit[] {
  const chrono = chronological(history);
  return editsBetween(chrono, chrono.map((r) => revisionParagraph(passage, r.content)), answers, minChars);
}

/** A revision's paragraph as a parser outside this thread found it, or why it was skipped. */
export type ParagraphResult = { ok: true; text: string | null } | { ok: false; reason: string };

/**
 * findEdits with the wikitext parsed elsewhere, one revision at a time (a data worker hands each to
 * a parser worker with a time budget); revisions whose parse failed are skipped and returned.
 */
export async function findEditsWith(
  passage: string,
  history: readonly WikiRevision[],
  answers: readonly GoldAnswer[],
  paragraphOf: (passage: string, wikitext: string) => Promise<ParagraphResult>,
  signal?: AbortSignal,
  minChars = 500,
  onRevision?: (index: number, total: number) => void,
): Promise<{ edits: WikiEdit[]; skipped: { revision: WikiRevision; reason: string }[] }> {
  const chrono = chronological(history);
  const para: (string | null)[] = [];
  const skipped: { revision: WikiRevision; reason: string }[] = [];
  for (const r of chrono) {
    if (signal?.aborted) throw new WikiError('Cancelled.');
    onRevision?.(para.length + 1, chrono.length);
    const got = await paragraphOf(passage, r.content);
    para.push(got.ok ? got.text : null);
    if (!got.ok) skipped.push({ revision: r, reason: got.reason });
  }
  return { edits: editsBetween(chrono, para, answers, minChars), skipped };
}

/** One sentence on skipped revisions ('' when none), e.g. "1 revision was skipped: 1234 (2020-01-02, by Ann) took over 2 s to parse." */
export function skippedNotice(skipped: readonly { revision: WikiRevision; reason: string }[]): string {
  if (skipped.length === 0) return '';
  const list = skipped.slice(0, 5).map((s) => `${s.revision.revid} (${s.revision.timestamp.slice(0, 10)}, by ${s.revision.user}) ${s.reason}`);
  const more = skipped.length > 5 ? `; and ${skipped.length - 5} more` : '';
  return `${skipped.length} revision${skipped.length === 1 ? ' was' : 's were'} skipped: ${list.join('; ')}${more}.`;
}
