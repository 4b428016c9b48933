/**
 * `--lang auto|en|zh` (the app's Scoring select): eval picks DuReader-robust's metric for Chinese
 * data and SQuAD's when told; compare, sweep, budget and universal take the same flag and score
 * every question with that language's metric; anything else is a usage error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calcEmScore, calcF1Score } from '../../src/core/metrics/dureader.ts';
import { ROOT, runMain } from '../support/run-qarx.ts';

const EVAL = join(ROOT, 'test', 'fixtures', 'eval');
const PARA = join(ROOT, 'test', 'fixtures', 'paraphrase');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');

describe('qarx eval --lang', () => {
  it("scores Chinese data with DuReader-robust's metric unless --lang en says SQuAD", async () => {
    const auto = await runMain('eval', join(EVAL, 'zh.json'), join(EVAL, 'zh.pred.json'));
    expect(auto.code, auto.stderr).toBe(0);
    expect(auto.stdout).toBe(readFileSync(join(EVAL, 'zh.dureader.expected.json'), 'utf8'));
    expect(auto.stderr).toMatch(/zh\.json is Chinese: scoring with DuReader-robust's character-level EM\/F1 \(--lang en for SQuAD's\)/);
    const en = await runMain('eval', join(EVAL, 'zh.json'), join(EVAL, 'zh.pred.json'), '--lang', 'en');
    expect(en.code, en.stderr).toBe(0);
    expect(Object.keys(JSON.parse(en.stdout) as object)).toEqual(['exact_match', 'f1']);
    // English data stays SQuAD's, with no note.
    const v1 = await runMain('eval', join(EVAL, 'squad-v1.json'), join(EVAL, 'squad-v1.pred.json'), '--lang', 'auto');
    expect(v1.stdout).toBe(readFileSync(join(EVAL, 'squad-v1.expected.json'), 'utf8'));
    expect(v1.stderr).not.toMatch(/is Chinese/);
  });

  it.each([
    ['eval', [join(EVAL, 'zh.json'), join(EVAL, 'zh.pred.json')]],
    ['compare', [join(PARA, 'original.json'), join(PARA, 'paraphrased.json'), '--model', MODEL]],
    ['sweep', [join(PARA, 'original.json'), '--model', MODEL]],
    ['budget', [join(PARA, 'original.json'), '--model', MODEL]],
    ['universal', [join(PARA, 'original.json'), '--model', MODEL]],
  ])('%s --lang fr is a usage error naming the choices', async (cmd, args) => {
    const r = await runMain(cmd, ...args, '--lang', 'fr');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--lang must be auto, en \(SQuAD EM\/F1\) or zh \(DuReader-robust character-level EM\/F1\), got "fr"/);
  });
});

describe('qarx compare --lang zh', () => {
  it('scores every question at character level, the predictions unchanged', async () => {
    const golds = new Map<string, string[]>();
    const data = JSON.parse(readFileSync(join(PARA, 'original.json'), 'utf8')) as { data: { paragraphs: { qas: { id: string; answers: { text: string }[] }[] }[] }[] };
    for (const a of data.data) for (const p of a.paragraphs) for (const q of p.qas) golds.set(q.id, q.answers.map((x) => x.text));
    type Row = { id: string; original: { text: string; em: number; f1: number }; perturbed: { text: string; em: number; f1: number } };
    const run = async (...lang: string[]) => {
      const r = await runMain('compare', join(PARA, 'original.json'), join(PARA, 'paraphrased.json'), '--model', MODEL, '--json', ...lang);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { rows: Row[]; dpr: { n: number } | null };
    };
    const en = await run();
    const zh = await run('--lang', 'zh');
    expect(zh.rows.map((r) => [r.id, r.original.text, r.perturbed.text])).toEqual(en.rows.map((r) => [r.id, r.original.text, r.perturbed.text]));
    for (const r of zh.rows) {
      const g = golds.get(r.id) as string[];
      expect(r.original.f1).toBeCloseTo(calcF1Score(g, r.original.text), 12);
      expect(r.original.em).toBe(calcEmScore(g, r.original.text));
      expect(r.perturbed.f1).toBeCloseTo(calcF1Score(g, r.perturbed.text), 12);
    }
    expect(zh.dpr?.n).toBe(6);
  }, 120_000);
});
