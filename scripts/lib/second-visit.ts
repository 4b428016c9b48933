/**
 * `npm run bench:browser -- --only visits`: the app's first and second visit (issue 44: the second
 * ≤ 40% of the first) in one fresh persistent profile per round, service worker on, WASM. The first
 * visit ends once the service worker is active and Chromium has written its compiled code for ONNX
 * Runtime's wasm (as it would for a user who stays a few seconds); the second is traced for Blink's
 * `v8.wasm.moduleCacheHit` and V8's lazy compilations (`wasm.CompileLazy`). Prints the load.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumPath, launchArgs } from '../../test/e2e/harness.ts';
import { median } from './first-visit.ts';

/** One round's figures. */
interface VisitPair {
  first: number;
  second: number;
  cacheHit: boolean;
  lazyCompiles: number;
  load: number;
}

/** Bytes in a Chromium profile's wasm code cache (written once V8 has optimised a module's hot functions). */
export function wasmCodeCacheBytes(profile: string): number {
  const dir = join(profile, 'Default', 'Code Cache', 'wasm');
  return existsSync(dir) ? readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0) : 0;
}

/** Seconds from navigation to the app's first answer, with the trace event names seen meanwhile. */
async function timedVisit(context: BrowserContext, url: string): Promise<{ secs: number; names: string[] }> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const names: string[] = [];
  cdp.on('Tracing.dataCollected', (d) => void names.push(...(d.value as { name: string }[]).map((e) => e.name)));
  await cdp.send('Tracing.start', { categories: 'disabled-by-default-devtools.timeline,v8.wasm', transferMode: 'ReportEvents' });
  const t0 = performance.now();
  await page.goto(url);
  await page.waitForFunction(() => (document.querySelector('[data-testid="answer-text"]')?.textContent ?? '') !== '', undefined, { timeout: 180_000 });
  const secs = (performance.now() - t0) / 1000;
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await complete;
  return { secs, names };
}

/** One round: a fresh profile, the first visit (until the code cache is written), then the second. */
async function round(url: string): Promise<VisitPair> {
  const profile = mkdtempSync(join(tmpdir(), 'qarx-visits-'));
  const open = () => chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: launchArgs(false), serviceWorkers: 'allow', viewport: { width: 1440, height: 1000 } });
  const load = loadavg()[0] ?? NaN;
  try {
    let context = await open();
    let first: number;
    try {
      first = (await timedVisit(context, url)).secs;
      // Chromium writes the entry once V8 has optimised the module's hot functions (a few seconds).
      const until = performance.now() + 90_000;
      while (wasmCodeCacheBytes(profile) < 100_000 && performance.now() < until) await new Promise((r) => setTimeout(r, 500));
    } finally {
      await context.close();
    }
    context = await open();
    try {
      const { secs, names } = await timedVisit(context, url);
      return { first, second: secs, cacheHit: names.includes('v8.wasm.moduleCacheHit'), lazyCompiles: names.filter((n) => n === 'wasm.CompileLazy').length, load };
    } finally {
      await context.close();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Runs `rounds` rounds and prints each, the medians and the second/first ratio with the load. */
export async function secondVisit(base: string, rounds: number, link: string | null = null): Promise<void> {
  console.log(`\nfirst and second visit (app, WASM, service worker on, one fresh persistent profile per round, ${rounds} round${rounds === 1 ? '' : 's'}, ${link ? `through a link of ${link}` : 'localhost'})`);
  const rs: VisitPair[] = [];
  for (let i = 0; i < rounds; i++) {
    const r = await round(`${base}?device=wasm`);
    rs.push(r);
    console.log(`  round ${i + 1}: first ${r.first.toFixed(2)} s, second ${r.second.toFixed(2)} s (${(r.second / r.first).toFixed(2)}), wasm code cache ${r.cacheHit ? 'hit' : 'MISSED'}, lazy compilations ${r.lazyCompiles} (load ${r.load.toFixed(1)})`);
  }
  const a = median(rs.map((r) => r.first));
  const b = median(rs.map((r) => r.second));
  console.log(`medians: first ${a.toFixed(2)} s, second ${b.toFixed(2)} s → second/first ${(b / a).toFixed(2)} (target ≤ 0.40); load ${loadavg().map((x) => x.toFixed(1)).join(' ')} now`);
}
