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

describe('--slice on sweep, budget and universal', () => {
  const DATA = join(ROOT, 'test', 'fixtures', 'slices', 'squad-meta.json');
  type Table = { key: string; all: { n: number; original: { f1: number }; perturbed: { f1: number } | null }; rows: { value: string; n: number }[] };
  it('sweep: one table per sweep row and key, its all row the row of the sweep', async () => {
    const r = await runMain('sweep', DATA, '--model', MODEL, '--types', 'PER', '--sources', 'db', '--seeds', '2', '--origins', 'us', '--slice', 'domain', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { rows: { n: number; orig: { f1: number }; pertF1: { mean: number } }[]; cells: { n: number; questions: unknown[] }[]; slices: { row: string; tables: Table[] }[] };
    expect(j.slices.map((s) => s.row)).toEqual(['PER · db · us']);
    const t = j.slices[0]!.tables[0]!;
    expect(t.key).toBe('meta.domain');
    // The sweep keeps every renamed question's scores.
    for (const c of j.cells) expect(c.questions).toHaveLength(c.n);
    expect(t.all.n).toBeGreaterThan(0);
    // Every seed renames the same questions here, so the mean over seeds per question averages to the row's mean.
    expect(t.all.n).toBe(j.rows[0]!.n);
    expect(t.all.original.f1).toBeCloseTo(j.rows[0]!.orig.f1, 9);
    expect(t.all.perturbed!.f1).toBeCloseTo(j.rows[0]!.pertF1.mean, 9);
    expect(t.rows.reduce((a, x) => a + x.n, 0)).toBe(t.all.n);
  }, 120_000);
  it('budget: original vs D_worst per slice; universal: per top name (text tables)', async () => {
    const b = await runMain('budget', DATA, '--model', MODEL, '--budget', '3', '--slice', 'qword', '--json');
    expect(b.code, b.stderr).toBe(0);
    const bj = JSON.parse(b.stdout) as { n: number; plain: { original: { f1: number }; worst: { f1: number } }; slices: Table[] };
    expect(bj.slices[0]!.all.n).toBe(bj.n);
    expect(bj.slices[0]!.all.perturbed!.f1).toBeCloseTo(bj.plain.worst.f1, 9);
    // Only names that worsen more answers than they improve are listed (App. A.1): of K = 2 none does
    // on this file's one renamable question, of K = 6 one does, so there is a top name to slice by.
    const u = await runMain('universal', DATA, '--model', MODEL, '--candidates', '6', '--top', '2', '--slice', 'title');
    expect(u.code, u.stderr).toBe(0);
    const listed = Number(/: (\d+) listed \(top 2\)/.exec(u.stdout)?.[1]);
    expect(listed).toBeGreaterThan(0);
    // One slice table per listed name.
    expect(u.stdout.match(/\nwith .+\nslice by title: \d+ values?\n/g)).toHaveLength(listed);
  }, 120_000);
});
