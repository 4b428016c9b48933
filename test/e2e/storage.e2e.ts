/**
 * Browser storage integrity as a user meets it, in real Chromium: an import bigger than the storage
 * quota (Storage.overrideQuotaForOrigin over CDP), a reload in the middle of saving, a database
 * written by the old version (schema v2, with rows no dataset lists), and two tabs that see each
 * other's imports and deletes. After each, IndexedDB is read directly: no row may exist without a
 * complete dataset record that counts it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openSection, ROOT, shot, useApp } from './harness.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'formats');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-storage-e2e-'));
const MB = 1024 * 1024;

const app = useApp();
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
});

/** A seeded generator of lowercase words, so files are the same every run and barely compressible. */
function words(seed: number): (n: number) => string {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const word = () => Array.from({ length: 3 + Math.floor(next() * 7) }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('');
  return (n) => Array.from({ length: n }, word).join(' ');
}

/** Writes an HF-flat JSON Lines file of `n` questions whose passages have `len` random words. */
function writeRows(name: string, n: number, len: number): string {
  const w = words(n + len);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const context = `Lovelace ${w(len)}.`;
    lines.push(JSON.stringify({ id: `${name}-${i}`, title: 't', context, question: `Who is named (${i})?`, answers: { text: ['Lovelace'], answer_start: [0] } }));
  }
  const path = join(tmp, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

interface Audit {
  records: { id: string; name: string; state: string | undefined; count: number; partial: boolean }[];
  rows: Record<string, number>;
}

/** Reads the app's IndexedDB directly: every dataset record, and the number of rows per dataset key. */
async function audit(page: Page): Promise<Audit> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('qarx');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const tx = db.transaction(['datasets', 'instances'], 'readonly');
    const records = await new Promise<{ id: string; name: string; state?: string; count: number; partial: boolean }[]>((res, rej) => {
      const r = tx.objectStore('datasets').getAll();
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const rows: Record<string, number> = {};
    await new Promise<void>((res, rej) => {
      const r = tx.objectStore('instances').index('dataset').openKeyCursor();
      r.onsuccess = () => {
        const c = r.result;
        if (!c) return res();
        const k = String(c.key);
        rows[k] = (rows[k] ?? 0) + 1;
        c.continue();
      };
      r.onerror = () => rej(r.error);
    });
    db.close();
    return { records: records.map((d) => ({ id: d.id, name: d.name, state: d.state, count: d.count, partial: d.partial })), rows };
  });
}

/** The invariant: every row belongs to a complete record whose count is exactly its rows. */
function expectConsistent(a: Audit): void {
  for (const [ds, n] of Object.entries(a.rows)) expect(a.records.find((r) => r.id === ds), `rows of ${ds} have no record`).toMatchObject({ state: 'complete', count: n });
  for (const r of a.records) expect(a.rows[r.id] ?? 0, `record ${r.name}`).toBe(r.count);
}

const text = async (page: Page, id: string) => (await page.getByTestId(id).allTextContents()).join(' | ');

/** Opens the app in a fresh browser context (its own, empty storage). */
async function freshApp(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => app.errors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  await page.goto(`${app.url}?device=wasm`);
  await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
  await openSection(page, 'data');
  return { context, page };
}

/**
 * Opens the Storage panel and waits until it is open. A notice arriving just after an import moves
 * the panel down, so a click aimed a frame earlier can miss its summary: click again until open.
 */
async function openStorage(page: Page): Promise<void> {
  await openSection(page, 'data');
  const panel = page.getByTestId('storage-panel');
  await expect
    .poll(
      async () => {
        if (!(await panel.evaluate((e) => (e as HTMLDetailsElement).open))) await panel.locator('summary').click();
        return panel.evaluate((e) => (e as HTMLDetailsElement).open);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Imports the small SQuAD fixture and returns how many questions it had. */
async function importSmall(page: Page): Promise<number> {
  await openSection(page, 'data');
  await page.getByTestId('dataset-file-input').setInputFiles(join(FIXTURES, 'squad-v2.json'));
  await expect.poll(() => text(page, 'import-message'), { timeout: 60_000 }).toMatch(/Imported \d+ questions/);
  return Number(/Imported (\d+)/.exec(await text(page, 'import-message'))?.[1]);
}

describe('storage quota', () => {
  it('an import bigger than the quota is removed whole with a clear message; what was there stays, and the next import succeeds', async () => {
    const { context, page } = await freshApp();
    // The quota is set before the first write: Chromium's IndexedDB caches the space left for a while.
    const origin = new URL(app.url).origin;
    const cdp = await context.newCDPSession(page);
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage + 4 * MB });
    const first = await importSmall(page);
    const big = writeRows('too-big.jsonl', 12_000, 120); // about 10 MB of JSON
    await page.getByTestId('dataset-file-input').setInputFiles(big);
    await expect.poll(() => text(page, 'import-message'), { timeout: 120_000 }).toMatch(/storage is full/);
    const message = await text(page, 'import-message');
    expect(message).toMatch(/^The browser's storage is full: only [\d,]+ of the 12,000 questions of "too-big\.jsonl" fitted, so none were kept \(a partial copy would leave no room for anything else\)\. Free space under Storage/);
    const fitted = Number(/only ([\d,]+) of/.exec(message)?.[1]?.replace(/,/g, ''));
    expect(fitted).toBeLessThan(12_000);
    await shot(page, 'storage-quota-full');
    const list = await text(page, 'dataset-list');
    expect(list).toContain('squad-v2.json');
    expect(list).not.toContain('too-big.jsonl');
    let a = await audit(page);
    expectConsistent(a);
    expect(a.records.map((r) => [r.name, r.count])).toEqual([['squad-v2.json', first]]);

    // Under the same quota the space is free again: a fresh import succeeds and leaves nothing unlisted.
    await page.getByTestId('dataset-file-input').setInputFiles(join(FIXTURES, 'squad-flat.jsonl'));
    await expect.poll(() => text(page, 'import-message'), { timeout: 60_000 }).toMatch(/^Imported \d+ questions/);
    a = await audit(page);
    expectConsistent(a);
    expect(a.records.map((r) => r.name).sort()).toEqual(['squad-flat.jsonl', 'squad-v2.json']);

    // The Storage panel shows each dataset with its size and frees one.
    await openStorage(page);
    const row = page.getByTestId('storage-row').filter({ hasText: 'squad-v2.json' });
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 30_000 }).toMatch(new RegExp(`^squad-v2\\.json${first} questions · about [\\d.]+ kB`));
    expect(await page.getByTestId('storage-row').count()).toBe(2);
    expect(await text(page, 'storage-total')).toMatch(/^This site uses [\d.]+ (kB|MB) of the [\d.]+ (MB|GB) this browser allows it\.$/);
    await shot(page, 'storage-panel');
    await openStorage(page); // reopened if anything closed it meanwhile (seen once in CI, not reproduced)
    await row.getByRole('button', { name: 'Free squad-v2.json' }).click();
    await expect.poll(() => text(page, 'dataset-list'), { timeout: 60_000 }).not.toContain('squad-v2.json');
    await expect.poll(() => page.getByTestId('storage-row').count()).toBe(1);
    a = await audit(page);
    expectConsistent(a);
    expect(a.records.map((r) => r.name)).toEqual(['squad-flat.jsonl']);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await context.close();
  });
});

describe('reload while saving', () => {
  it('keeps what was saved as a listed partial dataset, says so, and removes it on request', async () => {
    const { context, page } = await freshApp();
    const file = writeRows('reload-me.jsonl', 150_000, 6);
    await page.getByTestId('dataset-file-input').setInputFiles(file);
    // Reload as soon as a few chunks are saved (each chunk of 2,000 commits with its count).
    await expect.poll(() => text(page, 'import-progress'), { timeout: 120_000, interval: 20 }).toMatch(/Saving reload-me\.jsonl — ([4-9],|\d\d,)\d{3} of 150,000/);
    await page.reload(); // back on the Data page (the route is in the address)
    await page.getByTestId('dataset-list').waitFor({ timeout: 120_000 });
    await expect.poll(() => text(page, 'data-notice'), { timeout: 60_000 }).toMatch(/The import of "reload-me\.jsonl" was interrupted while saving; its [\d,]+ of 150,000 questions are kept as a partial dataset\./);
    const kept = Number(/its ([\d,]+) of/.exec(await text(page, 'data-notice'))?.[1]?.replace(/,/g, ''));
    expect(kept).toBeGreaterThanOrEqual(4000);
    expect(kept).toBeLessThan(150_000);
    await expect.poll(() => text(page, 'dataset-list')).toMatch(/reload-me\.jsonl[\d,]+ questions · squad-flat · partialImport interrupted while saving/);
    await shot(page, 'storage-reload-recovered');
    let a = await audit(page);
    expectConsistent(a);
    expect(a.records.map((r) => [r.name, r.count, r.partial])).toEqual([['reload-me.jsonl', kept, true]]);

    await page.getByRole('button', { name: 'Delete reload-me.jsonl' }).click();
    await expect.poll(() => text(page, 'dataset-list'), { timeout: 60_000 }).not.toContain('reload-me.jsonl');
    const n = await importSmall(page);
    a = await audit(page);
    expectConsistent(a);
    expect(a.records.map((r) => [r.name, r.count])).toEqual([['squad-v2.json', n]]);
    await context.close();
  });
});

describe('a database written by the old version (schema v2)', () => {
  it('lists its datasets, removes the rows no dataset lists and says so', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => app.errors.push(e.message));
    // Same origin, before the app runs: write what v2 wrote, including a quota failure's orphans.
    await page.goto(`${app.url}models/qarx-lexical-qa/config.json`);
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('qarx', 20); // Dexie's version 2
        r.onupgradeneeded = () => {
          const d = r.result;
          d.createObjectStore('datasets', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
          d.createObjectStore('instances', { keyPath: ['dataset', 'id'] }).createIndex('dataset', 'dataset');
          d.createObjectStore('intents', { keyPath: ['dataset', 'id'] });
        };
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const tx = db.transaction(['datasets', 'instances'], 'readwrite');
      tx.objectStore('datasets').put({ id: 'ds-old-1', name: 'old-squad.json', format: 'squad', count: 2, createdAt: 1, builtIn: false, issueSummary: '', issues: [], partial: false });
      const q = (dataset: string, id: string, question: string) => ({ id, dataset, title: 't', question, context: 'Ada Lovelace was born in London.', answers: [{ text: 'London', start: 25 }], isImpossible: false, lang: 'en', tags: [], answerType: 'GPE' });
      tx.objectStore('instances').put(q('ds-old-1', 'a', 'Where was Ada Lovelace born?'));
      tx.objectStore('instances').put(q('ds-old-1', 'b', 'Which city saw the birth of Ada?'));
      for (let i = 0; i < 5; i++) tx.objectStore('instances').put(q('ds-lost-2', `x${i}`, `Orphan ${i}?`));
      await new Promise((res) => (tx.oncomplete = res));
      db.close();
    });
    await page.goto(`${app.url}?device=wasm`);
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await openSection(page, 'data');
    await expect.poll(() => text(page, 'data-notice'), { timeout: 30_000 }).toBe('Storage check: Removed 5 saved questions that no dataset listed (left by an interrupted import), freeing their space. Dismiss');
    expect(await text(page, 'dataset-list')).toContain('old-squad.json2 questions · squad');
    await page.getByLabel('Search questions, passages and answers').fill('birth of Ada');
    await expect.poll(() => text(page, 'result-count')).toBe('1 question');
    const a = await audit(page);
    expectConsistent(a);
    expect(a.records).toEqual([{ id: 'ds-old-1', name: 'old-squad.json', state: 'complete', count: 2, partial: false }]);
    await context.close();
  });
});

