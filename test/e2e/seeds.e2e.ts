/**
 * Seeds in the app (issue 25.10): text that is not a valid seed disables the Run button of every
 * experiment card and says why, instead of running silently with the last valid seed.
 */
import { describe, expect, it } from 'vitest';
import { openExperiment, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

const CARDS = [
  { seed: 'synthetic-seed', run: 'synthetic-run', path: 'natural/pairs' },
  { seed: 'paraphrase-run-seed', run: 'paraphrase-run', path: 'sensitivity/paraphrases' },
  { seed: 'universal-seed', run: 'universal-run', path: 'entity/universal' },
  { seed: 'export-seed', run: 'export-run', path: 'entity/export' },
  { seed: 'traps-seed', run: 'traps-run', path: 'stability/traps' },
];

describe('an invalid seed', () => {
  it('disables Run in every experiment card and says why; a valid one enables it again', async () => {
    const page = app.page;
    for (const c of CARDS) {
      await openExperiment(page, c.path);
      await expect.poll(() => page.getByTestId(c.run).isEnabled(), { timeout: 60_000 }).toBe(true);
      await page.getByTestId(c.seed).fill('abc');
      expect(await page.getByTestId(c.run).isEnabled()).toBe(false);
      expect(await page.getByTestId(`${c.seed}-error`).textContent()).toBe('seed must be a whole number from 0 to 9007199254740991 (2^53 − 1), got "abc"');
      expect(await page.getByTestId(`${c.run}-blocked`).textContent()).toBe('Not run: fix the seed first.');
    }
    await openExperiment(page, 'entity/universal');
    await page.getByTestId('universal-card').scrollIntoViewIfNeeded();
    await shot(page, 'seeds-invalid');
    for (const c of CARDS) {
      await openExperiment(page, c.path);
      await page.getByTestId(c.seed).fill('7');
      expect(await page.getByTestId(c.run).isEnabled()).toBe(true);
      expect(await page.getByTestId(`${c.run}-blocked`).count()).toBe(0);
    }
    expect(app.errors).toEqual([]);
  });

  it('a bad CI seed (sweep, budget, traps …) shows its error by the field on every card and keeps every Run off with the reason (issue 40.4)', async () => {
    const page = app.page;
    const ci = [
      { card: 'sweep', run: 'sweep-run', path: 'entity/sweep' },
      { card: 'budget', run: 'budget-run', path: 'entity/budget' },
      { card: 'traps', run: 'traps-run', path: 'stability/traps' },
    ];
    await openExperiment(page, ci[0]!.path);
    await expect.poll(() => page.getByTestId('sweep-run').isEnabled(), { timeout: 60_000 }).toBe(true);
    await page.getByTestId('sweep-ci-seed').fill('abc');
    for (const c of ci) {
      await openExperiment(page, c.path);
      // One field for all cards: the text typed on the sweep's shows on each, with its error.
      expect(await page.getByTestId(`${c.card}-ci-seed`).inputValue()).toBe('abc');
      expect(await page.getByTestId(`${c.card}-ci-seed-error`).textContent()).toBe('CI seed must be a whole number from 0 to 9007199254740991 (2^53 − 1), got "abc"');
      expect(await page.getByTestId(c.run).isEnabled()).toBe(false);
      expect(await page.getByTestId(`${c.run}-blocked`).textContent()).toBe('Not run: fix the CI seed first.');
    }
    await page.getByTestId('trap-card').scrollIntoViewIfNeeded();
    await shot(page, 'ci-seed-invalid');
    await page.getByTestId('traps-ci-seed').fill('7');
    for (const c of ci) {
      await openExperiment(page, c.path);
      expect(await page.getByTestId(`${c.card}-ci-seed`).inputValue()).toBe('7');
      expect(await page.getByTestId(c.run).isEnabled()).toBe(true);
      expect(await page.getByTestId(`${c.run}-blocked`).count()).toBe(0);
    }
    expect(app.errors).toEqual([]);
  });
});
