/**
 * `npm run bench:browser -- --only explain`: the app's first Explain (sentence occlusion of a
 * 150-word passage, issue 44's target ≤ 300 ms wall from the click) traced end to end. In a fresh
 * persistent profile: first visit, the passage and its question typed in, then Explain clicked,
 * either at once when the answer shows or after a few seconds of reading. The page and the
 * inference worker stamp each step on one clock (epoch ms), so the wall time splits into: the click
 * to the request leaving the page (React), the request waiting in the worker (queue, Explain's code
 * imported), the job itself, the result's way back, and its render (to the next frame).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { chromiumPath, launchArgs } from '../../test/e2e/harness.ts';
import { median } from './first-visit.ts';
import { liveEdit, longPassage } from './pipeline-baseline.ts';

/** Epoch-ms stamps of one Explain, from the page and the worker. */
interface Stamps {
  click: number;
  sent: number;
  received: number;
  /** When the worker posted the occlusion (the first result the user sees). */
  posted: number;
  /** The job's own milliseconds (as the app prints them). */
  jobMs: number;
  back: number;
  shown: number;
  painted: number;
}

/** One Explain's figures in ms; what the worker fetched for it. */
export interface ExplainTrace {
  wall: number;
  react: number;
  waiting: number;
  job: number;
  back: number;
  render: number;
  /** Of the render: the result in the DOM (React), then the frame that shows it. */
  commit: number;
  chunk: string;
  load: number;
}

// The probes are plain JavaScript text: tsx's compiled functions call a helper (__name) the page lacks.
/** Page side, before any script: stamps the click, the 'explain' request and the 'explained' event, and the timing line's first frame. */
const PAGE_PROBE = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const s = (window.qarxStamps = {});
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) {
    if (m && m.type === 'explain' && s.sent === undefined) s.sent = now();
    return post.call(this, m, ...rest);
  };
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(url, opts) {
      super(url, opts);
      this.addEventListener('message', (ev) => {
        if (ev.data && ev.data.type === 'explained' && s.back === undefined) s.back = now();
      });
    }
  };
  document.addEventListener('click', (ev) => {
    if (ev.target && ev.target.closest && ev.target.closest('[data-testid="explain-toggle"]') && s.click === undefined) {
      s.click = now();
      console.timeStamp('qarx-click');
    }
  }, true);
  // Long frames (over 50 ms) with where their time went, read by QARX_TRACE_LOG.
  window.qarxFrames = [];
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.qarxFrames.push({ start: performance.timeOrigin + e.startTime, ms: Math.round(e.duration), render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0), layout: Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0), scripts: e.scripts.map((x) => x.invoker + ' ' + Math.round(x.duration)).join('; ') });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  new MutationObserver(() => {
    if (s.shown === undefined && document.querySelector('[data-testid="explain-timing"]')) {
      s.shown = now();
      requestAnimationFrame(() => setTimeout(() => (s.painted = now()), 0));
    }
  }).observe(document, { subtree: true, childList: true });
})()`;

/** Worker side, once it runs: stamps the 'explain' request's arrival and the first 'explained' post (with the job's ms). */
const WORKER_PROBE = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const s = (self.qarxStamps = {});
  // Ahead of the worker's own handler: a job whose code is loaded runs in the microtasks right after it.
  const handle = self.onmessage;
  self.onmessage = (ev) => {
    if (ev.data && ev.data.type === 'explain' && s.received === undefined) s.received = now();
    if (ev.data && ev.data.type) (s.log = s.log || []).push(['in', ev.data.type, now()]);
    return handle.call(self, ev);
  };
  const post = self.postMessage.bind(self);
  self.postMessage = (m, ...rest) => {
    if (m && m.type === 'explained' && s.posted === undefined) Object.assign(s, { posted: now(), jobMs: m.ms });
    if (m && m.type) (s.log = s.log || []).push(['out', m.type, now(), m.ms]);
    post(m, ...rest);
  };
})()`;

const MINUTES = 4 * 60_000;

