/**
 * Issue 44's side-by-side in `npm run bench:browser`: the app against the page a JavaScript
 * developer would write (bench-pipeline.html: transformers.js' question-answering pipeline on the
 * shipped model, main thread), interleaved round by round (app, pipeline; then pipeline, app …) so
 * the machine's changing load falls on both, each in its own fresh persistent Chromium profile with
 * the service worker on (what a real browser keeps between visits: HTTP cache, code cache, service
 * worker). Per side: first visit (navigation → first answer), a live edit (a 150-word passage and
 * its question typed in → its answer), the first Explain (sentence occlusion of that passage), the
 * demo-set sweep (the app's Run; the pipeline called once per model input the sweep asks), then the
 * browser is closed and reopened on the same profile: second visit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { runSweep, type SweepConfig } from '../../src/core/entity/index.ts';
import { DEFAULT_SWEEP } from '../../src/core/entity/options.ts';
import { newTagStore, withTagStore } from '../../src/core/entity/tag-store.ts';
import type { QaInput } from '../../src/core/types.ts';
import { chromiumPath, launchArgs } from '../../test/e2e/harness.ts';
import { median } from './first-visit.ts';
import { descendantsCpuSecs } from './peak-rss.ts';

/** One side's figures in one round, in seconds; NaN when a step failed. */
export interface Round {
  first: number;
  edit: number;
  explain: number;
  sweep: number;
  /** The app's sweep until its four charts are drawn too (they follow the table in a background render); NaN on the pipeline page, which draws none. */
  sweepCharts: number;
  /** CPU seconds the whole browser (every process and thread) spent on the sweep: hardly load-dependent. */
  sweepCpu: number;
  second: number;
  /** 1-minute load average when the round started. */
  load: number;
}

type Side = 'app' | 'pipeline';
const MINUTES = 4 * 60_000;
const since = (t0: number) => (performance.now() - t0) / 1000;

/** Every model input the demo-set sweep asks (originals, then each renamed cell's questions), as the app runs it. */
export async function sweepModelInputs(instances: readonly Instance[], config: SweepConfig = DEFAULT_SWEEP): Promise<QaInput[]> {
  const asked: QaInput[] = [];
  await withTagStore(
    () =>
      runSweep([...instances], config, async (inputs) => {
        asked.push(...inputs);
        return { predictions: inputs.map((x) => ({ id: x.id, text: '', best: null, nbest: [], nullScoreDiff: null, windows: 0 })), cancelled: false };
      }),
    newTagStore(),
  );
  return asked;
}

/** A demo question with its passage grown to at least `words` words by the passages after it (the answer stays in the first). */
export function longPassage(words = 150): { question: string; context: string; words: number } {
  const demo = loadDemoSet().filter((i) => !/[\u4e00-\u9fff]/.test(i.context));
  const base = demo[1]!;
  let context = base.context;
  for (const other of demo.slice(2)) {
    if (context.split(/\s+/).length >= words) break;
    if (!context.includes(other.context)) context += ` ${other.context}`;
  }
  return { question: base.question, context, words: context.split(/\s+/).length };
}

/**
 * Types the long passage and its question in, and waits for the answer to both: other than `before`,
 * with the question field holding the new question and the page saying its answer is for what the
 * fields hold (`data-answers="current"`, the app's answer card and the pipeline page alike). An
 * answer to the new passage with the old question, which either page may show in between, is not it.
 */
export async function liveEdit(page: Page, before: string): Promise<number> {
  const { question, context } = longPassage();
  const t0 = performance.now();
  await page.getByTestId('passage-input').fill(context);
  await page.getByTestId('question-input').fill(question);
  await page.waitForFunction(
    ([b, q]) => {
      const t = document.querySelector('[data-testid="answer-text"]')?.textContent ?? '';
      const asked = (document.querySelector('[data-testid="question-input"]') as HTMLInputElement | null)?.value;
      return t !== '' && t !== b && asked === q && (document.querySelector('[data-answers]') as HTMLElement | null)?.dataset.answers === 'current';
    },
    [before, question] as const,
    { timeout: MINUTES },
  );
  return since(t0);
}

// Plain JavaScript text: tsx's compiled functions call a helper (__name) the page lacks.
/**
 * A page script that stamps the click on the `button` test id and the first frame after the page
 * holds `done` (a JavaScript expression), and sets window[key] to the milliseconds between.
 */
const clickProbe = (button: string, done: string, key: string) => `(() => {
  let click = 0;
  const onClick = (ev) => {
    if (ev.target && ev.target.closest && ev.target.closest('[data-testid="${button}"]') && !click) click = performance.now();
  };
  document.addEventListener('click', onClick, true);
  const seen = new MutationObserver(() => {
    if (!click || !(${done})) return;
    seen.disconnect();
    document.removeEventListener('click', onClick, true);
    requestAnimationFrame(() => setTimeout(() => (window.${key} = performance.now() - click), 0));
  });
  seen.observe(document, { subtree: true, childList: true });
})()`;

