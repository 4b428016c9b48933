/**
 * Permalinks in real Chromium (shipped model): a link made in one browser context, opened in a
 * fresh one (no shared storage), shows the same question, perturbation, seed and prediction — on
 * WASM and on WebGPU —; free text travels in the link; a hostile or damaged link is refused with a
 * notice and nothing from it reaches the page as HTML; a view too long for a URL becomes a file
 * that opens the same view.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { download, openSection, shot, useApp, useServer } from './harness.ts';

const server = useServer();

const text = async (page: Page, id: string) => ((await page.getByTestId(id).first().textContent()) ?? '').trim();

/** Opens `link` in a fresh context of `browser` and waits for its answer; page errors go to `errors`. */
async function openFresh(browser: Browser, link: string, errors: string[]): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(link);
  await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
  return page;
}

/** Makes the permalink of what `page` shows and returns it. */
async function share(page: Page): Promise<string> {
  await page.getByTestId('share-link').click();
  const input = page.getByTestId('share-url');
  await input.waitFor();
  return input.inputValue();
}

describe.each([
  { device: 'wasm', webgpu: false },
  { device: 'webgpu', webgpu: true },
])('a permalink opened in a fresh app.browser context ($device)', ({ device, webgpu }) => {
  const app = useApp({ server, webgpu, query: `device=${device}` });

  it('reproduces the question, the renaming, its seed and the prediction', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('culture plate');
    await app.page.getByTestId('instance-row').first().click();
    await expect.poll(() => text(app.page, 'instance-head')).toContain('demo-per-01');
    await app.page.getByTestId('rename-toggle').click();
    await app.page.getByTestId('rename-source').selectOption('randstr');
    await app.page.getByTestId('rename-seed').fill('7');
    await expect.poll(() => text(app.page, 'rename-perturbed-text'), { timeout: 60_000 }).not.toBe('…');
    await expect.poll(() => app.page.getByTestId('rename-diff').locator('ins').count()).toBeGreaterThan(0);
    const before = { answer: await text(app.page, 'answer-text'), prob: await text(app.page, 'answer-probability'), renamed: await text(app.page, 'rename-perturbed-text'), diff: await text(app.page, 'rename-diff') };
    const link = await share(app.page);
    expect(link).toMatch(new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?device=${device}#v1=`));
    expect(await app.page.evaluate(() => window.location.hash)).toBe(new URL(link).hash);

    const fresh = await openFresh(app.browser, link, app.errors);
    await expect.poll(() => text(fresh, 'instance-head')).toContain('demo-per-01');
    await expect.poll(() => text(fresh, 'rename-perturbed-text'), { timeout: 60_000 }).toBe(before.renamed);
    expect(await fresh.getByTestId('rename-source').inputValue()).toBe('randstr');
    expect(await fresh.getByTestId('rename-seed').inputValue()).toBe('7');
    expect(await text(fresh, 'rename-diff')).toBe(before.diff);
    expect(await text(fresh, 'answer-text')).toBe(before.answer);
    expect(await text(fresh, 'answer-probability')).toBe(before.prob);
    expect(await text(fresh, 'active-device')).toBe(device === 'webgpu' ? 'WebGPU' : 'WASM');
    await shot(fresh, `permalink-opened-${device}`);
    await fresh.context().close();
    expect(app.errors).toEqual([]);
  });
});

