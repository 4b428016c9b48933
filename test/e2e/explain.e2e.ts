/**
 * "Explain" in the live view on the shipped model, on WASM and on WebGPU (SwiftShader): the
 * occlusion heat map of the demo question with its legend and list (removing the answer's sentence
 * changes the answer), windows run vs reused, input reduction, and "Find a failure", whose edit goes
 * to the failure gallery and becomes the "after" side of the map.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSection, shot, useApp, useServer, violations } from './harness.ts';

const server = useServer();
const text = async (p: Page, id: string) => ((await p.getByTestId(id).first().textContent()) ?? '').trim();

/** The same walk on one device. */
function explainOn(device: 'wasm' | 'webgpu', label: string) {
  // SwiftShader's adapter makes Auto choose WASM: WebGPU is chosen by hand, as device.e2e does.
  const app = useApp({ server, webgpu: device === 'webgpu', query: device === 'wasm' ? 'device=wasm' : '' });

  it(`shows the occlusion map, its list and input reduction (${label})`, async () => {
    const p = app.page;
    if (device === 'webgpu') {
      // The device is chosen on the Models page; the answer and Explain are in Live.
      await openSection(p, 'models');
      await p.getByRole('radio', { name: 'WebGPU', exact: true }).click();
    }
    await expect.poll(() => text(p, 'active-device'), { timeout: 180_000 }).toBe(label);
    if (device === 'webgpu') await openSection(p, 'live');
    await expect.poll(() => text(p, 'timing'), { timeout: 120_000 }).toMatch(new RegExp(`^${label} · inference`));
    await p.getByTestId('explain-toggle').click();
    // SwiftShader compiles WebGPU kernels for each new batch shape: the first explanation is slow there.
    await expect.poll(() => p.getByTestId('explain-before-row').count(), { timeout: 240_000 }).toBe(4);
    expect(await text(p, 'explain-before-answer')).toBe('Warsaw');
    // Removing the answer's sentence changes the answer: first in the list, outlined on the map.
    expect(await text(p, 'explain-before-row')).toMatch(/^Marie Curie was born in Warsaw in 1867\.-\d+\.\d pts.+\(changed\)$/);
    expect(await p.getByTestId('explain-before-map').locator('mark.heat-changed').textContent()).toBe('Marie Curie was born in Warsaw in 1867.');
    expect(await text(p, 'explain-timing')).toMatch(/^\d+ windows? run, \d+ reused from the cache · [\d.]+ (ms|s)$/);
    expect(await text(p, 'explain-legend')).toContain('removing it changes the answer');
    await expect.poll(() => text(p, 'explain-reduced'), { timeout: 60_000 }).toBe('Where Marie Curie born?');
    if (device === 'webgpu') expect(await text(p, 'timing')).toMatch(/^WebGPU · /);
    // Words of the first sentence: one row per word.
    await p.getByTestId('explain-units').selectOption('0');
    await expect.poll(() => p.getByTestId('explain-before-row').count(), { timeout: 240_000 }).toBe(8);
    if (device === 'wasm') expect(await violations(p, '[data-testid="explain-panel"]')).toEqual([]);
  });

  it(`finds a breaking edit within the budget, puts it in the gallery and explains it side by side (${label})`, async () => {
    const p = app.page;
    await p.getByTestId('explain-units').selectOption('sentence');
    await p.getByTestId('failure-budget').fill('50');
    await p.getByTestId('find-failure').click();
    await p.getByTestId('failure-result').waitFor({ timeout: 120_000 });
    expect(await text(p, 'failure-result')).toMatch(/^Broken by .+ → “.+” \(\d+ of 50 calls\) · .+ Added to the failure gallery\.$/);
    await p.getByTestId('explain-after').waitFor({ timeout: 60_000 });
    expect(await text(p, 'explain-after')).toMatch(/^After \(with the found breaking edit\)/);
    await shot(p, `explain-${device}`);
    await p.getByTestId('gallery-toggle').click();
    await expect.poll(() => p.getByTestId('gallery').locator('.gallery-group > h3').allTextContents(), { timeout: 30_000 }).toContainEqual(expect.stringMatching(/^smallest breaking edit: /));
  });
}

describe('Explain on WASM', () => explainOn('wasm', 'WASM'));
describe('Explain on WebGPU', () => explainOn('webgpu', 'WebGPU'));