/** The parts of a CDP CPU profile read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** A Chrome trace event (complete events and the sampling profiler's chunks are read). */
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  ts: number;
  tid: number;
  pid: number;
  id?: string;
  args?: { data?: { elementCount?: number; message?: string; startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
}

/** A node of a trace's sampled CPU profile (sent across ProfileChunk events). */
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

/** Prints each thread's top self times from the trace's sampled profiles (QARX_TRACE_TIMELINE=cpu): the worker's job too. */
function printThreadProfiles(events: readonly TraceEvent[], from: number): void {
  const frames = new Map<string, ProfileNode['callFrame']>();
  const self = new Map<number, Map<string, number>>();
  // Each profile's sample times: its start, then the chunks' time deltas in order (trace clock, µs).
  const clock = new Map<string, number>();
  for (const e of events) if (e.name === 'Profile' && e.id) clock.set(e.id, e.args?.data?.startTime ?? e.ts);
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.args?.data || !e.id) continue;
    const d = e.args.data;
    for (const n of d.cpuProfile?.nodes ?? []) frames.set(`${e.id}:${n.id}`, n.callFrame);
    const by = self.get(e.tid) ?? new Map<string, number>();
    self.set(e.tid, by);
    (d.cpuProfile?.samples ?? []).forEach((id, i) => {
      const delta = d.timeDeltas?.[i] ?? 0;
      const t = (clock.get(e.id as string) ?? 0) + delta;
      clock.set(e.id as string, t);
      if (t < from) return;
      const c = frames.get(`${e.id}:${id}`);
      const key = c ? `${c.functionName || '(anonymous)'} ${(c.url ?? '').split('/').pop() ?? ''}:${c.lineNumber ?? ''}:${c.columnNumber ?? ''}` : '?';
      by.set(key, (by.get(key) ?? 0) + delta / 1000);
    });
  }
  for (const [tid, by] of self) {
    const busy = [...by].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).reduce((a, [, ms]) => a + ms, 0);
    if (busy < 5) continue;
    console.log(`    thread ${tid}: ${busy.toFixed(0)} ms sampled busy`);
    for (const [k, ms] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`      ${ms.toFixed(1).padStart(7)} ms  ${k}`);
  }
}

/** Prints the renderer threads' longest event kinds during the Explain (QARX_TRACE_TIMELINE=1). */
function printTimeline(events: readonly TraceEvent[]): void {
  const by = new Map<string, { ms: number; n: number; elements: number }>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const k = `${e.name} (tid ${e.tid})`;
    const v = by.get(k) ?? { ms: 0, n: 0, elements: 0 };
    v.ms += e.dur / 1000;
    v.n++;
    v.elements += e.args?.data?.elementCount ?? 0;
    by.set(k, v);
  }
  for (const [k, v] of [...by].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30)) console.log(`    ${v.ms.toFixed(1).padStart(7)} ms ×${v.n} ${k}${v.elements ? ` (${v.elements} elements)` : ''}`);
}