describe('free text, hostile links and long views (WASM)', () => {
  const app = useApp({ server, query: 'device=wasm' });

  it('carries typed text (markup stays text) and gives the same answer', async () => {
    const passage = 'The <b>Orlov</b> bridge was designed by Ilse Brandt in 1931 and opened in Tallinn.';
    await app.page.getByTestId('question-input').fill('Who designed the Orlov bridge?');
    await app.page.getByTestId('passage-input').fill(passage);
    await expect.poll(() => text(app.page, 'answer-text'), { timeout: 60_000 }).toBe('Ilse Brandt');
    const fresh = await openFresh(app.browser, await share(app.page), app.errors);
    await expect.poll(() => fresh.getByTestId('passage-input').inputValue()).toBe(passage);
    expect(await fresh.getByTestId('question-input').inputValue()).toBe('Who designed the Orlov bridge?');
    await expect.poll(() => text(fresh, 'answer-text'), { timeout: 60_000 }).toBe('Ilse Brandt');
    expect(await fresh.locator('b').filter({ hasText: 'Orlov' }).count()).toBe(0);
    await fresh.context().close();
  });

  it('a link to a question of an imported file, opened where the file is missing, names the file at the top with an Import button, then opens its question', async () => {
    const file = join(import.meta.dirname, '..', 'fixtures', 'formats', 'squad-v2.json');
    await openSection(app.page, 'data');
    await app.page.getByTestId('dataset-file-input').setInputFiles(file);
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported \d+ questions/);
    const n = Number(/Imported (\d+)/.exec((await app.page.getByTestId('import-message').textContent()) ?? '')?.[1]);
    await app.page.getByLabel('Search questions, passages and answers').fill('Veldmoor Point');
    await app.page.getByTestId('instance-row').filter({ hasText: 'Who first lit the lighthouse' }).click();
    await expect.poll(() => text(app.page, 'instance-head')).toContain('vm-1');
    const link = await share(app.page);

    const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const fresh = await ctx.newPage();
    fresh.on('pageerror', (e) => app.errors.push(e.message));
    await fresh.goto(link);
    const notice = fresh.getByTestId('missing-link');
    await notice.waitFor({ timeout: 120_000 });
    // The notice names the file (name, question count, content hash); no other question is shown as the link's.
    expect(await text(fresh, 'missing-link-file')).toMatch(new RegExp(`^“squad-v2\\.json” \\(${n} questions, content hash [0-9a-f]{16}\\)$`));
    expect(await fresh.getByTestId('instance-head').count()).toBe(0);
    expect(await fresh.getByTestId('question-input').inputValue()).toBe('');
    const box = await notice.boundingBox();
    expect(box?.y ?? 1e9).toBeLessThan(400);
    await shot(fresh, 'permalink-missing-dataset');
    await fresh.getByTestId('missing-link-file-input').setInputFiles(file);
    await expect.poll(() => text(fresh, 'instance-head'), { timeout: 60_000 }).toContain('vm-1');
    expect(await fresh.getByTestId('question-input').inputValue()).toBe('Who first lit the lighthouse at Veldmoor Point?');
    expect(await fresh.getByTestId('missing-link').count()).toBe(0);
    await ctx.close();
    expect(app.errors).toEqual([]);
  });

  it('carries a trap sentence (position and seed) and gives the same trapped answer', async () => {
    // The test before imports a dataset, which the list may now show alone: look in every dataset.
    await app.page.getByTestId('instance-browser').getByLabel('Dataset', { exact: true }).selectOption('all');
    await app.page.getByLabel('Search questions, passages and answers').fill('Varnholt');
    await app.page.getByTestId('instance-row').filter({ hasText: 'first director of the Varnholt' }).click();
    await expect.poll(() => text(app.page, 'instance-head')).toContain('demo-per-03');
    await app.page.getByTestId('trap-toggle').click();
    // The seed first, then the position: once the passage shows 'before', the seed is in too.
    await app.page.getByTestId('trap-seed').fill('4');
    await app.page.getByTestId('trap-position').selectOption('before');
    // 'before' puts the trap ahead of the answer sentence, right after the first sentence.
    await expect.poll(() => text(app.page, 'trap-passage'), { timeout: 60_000 }).toMatch(/^The Varnholt Observatory sits on a ridge above the town of Kessel Ford\. .+ Margarethe Olsen, the first director/);
    await expect.poll(() => app.page.locator('.busy').count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => text(app.page, 'trap-trapped-text'), { timeout: 60_000 }).not.toBe('…');
    const before = { passage: await text(app.page, 'trap-passage'), trapped: await text(app.page, 'trap-trapped-text') };
    const fresh = await openFresh(app.browser, await share(app.page), app.errors);
    await expect.poll(() => text(fresh, 'trap-passage'), { timeout: 60_000 }).toBe(before.passage);
    await expect.poll(() => text(fresh, 'trap-trapped-text'), { timeout: 60_000 }).toBe(before.trapped);
    expect(await fresh.getByTestId('trap-position').inputValue()).toBe('before');
    expect(await fresh.getByTestId('trap-seed').inputValue()).toBe('4');
    await fresh.context().close();
    await app.page.getByTestId('trap-toggle').click();
    expect(app.errors).toEqual([]);
  });

  it.each([
    { name: 'markup as the model id', payload: { v: 1, models: [{ kind: 'hub', id: '<img src=x onerror=alert(1)>' }], q: { kind: 'text', passage: 'p', question: 'q' }, p: { kind: 'none' }, allowNull: true }, want: /invalid field "models\.0\.id"/ },
    { name: 'an unknown perturbation', payload: { v: 1, models: [{ kind: 'local', id: 'qarx-lexical-qa' }], q: { kind: 'text', passage: '<script>alert(1)</script>', question: 'q' }, p: { kind: 'eval', code: 'alert(1)' }, allowNull: true }, want: /invalid field "p\.kind"/ },
    { name: 'a damaged payload', payload: null, want: /damaged/ },
  ])('refuses $name with a notice, and the shipped model still answers', async ({ payload, want }) => {
    const hash = payload ? `#v1=${compressToEncodedURIComponent(JSON.stringify(payload))}` : '#v1=%%%not-lz';
    const fresh = await openFresh(app.browser, `${server.url}?device=wasm${hash}`, app.errors);
    await expect.poll(() => fresh.getByText('The link in the address bar was not opened.').count()).toBe(1);
    expect(await fresh.getByText('The link in the address bar was not opened.').textContent()).toMatch(want);
    expect(await fresh.locator('img[onerror], script:not([src])').count()).toBe(0);
    expect(await text(fresh, 'answer-text')).toBe('Warsaw');
    await fresh.context().close();
    expect(app.errors).toEqual([]);
  });

  it('a view too long for a URL is offered as a file that opens the same view', async () => {
    // Letters drawn at random do not compress, so the link would be far over 8,000 characters.
    let x = 12345;
    const letter = () => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return 'abcdefghijklmnopqrstuvwxyz'[(x >> 8) % 26]!;
    };
    const filler = Array.from({ length: 2500 }, () => Array.from({ length: 5 }, letter).join('')).join(' ');
    const passage = `Ilse Brandt designed the Orlov bridge in 1931. ${filler}`;
    await app.page.getByTestId('passage-input').fill(passage);
    await app.page.getByTestId('question-input').fill('Who designed the Orlov bridge?');
    await expect.poll(() => text(app.page, 'answer-text'), { timeout: 60_000 }).toBe('Ilse Brandt');
    await app.page.getByTestId('share-link').click();
    await app.page.getByTestId('share-too-long').waitFor();
    expect(await text(app.page, 'share-too-long')).toContain('too long for a link');
    const file = await download(app.page, () => app.page.getByTestId('share-download').click());
    expect(file.name).toBe('qarx-view.json');
    const path = join(tmpdir(), `qarx-view-${process.pid}.json`);
    writeFileSync(path, file.bytes);
    const fresh = await openFresh(app.browser, `${server.url}?device=wasm`, app.errors);
    await fresh.getByTestId('share-open-file').setInputFiles(path);
    await expect.poll(() => fresh.getByTestId('passage-input').inputValue()).toBe(passage);
    await expect.poll(() => text(fresh, 'answer-text'), { timeout: 60_000 }).toBe('Ilse Brandt');
    expect(await text(fresh, 'share-opened')).toContain('qarx-view');
    await fresh.context().close();
    expect(app.errors).toEqual([]);
  });
});
