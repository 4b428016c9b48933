/**
 * Natural perturbations as a user meets them (shipped model, WASM): a demo question with a
 * revision pair shows the real edit as a diff, whether it touched the answer sentence, and the
 * answers on both passages with their category.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { openExperiment, openSection, ROOT, shot, useApp } from './harness.ts';
import { startMockMediaWiki, type MockMediaWiki } from '../support/mediawiki-server.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';

const app = useApp({ query: 'device=wasm' });

const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();

describe('revision pairs in the live view', () => {
  it('shows the edit, the answer sentence and both answers with their category', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('Thomas Watson');
    await app.page.getByTestId('instance-row').filter({ hasText: "Who was Bell's assistant" }).first().click();
    await app.page.getByTestId('revision-panel').waitFor({ timeout: 30_000 });
    expect(await app.page.getByTestId('revision-intent').inputValue()).toBe('copy-editing');
    const diff = app.page.getByTestId('revision-diff');
    expect(await diff.locator('del').count()).toBeGreaterThan(0);
    expect(await diff.locator('ins').count()).toBeGreaterThan(0);
    expect((await diff.locator('.answer-sentence').allTextContents()).join('')).toContain('Watson');
    await app.page.getByTestId('revision-category').waitFor({ timeout: 60_000 });
    expect(['C2C', 'C2W', 'W2C', 'W2W', 'partial']).toContain(await text('revision-category'));
    expect(await text('revision-touch')).toMatch(/^The edit (changed a|left every) sentence holding a gold answer/);
    const orig = await text('revision-original-text');
    expect(orig).not.toBe('…');
    // The same question beside synthetic noise in its passage.
    await app.page.getByTestId('noise-run').click();
    await app.page.getByTestId('noise-category').waitFor({ timeout: 60_000 });
    expect(await app.page.getByTestId('noise-diff').locator('ins').count()).toBeGreaterThan(0);
    expect(['C2C', 'C2W', 'W2C', 'W2W', 'partial']).toContain(await text('noise-category'));
    // The live answer is not held up by the pair and noise runs on the same model.
    await expect.poll(() => text('answer-text'), { timeout: 30_000 }).toBe('Thomas Watson');
    await app.page.getByTestId('revision-panel').scrollIntoViewIfNeeded();
    await shot(app.page, 'natural-revision-pair');
  });

  it('tags the edit intention and keeps it over a reload', async () => {
    await app.page.getByTestId('revision-intent').selectOption('clarification');
    // Reloaded once the panel says the intention is on disk (the save is asynchronous).
    await app.page.getByTestId('revision-intent-saved').waitFor({ timeout: 30_000 });
    await app.page.reload();
    await app.page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await app.page.getByLabel('Search questions, passages and answers').fill('Thomas Watson');
    await app.page.getByTestId('instance-row').filter({ hasText: "Who was Bell's assistant" }).first().click();
    await app.page.getByTestId('revision-panel').waitFor({ timeout: 30_000 });
    await expect.poll(() => app.page.getByTestId('revision-intent').inputValue()).toBe('clarification');
  });

  it('shows no revision panel for a question without one', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('Alexander Fleming');
    await app.page.getByTestId('instance-row').first().click();
    await expect.poll(() => app.page.getByTestId('question-input').inputValue()).toContain('mould');
    expect(await app.page.getByTestId('revision-panel').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});

describe('revision pairs and synthetic noise over the list', () => {
  it('sorts every demo revision pair into a category, with intentions, beside synthetic noise', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('');
    await openExperiment(app.page, 'natural/pairs');
    await app.page.getByTestId('natural-run').click();
    await app.page.getByTestId('natural-table').waitFor({ timeout: 60_000 });
    const cats = ['C2C', 'C2W', 'W2C', 'W2W', 'partial'];
    const counts = await Promise.all(cats.map(async (c) => Number(await text(`natural-${c}`))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(16);
    // The result says what produced it: data, question count, model, "no answer" (on: the demo set has unanswerable questions).
    expect(await text('natural-record')).toMatch(/^Demo set.* · 16 questions · qarx-lexical-qa fp32 (WASM|WEBGPU) · no answer on · rule script[^·]* · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    // The released script's rule is the default and is printed with the result.
    expect(await text('category-rule-text')).toContain('F1 < 0.4');
    expect(await text('natural-changed')).toMatch(/^\d+(\.\d)?%$/);
    // The relative F1 change reads as a signed percentage, or a dash when the original F1 is 0 (undefined).
    const rel = ((await app.page.getByTestId('natural-table').locator('tr', { hasText: 'relative F1 change' }).locator('td').nth(1).textContent()) ?? '').trim();
    expect(rel).toMatch(/^([+-]?\d+\.\d\d%|–)$/);
    expect(await text('natural-unmodified')).toMatch(/^C2W .+ · C2C .+ · W2C .+$/);
    // Switching to the EM rule re-sorts the same rows with no "partial" left.
    await app.page.getByTestId('category-rule').selectOption('em');
    await expect.poll(async () => Number(await text('natural-partial'))).toBe(0);
    const emCounts = await Promise.all(cats.map(async (c) => Number(await text(`natural-${c}`))));
    expect(emCounts.reduce((a, b) => a + b, 0)).toBe(16);
    // Both EM 1 is C2C under either rule.
    expect(emCounts[0]).toBe(counts[0]);
    await app.page.getByTestId('category-rule').selectOption('script');
    expect(await app.page.getByTestId('chart-categories').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await app.page.getByTestId('chart-intents').textContent()).toContain('clarification');
    await app.page.getByTestId('noise-kind').selectOption('keyboard');
    await app.page.getByTestId('synthetic-run').click();
    await expect.poll(async () => (await app.page.getByTestId('natural-table').locator('thead th').allTextContents()).join('|'), { timeout: 60_000 }).toContain('synthetic: keyboard typo');
    const syn = await Promise.all(cats.map(async (c) => Number(await text(`synthetic-${c}`))));
    expect(syn.reduce((a, b) => a + b, 0)).toBe(16);
    await app.page.getByTestId('natural-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'natural-experiments');

    // The pairs export as CSV with their intentions (the tag made above included).
    const download = app.page.waitForEvent('download', { timeout: 30_000 });
    await app.page.getByTestId('pairs-export').click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.split('\n')[0]).toBe('id,title,question,answer,answer_start,original_context,perturbed_context,perturbed_answer,intent');
    expect(csv).toMatch(/demo-per-02,Telephone,.*,clarification\n/);

    // Each pair the edit broke (C2W) is listed under the result and opens in Live with its edit (issue 26.1).
    const broken = app.page.getByTestId('result-cases').locator('li').filter({ hasText: 'natural edit (revision pair)' });
    await expect.poll(() => broken.count(), { timeout: 30_000 }).toBe(Math.min(counts[1] as number, 8));
    await broken.first().getByTestId('result-case-open').click();
    await expect.poll(() => new URL(app.page.url()).hash, { timeout: 30_000 }).toBe('#/live');
    await expect.poll(() => app.page.getByTestId('revision-category').count(), { timeout: 60_000 }).toBe(1);
    expect(await text('revision-category')).toBe('C2W');

    // The instance browser (in Data and Live) filters by the category of the last run.
    const c2c = counts[0] as number;
    await openSection(app.page, 'data');
    await app.page.getByLabel('Natural-perturbation category').selectOption('C2C');
    await expect.poll(async () => (await app.page.getByTestId('result-count').textContent()) ?? '').toBe(`${c2c} question${c2c === 1 ? '' : 's'}`);
    await app.page.getByLabel('Natural-perturbation category').selectOption('all');
    expect(app.errors).toEqual([]);
  });
});

describe('live Wikipedia history (local mock of the MediaWiki API)', () => {
  let wiki: MockMediaWiki;
  let wp: Page;
  beforeAll(async () => {
    wiki = await startMockMediaWiki();
    wp = await app.open(`device=wasm&wiki=${encodeURIComponent(wiki.api)}`, 1100);
  });
  afterAll(async () => {
    await wp.close();
    await wiki.close();
  });

  it('lists the edits of the passage’s paragraph and applies one', async () => {
    expect(await wp.getByTestId('wiki-host-notice').textContent()).toBe(`Wikipedia history is read from ${new URL(wiki.api).origin}, not from en.wikipedia.org. Dismiss`);
    await wp.getByLabel('Search questions, passages and answers').fill('Thomas Watson');
    await wp.getByTestId('instance-row').first().click();
    await expect.poll(() => wp.getByTestId('wiki-title').inputValue()).toBe('Telephone');
    await wp.getByTestId('wiki-find').click();
    await wp.getByTestId('wiki-edits').waitFor({ timeout: 30_000 });
    const items = await wp.getByTestId('wiki-edits').locator('li').allTextContents();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/2020-04-02 12:00 UTC Dev trim names \(-\d+\) answer not in both versions/);
    expect(items[1]).toMatch(/2020-03-20 17:45 UTC Cleo copy edit \(\+\d+\)Apply/);
    expect(wiki.requests.filter((r) => r.method === 'GET').every((r) => r.query.origin === '*' && r.apiUserAgent?.startsWith('QARobustnessExplorer'))).toBe(true);
    await wp.getByTestId('wiki-apply').click();
    await wp.getByTestId('wiki-category').waitFor({ timeout: 60_000 });
    expect(['C2C', 'C2W', 'W2C', 'W2W', 'partial']).toContain(((await wp.getByTestId('wiki-category').textContent()) ?? '').trim());
    expect((await wp.getByTestId('wiki-diff').locator('ins').allTextContents()).join('|')).toContain('A few days later,');
    await wp.getByTestId('wiki-panel').scrollIntoViewIfNeeded();
    await shot(wp, 'natural-wikipedia-history');
  });

  it('says what went wrong for an API error and a missing article', async () => {
    await wp.getByTestId('wiki-title').fill('Broken page');
    await wp.getByTestId('wiki-find').click();
    await expect.poll(async () => (await wp.getByTestId('wiki-error').textContent()) ?? '', { timeout: 30_000 }).toMatch(/refused the request: A database query error/);
    await wp.getByTestId('wiki-title').fill('No such article');
    await wp.getByTestId('wiki-find').click();
    await expect.poll(async () => (await wp.getByTestId('wiki-error').textContent()) ?? '', { timeout: 30_000 }).toBe('No Wikipedia article is called "No such article".');
  });

  it('says it is offline when Wikipedia cannot be reached', async () => {
    // The first page has no ?wiki=: it talks to en.wikipedia.org, which this browser cannot resolve.
    await app.page.getByTestId('tab-live').click();
    await app.page.getByTestId('wiki-title').fill('Telephone');
    await app.page.getByTestId('wiki-find').click();
    await expect.poll(async () => (await app.page.getByTestId('wiki-error').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^Could not reach en\.wikipedia\.org .*are you offline\?$/);
    expect(app.errors).toEqual([]);
  });
});

describe('challenge set across two models', () => {
  let hub: MockHub;
  let cp: Page;
  beforeAll(async () => {
    hub = await startMockHub({ 'qarx-test/lexical-qa': join(ROOT, 'public', 'models', 'qarx-lexical-qa') });
    cp = await app.open(`device=wasm&hub=${encodeURIComponent(hub.url)}`, 1100);
  });
  afterAll(async () => {
    await cp.close();
    await hub.close();
  });

  it('runs the pairs with two models, builds the challenge set and exports it', async () => {
    await openExperiment(cp, 'natural/pairs');
    await cp.getByTestId('natural-run').click();
    await cp.getByTestId('challenge-models').waitFor({ timeout: 60_000 });
    await openSection(cp, 'models');
    await cp.getByLabel('Hub model id').fill('qarx-test/lexical-qa');
    await cp.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(async () => (await cp.getByTestId('active-model').textContent()) ?? '', { timeout: 60_000 }).toContain('qarx-test/lexical-qa');
    await openExperiment(cp, 'natural/pairs');
    await cp.getByTestId('natural-run').click();
    await expect.poll(async () => ((await cp.getByTestId('challenge-models').textContent()) ?? '').split(', ').length, { timeout: 60_000 }).toBe(2);
    await cp.getByTestId('challenge-build').click();
    const summary = (await cp.getByTestId('challenge-summary').textContent()) ?? '';
    expect(summary).toMatch(/^(\d+ passage pairs?, \d+ questions?; \d+ used with the edit undone\.|No pair makes any model go from correct to wrong\.)$/);
    expect(await cp.getByTestId('challenge-dev').textContent()).toContain("appendix I's last step");
    if (summary.startsWith('No pair')) return;
    const download = cp.waitForEvent('download', { timeout: 30_000 });
    await cp.getByTestId('challenge-export').click();
    type Exported = { challenge: { pairs: number; questions: number; devFilter: unknown }; data: { paragraphs: { original_context: string }[] }[] };
    const json = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as Exported;
    expect(json.challenge.pairs).toBe(Number(/^(\d+)/.exec(summary)?.[1]));
    expect(json.challenge.devFilter).toBeNull();
    // App. I's last step: a dev file holding every original passage but the first removes exactly that pair.
    const origins = json.data.flatMap((d) => d.paragraphs.map((p) => p.original_context));
    const dev = { version: '1.1', data: [{ title: 'Dev', paragraphs: [...origins.slice(1), 'A passage of no demo pair.'].map((context) => ({ context, qas: [] })) }] };
    await cp.getByTestId('challenge-dev-input').setInputFiles({ name: 'dev-v1.1.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(dev)) });
    await expect.poll(async () => (await cp.getByTestId('challenge-dev').textContent()) ?? '').toBe(`dev-v1.1.json: ${origins.length} passage${origins.length === 1 ? '' : 's'}`);
    await cp.getByTestId('challenge-build').click();
    const filtered = (await cp.getByTestId('challenge-summary').textContent()) ?? '';
    expect(filtered).toMatch(/ 1 pair removed: original passage not in dev-v1\.1\.json\.$/);
    if (origins.length > 1) expect(filtered).toMatch(new RegExp(`^${origins.length - 1} passage pairs?, `));
    await cp.getByTestId('challenge-dev-input').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"version":"1.1"}') });
    await expect.poll(async () => (await cp.getByTestId('challenge-dev-error').textContent()) ?? '').toBe('bad.json: not a SQuAD file (no "data" list)');
    await cp.getByTestId('natural-card').scrollIntoViewIfNeeded();
    await shot(cp, 'natural-challenge-set');
    expect(app.errors).toEqual([]);
  });
});