describe('two tabs', () => {
  it("one tab's import and delete show in the other, which says the open question's dataset was deleted", async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const open = async () => {
      const p = await context.newPage();
      p.on('pageerror', (e) => app.errors.push(e.message));
      p.on('dialog', (d) => void d.accept());
      await p.goto(`${app.url}?device=wasm`);
      await p.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
      return p;
    };
    const tabA = await open();
    const tabB = await open();
    const n = await importSmall(tabA);
    await openSection(tabB, 'data');
    await expect.poll(() => text(tabB, 'dataset-list'), { timeout: 30_000 }).toContain('squad-v2.json');
    await tabB.getByRole('button', { name: 'squad-v2.json', exact: true }).click();
    await expect.poll(() => text(tabB, 'result-count')).toBe(`${n} questions`);
    await tabB.getByTestId('instance-row').first().click();
    await expect.poll(() => text(tabB, 'instance-head')).toContain('squad-v2.json');

    await openSection(tabB, 'data'); // the row opened the question in Live
    await tabA.getByRole('button', { name: 'Delete squad-v2.json' }).click();
    await expect.poll(() => text(tabB, 'dataset-list'), { timeout: 30_000 }).not.toContain('squad-v2.json');
    await expect.poll(() => text(tabB, 'data-notice')).toContain('"squad-v2.json" was deleted in another tab.');
    expect(await text(tabB, 'data-notice')).toContain('The open question belongs to "squad-v2.json", which was deleted: it stays open here but is no longer stored.');
    expect(await tabB.getByLabel('Dataset', { exact: true }).inputValue()).toBe('all');
    await shot(tabB, 'storage-two-tabs-deleted');

    // Acting on a dataset another tab deleted meanwhile: B confirms a delete that A has just done.
    await openSection(tabA, 'data');
    await tabA.getByTestId('dataset-file-input').setInputFiles(join(FIXTURES, 'squad-flat.jsonl'));
    await expect.poll(() => text(tabB, 'dataset-list'), { timeout: 60_000 }).toContain('squad-flat.jsonl');
    tabB.removeAllListeners('dialog');
    tabB.once('dialog', (d) => {
      void (async () => {
        await tabA.getByRole('button', { name: 'Delete squad-flat.jsonl' }).click();
        await expect.poll(() => text(tabA, 'dataset-list'), { timeout: 30_000 }).not.toContain('squad-flat.jsonl');
        await d.accept();
      })();
    });
    await tabB.getByRole('button', { name: 'Delete squad-flat.jsonl' }).click();
    await expect.poll(() => text(tabB, 'data-notice'), { timeout: 30_000 }).toContain('Nothing to delete: The dataset "squad-flat.jsonl" was deleted in another tab; its questions are no longer stored.');
    expect(await text(tabB, 'dataset-list')).not.toContain('squad-flat.jsonl');
    expect(app.errors).toEqual([]);
    await context.close();
  });
});
