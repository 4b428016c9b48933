/**
 * `qarx eval --slice` on a prediction file and `qarx compare --slice` with the shipped model:
 * counts and EM/F1 per title, question word and metadata key, adding up to the unsliced numbers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain, runQarx } from '../support/run-qarx.ts';
import type { SliceTable } from '../../src/core/metrics/slices.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const F = join(ROOT, 'test', 'fixtures', 'slices');
const DATA = join(F, 'squad-meta.json');
const PRED = join(F, 'squad-meta.pred.json');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-slices-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('qarx eval --slice', () => {
  it('warns when no question has a metadata key (a typo would give one "(none)" row), and only then', async () => {
    const r = await runMain('eval', DATA, PRED, '--slice', 'domian', '--slice', 'domain', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: --slice domian: no question of the data has this key');
    expect(r.stderr).not.toContain('--slice domain:');
  });

  it('prints count, EM and F1 per domain (a metadata key) and per question word, hand-computed', async () => {
    const r = await runMain('eval', DATA, PRED, '--slice', 'domain', '--slice', 'qword');
    expect(r.code, r.stderr).toBe(0);
    // oq-3 "timber from the Baltic ships" vs "timber": F1 2·(1/4·1)/(1/4+1) = 0.4; sf-2 "east of the town" vs "east of the town of Brill" (articles dropped): P 3/3, R 3/5, F1 0.75.
    expect(r.stdout).toBe(
      [
        'metric: SQuAD v2.0; EM and F1 in %',
        'slice by domain (from the file): 2 values',
        'value        n     EM     F1',
        'nature *     3  33.33  58.33',
        'transport *  3  66.67  80.00',
        'all          6  50.00  69.17',
        '* fewer than 30 questions (a noisy mean)',
        '',
        'slice by question word: 6 values',
        'value    n      EM      F1',
        'what *   1    0.00   40.00',
        'who *    1  100.00  100.00',
        'when *   1  100.00  100.00',
        'where *  1    0.00   75.00',
        'which *  1    0.00    0.00',
        'how *    1  100.00  100.00',
        'all      6   50.00   69.17',
        '* fewer than 30 questions (a noisy mean)',
        '',
      ].join('\n'),
    );
  });
  it('--json: the all row equals the official evaluation, counts add up, answer types are typed as in the app', async () => {
    const official = JSON.parse((await runMain('eval', DATA, PRED)).stdout) as { exact: number; f1: number; total: number };
    const r = await runMain('eval', DATA, PRED, '--slice', 'title', '--slice', 'answer-type', '--slice', 'source', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { metric: string; n: number; slices: SliceTable[] };
    expect(j.metric).toBe('squad-v2.0');
    expect(j.n).toBe(official.total);
    for (const t of j.slices) {
      expect(t.all.original.em).toBeCloseTo(official.exact, 9);
      expect(t.all.original.f1).toBeCloseTo(official.f1, 9);
      expect(t.rows.reduce((a, x) => a + x.n, 0)).toBe(6);
    }
    const [title, type, source] = j.slices;
    expect(title?.rows.map((x) => [x.value, x.n])).toEqual([['Orrin_Quay', 3], ['Sallow_Fen', 3]]);
    // compromise types "Hester Vane" as a person; "sf-3" is unanswerable, so 'other'.
    expect(type?.rows.find((x) => x.value === 'PER')?.n).toBeGreaterThanOrEqual(1);
    expect(type?.rows.some((x) => x.value === '(none)')).toBe(false);
    // The question's own "source" (annotator) wins over its paragraph's (wiki).
    expect(source?.rows.map((x) => [x.value, x.n])).toEqual([['news', 3], ['wiki', 2], ['annotator', 1]]);
  });
  it('DuReader (--lang zh): character-level scores per question word; an empty --slice is a usage error', async () => {
    const r = await runMain('eval', join(ROOT, 'test', 'fixtures', 'eval', 'zh.json'), join(ROOT, 'test', 'fixtures', 'eval', 'zh.pred.json'), '--lang', 'zh', '--slice', 'qword', '--json');
    expect(r.code, r.stderr).toBe(0);
    const official = JSON.parse((await runMain('eval', join(ROOT, 'test', 'fixtures', 'eval', 'zh.json'), join(ROOT, 'test', 'fixtures', 'eval', 'zh.pred.json'), '--lang', 'zh')).stdout) as { F1: string; EM: string };
    const t = (JSON.parse(r.stdout) as { slices: SliceTable[] }).slices[0];
    expect(t?.all.original.f1.toFixed(3)).toBe(official.F1);
    expect(t?.all.original.em.toFixed(3)).toBe(official.EM);
    expect(t?.rows.every((x) => ['什么', '谁', '哪', '几', '多少', '怎么', '为什么', '是否', '其他'].includes(x.value))).toBe(true);
    const bad = await runMain('eval', DATA, PRED, '--slice', '');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--slice needs a field name/);
  });
});

describe('qarx compare --slice (shipped model)', () => {
  // Loads the model: generous time, CI shares a loaded machine.
  it('original vs perturbed per domain and question word; slices add up to the unsliced numbers', { timeout: 180_000 }, async () => {
    const edited = join(F, 'squad-meta-edited.json');
    const j = await runQarx(join(tmp, 'cache'), 'compare', DATA, edited, '--model', MODEL, '--slice', 'domain', '--slice', 'qword', '--json');
    expect(j.code, j.stderr).toBe(0);
    const parsed = JSON.parse(j.stdout) as { n: number; original: { em: number; f1: number }; perturbed: { em: number; f1: number }; slices: SliceTable[] };
    expect(parsed.slices.map((t) => t.key)).toEqual(['meta.domain', 'qword']);
    for (const t of parsed.slices) {
      expect(t.perturbed).toBe(true);
      expect(t.rows.reduce((a, x) => a + x.n, 0)).toBe(parsed.n);
      expect(t.all.original.f1).toBeCloseTo(parsed.original.f1, 9);
      expect(t.all.perturbed?.f1).toBeCloseTo(parsed.perturbed.f1, 9);
      expect(t.all.drop?.f1).toBeCloseTo(parsed.original.f1 - parsed.perturbed.f1, 9);
      const w = t.rows.reduce((a, x) => a + x.n * (x.perturbed?.em ?? NaN), 0) / parsed.n;
      expect(w).toBeCloseTo(parsed.perturbed.em, 9);
    }
    expect(parsed.slices[0]?.rows.map((x) => x.value).sort()).toEqual(['nature', 'transport']);
    const text = await runQarx(join(tmp, 'cache'), 'compare', DATA, edited, '--model', MODEL, '--slice', 'domain');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/\nslice by domain \(from the file\): 2 values\nvalue +n +EM +F1 +pert\. EM +pert\. F1 +drop EM +drop F1\n/);
    expect(text.stdout).toMatch(/\nall +\d+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +[+-]?[\d.]+ +[+-]?[\d.]+\n/);
  });
});
