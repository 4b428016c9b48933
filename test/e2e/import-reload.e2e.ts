/**
 * A reload in the middle of an import (issue 40.5): a 30,000-row JSONL file is reloaded away while it
 * is being read; the next load of the tab says in the Datasets panel which file and how far it got,
 * and the message can be dismissed. Real Chromium; the file is written by the test.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSection, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });
const dir = mkdtempSync(join(tmpdir(), 'qarx-reload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A flat (Hugging Face style) JSONL file of `n` answerable questions. */
function bigJsonl(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const context = `Row ${i} tells that Ada Lovelace wrote the first program in 1843 in London, number ${i}.`;
    lines.push(JSON.stringify({ id: `q${i}`, title: `T${i % 50}`, context, question: `When did Ada write program ${i}?`, answers: { text: ['1843'], answer_start: [context.indexOf('1843')] } }));
  }
  return lines.join('\n');
}

describe('a reload mid-import', () => {
  it('is said on the next load: the file, how far it got, import it again; dismissable', async () => {
    const file = join(dir, 'big.jsonl');
    writeFileSync(file, bigJsonl(30_000));
    const page = app.page;
    await openSection(page, 'data');
    await page.getByTestId('dataset-file-input').setInputFiles(file);
    // Some rows in: the progress line counts them.
    await expect.poll(async () => ((await page.getByTestId('import-progress').count()) ? ((await page.getByTestId('import-progress').textContent()) ?? '') : ''), { timeout: 60_000 }).toMatch(/ [1-9][\d,]* of [\d,]+/);
    await page.reload();
    await openSection(page, 'data');
    const msg = page.getByTestId('import-message').first();
    await expect.poll(async () => ((await msg.count()) ? ((await msg.textContent()) ?? '') : ''), { timeout: 30_000 }).toMatch(/The import of "big\.jsonl" was interrupted by a reload at [\d,]+ of [\d,]+( questions)? \([a-z ]+\); import it again\./);
    await shot(page, 'import-interrupted-by-reload');
    await msg.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByTestId('import-message').count(), { timeout: 10_000 }).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
