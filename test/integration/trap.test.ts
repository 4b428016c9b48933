/**
 * Over-stability on the shipped model (real ONNX Runtime, no mocks): trap sentences on demo
 * questions, an adversarial SQuAD file answered and scored as the app does, and the same figures
 * (and the app's slice tables) from `qarx eval --adversarial [--slice]` on the predictions; `qarx perturb trap` end to end.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { scorePrediction } from '../../src/core/data/score.ts';
import { instancesToSquad } from '../../src/core/formats/squad-export.ts';
import { calcF1Score } from '../../src/core/metrics/dureader.ts';
import { enginePredictor } from '../../src/core/entity/index.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { linkAdversarial } from '../../src/core/formats/adversarial.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { adversarialSliceItems } from '../../src/core/metrics/experiment-slices.ts';
import { pyJsonDumps } from '../../src/core/metrics/pyjson.ts';
import { sliceTable } from '../../src/core/metrics/slices.ts';
import { answerTraps, prepareTraps, runAdversarial, summarizeTraps } from '../../src/core/trap/experiment.ts';
import { runMain } from '../support/run-qarx.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const FIX = join(ROOT, 'test', 'fixtures', 'adversarial');
let engine: QaEngine;
beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  engine = new QaEngine(m.tokenizer, m.runner);
});

describe('trap sentences on the shipped model', () => {
  it('answers demo questions with and without a generated trap and reports the trap figures', async () => {
    const demo = loadDemoSet().filter((i) => i.lang === 'en' && !i.isImpossible);
    const { items } = prepareTraps(demo, { source: 'generated', position: 'after', seed: 1 });
    const { rows, cancelled } = await answerTraps(items, enginePredictor(engine, { versionTwo: false }));
    expect(cancelled).toBe(false);
    expect(rows).toHaveLength(items.length);
    const s = summarizeTraps(rows);
    console.log(`demo traps (after the answer sentence, seed 1): n ${s.n}, F1 ${s.original.f1.toFixed(1)} → ${s.trapped.f1.toFixed(1)}, EM ${s.original.em.toFixed(1)} → ${s.trapped.em.toFixed(1)}, inside the trap ${(100 * s.hitShare).toFixed(1)}%, similarity ${(100 * s.similarity).toFixed(1)}%`);
    console.log('by similarity:', s.buckets.map((b) => `${b.label} n ${b.n} F1 ${b.original.f1.toFixed(1)}→${b.trapped.f1.toFixed(1)}`).join(' · '));
    for (const r of rows) {
      // A trapped answer inside the trap is never a gold answer (the trap holds none), so it scores EM 0.
      if (r.trapped.hit) expect(r.trapped.em, `${r.id}: ${r.trapped.text}`).toBe(0);
      if (r.trapped.span) expect(r.trapped.text.length).toBe(r.trapped.span.end - r.trapped.span.start);
    }
    // The lexical model is drawn to question words: traps that share them cost it F1.
    expect(s.trapped.f1).toBeLessThan(s.original.f1);
    expect(s.hitShare).toBeGreaterThan(0);
  });

  it('traps the Chinese demo questions with Chinese statements, scored at character level', async () => {
    const zh = loadDemoSet().filter((i) => i.lang === 'zh' && !i.isImpossible);
    const { items, skipped } = prepareTraps(zh, { source: 'generated', position: 'after', seed: 1 });
    expect(skipped).toEqual({});
    expect(items).toHaveLength(zh.length);
    const { rows, cancelled } = await answerTraps(items, enginePredictor(engine, { versionTwo: false }));
    expect(cancelled).toBe(false);
    expect(rows).toHaveLength(zh.length);
    const s = summarizeTraps(rows);
    console.log(`Chinese demo traps (after, seed 1): n ${s.n}, F1 ${s.original.f1.toFixed(1)} → ${s.trapped.f1.toFixed(1)}, EM ${s.original.em.toFixed(1)} → ${s.trapped.em.toFixed(1)}, inside the trap ${(100 * s.hitShare).toFixed(1)}%, similarity ${(100 * s.similarity).toFixed(1)}% (character F1)`);
    rows.forEach((r, k) => {
      const item = items[k]!;
      // DuReader's character-level metric, not SQuAD's (which would give 0 to any partly right Chinese answer).
      expect(r.original.f1, r.id).toBe(scorePrediction(r.original.text, item.inst).f1);
      expect(r.similarity, r.id).toBe(calcF1Score([item.inst.question], r.sentence));
      expect(r.similarity, `${r.id}: ${r.sentence}`).toBeGreaterThan(0.3);
      if (r.trapped.hit) expect(r.trapped.em, `${r.id}: ${r.trapped.text}`).toBe(0);
    });
    expect(s.trapped.f1).toBeLessThanOrEqual(s.original.f1);
  });

  it('scores an adversarial SQuAD file as the app does and as qarx eval --adversarial prints it', async () => {
    const bytes = readFileSync(join(FIX, 'addsent-mini.json'));
    const r = await importFile('addsent-mini.json', new Uint8Array(bytes), { dataset: 'adv' });
    linkAdversarial(r.instances);
    const run = (await runAdversarial(r.instances, enginePredictor(engine, { versionTwo: false })))!;
    expect(run.cancelled).toBe(false);
    console.log('adversarial fixture on the shipped model:', pyJsonDumps(run.output.result), 'predictions', JSON.stringify(run.predictions));
    const dir = mkdtempSync(join(tmpdir(), 'qarx-adv-'));
    const preds = join(dir, 'preds.json');
    writeFileSync(preds, JSON.stringify(run.predictions));
    const cli = await runMain('eval', '--adversarial', join(FIX, 'addsent-mini.json'), preds);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toBe(pyJsonDumps(run.output.result) + '\n');
    expect(run.output.result.adv_f1).toBeLessThanOrEqual(run.output.result.orig_f1 + 100 / 3); // the orphan variant can only add its own third
    // --slice: the app's adversarial slice tables (its imported questions, its run's rows), number for number.
    const keys = ['title', 'qword', 'length'] as const;
    const sliced = await runMain('eval', '--adversarial', join(FIX, 'addsent-mini.json'), preds, ...keys.flatMap((k) => ['--slice', k]), '--json');
    expect(sliced.code, sliced.stderr).toBe(0);
    const app = adversarialSliceItems(r.instances, run.output.rows);
    expect((JSON.parse(sliced.stdout) as { slices: unknown }).slices).toEqual(keys.map((k) => sliceTable(app, k)));
  });
});

describe('qarx eval --adversarial and perturb trap', () => {
  it('prints the fixture JSON byte for byte and the script message for unanswered questions', async () => {
    const ok = await runMain('eval', '--adversarial', join(FIX, 'addsent-mini.json'), join(FIX, 'addsent-mini.pred.json'));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(readFileSync(join(FIX, 'addsent-mini.expected.json'), 'utf8'));
    const dir = mkdtempSync(join(tmpdir(), 'qarx-adv-'));
    const some = join(dir, 'some.json');
    writeFileSync(some, JSON.stringify({ '5a1e0c0b9f3a4d0012ab0001': 'Maren Holt' }));
    const part = await runMain('eval', '--adversarial', join(FIX, 'addsent-mini.json'), some);
    expect(part.code).toBe(0);
    expect(part.stderr).toContain('Unanswered question 5a1e0c0b9f3a4d0012ab0002 will receive score 0.');
    // n = 3 originals; only the first is answered (EM 1, F1 1) and it has no answered variant.
    expect(part.stdout).toBe('{"orig_exact_match": 33.333333333333336, "orig_f1": 33.333333333333336, "adv_exact_match": 33.333333333333336, "adv_f1": 33.333333333333336}\n');
    const bad = await runMain('eval', '--adversarial', '--lang', 'zh', join(FIX, 'addsent-mini.json'), some);
    expect(bad.code).toBe(2);
  });

  it('writes trapped SQuAD JSON with each question\'s trap, answers at their offsets, and says what it left out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qarx-trap-'));
    const out = join(dir, 'trapped.json');
    const r = await runMain('perturb', 'trap', '--position', 'start', '--seed', '5', join(ROOT, 'test', 'fixtures', 'eval', 'squad-v1.json'), out);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/trap \(generated, seed 5, passage start\): \d+ of 13 questions trapped/);
    const d = JSON.parse(readFileSync(out, 'utf8'));
    expect(d.perturbation).toEqual({ kind: 'trap', source: 'generated', position: 'start', seed: 5 });
    let n = 0;
    for (const a of d.data) for (const p of a.paragraphs) for (const qa of p.qas) {
      n++;
      const cps = [...p.context];
      expect(qa.perturbation.start).toBe(0);
      expect(cps.slice(qa.perturbation.start, qa.perturbation.end).join('')).toBe(qa.perturbation.sentence);
      for (const ans of qa.answers) expect(cps.slice(ans.answer_start, ans.answer_start + [...ans.text].length).join('')).toBe(ans.text);
    }
    expect(n).toBeGreaterThan(8);
    const typed = await runMain('perturb', 'trap', '--position', 'end', '--sentence', 'The ferry was built in 1901.', join(ROOT, 'test', 'fixtures', 'eval', 'squad-v1.json'), out);
    expect(typed.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).perturbation.source).toBe('typed');
    const wrong = await runMain('perturb', 'trap', '--position', 'middle', join(ROOT, 'test', 'fixtures', 'eval', 'squad-v1.json'), out);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--position must be one of start, before, after, end');
  });

  it('writes Chinese traps with qarx perturb trap, offsets exact in code points', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qarx-trap-zh-'));
    const input = join(dir, 'zh.json');
    const zh = loadDemoSet().filter((i) => i.lang === 'zh');
    writeFileSync(input, JSON.stringify(instancesToSquad(zh)));
    const out = join(dir, 'trapped.json');
    const r = await runMain('perturb', 'trap', '--position', 'before', '--seed', '2', input, out);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${zh.length} of ${zh.length} questions trapped`);
    const d = JSON.parse(readFileSync(out, 'utf8'));
    let n = 0;
    for (const a of d.data) for (const p of a.paragraphs) for (const qa of p.qas) {
      n++;
      const cps = [...p.context];
      const sentence = cps.slice(qa.perturbation.start, qa.perturbation.end).join('');
      expect(sentence).toBe(qa.perturbation.sentence);
      expect(sentence.endsWith('。')).toBe(true);
      for (const ans of qa.answers) {
        expect(cps.slice(ans.answer_start, ans.answer_start + [...ans.text].length).join('')).toBe(ans.text);
        expect(sentence).not.toContain(ans.text);
      }
    }
    expect(n).toBe(zh.length);
    // --lang en overrides the data's language: the English rules find no question word in Chinese.
    const forced = await runMain('perturb', 'trap', '--lang', 'en', input, out);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain(`0 of ${zh.length} questions trapped`);
    expect((await runMain('perturb', 'trap', '--lang', 'fr', input, out)).code).toBe(2);
  });
});
