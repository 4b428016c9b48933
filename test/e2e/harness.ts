/**
 * Shared e2e plumbing: serve the built app with `vite preview` (COOP/COEP headers included) and
 * drive Debian's Chromium through playwright-core. Never downloads a browser.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, expect } from 'vitest';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SHOTS = join(ROOT, 'test-results', 'screenshots');

/** Finds the Chromium binary: $CHROMIUM_PATH, then Debian's locations. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found: install Debian\'s "chromium" package (bash .ci/run does) or set CHROMIUM_PATH.');
  return found;
}

/** Starts `vite preview` over dist/ on a free port. */
export async function startPreview(): Promise<{ server: PreviewServer; url: string }> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build:test` first (npm run test:e2e does).');
  const server = await preview({ root: ROOT, preview: { port: 0, host: '127.0.0.1', strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  return { server, url: url.replace('127.0.0.1', 'localhost') };
}

/** Chromium's flags for the tests and benchmarks; `webgpu` adds the SwiftShader WebGPU flags. */
export function launchArgs(webgpu: boolean): string[] {
  const args = [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
    // Every host but this machine is unresolvable: the app must work offline (no CDN, no Hub).
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  ];
  if (webgpu) args.push('--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader', '--enable-unsafe-swiftshader', '--enable-features=Vulkan');
  return args;
}

/** Launches headless Chromium; `webgpu` adds the SwiftShader WebGPU flags. */
export async function launch(webgpu: boolean): Promise<Browser> {
  const args = launchArgs(webgpu);
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args });
  // The production build registers a service worker; tests block it (deterministic loads) unless they pass serviceWorkers: 'allow'.
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (o = {}) => newContext({ serviceWorkers: 'block', ...o });
  browser.newPage = (o = {}) => newPage({ serviceWorkers: 'block', ...o });
  return browser;
}

/** Saves a full-page screenshot under test-results/screenshots/<name>.png and returns its path. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const p = join(SHOTS, `${name}.png`);
  await page.screenshot({ path: p, fullPage: true });
  return p;
}

/**
 * Opens the app in a new page of `browser` at `url` + `query` and waits until the shipped model has
 * answered the demo question; page errors are appended to `errors`.
 */
export async function openApp(browser: Browser, url: string, query: string, errors: string[], height = 1000, width = 1440): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, acceptDownloads: true });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}?${query}`);
  await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
  if (new URLSearchParams(query).get('test-hooks') === '1') {
    // The hooks load in their own chunk; absent for good in a production build (`npm run build`).
    const hooks = await page.waitForFunction(() => 'qarxTest' in window, undefined, { timeout: 10_000 }).catch(() => null);
    if (!hooks) throw new Error('e2e harness: dist/ has no test hooks: build it with `npm run build:test` (npm run test:e2e does).');
  }
  return page;
}

/** `value`, or a clear error when a test reads a hook-made value before its hook ran (or the hook failed). */
export function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`e2e harness: ${what} is not set up yet (read it in a test or in a hook registered after use…())`);
  return value;
}

/** The built app served to the enclosing suite. */
export interface Served {
  readonly url: string;
}

/** A server of the suite's own that a test can also stop and start again. */
export interface OwnServer extends Served {
  /** Stops serving now (to test what works without the server); afterAll then has nothing to close. */
  stop(): Promise<void>;
  /** Serves dist/ again on a free port; read `url` again after it. */
  restart(): Promise<void>;
}

/** Serves dist/ with `vite preview` for the enclosing suite: started in beforeAll, closed in afterAll. */
export function useServer(): OwnServer {
  let served: { server: PreviewServer; url: string } | undefined;
  let running = false;
  const stop = async () => {
    if (!running) return;
    running = false;
    await ready(served, 'the preview server').server.close();
  };
  const start = async () => {
    await stop();
    served = await startPreview();
    running = true;
  };
  beforeAll(start);
  afterAll(stop);
  return {
    get url() {
      return ready(served, 'the preview server').url;
    },
    stop,
    restart: start,
  };
}

/** Launches Chromium (`webgpu`: with the SwiftShader flags) for the enclosing suite and closes it after. */
export function useBrowser(webgpu = false): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch(webgpu);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      return ready(browser, 'the browser');
    },
  };
}

export interface AppOptions {
  /** A server from useServer() of an outer suite; by default the suite serves the app itself. */
  server?: Served;
  /** Launch Chromium with the SwiftShader WebGPU flags. */
  webgpu?: boolean;
  /** Opens `app.page` at `?query` and waits for the demo answer; a function is called once earlier hooks ran (mock servers' URLs). */
  query?: string | (() => string);
  /** Viewport of `app.page` (and of pages from `app.open`): 1440 × 1000 by default. */
  width?: number;
  height?: number;
}