/** Prints the main thread's top self times during the Explain (QARX_TRACE_PROFILE=1). */
function printProfile(p: CpuProfile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const c = byId.get(id);
    const key = c ? `${c.functionName || '(anonymous)'} ${c.url.split('/').pop() ?? ''}:${c.lineNumber}` : '?';
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i + 1] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [k, ms] of top) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${k}`);
}

/** The inference worker of the page (named qa-inference…). */
async function inferenceWorker(page: Page): Promise<Worker> {
  for (;;) {
    const w = page.workers().find((x) => /qa\.worker|qa-worker/.test(x.url()));
    if (w) return w;
    await page.waitForEvent('worker', { timeout: MINUTES });
  }
}

/** Types the passage and its question, waits for the answer, waits `readMs`, clicks Explain and returns the stamps. */
async function explainOnce(page: Page, worker: Worker, when: When, chunks: string[]): Promise<Stamps & { installing: boolean }> {
  // The service worker installs after the first model load: its precache (≈ 13 MB, hashed) takes the cores for a while.
  if (when.installed) await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // The sampling profiler takes 0.3–0.8 s to start on each thread: started before the edit, it delays no step of the Explain.
  const tl = process.env.QARX_TRACE_TIMELINE ? await page.context().newCDPSession(page) : null;
  const events: TraceEvent[] = [];
  if (tl) {
    tl.on('Tracing.dataCollected', (d) => void events.push(...(d.value as unknown as TraceEvent[])));
    const cpu = process.env.QARX_TRACE_TIMELINE === 'cpu' ? ',disabled-by-default-v8.cpu_profiler' : '';
    await tl.send('Tracing.start', { categories: `devtools.timeline,blink,v8${cpu}`, transferMode: 'ReportEvents' });
  }
  await liveEdit(page, (await page.getByTestId('answer-text').textContent()) ?? '');
  // Reading time of a user (a benchmark may wait; a test may not).
  if (when.readMs > 0) await page.waitForTimeout(when.readMs);
  const installing = await page.evaluate(async () => !(await navigator.serviceWorker.getRegistration())?.active);
  chunks.length = 0;
  const cdp = process.env.QARX_TRACE_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.getByTestId('explain-toggle').click();
  await page.waitForFunction(() => (window as unknown as { qarxStamps: { painted?: number } }).qarxStamps.painted !== undefined, undefined, { timeout: MINUTES });
  if (cdp) printProfile((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile);
  if (tl) {
    const done = new Promise((r) => tl.once('Tracing.tracingComplete', r));
    await tl.send('Tracing.end');
    await done;
    // Only what follows the click (the page's probe marks it with console.timeStamp).
    const click = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'qarx-click')?.ts ?? 0;
    printTimeline(events.filter((e) => e.ts >= click));
    printThreadProfiles(events, click);
  }
  const p = await page.evaluate(() => (window as unknown as { qarxStamps: Record<string, number> }).qarxStamps);
  const w = await worker.evaluate(() => (self as unknown as { qarxStamps: Record<string, number> }).qarxStamps);
  if (process.env.QARX_TRACE_LOG) {
    const frames = await page.evaluate(() => (window as unknown as { qarxFrames: { start: number; ms: number }[] }).qarxFrames);
    console.log(JSON.stringify(frames.filter((x) => x.start + x.ms > (p.click ?? 0)).map((x) => ({ ...x, start: Math.round(x.start - (p.click ?? 0)) }))));
    console.log(JSON.stringify(Object.fromEntries(Object.entries(p).map(([k, v]) => [k, Math.round(v - (p.click ?? 0))]))));
    // The worker's messages around the click (in/out, type, ms from the click): what else it did meanwhile.
    const log = (w.log ?? []) as unknown as [string, string, number, number?][];
    console.log(JSON.stringify(log.filter((x) => x[2] > (p.click ?? 0) - 2000).map(([dir, type, t]) => [dir, type, Math.round(t - (p.click ?? 0))])));
  }
  return { ...p, ...w, installing } as unknown as Stamps & { installing: boolean };
}

/** One round in a fresh persistent profile: first visit (service worker on), edit, Explain after `readMs`. */
async function round(base: string, when: When): Promise<ExplainTrace> {
  const dir = mkdtempSync(join(tmpdir(), 'qarx-explain-'));
  const load = loadavg()[0] ?? NaN;
  let context: BrowserContext | null = null;
  try {
    context = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), headless: true, args: launchArgs(false), serviceWorkers: 'allow', viewport: { width: 1440, height: 1000 } });
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/explain|occlusion|reduction/.test(r.url())) chunks.push(r.url().split('/').pop() ?? '');
    });
    await page.goto(`${base}?device=wasm`);
    const worker = await inferenceWorker(page);
    await worker.evaluate(WORKER_PROBE);
    await page.waitForFunction(() => (document.querySelector('[data-testid="answer-text"]')?.textContent ?? '') !== '', undefined, { timeout: MINUTES });
    const s = await explainOnce(page, worker, when, chunks);
    return {
      wall: s.painted - s.click,
      react: s.sent - s.click,
      waiting: s.posted - s.jobMs - s.received,
      job: s.jobMs,
      back: s.back - s.posted,
      render: s.painted - s.back,
      commit: s.shown - s.back,
      chunk: `${chunks.length ? `fetched ${chunks.join(', ')}` : 'code already loaded'}; service worker ${s.installing ? 'installing' : 'active'}`,
      load,
    };
  } finally {
    await context?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '–');

/** When Explain is clicked: right after the answer, after some reading, or once the service worker has installed. */
interface When {
  label: string;
  readMs: number;
  installed: boolean;
}

const WHEN: readonly When[] = [
  { label: 'clicked as the answer shows', readMs: 0, installed: false },
  { label: 'clicked after 3 s of reading', readMs: 3000, installed: false },
  { label: 'clicked once the service worker is installed', readMs: 0, installed: true },
];

/** Prints `rounds` traced first Explains per moment of the click (WHEN), with their medians. */
export async function firstExplain(base: string, rounds: number): Promise<void> {
  const { words } = longPassage();
  console.log(`\nfirst Explain (sentence occlusion of a ${words}-word passage, shipped model, WASM, fresh persistent profiles): click → timing line painted, in ms`);
  for (const when of WHEN) {
    const rs: ExplainTrace[] = [];
    for (let i = 0; i < rounds; i++) {
      const r = await round(base, when);
      rs.push(r);
      console.log(`  round ${i + 1}: wall ${f(r.wall)} = click→request ${f(r.react)} + in worker before the job ${f(r.waiting)} + job ${f(r.job)} + result→page ${f(r.back)} + render ${f(r.render)} [in the DOM ${f(r.commit)}] (${r.chunk}; load ${r.load.toFixed(1)})`);
    }
    const m = (k: keyof ExplainTrace) => f(median(rs.map((r) => r[k] as number)));
    console.log(`  ${when.label}: median wall ${m('wall')} ms (target ≤ 300): request ${m('react')}, waiting ${m('waiting')}, job ${m('job')}, back ${m('back')}, render ${m('render')} [in the DOM ${m('commit')}]`);
  }
}
