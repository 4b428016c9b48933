/**
 * Datasets as a user meets them: the built-in demo set, importing files (and a Hub dataset from a
 * local mock of the Hub), search, filters, keyboard navigation, opening an instance scored against
 * its gold answers, persistence across reloads, deletion, bad files and a 100,000-question import.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSection, ROOT, SHOTS, shot, useApp } from './harness.ts';
import { startMockHfDatasets, type MockHfDatasets } from '../support/hf-datasets-server.ts';
import { makeRows, squadParquet } from '../support/hf-parquet-fixture.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';

interface DemoInstance {
  id: string;
  question: string;
  context: string;
  answers: { text: string }[];
  answerType?: string;
}
const demo = (JSON.parse(readFileSync(join(ROOT, 'src', 'core', 'data', 'demo-set.json'), 'utf8')) as { instances: DemoInstance[] }).instances;
const FIXTURES = join(ROOT, 'test', 'fixtures', 'formats');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-data-e2e-'));

let hub: MockHfDatasets;
let files: MockHub;

beforeAll(async () => {
  hub = await startMockHfDatasets({ 'qarx-test/squad_v2': { configs: { plain_text: { validation: [squadParquet(makeRows(300, 3, 'hv'))] } } } });
  files = await startMockHub({ 'qarx-test/files': { 'dev.jsonl.gz': readFileSync(join(FIXTURES, 'mrqa.jsonl.gz')) } });
});
afterAll(async () => {
  await hub.close();
  await files.close();
  rmSync(tmp, { recursive: true, force: true });
});

const app = useApp({ query: () => `device=wasm&hub=${encodeURIComponent(hub.url)}`, height: 960 });
beforeAll(() => {
  app.page.on('dialog', (d) => void d.accept());
});

const count = async () => (await app.page.getByTestId('result-count').textContent()) ?? '';
const rows = () => app.page.getByTestId('instance-row');

describe('built-in demo set', () => {
  it('lists every demo question and filters by answer type', async () => {
    await expect.poll(count, { timeout: 30_000 }).toBe(`${demo.length} questions`);
    await app.page.getByLabel('Answer entity type').selectOption('PER');
    const per = demo.filter((d) => d.answerType === 'PER').length;
    await expect.poll(count).toBe(`${per} questions`);
    await app.page.getByLabel('Answer entity type').selectOption('all');
  });

  it('finds an instance by search, opens it with gold answers marked and the prediction scored', async () => {
    const target = demo.find((d) => d.id === 'demo-per-01') as DemoInstance;
    await app.page.getByLabel('Search questions, passages and answers').fill(target.answers[0]!.text);
    await expect.poll(async () => rows().count()).toBeGreaterThan(0);
    await rows().filter({ hasText: target.question }).first().click();
    await expect.poll(async () => (await app.page.getByTestId('instance-head').textContent()) ?? '').toContain('demo-per-01');
    expect(await app.page.getByTestId('question-input').inputValue()).toBe(target.question);
    expect(await app.page.getByTestId('gold-answers').textContent()).toContain(target.answers[0]!.text);
    await expect.poll(async () => (await app.page.getByTestId('score').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^EM (0|100) · F1 [\d.]+ — (correct|partly right|wrong)$/);
    // Gold answers are underlined (also where the predicted answer covers them).
    expect(await app.page.locator('.hl-gold').count()).toBeGreaterThan(0);
    await shot(app.page, 'data-demo-instance');
    // An edit that removes every gold answer leaves nothing to score against: the line says so (core liveQuestion).
    const golds = target.answers.map((a) => a.text);
    await app.page.getByTestId('passage-input').fill(golds.reduce((t, g) => t.split(g).join('Someone'), target.context));
    await expect.poll(async () => (await app.page.getByTestId('score').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^Not scored: the edited passage no longer holds the text of any gold answer\./);
    await app.page.getByTestId('passage-input').fill(target.context);
    await expect.poll(async () => (await app.page.getByTestId('score').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^EM (0|100) · F1/);
  });

  it('moves through the list with the keyboard', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('');
    await expect.poll(count).toBe(`${demo.length} questions`);
    const asked = ((await rows().first().locator('.row-q').textContent()) ?? '').trim();
    await rows().first().click();
    // The clicked question is open (its instance comes from the data worker) before ArrowDown is judged.
    await expect.poll(() => app.page.getByTestId('question-input').inputValue(), { timeout: 30_000 }).toBe(asked);
    const first = (await app.page.getByTestId('instance-head').textContent()) ?? '';
    await app.page.getByRole('listbox', { name: 'Questions' }).press('ArrowDown');
    await expect.poll(async () => (await app.page.getByTestId('instance-head').textContent()) ?? '').not.toBe(first);
    expect(await app.page.getByRole('listbox', { name: 'Questions' }).getByRole('option', { selected: true }).count()).toBe(1);
  });
});

describe('importing', () => {
  it('imports a SQuAD file, finds and scores one of its questions, and keeps it after a reload', async () => {
    await openSection(app.page, 'data');
    await app.page.getByTestId('dataset-file-input').setInputFiles(join(FIXTURES, 'squad-v2.json'));
    const msg = app.page.getByTestId('import-message');
    await expect.poll(async () => (await msg.textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported \d+ questions/);
    expect(await app.page.getByTestId('dataset-list').textContent()).toContain('squad-v2.json');
    const n = Number(/Imported (\d+)/.exec((await msg.textContent()) ?? '')?.[1]);
    await expect.poll(count).toBe(`${n} questions`);
    // A question clicked in the Data view's list opens in Live.
    await rows().first().click();
    await expect.poll(async () => (await app.page.getByTestId('score').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^EM/);
    await shot(app.page, 'data-imported');

    await openSection(app.page, 'data');
    await app.page.reload();
    await expect.poll(async () => (await app.page.getByTestId('dataset-list').textContent()) ?? '', { timeout: 30_000 }).toContain('squad-v2.json');
  });

  it('reports a malformed file by name and line, keeping what was there', async () => {
    const bad = join(tmp, 'broken.json');
    writeFileSync(bad, '{"version": "v2.0", "data": [\n  {"title": "x", "paragraphs": [}\n]}');
    await app.page.getByTestId('dataset-file-input').setInputFiles(bad);
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 30_000 }).toMatch(/broken\.json.*line 2/);
    expect(await app.page.getByTestId('dataset-list').textContent()).toContain('squad-v2.json');
  });

  it('imports rows of a Hub dataset through its parquet export', async () => {
    await app.page.getByText('Hugging Face Hub dataset').click();
    await app.page.getByLabel('Hub dataset name').fill('qarx-test/squad_v2');
    await app.page.getByLabel('Config').fill('plain_text');
    await app.page.getByLabel('Split').fill('validation');
    await app.page.getByLabel('Rows').fill('120');
    await app.page.getByRole('button', { name: 'Import from the Hub' }).click();
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported 120 questions/);
    await expect.poll(count).toBe('120 questions');
  });

  it('imports a file dropped on the panel', async () => {
    const text = readFileSync(join(FIXTURES, 'squad-flat.jsonl'), 'utf8');
    const dt = await app.page.evaluateHandle((body) => {
      const d = new DataTransfer();
      d.items.add(new File([body], 'dropped-flat.jsonl', { type: 'application/json' }));
      return d;
    }, text);
    await app.page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer: dt });
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported \d+ questions/);
    expect(await app.page.getByTestId('dataset-list').textContent()).toContain('dropped-flat.jsonl');
  });

  it('imports a gzipped MRQA file from a URL', async () => {
    await app.page.getByLabel('Dataset URL').fill(`${files.url}qarx-test/files/resolve/main/dev.jsonl.gz`);
    await app.page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported \d+ questions/);
    expect(await app.page.getByTestId('dataset-list').textContent()).toContain('dev.jsonl.gz');
  });

  it('a refused pairs import clears the last import\'s success message', async () => {
    await expect.poll(async () => (await app.page.getByTestId('import-message').getAttribute('class')) ?? '').toMatch(/\bsuccess\b/);
    const pairs = app.page.getByLabel('two aligned SQuAD files (revision or question-paraphrase pairs)');
    await pairs.check();
    await app.page.getByTestId('dataset-file-input').setInputFiles(join(FIXTURES, 'squad-v2.json'));
    expect(await app.page.getByTestId('data-form-error').textContent()).toMatch(/exactly two aligned SQuAD files.*; 1 file given\./);
    expect(await app.page.getByTestId('import-message').count()).toBe(0);
    // The panel alone: a full-page shot resizes the viewport, which remounts the panel (and forgets the form's state).
    await app.page.getByTestId('data-panel').screenshot({ path: join(SHOTS, 'data-pairs-one-file.png') });
    await pairs.uncheck();
  });

  it('cancelling an import keeps the questions read so far', async () => {
    const big = join(tmp, 'cancel-me.jsonl');
    const line = (i: number) => JSON.stringify({ id: `c-${i}`, title: 't', context: `Ada Lovelace was born in London in 1815. Note ${i}.`, question: `Where was Ada born (${i})?`, answers: { text: ['London'], answer_start: [25] } });
    writeFileSync(big, `${Array.from({ length: 200_000 }, (_, i) => line(i)).join('\n')}\n`);
    await app.page.getByTestId('dataset-file-input').setInputFiles(big);
    const progress = app.page.getByTestId('import-progress');
    await expect.poll(async () => (await progress.textContent()) ?? '', { timeout: 60_000 }).toMatch(/Reading cancel-me\.jsonl — [\d,]+ of/);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Import cancelled/);
    const text = (await app.page.getByTestId('import-message').textContent()) ?? '';
    const kept = Number(/the ([\d,]+) questions read so far/.exec(text)?.[1]?.replace(/,/g, '') ?? '0');
    if (kept > 0) {
      expect(kept).toBeLessThan(200_000);
      await expect.poll(async () => (await app.page.getByTestId('dataset-list').textContent()) ?? '').toContain('cancel-me.jsonl');
      await app.page.getByRole('button', { name: 'Delete cancel-me.jsonl' }).click();
    } else {
      expect(text).toMatch(/before any question was read/);
    }
  });

  it('a second import while one runs asks first: keep the running one, or cancel it for the new one', async () => {
    const first = join(tmp, 'first-big.jsonl');
    const line = (i: number) => JSON.stringify({ id: `f-${i}`, title: 't', context: `Ada Lovelace was born in London in 1815. Note ${i}.`, question: `Where was Ada born (${i})?`, answers: { text: ['London'], answer_start: [25] } });
    writeFileSync(first, `${Array.from({ length: 200_000 }, (_, i) => line(i)).join('\n')}\n`);
    const second = join(tmp, 'second.jsonl');
    writeFileSync(second, readFileSync(join(FIXTURES, 'squad-flat.jsonl')));
    const third = join(tmp, 'third.jsonl');
    writeFileSync(third, readFileSync(join(FIXTURES, 'squad-flat.jsonl')));
    const progress = app.page.getByTestId('import-progress');
    const prompt = app.page.getByTestId('replace-import');
    await app.page.getByTestId('dataset-file-input').setInputFiles(first);
    await expect.poll(async () => (await progress.textContent()) ?? '', { timeout: 60_000 }).toContain('first-big.jsonl');

    await app.page.getByTestId('dataset-file-input').setInputFiles(second);
    await prompt.waitFor({ timeout: 30_000 });
    expect(await prompt.textContent()).toContain('“first-big.jsonl” is still importing. Cancel it and import “second.jsonl” instead?');
    expect(await app.page.evaluate(() => document.activeElement?.textContent)).toBe('Keep importing');
    await shot(app.page, 'data-second-import-prompt');
    await app.page.keyboard.press('Enter'); // the focused answer: keep importing
    await prompt.waitFor({ state: 'detached' });
    expect(await progress.textContent()).toContain('first-big.jsonl');

    await app.page.getByTestId('dataset-file-input').setInputFiles(third);
    await prompt.waitFor({ timeout: 30_000 });
    await prompt.getByRole('button', { name: 'Cancel it and import the new one' }).click();
    // The cancelled import first saves what it read (200,000 rows): on a busy machine that takes a while.
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 180_000 }).toMatch(/^Imported \d+ questions/);
    const list = (await app.page.getByTestId('dataset-list').textContent()) ?? '';
    expect(list).toContain('third.jsonl');
    expect(list).not.toContain('second.jsonl');
    // The cancelled first import keeps what it had read, as a partial dataset (as Cancel does); its
    // rows are saved after the cancel, so it is listed once that save has finished.
    const listed = () => app.page.getByRole('button', { name: 'Delete first-big.jsonl', exact: true }).count();
    await expect.poll(listed, { timeout: 120_000 }).toBe(1);
    expect((await app.page.getByTestId('dataset-list').textContent()) ?? '').toMatch(/first-big\.jsonl[\d,]+ questions · squad-flat · partial/);
    await app.page.getByRole('button', { name: 'Delete first-big.jsonl', exact: true }).click();
    await expect.poll(listed, { timeout: 60_000 }).toBe(0);
  }, 480_000);

  it('imports 100,000 questions while the live view keeps answering, then deletes them', async () => {
    const big = join(tmp, 'big.jsonl');
    const passage = 'Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891.';
    const lines: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      lines.push(JSON.stringify({ id: `big-${i}`, title: 'Curie', context: `${passage} Record ${i}.`, question: `Where was Marie Curie born (case ${i})?`, answers: { text: ['Warsaw'], answer_start: [24] } }));
    }
    writeFileSync(big, `${lines.join('\n')}\n`);
    await app.page.getByTestId('dataset-file-input').setInputFiles(big);
    await app.page.getByTestId('import-progress').waitFor({ timeout: 30_000 });
    await openSection(app.page, 'live');
    // The UI thread is free: the live view answers a new question during the import.
    // The passage is typed too: after the reload above, the live view reopened the question it had open.
    await app.page.getByTestId('passage-input').fill(passage);
    await app.page.getByTestId('question-input').fill('When did she move to Paris?');
    await expect.poll(async () => (await app.page.getByTestId('answer-text').textContent()) ?? '', { timeout: 60_000 }).toBe('1891');
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 240_000 }).toMatch(/Imported 100,?000 questions/);
    await expect.poll(count, { timeout: 30_000 }).toBe('showing 20,000 of 100,000 — refine the search');
    await app.page.getByLabel('Search questions, passages and answers').fill('case 99999');
    await expect.poll(count).toBe('1 question');
    await shot(app.page, 'data-100k');
    await openSection(app.page, 'data');
    const listed = () => app.page.getByRole('button', { name: 'Delete big.jsonl', exact: true }).count();
    await app.page.getByRole('button', { name: 'Delete big.jsonl', exact: true }).click();
    await expect.poll(listed, { timeout: 120_000 }).toBe(0);
  }, 480_000);
});
