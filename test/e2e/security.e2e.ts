/**
 * The served app's security headers: a Content-Security-Policy that allows only what the app needs,
 * nosniff, no referrer and no framing, on the page and on its workers; and with them the app loads,
 * answers and draws its charts on WASM and on WebGPU with no CSP violation in the page or in any
 * worker (workers report theirs to the console, which is checked to catch them).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openExperiment, openSection, ROOT, shot, useBrowser, useServer } from './harness.ts';

const server = useServer();

/** Splits a CSP header into directive → sources. */
const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

describe('headers of the served app', () => {
  it.each([
    { what: 'the page', path: '' },
    { what: 'the inference worker', path: `assets/${readdirSync(join(ROOT, 'dist', 'assets')).find((f) => f.startsWith('qa.worker-'))}` },
    { what: 'ONNX Runtime', path: 'ort/ort-wasm-simd-threaded.asyncify.mjs' },
    { what: 'ONNX Runtime (WASM-only build)', path: 'ort/ort-wasm-simd-threaded.mjs' },
  ])('$what is served with the policy', async ({ path }) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    const csp = directives(res.headers.get('content-security-policy') ?? '');
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
  });
});

describe.each([{ device: 'wasm' }, { device: 'webgpu' }])('no CSP violation on $device', ({ device }) => {
  const chrome = useBrowser(device === 'webgpu');
  let page: Page;
  const violations: string[] = [];
  const errors: string[] = [];
  beforeAll(async () => {
    page = await chrome.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => void (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${server.url}?device=${device}`);
  });

  it('loads, answers and draws charts with the policy in force', async () => {
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('active-device').textContent()).toBe(device === 'webgpu' ? 'WebGPU' : 'WASM');
    await page.getByTestId('question-input').fill('When did she move to Paris?');
    await expect.poll(async () => (await page.getByTestId('answer-text').textContent())?.trim(), { timeout: 60_000 }).toBe('1891');
    await openExperiment(page, 'natural/pairs');
    await page.getByTestId('natural-run').click();
    await page.getByTestId('natural-table').waitFor({ timeout: 120_000 });
    await expect.poll(() => page.getByTestId('chart-categories').locator('.recharts-bar-rectangle').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await shot(page, `csp-${device}-charts`);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('would see a violation in a worker: a plain-HTTP model host is blocked and reported', async () => {
    await openSection(page, 'models');
    await page.getByText('Model host').click();
    await page.getByLabel('Model host').fill('http://example.com/');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByLabel('Hub model id').fill('qarx-test/blocked');
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(() => violations.join('\n'), { timeout: 60_000 }).toMatch(/\[qa-inference#\w+\] Content Security Policy blocked http:\/\/example\.com\/qarx-test\/blocked\/.* \(connect-src\)/);
    await page.evaluate(() => localStorage.removeItem('qarx.remoteHost'));
  });
});