/** Clicks `button` with clickProbe in place and returns the seconds the page stamped; `alsoDone` stamps further points (key → expression), read with stamped(). */
async function timedClick(page: Page, button: string, done: string, key: string, alsoDone: Record<string, string> = {}): Promise<number> {
  await page.evaluate(clickProbe(button, done, key));
  for (const [k, d] of Object.entries(alsoDone)) await page.evaluate(clickProbe(button, d, k));
  await page.getByTestId(button).click();
  return stamped(page, key);
}

/** Seconds the page stamped under `key` (waits for the stamp). */
async function stamped(page: Page, key: string): Promise<number> {
  const ms = await page.waitForFunction((k) => (window as unknown as Record<string, number | undefined>)[k], key, { timeout: MINUTES });
  return ((await ms.jsonValue()) as number) / 1000;
}

/**
 * The app's first Explain (sentence occlusion) on the passage in Live: from the click event in the
 * page to the first frame after the explanation's timing line is in the DOM, both stamped in the page
 * (as lib/first-explain.ts does), so Playwright's actionability checks and round trips are not counted
 * (the pipeline page's Explain is timed in the page too).
 */
async function appExplain(page: Page): Promise<number> {
  return timedClick(page, 'explain-toggle', `document.querySelector('[data-testid="explain-timing"]')`, 'qarxExplainMs');
}

/**
 * The app's demo-set sweep with its default settings: Run's click → the first frame after the results
 * table is in the DOM with no progress line left (the run's end: in a fresh profile the table appears
 * with the progress line while cells finish, and alone only at the end), stamped in the page as the
 * pipeline page times its sweep and as the Explain is timed: Playwright's click and polling added
 * ≈ 0.1–0.15 s that the user does not wait (issue 44).
 */
async function appSweep(page: Page): Promise<{ table: number; charts: number }> {
  await page.goto(`${page.url().split('#')[0]}#/experiments/entity/sweep`);
  await page.getByTestId('sweep-run').waitFor({ timeout: MINUTES });
  const ended = `document.querySelector('[data-testid="sweep-table"]') && !document.querySelector('[data-testid="sweep-progress"]')`;
  const drawn = `${ended} && document.querySelector('[data-testid="chart-errors"] svg.recharts-surface')`;
  const table = await timedClick(page, 'sweep-run', ended, 'qarxSweepMs', { qarxSweepChartsMs: drawn });
  return { table, charts: await stamped(page, 'qarxSweepChartsMs') };
}

/** Opens `url` in the profile's browser and waits for the first answer; seconds from navigation. */
async function firstAnswer(context: BrowserContext, url: string): Promise<{ page: Page; secs: number }> {
  const page = await context.newPage();
  const t0 = performance.now();
  await page.goto(url);
  await page.waitForFunction(() => (document.querySelector('[data-testid="answer-text"]')?.textContent ?? '') !== '', undefined, { timeout: MINUTES });
  return { page, secs: since(t0) };
}

/** Runs `step`, or NaN (with the error printed) when it fails: one broken step does not lose the round. */
async function attempt(label: string, step: () => Promise<number>): Promise<number> {
  try {
    return await step();
  } catch (e) {
    console.log(`  ${label} failed: ${(e as Error).message.split('\n')[0]}`);
    return NaN;
  }
}

/** Runs `step` (seconds) and also returns the CPU seconds the browser's processes spent meanwhile. */
async function withCpu(step: () => Promise<number>): Promise<{ secs: number; cpu: number }> {
  const c0 = descendantsCpuSecs();
  const secs = await step();
  return { secs, cpu: descendantsCpuSecs() - c0 };
}

/** The steps a round can run besides the first visit; `--steps sweep` runs only the sweep. */
export type Step = 'edit' | 'explain' | 'sweep' | 'second';
export const ALL_STEPS: readonly Step[] = ['edit', 'explain', 'sweep', 'second'];

