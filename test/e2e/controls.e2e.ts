/**
 * One style for every control (issue 26.1): on every place of the app — each section and each
 * experiment page — no select keeps the browser's look and no file input shows the browser's raw
 * "Choose file / No file chosen": every file input sits in a `.file-btn` label (or is hidden and
 * opened by a button). Cheap: no model run, only navigation.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openExperiment, openSection, useApp } from './harness.ts';
import { EXPERIMENT_GROUPS, SECTIONS } from '../../src/app/shell/routes.ts';

const app = useApp({ query: 'device=wasm' });

/** The controls of the page that look like the browser's, not the app's, as "select#… (why)" / "file input …". */
function rawControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (e: Element) => e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? e.id ?? e.outerHTML.slice(0, 80);
    const bodyFont = getComputedStyle(document.body).fontFamily;
    const out: string[] = [];
    for (const s of document.querySelectorAll('select')) {
      const cs = getComputedStyle(s);
      // Chromium's own select has the system control font and square corners; the app's has its font and rounded corners.
      if (cs.fontFamily !== bodyFont) out.push(`select ${name(s)} (font ${cs.fontFamily})`);
      if (cs.borderTopLeftRadius === '0px') out.push(`select ${name(s)} (square corners)`);
    }
    for (const f of document.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
      if (!f.hidden && !f.closest('.file-btn')) out.push(`file input ${name(f)} (not in a .file-btn label)`);
    }
    return out;
  });
}

describe('one style for every control', () => {
  it('no raw select or file input on any section or experiment page', async () => {
    const page = app.page;
    const seen: Record<string, number> = {};
    const check = async (where: string) => {
      seen[where] = await page.evaluate(() => document.querySelectorAll('select, input[type="file"]').length);
      expect.soft(await rawControls(page), where).toEqual([]);
    };
    for (const s of SECTIONS) {
      await openSection(page, s);
      await check(s);
    }
    for (const g of EXPERIMENT_GROUPS) {
      for (const i of g.items) {
        await openExperiment(page, `${g.id}/${i.id}`);
        await check(`${g.id}/${i.id}`);
      }
    }
    // The walk met the controls it checks: selects and file pickers on the data, model and experiment pages.
    expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBeGreaterThan(20);
    expect(seen.data).toBeGreaterThan(0);
    expect(seen['audit/results']).toBeGreaterThan(0);
  });
});
