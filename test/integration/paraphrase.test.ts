/**
 * Over-sensitivity with the shipped model (real ONNX Runtime): DPR of the demo set's paraphrases and
 * generated ones, `qarx compare` DPR on a fixture pair of files whose ids partly disagree, and
 * `qarx perturb paraphrase` → `qarx compare`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { enginePredictor } from '../../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { paraphraseItems, predictionsDiffer, runParaphrases, summarizeDpr, PARAPHRASE_KINDS } from '../../src/core/sensitivity/index.ts';
import { runMain } from '../support/run-qarx.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const FIX = join(ROOT, 'test', 'fixtures', 'paraphrase');
let engine: QaEngine;
beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  engine = new QaEngine(m.tokenizer, m.runner);
});

describe('DPR on the demo set with the shipped model', () => {
  it('answers every original once and every paraphrase on the same passage', async () => {
    const demo = loadDemoSet();
    const versionTwo = demo.some((i) => i.isImpossible);
    const { items, none } = paraphraseItems(demo, { dataset: true, kinds: PARAPHRASE_KINDS, seed: 1 });
    const { rows, cancelled } = await runParaphrases(items, enginePredictor(engine, { versionTwo }));
    expect(cancelled).toBe(false);
    expect(rows).toHaveLength(items.length);
    const s = summarizeDpr(rows);
    const pct = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`);
    console.log(`demo DPR ${pct(s.dpr)} (${s.changed}/${s.n}); EM/F1 originals ${s.original.em.toFixed(1)}/${s.original.f1.toFixed(1)}, paraphrases ${s.paraphrased.em.toFixed(1)}/${s.paraphrased.f1.toFixed(1)}`);
    console.log('by kind:', Object.entries(s.byKind).map(([k, c]) => `${k} ${pct(c.dpr)} (n=${c.n})`).join(', '));
    console.log('by similarity:', s.buckets.map((b) => `${b.label} ${pct(b.dpr)} (n=${b.n})`).join(', '));
    console.log('no rule applied:', Object.entries(none).map(([k, v]) => `${k} ${v.count}`).join(', '));
    for (const r of rows) expect(r.differs).toBe(predictionsDiffer(r.original.text, r.paraphrased.text, r.id.startsWith('demo-zh') ? 'zh' : 'en'));
    expect(s.byKind.dataset?.n).toBe(demo.reduce((n, i) => n + (i.paraphrases?.length ?? 0), 0));
    // Every kind paraphrases some demo question, in English and in Chinese.
    for (const k of PARAPHRASE_KINDS) {
      expect(rows.some((r) => r.kind === k && r.id.startsWith('demo-zh'))).toBe(true);
      expect(rows.some((r) => r.kind === k && !r.id.startsWith('demo-zh'))).toBe(true);
    }
    // The same original question gets the same answer in every row (asked once).
    const byId = new Map<string, string>();
    for (const r of rows) {
      expect(byId.get(r.id) ?? r.original.text).toBe(r.original.text);
      byId.set(r.id, r.original.text);
    }
  });
});

describe('qarx compare on two aligned files whose questions differ', () => {
  it('pairs by id and by passage and answers, and reports DPR', async () => {
    const r = await runMain('compare', join(FIX, 'original.json'), join(FIX, 'paraphrased.json'), '--model', MODEL, '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('4 matched by id, 2 by passage and answers, 0 unmatched');
    const out = JSON.parse(r.stdout) as { rows: { original: { text: string }; perturbed: { text: string }; perturbedQuestion?: string }[]; dpr: { n: number; changed: number; dpr: number; buckets: { n: number }[] } };
    expect(out.rows).toHaveLength(6);
    expect(out.rows.every((x) => x.perturbedQuestion)).toBe(true);
    const changed = out.rows.filter((x) => predictionsDiffer(x.original.text, x.perturbed.text, 'en')).length;
    expect(out.dpr).toMatchObject({ n: 6, changed, dpr: changed / 6 });
    expect(out.dpr.buckets.reduce((n, b) => n + b.n, 0)).toBe(6);
    const text = await runMain('compare', join(FIX, 'original.json'), join(FIX, 'paraphrased.json'), '--model', MODEL);
    expect(text.stdout).toContain(`DPR: ${((100 * changed) / 6).toFixed(1)}% (${changed} of 6`);
    expect(text.stdout).toMatch(/DPR by question similarity \(F1 of the two questions\): 0\.0–0\.2 /);
  });

  it("pairs Gan & Ng's dev_orig / dev_para (ids shifted by one) by passage and answers and says so in one line", async () => {
    const dir = join(FIX, 'gan-ng');
    const r = await runMain('compare', join(dir, 'dev_orig.json'), join(dir, 'dev_para.json'), '--model', MODEL, '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('ids of the two files do not correspond; paired 14 by passage and answers');
    // No question is dropped as "answer missing": each is paired with its own paraphrase.
    expect(r.stderr).not.toMatch(/left out|does not occur/);
    const out = JSON.parse(r.stdout) as { n: number; rows: { question: string; perturbedQuestion?: string }[]; dpr: { n: number } };
    expect(out.n).toBe(14);
    expect(out.dpr.n).toBe(14);
    expect(out.rows.find((x) => x.question === 'Which company opened the railway?')?.perturbedQuestion).toBe('The railway was opened by what company?');
  });

  it('Gan & Ng layout with ids aligned and answers edged with punctuation: question paraphrases, DPR over every pair, none left out (issue 38.1, Tang et al. App. F)', async () => {
    const dir = join(FIX, 'aligned-ids');
    const r = await runMain('compare', join(dir, 'dev_orig.json'), join(dir, 'dev_para.json'), '--model', MODEL, '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('pairs: 6 question paraphrases (same passage, reworded question)');
    expect(r.stderr).not.toMatch(/left out|worded differently/);
    const out = JSON.parse(r.stdout) as { n: number; dropped: { answerMissing: { count: number } }; dpr: { n: number; changed: number; dpr: number }; rows: { original: { text: string }; perturbed: { text: string } }[] };
    expect(out.n).toBe(6);
    expect(out.dropped.answerMissing.count).toBe(0);
    const changed = out.rows.filter((x) => predictionsDiffer(x.original.text, x.perturbed.text, 'en')).length;
    expect(out.dpr).toMatchObject({ n: 6, changed, dpr: changed / 6 });
  });

  it('perturb trap && compare keeps every question the trap run keeps, answers edged with punctuation included (issue 38.1)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'qarx-trap-')), 'trapped.json');
    const t = await runMain('perturb', 'trap', '--position', 'before', '--seed', '1', join(FIX, 'aligned-ids', 'dev_orig.json'), out);
    expect(t.code).toBe(0);
    expect(t.stderr).toContain('6 of 6 questions trapped');
    const r = await runMain('compare', join(FIX, 'aligned-ids', 'dev_orig.json'), out, '--model', MODEL, '--json');
    expect(r.stderr).toContain('pairs: 6 revision pairs (edited passage)');
    expect(r.stderr).not.toContain('left out');
    expect((JSON.parse(r.stdout) as { n: number }).n).toBe(6);
  });

  it('prints no DPR when the questions are the same', async () => {
    const r = await runMain('compare', join(FIX, 'original.json'), join(FIX, 'original.json'), '--model', MODEL);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('DPR');
  });
});

describe('qarx perturb paraphrase', () => {
  it('writes SQuAD JSON with each question reworded, the original kept and the kind recorded; compare then reports DPR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qarx-para-'));
    const out = join(dir, 'reordered.json');
    const r = await runMain('perturb', 'paraphrase', '--kind', 'function-word', '--seed', '2', join(FIX, 'original.json'), out);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/function-word replacement, seed 2: \d of 6 questions paraphrased/);
    const squad = JSON.parse(readFileSync(out, 'utf8')) as { perturbation: unknown; data: { paragraphs: { context: string; qas: { id: string; question: string; original_question: string; perturbation: { kind: string; paraphrase: string } }[] }[] }[] };
    expect(squad.perturbation).toEqual({ kind: 'paraphrase', paraphrase: 'function-word', seed: 2 });
    const qas = squad.data.flatMap((d) => d.paragraphs.flatMap((p) => p.qas));
    expect(qas.length).toBeGreaterThan(0);
    for (const qa of qas) {
      expect(qa.question).not.toBe(qa.original_question);
      expect(qa.perturbation).toMatchObject({ kind: 'paraphrase', paraphrase: 'function-word' });
    }
    const bad = await runMain('perturb', 'paraphrase', '--kind', 'shuffle', join(FIX, 'original.json'), join(dir, 'x.json'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--kind must be one of reorder, function-word, synonym, content-word, combined');
    const cmp = await runMain('compare', join(FIX, 'original.json'), out, '--model', MODEL);
    expect(cmp.stdout).toMatch(/DPR: \d+\.\d% \(\d of \d+ \* reworded questions/);
    expect(cmp.stdout).toContain('DPR by kind: from the dataset');
  });
});