/** One side's round in a fresh persistent profile: first visit, edit, Explain, sweep; then the second visit. */
async function round(side: Side, base: string, sweepInputs: readonly QaInput[], steps: ReadonlySet<Step>): Promise<Round> {
  const dir = mkdtempSync(join(tmpdir(), `qarx-${side}-`));
  const url = side === 'app' ? `${base}?device=wasm` : `${base}bench-pipeline.html`;
  const open = () => chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), headless: true, args: launchArgs(false), serviceWorkers: 'allow', viewport: { width: 1440, height: 1000 } });
  const r: Round = { first: NaN, edit: NaN, explain: NaN, sweep: NaN, sweepCharts: NaN, sweepCpu: NaN, second: NaN, load: loadavg()[0] ?? NaN };
  try {
    let context = await open();
    try {
      const { page, secs } = await firstAnswer(context, url);
      r.first = secs;
      const before = (await page.getByTestId('answer-text').textContent()) ?? '';
      if (steps.has('edit')) r.edit = await attempt(`${side} edit`, () => liveEdit(page, before));
      if (steps.has('explain'))
        r.explain = await attempt(`${side} Explain`, () =>
          side === 'app' ? appExplain(page) : page.evaluate(async () => (await (window as unknown as { qarxPipeline: { occlude(): Promise<{ ms: number }> } }).qarxPipeline.occlude()).ms / 1000),
        );
      if (steps.has('sweep')) {
        const s = await withCpu(() =>
          attempt(`${side} sweep`, async () => {
            if (side === 'pipeline') return page.evaluate(async (xs) => (await (window as unknown as { qarxPipeline: { many(x: unknown[]): Promise<number> } }).qarxPipeline.many(xs)) / 1000, sweepInputs as QaInput[]);
            const a = await appSweep(page);
            r.sweepCharts = a.charts;
            return a.table;
          }),
        );
        r.sweep = s.secs;
        r.sweepCpu = Number.isFinite(s.secs) ? s.cpu : NaN;
      }
      // The app's visit ends once its service worker is active (precache complete); the pipeline page has none.
      if (side === 'app') await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    } finally {
      await context.close();
    }
    if (steps.has('second')) {
      context = await open();
      try {
        r.second = (await firstAnswer(context, url)).secs;
      } finally {
        await context.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return r;
}

const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const med = (rs: readonly Round[], k: keyof Round) => {
  const xs = rs.map((r) => r[k]).filter(Number.isFinite);
  return xs.length ? median(xs) : NaN; // a step left out (--steps) has no figures
};

/** Runs `rounds` interleaved rounds and prints each side's medians, the issue's ratios and the load. */
export async function pipelineBaseline(base: string, rounds: number, steps: ReadonlySet<Step> = new Set(ALL_STEPS), link: string | null = null): Promise<void> {
  const inputs = await sweepModelInputs(loadDemoSet());
  const passage = longPassage();
  console.log(`\napp vs transformers.js pipeline page (shipped model, WASM, service worker on, fresh persistent profiles, ${rounds} interleaved rounds, ${link ? `through a link of ${link}` : 'localhost'}; live edit and Explain on a ${passage.words}-word passage; sweep: ${inputs.length} model inputs)`);
  const by: Record<Side, Round[]> = { app: [], pipeline: [] };
  for (let i = 0; i < rounds; i++) {
    const order: Side[] = i % 2 === 0 ? ['app', 'pipeline'] : ['pipeline', 'app'];
    for (const side of order) {
      const r = await round(side, base, inputs, steps);
      by[side].push(r);
      console.log(`  round ${i + 1} ${side.padEnd(8)}: first ${f(r.first)} s, edit ${f(r.edit)} s, Explain ${f(r.explain)} s, sweep ${f(r.sweep)} s${side === 'app' ? ` (charts ${f(r.sweepCharts)} s)` : ''} (${f(r.sweepCpu)} s CPU), second visit ${f(r.second)} s (load ${f(r.load, 1)})`);
    }
  }
  const row = (label: string, k: keyof Round, better = 'sooner') => {
    const a = med(by.app, k);
    const p = med(by.pipeline, k);
    console.log(`  ${label.padEnd(14)}: app ${f(a)} s, pipeline ${f(p)} s → app ${f(p / a)}× ${better}`);
  };
  const loads = [...by.app, ...by.pipeline].map((r) => r.load);
  console.log(`medians (load average ${f(Math.min(...loads), 1)}–${f(Math.max(...loads), 1)} during the rounds; ${loadavg().map((x) => f(x, 1)).join(' ')} now):`);
  row('first visit', 'first');
  row('second visit', 'second');
  row('live edit', 'edit');
  row('sweep', 'sweep', 'faster (target ≥ 2.5×)');
  console.log(`  sweep, charts : app ${f(med(by.app, 'sweepCharts'))} s until its four charts are drawn too (the pipeline page draws none) → app ${f(med(by.pipeline, 'sweep') / med(by.app, 'sweepCharts'))}×`);
  row('sweep CPU', 'sweepCpu', 'less CPU (the browser\'s processes, all threads)');
  row('first Explain', 'explain');
  const a1 = med(by.app, 'first');
  const a2 = med(by.app, 'second');
  console.log(`  app's second visit / first visit: ${f(a2 / a1)} (target ≤ 0.40); app's first Explain ${f(med(by.app, 'explain') * 1000, 0)} ms (target ≤ 300 ms)`);
}
