/**
 * Teaching mode as a learner meets it (shipped model, WASM, demo set): the guided tour started from
 * the first screen with the keyboard, every stop opening its demo question and perturbation live,
 * each "try it yourself" step done and noticed, Escape to leave; then the failure gallery filled by
 * the revision-pair and synthetic-noise runs, a case opened live, starred, kept over a reload and
 * exported as JSON and CSV.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { download, openExperiment, openSection, runToEnd, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations inside `selector`, as "rule: target". */
async function violations(selector: string): Promise<string[]> {
  // The app's CSP forbids inline scripts; DevTools evaluation is not subject to it.
  if (!(await app.page.evaluate(() => 'axe' in window))) await app.page.evaluate(AXE);
  return app.page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const r = await axe.run({ include: [sel] }, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
  }, selector);
}

const text = async (id: string) => ((await app.page.getByTestId(id).first().textContent()) ?? '').trim();
const done = () => expect.poll(() => text('tour-try-status'), { timeout: 60_000 }).toMatch(/^✓ Done/);
const opened = (id: string) => expect.poll(() => text('instance-head'), { timeout: 30_000 }).toContain(id);

describe('the guided tour', () => {
  it('starts from the first screen with the keyboard and puts focus on the stop', async () => {
    await app.page.getByTestId('tour-start').focus();
    await app.page.keyboard.press('Enter');
    await app.page.getByTestId('tour').waitFor();
    await expect.poll(() => app.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('tour-title');
    expect(await text('tour-title')).toBe('Stop 1 of 8: Entity renaming');
    expect(await app.page.getByTestId('tour-stop-rename').getAttribute('aria-current')).toBe('step');
    expect(await violations('[data-testid="tour"]')).toEqual([]);
    expect(await violations('.topbar')).toEqual([]);
  });

  it('stop 1, entity renaming: the answer entity renamed live; changing the type is noticed', async () => {
    await opened('demo-per-01');
    await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    expect(await text('tour-try-status')).not.toMatch(/Done/);
    await app.page.getByTestId('rename-source').selectOption('randstr');
    await done();
    await shot(app.page, 'tour-1-rename');
  });

  it('stop 2, names by origin: Chinese names; another origin is noticed', async () => {
    await app.page.getByTestId('tour-next').focus();
    await app.page.keyboard.press('Enter');
    expect(await text('tour-title')).toBe('Stop 2 of 8: Names by origin');
    await opened('demo-per-04');
    expect(await app.page.getByTestId('rename-origin').inputValue()).toBe('cn');
    await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    await app.page.getByTestId('rename-origin').selectOption('fr');
    await done();
  });

  it('stop 3, worst case and RESEMBLE: RESEMBLE is on; a re-roll is noticed', async () => {
    await app.page.getByTestId('tour-next').click();
    await opened('demo-per-05');
    expect(await app.page.getByTestId('rename-resemble').isChecked()).toBe(true);
    await app.page.getByTestId('rename-reroll').click();
    await done();
  });

  it('stop 4, natural edits: the revision pair with its category; editing the passage is noticed', async () => {
    await app.page.getByTestId('tour-next').click();
    await opened('demo-gpe-07');
    await expect.poll(() => text('revision-category'), { timeout: 60_000 }).toMatch(/^(C2C|C2W|W2C|W2W|partial)$/);
    await app.page.getByTestId('passage-input').press('End');
    await app.page.getByTestId('passage-input').pressSequentially(' It rained.');
    await done();
  });

  it('stop 5, synthetic noise: keyboard typos beside the natural edit; another kind is noticed', async () => {
    await app.page.getByTestId('tour-next').click();
    await opened('demo-per-05');
    await expect.poll(() => text('noise-category'), { timeout: 60_000 }).toMatch(/^(C2C|C2W|W2C|W2W|partial)$/);
    expect(await app.page.getByLabel('Noise kind').inputValue()).toBe('keyboard');
    await app.page.getByLabel('Noise kind').selectOption('ocr');
    await app.page.getByTestId('noise-run').click();
    await done();
    await shot(app.page, 'tour-5-noise');
  });

  it("stop 6, paraphrases: the dataset's paraphrase asked; a typed one is noticed", async () => {
    await app.page.getByTestId('tour-next').click();
    await opened('demo-per-04');
    await app.page.getByTestId('paraphrase-flag').waitFor({ timeout: 60_000 });
    expect(await app.page.getByTestId('paraphrase-input').inputValue()).toBe('Which British officer was in charge of the 1953 Everest expedition?');
    await app.page.getByTestId('paraphrase-input').fill('Who was the leader of the Everest expedition in 1953?');
    await app.page.getByTestId('paraphrase-ask').click();
    await done();
  });

  it('stop 7, traps: a trap sentence inserted live; a typed one is noticed', async () => {
    await app.page.getByTestId('tour-next').click();
    await opened('demo-per-03');
    await app.page.getByTestId('trap-passage').waitFor({ timeout: 60_000 });
    await app.page.getByTestId('trap-kind-typed').click();
    await app.page.getByTestId('trap-sentence').fill('Bruno Weiss was the first director of the Kessel Ford museum.');
    await done();
  });

  it('stop 8, Chinese: 周树人 renamed; a re-roll is noticed; Finish closes the tour', async () => {
    await app.page.getByTestId('tour-next').click();
    await opened('demo-zh-03');
    expect(await app.page.getByTestId('tour-next').textContent()).toBe('Finish');
    await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    await app.page.getByTestId('rename-reroll').click();
    await done();
    await shot(app.page, 'tour-8-chinese');
    await app.page.getByTestId('tour-prev').click();
    expect(await text('tour-title')).toBe('Stop 7 of 8: Trap sentences');
    // Escape leaves the tour and gives focus back to its button.
    await app.page.getByTestId('tour-title').press('Escape');
    await expect.poll(() => app.page.getByTestId('tour').count()).toBe(0);
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('tour-start');
    expect(app.errors).toEqual([]);
  });
});

describe('the failure gallery', () => {
  it('collects the C2W cases of the revision-pair and noise runs, with the diff and both answers', async () => {
    await app.page.getByTestId('rename-toggle').click(); // the tour left renaming on: off, so no live case is added
    await openExperiment(app.page, 'natural/pairs');
    await runToEnd(app.page, 'natural-run');
    await app.page.getByTestId('noise-kind').selectOption('keyboard');
    await runToEnd(app.page, 'synthetic-run');
    await expect.poll(async () => (await app.page.getByTestId('natural-table').locator('thead th').allTextContents()).join('|'), { timeout: 60_000 }).toContain('synthetic: keyboard typo');
    const c2w = Number(await text('natural-C2W')) + Number(await text('synthetic-C2W'));
    expect(c2w).toBeGreaterThan(0);
    await app.page.getByTestId('gallery-toggle').click();
    // Every C2W row is one case (the live noise pair of the tour may add its own).
    // The noise cases come in a batch of their own (after their perturbation code loads): both groups first, then the count.
    await expect.poll(() => app.page.getByTestId('gallery').locator('h3').allTextContents(), { timeout: 30_000 }).toEqual(expect.arrayContaining(['natural edit (revision pair)', 'synthetic noise: keyboard typo 30%, seed 1']));
    await expect.poll(async () => app.page.getByTestId('gallery-case').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(c2w);
    const first = app.page.getByTestId('gallery-case').first();
    expect(await first.getByTestId('gallery-diff').locator('ins, del').count()).toBeGreaterThan(0);
    expect(await violations('[data-testid="gallery"]')).toEqual([]);
    await shot(app.page, 'gallery');
  });

  it('a star is kept over a reload, and the exports hold the cases', async () => {
    const n = await app.page.getByTestId('gallery-case').count();
    await app.page.getByTestId('gallery-star').first().click();
    expect(await app.page.getByTestId('gallery-star').first().getAttribute('aria-pressed')).toBe('true');
    await openSection(app.page, 'live');
    await app.page.reload();
    await app.page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    expect(await text('gallery-toggle')).toBe(`Failure gallery (${n})`);
    await app.page.getByTestId('gallery-toggle').click();
    await app.page.getByTestId('gallery-starred-only').check();
    expect(await app.page.getByTestId('gallery-case').count()).toBe(1);
    const json = await download(app.page, () => app.page.getByTestId('gallery-export-json').click());
    const doc = JSON.parse(json.bytes.toString('utf8'));
    expect(doc.format).toBe('qarx-failure-gallery');
    expect(doc.cases).toHaveLength(1);
    expect(doc.cases[0].starred).toBe(true);
    await app.page.getByTestId('gallery-starred-only').uncheck();
    const csv = await download(app.page, () => app.page.getByTestId('gallery-export-csv').click());
    const parsed = Papa.parse<Record<string, string>>(csv.bytes.toString('utf8').trim(), { header: true });
    expect(parsed.data).toHaveLength(n);
    expect(parsed.data.every((r) => r.original_answer !== r.perturbed_answer)).toBe(true);
  });

  it('one click opens a case live with the same two answers', async () => {
    const kase = app.page.getByTestId('gallery-case').filter({ has: app.page.locator('h3, .case-q') }).first();
    const group = await app.page.getByTestId('gallery').locator('.gallery-group').first().locator('h3').textContent();
    const original = (await kase.getByTestId('gallery-original-answer').locator('b').textContent())!.trim();
    const perturbed = (await kase.getByTestId('gallery-perturbed-answer').locator('b').textContent())!.trim();
    const id = (await kase.locator('.catalog-id').textContent())!.split('·')[1]!.trim();
    await kase.getByTestId('gallery-open').click();
    await expect.poll(() => app.page.getByTestId('gallery').count()).toBe(0);
    await opened(id);
    const side = group?.startsWith('synthetic') ? 'noise' : 'revision';
    await expect.poll(() => text(`${side}-category`), { timeout: 60_000 }).toBe('C2W');
    expect(await text(`${side}-original-text`)).toBe(original);
    expect(await text(`${side}-perturbed-text`)).toBe(perturbed);
    expect(await violations('[data-testid="share"]')).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
