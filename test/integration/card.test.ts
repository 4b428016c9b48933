/**
 * qarx card on a finished audit (issue 39 §6, issue 40 §7): the model-index names the Hub dataset
 * the config gives (datasets[].hub), the unperturbed scores are the dataset's metrics, each
 * perturbation its own result with every CI; without a Hub id a warning on stderr. A config path
 * holding a newline, a fence and an <img onerror> stays inside the card's Reproduce block.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, runQarx } from '../support/run-qarx.ts';
import { modelIndexProblems, modelIndexWarnings, type ModelIndex } from '../../src/core/audit/model-index.ts';

const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-card-'));
const run = (...args: string[]) => runQarx(join(tmp, 'cache'), ...args);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const HOSTILE = 'cfg\n```\n<img src=x onerror=alert(1)>\n```\n';
const folder = join(tmp, HOSTILE);
const config = join(folder, 'audit.json');
const dir = join(tmp, 'audit');

describe('qarx card', () => {
  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(config, JSON.stringify({
      name: 'card-audit',
      datasets: [{ name: 'sq2half', builtin: 'demo', lang: 'en', limit: 12, hub: { id: 'rajpurkar/squad_v2', config: 'squad_v2', split: 'validation' } }],
      models: [{ path: MODEL }],
      experiments: [{ kind: 'original' }, { kind: 'traps' }],
      ci: { bootstrap: 200, seed: 3 },
    }));
    const r = await run('audit', '--config', config, '--out', dir);
    expect(r.code, r.stderr).toBe(0);
  }, 600_000);

  it('writes model-index with the Hub dataset, the unperturbed scores as its metrics and the trap as its own result', async () => {
    const out = join(tmp, 'README.md');
    const r = await run('card', '--audit', dir, '--config', config, '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/warning/);
    const text = readFileSync(out, 'utf8');
    const index = (parse(/^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '') as { 'model-index': ModelIndex })['model-index'];
    expect(modelIndexProblems(index)).toEqual([]);
    expect(modelIndexWarnings(index)).toEqual([]);
    const [orig, trap] = index[0]?.results ?? [];
    expect(orig?.dataset).toEqual({ type: 'rajpurkar/squad_v2', name: 'sq2half', config: 'squad_v2', split: 'validation' });
    expect(orig?.metrics.map((m) => m.type)).toEqual(['exact_match', 'f1']);
    expect(orig?.metrics[1]?.args).toMatchObject({ ci95_low: expect.any(Number), ci95_high: expect.any(Number) });
    expect(trap?.metrics[1]?.name).toMatch(/^F1 after Trap sentences \(/);
    expect(trap?.metrics[1]?.args).toMatchObject({ perturbation: expect.any(String), drop_ci95_low: expect.any(Number), p: expect.any(Number) });
    // One comparison (the trap) is no family: no Holm p, as in summary.json (issue 39 §1).
    expect(trap?.metrics[1]?.args).not.toHaveProperty('p_holm');
  });

  it('keeps a hostile config path inside the Reproduce block (a longer fence), with no raw <img> line outside it', async () => {
    const text = (await run('card', '--audit', dir, '--config', config)).stdout;
    const [, body = ''] = text.split('### Reproduce\n\n');
    expect(body.startsWith('````sh\n')).toBe(true);
    expect(body.trimEnd().endsWith('\n````')).toBe(true);
    const outside = text.slice(0, text.indexOf('### Reproduce'));
    expect(outside).not.toContain('<img');
    expect(body).toContain(`--config '${config}'`);
  });

  it('without a Hub dataset id: warns on stderr and says so in the card', async () => {
    const r = await run('card', '--audit', dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: dataset "sq2half" has no Hub dataset id: the metadata calls it "local:sq2half"/);
    expect(r.stdout).toContain('type: "local:sq2half"');
    expect(r.stdout).toContain('sq2half: **no Hub dataset id**');
  });
});
