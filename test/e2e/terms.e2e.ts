/**
 * Help where the word is (issue 41.9): every glossary term the app shows — DBName, MIX, PER / ORG /
 * GPE, RESEMBLE, wrong entity / boundary, C2W, EM … — is wrapped in its Term (hover, focus and tap
 * help) where it appears, or, in a control that cannot hold one (a select's options, a radio, a
 * chart), helped by a tip that explains it (test/e2e/term-scan.ts). Walked over the main views at
 * 1440 px, with a sweep's table, charts and run history, the failure gallery and every tour stop
 * (the two-model compare view is scanned in multi.e2e.ts); a control's tip shows on focus and Escape closes it.
 */
import { describe, expect, it } from 'vitest';
import { openExperiment, openSection, sweepDrawn, useApp } from './harness.ts';
import { unhelped } from './term-scan.ts';

const app = useApp({ query: 'device=wasm&test-hooks=1' });

/** The experiment pages, each checked before it has run. */
const PAGES = ['entity/sweep', 'entity/budget', 'entity/universal', 'entity/export', 'natural/pairs', 'sensitivity/paraphrases', 'stability/traps', 'generalization/table', 'audit/results', 'audit/runs'];

describe('every glossary term on screen has its help where it appears', () => {
  it('on Live (with renaming), Data, Models, Validate and every experiment page', async () => {
    const p = app.page;
    const missing: string[] = [];
    const check = async (view: string) => missing.push(...(await unhelped(p)).map((m) => `${view}: ${m}`));
    await p.getByTestId('rename-toggle').click();
    await p.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    await check('live');
    await openSection(p, 'data');
    await check('data');
    await openSection(p, 'models');
    await check('models');
    await openSection(p, 'validate');
    await check('validate');
    for (const page of PAGES) {
      await openExperiment(p, page);
      await check(page);
    }
    expect(missing).toEqual([]);
  });

  it('on a sweep result (table, charts, record, cases), and a select explains its choices on focus', async () => {
    const p = app.page;
    await openExperiment(p, 'entity/sweep');
    await p.getByTestId('sweep-seeds').fill('1');
    await p.getByTestId('sweep-run').click();
    await p.getByTestId('sweep-table').waitFor({ timeout: 240_000 });
    await sweepDrawn(p);
    // The CIs are computed after the run and the run is saved after that: scan once both are on screen.
    await p.getByTestId('sweep-ci-legend').waitFor({ timeout: 120_000 });
    await p.getByTestId('run-row').first().waitFor({ timeout: 60_000 });
    expect(await unhelped(p)).toEqual([]);

    // The failure gallery (the sweep's broken answers, grouped by perturbation) and every stop of the tour.
    await p.getByTestId('gallery-toggle').click();
    await p.getByTestId('gallery-case').first().waitFor();
    expect((await unhelped(p)).map((m) => `gallery: ${m}`)).toEqual([]);
    await p.getByTestId('gallery-toggle').click();
    await p.getByTestId('tour-start').click();
    const tour: string[] = [];
    for (let stop = 1; stop <= 30; stop++) {
      await p.getByTestId('tour-text').waitFor();
      tour.push(...(await unhelped(p)).map((m) => `tour stop ${stop}: ${m}`));
      const next = p.getByTestId('tour-next');
      if ((await next.textContent())?.match(/finish|close|done/i)) break;
      await next.click();
    }
    expect(tour).toEqual([]);
    await p.getByTestId('tour-close').click();

    // The name-source select of the worst/best card: no Term fits in an <option>, so the select carries the tip.
    await openExperiment(p, 'entity/budget');
    const type = p.getByTestId('budget-type');
    await type.focus();
    const tip = p.locator(`[id="${await type.getAttribute('aria-describedby')}"]`);
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toMatch(/^MIX: All three entity types together/);
    await p.keyboard.press('Escape');
    await expect.poll(() => tip.isVisible()).toBe(false);
  });
});
