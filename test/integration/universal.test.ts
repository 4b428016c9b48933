/**
 * Universal names on the shipped model (real ONNX Runtime) over the demo set's person answers, in
 * process and through `qarx universal`; prints the top names.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { scorePrediction } from '../../src/core/data/score.ts';
import { enginePredictor, mapSpanBack, predictedSpan } from '../../src/core/entity/index.ts';
import { DEFAULT_UNIVERSAL, eligibleInstances, putName, runUniversal, universalCandidates, type UniversalConfig, type UniversalResult } from '../../src/core/entity/universal.ts';
import { importFile, instancesToSquad } from '../../src/core/formats/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { runMain, runQarx } from '../support/run-qarx.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const demo = loadDemoSet().filter((i) => i.lang === 'en' && !i.isImpossible);
const tmp = mkdtempSync(join(tmpdir(), 'qarx-universal-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let engine: QaEngine;
// One iteration with B ≥ K and ≥ the eligible questions: Algorithm 2 puts every name in every question once.
const cfg: UniversalConfig = { ...DEFAULT_UNIVERSAL, candidates: 20, top: 5, seed: 1, iterations: 1, sample: 50 };

beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  engine = new QaEngine(m.tokenizer, m.runner);
}, 120_000);

describe('universal names on the shipped model', () => {
  let r: UniversalResult;
  it('ranks K DBName person names on the demo set\'s person answers', { timeout: 180_000 }, async () => {
    r = await runUniversal(demo, cfg, enginePredictor(engine, { versionTwo: false }));
    for (const x of r.rows.slice(0, r.top)) console.log(`${x.name.padEnd(20)} weight ${(100 * (x.weight ?? NaN)).toFixed(1)}% worse ${x.worsened} better ${x.improved} changed ${x.changed}/${x.tried} mean F1 drop ${x.meanF1Drop.toFixed(1)}`);
    console.log(`eligible ${r.eligible}, original EM ${r.original.em.toFixed(1)} F1 ${r.original.f1.toFixed(1)}`);
    expect(r.cancelled).toBe(false);
    expect(r.eligible).toBeGreaterThanOrEqual(12); // the demo set has ≥ 12 PER answers
    expect(r.tried).toBe(20);
    for (const x of r.rows) expect(x.changed).toBeLessThanOrEqual(x.tried);
    // Algorithm 2's weight from the counts: α = 1 + worse − better, β = 1 + tried − (worse − better).
    for (const x of r.rows) expect(x.weight).toBeCloseTo((1 + (x.worsened ?? 0) - (x.improved ?? 0)) / (2 + x.tried), 12);
  });

  it('N = 5 iterations of B = 6: 30 name draws on 6 questions each, ranked by weight', { timeout: 180_000 }, async () => {
    const res = await runUniversal(demo, { ...cfg, iterations: 5, sample: 6 }, enginePredictor(engine, { versionTwo: false }));
    for (const x of res.rows.slice(0, res.top)) console.log(`N 5 B 6: ${x.name.padEnd(20)} weight ${(100 * (x.weight ?? NaN)).toFixed(1)}% worse ${x.worsened} better ${x.improved} tried ${x.tried} draws ${x.draws}`);
    expect(res.rows.reduce((a, x) => a + (x.draws ?? 0), 0)).toBe(30);
    for (const x of res.rows) expect(x.tried + Object.values(x.skipped).reduce((a, b) => a + (b ?? 0), 0)).toBe(6 * (x.draws ?? 0));
    expect(res.iterations).toBe(5);
  });

  it('the batched counts equal answering each renamed question on its own', { timeout: 180_000 }, async () => {
    const best = r.rows[0];
    if (!best) throw new Error('no rows');
    const name = universalCandidates(demo, cfg).find((n) => n.name === best.name);
    if (!name) throw new Error('top name not among the candidates');
    const { items } = eligibleInstances(demo, cfg.type);
    let changed = 0;
    let tried = 0;
    let worsened = 0;
    for (const item of items) {
      const put = putName(item, name);
      if (typeof put === 'string') continue;
      tried++;
      const [o] = (await engine.predict([{ id: 'o', question: item.inst.question, context: item.inst.context }])).predictions;
      const [p] = (await engine.predict([{ id: 'p', question: put.perturbed.question, context: put.perturbed.context }])).predictions;
      const os = o && predictedSpan(o);
      const ps = p && predictedSpan(p);
      const back = ps ? mapSpanBack(put.contextEdits, ps.start, ps.end) : null;
      if (JSON.stringify(back) !== JSON.stringify(os ? { start: os.start, end: os.end } : null)) changed++;
      if (scorePrediction(p?.text ?? '', put.perturbed).f1 < scorePrediction(o?.text ?? '', item.inst).f1) worsened++;
    }
    expect({ tried, changed, worsened }).toEqual({ tried: best.tried, changed: best.changed, worsened: best.worsened });
  });

  it('qarx universal --json gives the same ranking with its run record', { timeout: 240_000 }, async () => {
    const data = join(tmp, 'demo.json');
    writeFileSync(data, JSON.stringify(instancesToSquad(demo)));
    const res = await runQarx(join(tmp, 'cache'), 'universal', data, '--model', MODEL, '--candidates', '20', '--iterations', '1', '--sample', '50', '--top', '5', '--seed', '1', '--json');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/names drawn 20\/20/);
    const j = JSON.parse(res.stdout) as UniversalResult & { record: { n: number; model: string; device: string; settings: UniversalConfig }; partial: boolean };
    expect(j.partial).toBe(false);
    expect(j.record).toMatchObject({ n: demo.length, device: 'cpu', settings: cfg });
    // The same questions read from the same file in process (a SQuAD file carries no hand-set answer types) rank the same.
    const read = (await importFile(data, readFileSync(data), { dataset: 'demo.json' })).instances;
    const same = await runUniversal(read, cfg, enginePredictor(engine, { versionTwo: false }));
    expect(j.rows.map((x) => [x.name, x.weight, x.changed, x.tried])).toEqual(same.rows.map((x) => [x.name, x.weight, x.changed, x.tried]));
    const table = await runQarx(join(tmp, 'cache'), 'universal', data, '--model', MODEL, '--candidates', '20', '--iterations', '1', '--sample', '50', '--top', '5');
    expect(table.stdout).toMatch(/^universal names: PER · DBName · origin us · K 20 · N 1 · B 50 · top 5 · seed 1\n/);
    expect(table.stdout).toContain(`  1  ${same.rows[0]?.name}`);
  });

  it('Ctrl-C stops after the current name, prints the names finished, marked partial, and exits 130 saying so', { timeout: 240_000 }, async () => {
    const data = join(tmp, 'demo.json');
    writeFileSync(data, JSON.stringify(instancesToSquad(demo)));
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), 'universal', data, '--model', MODEL, '--candidates', '500', '--json'], { cwd: ROOT, env: { ...process.env, QARX_CACHE_DIR: join(tmp, 'cache') } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    // Interrupt once two names are done, whatever the machine's speed.
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (/names drawn 2\/100/.test(stderr) && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('stopping after the current name');
    expect(stderr).toMatch(/^universal: interrupted: partial results \(\d+ of 500 names tried\)$/m);
    const j = JSON.parse(stdout) as UniversalResult & { partial: boolean };
    expect(j.partial).toBe(true);
    expect(j.tried).toBeGreaterThanOrEqual(2);
    expect(j.tried).toBeLessThan(500);
    expect(j.rows).toHaveLength(j.tried);
  });

  it.each([
    { args: ['universal', 'x.json'], msg: /universal needs <data file> --model/ },
    { args: ['universal', 'x.json', '--model', MODEL, '--type', 'ORG'], msg: /--type must be PER or GPE, got "ORG"/ },
    { args: ['universal', 'x.json', '--model', MODEL, '--candidates', '0'], msg: /--candidates must be a positive whole number/ },
    { args: ['universal', 'x.json', '--model', MODEL, '--candidates', '501'], msg: /--candidates must be at most 500/ },
    { args: ['universal', 'x.json', '--model', MODEL, '--iterations', '201'], msg: /--iterations must be at most 200/ },
  ])('usage error: $args', async ({ args, msg }) => {
    const res = await runMain(...args);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(msg);
  });
});
