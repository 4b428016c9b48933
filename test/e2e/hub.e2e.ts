/**
 * Loading a model by Hub id in the browser, against a local server with the Hub's URL layout:
 * progress bar, cancel, cache, and clear errors.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSection, ROOT, shot, useApp } from './harness.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';

let hub: MockHub;

beforeAll(async () => {
  hub = await startMockHub({ 'qarx-test/lexical-qa': join(ROOT, 'public', 'models', 'qarx-lexical-qa') }, { chunkDelayMs: 400 });
});
afterAll(async () => {
  await hub.close();
});

const app = useApp({ query: () => `device=wasm&hub=${encodeURIComponent(hub.url)}`, width: 1280, height: 900 });

async function loadHubId(p: Page, id: string): Promise<void> {
  await openSection(p, 'models');
  await p.getByLabel('Hub model id').fill(id);
  await p.getByRole('button', { name: 'Load', exact: true }).click();
}

describe('Hub models in the browser', () => {
  it('says prominently that models come from another host than the Hub', async () => {
    const host = hub.url.replace(/\/$/, '');
    expect(await app.page.getByTestId('hub-host-notice').textContent()).toBe(`Models are downloaded from ${host}, not from the Hugging Face Hub. Use huggingface.coDismiss`);
    // The shipped model comes with the app, not from the host.
    await openSection(app.page, 'models');
    expect(await app.page.getByTestId('model-host').count()).toBe(0);
  });

  it('cancelling a download keeps the current model', async () => {
    await loadHubId(app.page, 'qarx-test/lexical-qa');
    await app.page.getByTestId('load-progress').waitFor();
    await app.page.getByTestId('load-progress').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => app.page.getByTestId('load-progress').count()).toBe(0);
    await openSection(app.page, 'live');
    expect(await app.page.getByTestId('answer-highlight').textContent()).toBe('Warsaw');
  });

  it('shows download progress, then answers with the downloaded model', async () => {
    await loadHubId(app.page, 'qarx-test/lexical-qa');
    const bar = app.page.getByTestId('load-progress');
    await bar.waitFor();
    await expect.poll(async () => (await bar.textContent()) ?? '', { timeout: 30_000 }).toMatch(/of [\d.]+ (kB|MB)/);
    await shot(app.page, 'hub-downloading');
    await expect.poll(() => app.page.getByTestId('load-progress').count(), { timeout: 60_000 }).toBe(0);
    expect(await app.page.getByTestId('model-error').count()).toBe(0);
    expect(await app.page.getByTestId('active-model').textContent()).toMatch(/qarx-test\/lexical-qa/);
    expect(await app.page.getByTestId('model-host').textContent()).toBe(`from ${hub.url.replace(/\/$/, '')}`);
    const got = hub.requests.filter((r) => r.path.endsWith('/onnx/model.onnx') && r.range === null).length;
    expect(got).toBeGreaterThanOrEqual(1);
    await openSection(app.page, 'live');
    await app.page.getByTestId('question-input').fill('When did Marie Curie move to Paris?');
    await expect.poll(async () => (await app.page.getByTestId('answer-highlight').textContent()) ?? '', { timeout: 30_000 }).toBe('1891');
  });

  it('loads from the browser cache the second time', async () => {
    const before = hub.requests.filter((r) => r.path.endsWith('/onnx/model.onnx') && r.range === null).length;
    await openSection(app.page, 'models');
    await app.page.getByRole('radio', { name: /Lexical-overlap baseline/ }).click();
    await expect.poll(() => app.page.getByTestId('load-progress').count(), { timeout: 60_000 }).toBe(0);
    await loadHubId(app.page, 'qarx-test/lexical-qa');
    await expect.poll(() => app.page.getByTestId('load-progress').count(), { timeout: 60_000 }).toBe(0);
    expect(hub.requests.filter((r) => r.path.endsWith('/onnx/model.onnx') && r.range === null).length).toBe(before);
  });

  it('names the problem when a model does not exist', async () => {
    await loadHubId(app.page, 'qarx-test/no-such-model');
    const err = app.page.getByTestId('model-error');
    await err.waitFor({ timeout: 60_000 });
    expect(await err.textContent()).toMatch(/qarx-test\/no-such-model.*not found/);
    await shot(app.page, 'hub-missing-model');
    // The previous model stays loaded and keeps answering.
    await openSection(app.page, 'live');
    await expect.poll(async () => (await app.page.getByTestId('answer-text').textContent()) ?? '', { timeout: 30_000 }).toBe('1891');
    await openSection(app.page, 'models');
    expect(await app.page.getByTestId('active-model').textContent()).toMatch(/qarx-test\/lexical-qa/);
  });
});

describe('local model files', () => {
  it('loads a model folder the user picks and answers with it', async () => {
    await app.page.getByTestId('local-model-input').setInputFiles(join(ROOT, 'public', 'models', 'qarx-lexical-qa'));
    await expect.poll(async () => (await app.page.getByTestId('active-model').textContent()) ?? '', { timeout: 60_000 }).toMatch(/local\/qarx-lexical-qa/);
    expect(await app.page.getByTestId('model-error').count()).toBe(0);
    expect(await app.page.getByTestId('model-host').count()).toBe(0);
    await openSection(app.page, 'live');
    await app.page.getByTestId('question-input').fill('Where was Marie Curie born?');
    await expect.poll(async () => (await app.page.getByTestId('answer-highlight').textContent()) ?? '', { timeout: 30_000 }).toBe('Warsaw');
    await shot(app.page, 'local-folder-loaded');
  });

  it('explains what is missing from an incomplete folder', async () => {
    await openSection(app.page, 'models');
    await app.page.getByTestId('local-model-input').setInputFiles(join(ROOT, 'public', 'models', 'qarx-lexical-qa', 'onnx'));
    const err = app.page.getByTestId('model-error');
    await err.waitFor({ timeout: 10_000 });
    expect(await err.textContent()).toMatch(/lack config\.json, tokenizer\.json, tokenizer_config\.json/);
  });

  it('both model forms name a malformed Hub id, and the side-by-side one an incomplete folder', async () => {
    await loadHubId(app.page, 'bert');
    await expect.poll(async () => await app.page.getByTestId('model-error').textContent()).toBe('"bert" is not a Hub model id (expected owner/name). Dismiss');
    await openSection(app.page, 'models');
    const side = app.page.getByTestId('models-panel');
    await side.getByLabel('Hub id of a model to add').fill('bert');
    await side.getByTestId('add-model').click();
    await expect.poll(async () => await side.getByRole('alert').textContent()).toBe('"bert" is not a Hub model id (expected owner/name).');
    await side.getByLabel('Hub id of a model to add').fill('');
    await side.getByTestId('add-local-model-input').setInputFiles(join(ROOT, 'public', 'models', 'qarx-lexical-qa', 'onnx'));
    await expect.poll(async () => (await side.getByRole('alert').textContent()) ?? '').toMatch(/lack config\.json, tokenizer\.json, tokenizer_config\.json/);
    // Nothing was added beside the primary.
    expect(await side.getByTestId('loaded-model').count()).toBe(1);
    await shot(app.page, 'models-panel-errors');
  });
});
