/**
 * npm run bench:worker-code-cache: does Chromium read compiled JavaScript back for workers? (issue 44,
 * second visit.) A minimal page with the same 660 kB of generated functions as a page module, a
 * module worker's own script, a module worker's static import and a classic worker's
 * importScripts(), served with `no-cache` and an ETag (304 on revisits, as `vite preview` does), no
 * service worker; four visits in one persistent profile (Debian's Chromium, the e2e flags), each
 * traced for V8's compile events and the code cache it produces. Prints per visit and script the
 * compile time on its thread and whether a code cache was produced.
 *
 *   npm run bench:worker-code-cache -- [--visits 4]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumPath, launchArgs } from '../test/e2e/harness.ts';

const { values } = parseArgs({ options: { visits: { type: 'string', default: '4' } } });

/** 6,000 small functions (≈ 660 kB, the size of the inference worker's chunk) and `run`, which calls two. */
function bigSource(prefix: string): string {
  const fns = Array.from({ length: 6000 }, (_, i) => `function ${prefix}${i}(a,b){let x=a*${i}+b;for(let k=0;k<3;k++){x=(x^(k+${i}))>>>0;}return {v:x,s:"${prefix}${i}"+String(b)};}`);
  return `${fns.join('\n')}\nfunction run(){return ${prefix}1(1,2).v+${prefix}5999(3,4).v;}\n`;
}

/** The page and its three workers, written into `dir`. */
function writeSite(dir: string): void {
  const files: Record<string, string> = {
    'page-big.js': `${bigSource('g')}window.pageRun=run;export {};`,
    'big.js': `${bigSource('f')}export {run};`,
    'w-module.js': 'import {run} from "./big.js"; postMessage("module import " + run());',
    'w-module-self.js': `${bigSource('h')}postMessage("module self " + run());`,
    'big-classic.js': `${bigSource('c')}self.run=run;`,
    'w-classic.js': 'importScripts("big-classic.js"); postMessage("classic " + self.run());',
    'index.html': `<!doctype html><script type="module" src="page-big.js"></script><script>
let n = 0;
for (const [u, o] of [["w-module.js", { type: "module" }], ["w-module-self.js", { type: "module" }], ["w-classic.js", {}]]) {
  new Worker(u, o).onmessage = () => { if (++n === 3) document.title = "done"; };
}</script>`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

/** A static server answering `no-cache` with an ETag, 304 when the browser's copy is current. */
function serve(dir: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1) || 'index.html';
    let body: Buffer;
    try {
      body = readFileSync(join(dir, name));
    } catch {
      res.writeHead(404).end();
      return;
    }
    const etag = `"${body.length}"`;
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { ETag: etag }).end();
    res.writeHead(200, { 'Content-Type': name.endsWith('.html') ? 'text/html' : 'text/javascript', 'Cache-Control': 'no-cache', ETag: etag }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() })));
}

interface TraceEvent {
  name: string;
  dur?: number;
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}

/** Per script: milliseconds compiling it and whether a code cache was produced for it, from one visit's trace. */
function perScript(events: TraceEvent[]): Map<string, { compileMs: number; produced: boolean }> {
  const out = new Map<string, { compileMs: number; produced: boolean }>();
  for (const e of events) {
    const data = (e.args?.data ?? e.args ?? {}) as Record<string, unknown>;
    const url = typeof data.url === 'string' ? data.url : '';
    const name = url.split('/').pop() ?? '';
    if (!url.startsWith('http://127.0.0.1') || !name.endsWith('.js')) continue;
    const row = out.get(name) ?? { compileMs: 0, produced: false };
    if ((e.name === 'v8.compile' || e.name === 'v8.compileModule') && e.dur) row.compileMs += e.dur / 1000;
    if (e.name === 'v8.produceCache' || e.name === 'v8.produceModuleCache') row.produced = true;
    out.set(name, row);
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'qarx-wcc-site-'));
const profile = mkdtempSync(join(tmpdir(), 'qarx-wcc-profile-'));
writeSite(dir);
const { url, close } = await serve(dir);
try {
  console.log(`worker code cache (Chromium, no service worker, no-cache + ETag); load ${loadavg()[0]?.toFixed(1)}`);
  for (let v = 1; v <= Number(values.visits); v++) {
    const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: launchArgs(false) });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (d) => void events.push(...(d.value as unknown as TraceEvent[])));
      await cdp.send('Tracing.start', { categories: 'v8,devtools.timeline', transferMode: 'ReportEvents' });
      await page.goto(url);
      await page.waitForFunction(() => document.title === 'done');
      // Chromium writes a produced cache after the script ran; give it the moment a user's visit would.
      await page.waitForTimeout(2000);
      const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await complete;
      const rows = [...perScript(events)].map(([n, r]) => `${n} ${r.compileMs.toFixed(0)} ms${r.produced ? ' (cache produced)' : ''}`);
      console.log(`  visit ${v} (load ${loadavg()[0]?.toFixed(1)}): ${rows.join('; ')}`);
    } finally {
      await context.close();
    }
  }
} finally {
  close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}
