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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { download, launch, openApp, shot, startPreview } from './harness.ts';

let server: PreviewServer;
let url: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  ({ server, url } = await startPreview());
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await server.close();
});

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
])('a permalink opened in a fresh browser context ($device)', ({ device, webgpu }) => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  beforeAll(async () => {
    browser = await launch(webgpu);
    browsers.push(browser);
    page = await openApp(browser, url, `device=${device}`, errors);
  });

  it('reproduces the question, the renaming, its seed and the prediction', async () => {
    await page.getByLabel('Search questions, passages and answers').fill('culture plate');
    await page.getByTestId('instance-row').first().click();
    await expect.poll(() => text(page, 'instance-head')).toContain('demo-per-01');
    await page.getByTestId('rename-toggle').click();
    await page.getByTestId('rename-source').selectOption('randstr');
    await page.getByTestId('rename-seed').fill('7');
    await expect.poll(() => text(page, 'rename-perturbed-text'), { timeout: 60_000 }).not.toBe('…');
    await expect.poll(() => page.getByTestId('rename-diff').locator('ins').count()).toBeGreaterThan(0);
    const before = { answer: await text(page, 'answer-text'), prob: await text(page, 'answer-probability'), renamed: await text(page, 'rename-perturbed-text'), diff: await text(page, 'rename-diff') };
    const link = await share(page);
    expect(link).toMatch(new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?device=${device}#v1=`));
    expect(await page.evaluate(() => window.location.hash)).toBe(new URL(link).hash);

    const fresh = await openFresh(browser, link, errors);
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
    expect(errors).toEqual([]);
  });
});

describe('free text, hostile links and long views (WASM)', () => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  beforeAll(async () => {
    browser = await launch(false);
    browsers.push(browser);
    page = await openApp(browser, url, 'device=wasm', errors);
  });

  it('carries typed text (markup stays text) and gives the same answer', async () => {
    const passage = 'The <b>Orlov</b> bridge was designed by Ilse Brandt in 1931 and opened in Tallinn.';
    await page.getByTestId('question-input').fill('Who designed the Orlov bridge?');
    await page.getByTestId('passage-input').fill(passage);
    await expect.poll(() => text(page, 'answer-text'), { timeout: 60_000 }).toBe('Ilse Brandt');
    const fresh = await openFresh(browser, await share(page), errors);
    await expect.poll(() => fresh.getByTestId('passage-input').inputValue()).toBe(passage);
    expect(await fresh.getByTestId('question-input').inputValue()).toBe('Who designed the Orlov bridge?');
    await expect.poll(() => text(fresh, 'answer-text'), { timeout: 60_000 }).toBe('Ilse Brandt');
    expect(await fresh.locator('b').filter({ hasText: 'Orlov' }).count()).toBe(0);
    await fresh.context().close();
  });

  it('carries a trap sentence (position and seed) and gives the same trapped answer', async () => {
    await page.getByLabel('Search questions, passages and answers').fill('Varnholt');
    await page.getByTestId('instance-row').filter({ hasText: 'first director of the Varnholt' }).click();
    await expect.poll(() => text(page, 'instance-head')).toContain('demo-per-03');
    await page.getByTestId('trap-toggle').click();
    // The seed first, then the position: once the passage shows 'before', the seed is in too.
    await page.getByTestId('trap-seed').fill('4');
    await page.getByTestId('trap-position').selectOption('before');
    // 'before' puts the trap ahead of the answer sentence, right after the first sentence.
    await expect.poll(() => text(page, 'trap-passage'), { timeout: 60_000 }).toMatch(/^The Varnholt Observatory sits on a ridge above the town of Kessel Ford\. .+ Margarethe Olsen, the first director/);
    await expect.poll(() => page.locator('.busy').count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => text(page, 'trap-trapped-text'), { timeout: 60_000 }).not.toBe('…');
    const before = { passage: await text(page, 'trap-passage'), trapped: await text(page, 'trap-trapped-text') };
    const fresh = await openFresh(browser, await share(page), errors);
    await expect.poll(() => text(fresh, 'trap-passage'), { timeout: 60_000 }).toBe(before.passage);
    await expect.poll(() => text(fresh, 'trap-trapped-text'), { timeout: 60_000 }).toBe(before.trapped);
    expect(await fresh.getByTestId('trap-position').inputValue()).toBe('before');
    expect(await fresh.getByTestId('trap-seed').inputValue()).toBe('4');
    await fresh.context().close();
    await page.getByTestId('trap-toggle').click();
    expect(errors).toEqual([]);
  });

  it.each([
    { name: 'markup as the model id', payload: { v: 1, models: [{ kind: 'hub', id: '<img src=x onerror=alert(1)>' }], q: { kind: 'text', passage: 'p', question: 'q' }, p: { kind: 'none' }, allowNull: true }, want: /invalid field "models\.0\.id"/ },
    { name: 'an unknown perturbation', payload: { v: 1, models: [{ kind: 'local', id: 'qarx-lexical-qa' }], q: { kind: 'text', passage: '<script>alert(1)</script>', question: 'q' }, p: { kind: 'eval', code: 'alert(1)' }, allowNull: true }, want: /invalid field "p\.kind"/ },
    { name: 'a damaged payload', payload: null, want: /damaged/ },
  ])('refuses $name with a notice, and the shipped model still answers', async ({ payload, want }) => {
    const hash = payload ? `#v1=${compressToEncodedURIComponent(JSON.stringify(payload))}` : '#v1=%%%not-lz';
    const fresh = await openFresh(browser, `${url}?device=wasm${hash}`, errors);
    await expect.poll(() => fresh.getByText('The link in the address bar was not opened.').count()).toBe(1);
    expect(await fresh.getByText('The link in the address bar was not opened.').textContent()).toMatch(want);
    expect(await fresh.locator('img[onerror], script:not([src])').count()).toBe(0);
    expect(await text(fresh, 'answer-text')).toBe('Warsaw');
    await fresh.context().close();
    expect(errors).toEqual([]);
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
    await page.getByTestId('passage-input').fill(passage);
    await page.getByTestId('question-input').fill('Who designed the Orlov bridge?');
    await expect.poll(() => text(page, 'answer-text'), { timeout: 60_000 }).toBe('Ilse Brandt');
    await page.getByTestId('share-link').click();
    await page.getByTestId('share-too-long').waitFor();
    expect(await text(page, 'share-too-long')).toContain('too long for a link');
    const file = await download(page, () => page.getByTestId('share-download').click());
    expect(file.name).toBe('qarx-view.json');
    const path = join(tmpdir(), `qarx-view-${process.pid}.json`);
    writeFileSync(path, file.bytes);
    const fresh = await openFresh(browser, `${url}?device=wasm`, errors);
    await fresh.getByTestId('share-open-file').setInputFiles(path);
    await expect.poll(() => fresh.getByTestId('passage-input').inputValue()).toBe(passage);
    await expect.poll(() => text(fresh, 'answer-text'), { timeout: 60_000 }).toBe('Ilse Brandt');
    expect(await text(fresh, 'share-opened')).toContain('qarx-view');
    await fresh.context().close();
    expect(errors).toEqual([]);
  });
});