/** The app and a browser for the enclosing suite; every field is ready in tests and in hooks registered after useApp(). */
export interface App extends Served {
  readonly browser: Browser;
  /** The page opened at `query` (only with that option). */
  readonly page: Page;
  /** Page errors of `page` and of every page from `open`. */
  readonly errors: string[];
  /** Opens the app in a new page at `?query` (see openApp); its page errors go to `errors`. */
  open(query: string, height?: number): Promise<Page>;
}

/**
 * Registers the beforeAll/afterAll of an e2e suite: serve the app (unless `server` is given),
 * launch Chromium, and open the app at `query`; the browser and then the server close after it.
 */
export function useApp(options: AppOptions = {}): App {
  const { query, width, height } = options;
  const served = options.server ?? useServer();
  const chrome = useBrowser(options.webgpu);
  const errors: string[] = [];
  const open = (q: string, h = height) => openApp(chrome.browser, served.url, q, errors, h, width);
  let page: Page | undefined;
  if (query !== undefined) {
    beforeAll(async () => {
      page = await open(typeof query === 'function' ? query() : query);
    });
  }
  return {
    get url() {
      return served.url;
    },
    get browser() {
      return chrome.browser;
    },
    get page() {
      return ready(page, query === undefined ? 'app.page (useApp was given no query)' : 'app.page');
    },
    errors,
    open,
  };
}

/** The file a click on `page` downloads: its suggested name and bytes. */
export async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const d: Promise<Download> = page.waitForEvent('download', { timeout: 60_000 });
  await click();
  const file = await d;
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations inside `selector`, as "rule: target". */
export async function violations(page: Page, selector: string): Promise<string[]> {
  // The app's CSP forbids inline scripts; DevTools evaluation is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  // A fading panel (a busy dim ending) has mid-way colours: wait for every finite transition to end.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const r = await axe.run({ include: [sel] }, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
  }, selector);
}

/** The app's top sections (src/app/shell/routes.ts). */
export type Section = 'data' | 'models' | 'live' | 'experiments' | 'validate';

/** Opens a top section by its navigation link (Live and Experiments keep their old tab ids). */
export async function openSection(page: Page, section: Section): Promise<void> {
  await page.getByTestId(section === 'live' ? 'tab-live' : section === 'experiments' ? 'tab-experiments' : `nav-${section}`).click();
  // Validate's code loads on first open (React.lazy): a check of the section waits for the view, not its fallback.
  if (section === 'validate') await page.getByTestId('validate-view').waitFor({ timeout: 60_000 });
}

/** Opens one experiment's page ("entity/sweep") from the Experiments sub-navigation (its menu on a phone). */
export async function openExperiment(page: Page, path: string): Promise<void> {
  const [group, item] = path.split('/');
  const nav = page.getByTestId('exp-nav');
  if (!(await nav.isVisible())) await openSection(page, 'experiments');
  await nav.waitFor({ timeout: 30_000 });
  const link = page.getByTestId(`exp-link-${group}-${item}`);
  if (!(await link.isVisible())) await page.getByTestId('exp-menu').click();
  await link.click();
  await page.locator(`[data-testid="exp-link-${group}-${item}"][aria-current="page"]`).waitFor({ state: 'attached' });
}

/**
 * Clicks a card's run button ("traps-run") and waits for that run's end: its record (`<card>-record`)
 * carries a new date and the status "done". Waiting for no progress bar instead raced the run's start
 * on a loaded machine (a quiet moment before the job bar came up passed for the end). With `saved`,
 * also until the run history lists it (a run is saved once its confidence intervals are in, so its
 * tables and charts change no more); the row names it by its time, to the second.
 */
export async function runToEnd(page: Page, id: string, opts: { saved?: boolean } = {}): Promise<void> {
  const testid = `${id.replace(/-run$/, '')}-record`;
  const record = () => page.evaluate((t) => { const el = document.querySelector(`[data-testid="${t}"]`); return el ? { date: el.getAttribute('data-date'), status: el.getAttribute('data-status') } : null; }, testid);
  const before = (await record())?.date ?? null;
  await page.getByTestId(id).click();
  const ended = async () => { const r = await record(); return !r || r.date === before ? 'not started' : r.status; };
  await expect.poll(ended, { timeout: 240_000 }).toMatch(/^(done|cancelled|error)$/);
  expect(await ended()).toBe('done');
  if (!opts.saved) return;
  const date = (await record())?.date ?? '';
  const label = `${date.slice(0, 19).replace('T', ' ')} UTC`;
  await expect.poll(() => page.getByTestId('run-row').filter({ hasText: label }).count(), { timeout: 240_000 }).toBeGreaterThan(0);
}

/** Waits until the sweep on screen has ended and drawn its charts (they follow the table by a frame). */
export async function sweepDrawn(page: Page, timeout = 300_000): Promise<void> {
  await page.getByTestId('sweep-table').waitFor({ timeout });
  await page.waitForFunction(() => !document.querySelector('[data-testid="sweep-progress"], [data-testid="sweep-charts-wait"]'), undefined, { timeout });
}
