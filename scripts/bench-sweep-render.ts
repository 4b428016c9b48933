/**
 * npm run bench:sweep-render: the main thread's CPU while the app sweeps the demo set (issue 44: 18 s
 * of React and chart rendering during the default sweep, 80 cells). Serves dist/ (run `npm run
 * build` first), opens the app in headless Chromium on WASM, starts the default sweep and reads
 * Chrome's own counters (CDP Performance.getMetrics: TaskDuration, ScriptDuration, LayoutDuration,
 * RecalcStyleDuration) before the click and once the sweep has ended, plus the wall time and the
 * progress line's last figures. Run it on a build of an older commit for before → after. Exits 0
 * either way (speed is never a test).
 *
 *   npm run bench:sweep-render -- [--runs 1]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { launch, openApp, openExperiment, startPreview } from '../test/e2e/harness.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
const KEYS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;

const { server, url } = await startPreview();
const browser = await launch(false);
try {
  for (let i = 0; i < Number(values.runs); i++) {
    console.log(`run ${i + 1}, load average ${loadavg().map((x) => x.toFixed(1)).join(', ')} on 2 cores`);
    const page = await openApp(browser, url, 'device=wasm', []);
    await openExperiment(page, 'entity/sweep');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const read = async () => Object.fromEntries(((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.map((m) => [m.name, m.value]));
    let last = '';
    const progress = page.getByTestId('sweep-progress');
    const before = await read();
    const t0 = performance.now();
    await page.getByTestId('sweep-run').click();
    await progress.waitFor({ timeout: 60_000 });
    // The last progress line the page showed (its text while the sweep runs).
    const poll = setInterval(() => void progress.textContent({ timeout: 500 }).then((t) => (last = t ?? last)).catch(() => undefined), 500);
    await progress.waitFor({ state: 'detached', timeout: 1_800_000 });
    clearInterval(poll);
    const wall = (performance.now() - t0) / 1000;
    const after = await read();
    console.log(`  sweep wall ${wall.toFixed(1)} s; last progress seen: ${last.replace(/\s*Cancel\s*$/, '').trim()}`);
    for (const k of KEYS) console.log(`  main thread ${k.padEnd(20)} ${((after[k] ?? 0) - (before[k] ?? 0)).toFixed(2)} s`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
