/**
 * A local stand-in for the MediaWiki Action API (`/w/api.php?action=query&prop=revisions…`):
 * article histories written for the tests, newest first, paged with `continue.rvcontinue`, CORS
 * for browsers (with the preflight that Api-User-Agent causes), a title that fails with an API
 * error, and a record of every request (time, query, headers).
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WikiFixtureRevision {
  revid: number;
  parentid: number;
  timestamp: string;
  user: string;
  comment: string;
  content: string;
}

export interface MediaWikiRequest {
  at: number;
  method: string;
  query: Record<string, string>;
  apiUserAgent: string | null;
}

export interface MockMediaWiki {
  /** The api.php URL. */
  api: string;
  requests: MediaWikiRequest[];
  close(): Promise<void>;
}

/** Article histories of the fixture file, oldest first (as written). */
export function wikiFixtures(): Record<string, WikiFixtureRevision[]> {
  return JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'mediawiki', 'histories.json'), 'utf8')) as Record<string, WikiFixtureRevision[]>;
}

/** Starts the mock API on 127.0.0.1; the title "Broken page" answers with an API error. */
export async function startMockMediaWiki(pages: Record<string, WikiFixtureRevision[]> = wikiFixtures()): Promise<MockMediaWiki> {
  const requests: MediaWikiRequest[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ at: Date.now(), method: req.method ?? 'GET', query, apiUserAgent: (req.headers['api-user-agent'] as string | undefined) ?? null });
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Api-User-Agent');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const json = (body: unknown, status = 200) => res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (url.pathname !== '/w/api.php') return json({ error: { code: 'notfound', info: 'No such path' } }, 404);
    if (query.action !== 'query' || query.prop !== 'revisions' || query.formatversion !== '2') return json({ error: { code: 'badparams', info: 'Only action=query&prop=revisions&formatversion=2 is mocked' } });
    const title = query.titles ?? '';
    if (title === 'Broken page') return json({ error: { code: 'internal_api_error_DBQueryError', info: 'A database query error has occurred.' } });
    const history = pages[title];
    if (!history) return json({ batchcomplete: true, query: { pages: [{ ns: 0, title, missing: true }] } });
    const newestFirst = [...history].reverse();
    const limit = Math.min(50, Number(query.rvlimit ?? '1'));
    const from = Number(query.rvcontinue ?? '0');
    const slice = newestFirst.slice(from, from + limit);
    const revisions = slice.map((r) => ({ revid: r.revid, parentid: r.parentid, user: r.user, timestamp: r.timestamp, size: new TextEncoder().encode(r.content).length, comment: r.comment, slots: { main: { contentmodel: 'wikitext', contentformat: 'text/x-wiki', content: r.content } } }));
    const body: Record<string, unknown> = { query: { pages: [{ pageid: 1, ns: 0, title, revisions }] } };
    if (from + limit < newestFirst.length) body.continue = { rvcontinue: String(from + limit), continue: '||' };
    else body.batchcomplete = true;
    return json(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    api: `http://127.0.0.1:${port}/w/api.php`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
