/**
 * The tour's claim about the shipped lexical baseline, checked on the model itself: it memorised no
 * names, so after a DBName renaming (the tour's first stop: demo-per-01, PER, US, seed 1) its answer
 * follows the new name, and most questions it answered right stay right.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, runQarx } from '../support/run-qarx.ts';

it('the shipped baseline follows a renamed answer entity (tour stop 1, Yan et al. 2022 §3.2 DBName)', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qarx-tour-'));
  const demo = join(ROOT, 'src', 'core', 'data', 'demo-set.json');
  const model = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
  expect((await runQarx(dir, 'perturb', 'entity', '--type', 'PER', '--source', 'db', '--origin', 'us', '--seed', '1', demo, join(dir, 'db.json'))).code).toBe(0);
  for (const [data, out] of [[demo, 'orig'], [join(dir, 'db.json'), 'db']] as const) expect((await runQarx(dir, 'predict', '--model', model, '--data', data, '--out', join(dir, out))).code).toBe(0);
  const orig = JSON.parse(readFileSync(join(dir, 'orig', 'predictions.json'), 'utf8')) as Record<string, string>;
  const renamed = JSON.parse(readFileSync(join(dir, 'db', 'predictions.json'), 'utf8')) as Record<string, string>;
  const data = JSON.parse(readFileSync(join(dir, 'db.json'), 'utf8')) as { data: { paragraphs: { qas: { id: string; answers: { text: string }[] }[] }[] }[] };
  const gold = new Map(data.data.flatMap((a) => a.paragraphs.flatMap((p) => p.qas.map((q) => [q.id, q.answers.map((x) => x.text)] as const))));
  const demoGold = new Map((JSON.parse(readFileSync(demo, 'utf8')) as { instances: { id: string; answers: { text: string }[] }[] }).instances.map((i) => [i.id, i.answers.map((a) => a.text)]));
  expect(orig['demo-per-01']).toBe('Alexander Fleming');
  expect(gold.get('demo-per-01')).toContain(renamed['demo-per-01']);
  const rightBefore = [...gold.keys()].filter((k) => demoGold.get(k)?.includes(orig[k] ?? ''));
  const stillRight = rightBefore.filter((k) => gold.get(k)?.includes(renamed[k] ?? ''));
  // Measured: 13 right before, 9 after (word pieces of a new name can move a span; memory cannot). With the
  // US lists before the strict 2× rule (66 names at exactly 2× were gendered), seed 1 drew other names: 11 after.
  expect(rightBefore.length).toBeGreaterThan(5);
  expect(stillRight.length / rightBefore.length).toBeGreaterThanOrEqual(0.6);
});
