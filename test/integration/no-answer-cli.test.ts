/**
 * Issue 38 point 2 on the CLI: one no-answer decision per dataset, kept in the files qarx writes,
 * and the same for every command (core/data/no-answer.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { instancesToSquad } from '../../src/core/formats/index.ts';
import { ROOT, runMain } from '../support/run-qarx.ts';

const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-noanswer-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const demo = loadDemoSet().filter((i) => i.lang === 'en');
/** A SQuAD 2.0 fixture: answerable questions and two unanswerable ones. */
const squad2 = [...demo.filter((i) => !i.isImpossible).slice(0, 8), ...demo.filter((i) => i.isImpossible).slice(0, 2)];

describe('the no-answer decision on the CLI', () => {
  it('perturb trap on a SQuAD 2.0 source writes v2.0 (its answerable questions are trapped)', async () => {
    const src = join(tmp, 'v2.json');
    writeFileSync(src, JSON.stringify(instancesToSquad(squad2)));
    expect(squad2.filter((i) => i.isImpossible)).toHaveLength(2);
    const out = join(tmp, 'trapped.json');
    const r = await runMain('perturb', 'trap', src, out);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(readFileSync(out, 'utf8')) as { version: string }).version).toBe('v2.0');
  });

  it('attack and predict make one decision on an all-answerable file marked v2.0', { timeout: 180_000 }, async () => {
    const data = join(tmp, 'answerable-v2.json');
    const answerable = demo.filter((i) => !i.isImpossible).slice(0, 6);
    writeFileSync(data, JSON.stringify({ ...instancesToSquad(answerable), version: 'v2.0' }));
    const p = await runMain('predict', '--model', MODEL, '--data', data, '--out', join(tmp, 'pred'));
    expect(p.code, p.stderr).toBe(0);
    const run = JSON.parse(readFileSync(join(tmp, 'pred', 'run.json'), 'utf8')) as { record: { versionTwo: boolean; versionTwoReason: string } };
    const a = await runMain('attack', '--model', MODEL, '--data', data, '--budget', '4', '--families', 'trap', '--json');
    expect(a.code, a.stderr).toBe(0);
    const att = JSON.parse(a.stdout) as { record: { versionTwo: boolean; versionTwoReason: string }; questions: { id: string; correct: boolean }[] };
    expect(att.record.versionTwo).toBe(true);
    expect(att.record).toMatchObject({ versionTwo: run.record.versionTwo, versionTwoReason: run.record.versionTwoReason });
    // A question predict answers with no answer is never one attack counts correct.
    const preds = JSON.parse(readFileSync(join(tmp, 'pred', 'predictions.json'), 'utf8')) as Record<string, string>;
    for (const q of att.questions) if (preds[q.id] === '') expect(q.correct).toBe(false);
  });

  it('--squad1 is refused on data with unanswerable questions, before the model loads', async () => {
    const src = join(tmp, 'v2b.json');
    writeFileSync(src, JSON.stringify(instancesToSquad(squad2)));
    const r = await runMain('attack', '--model', MODEL, '--data', src, '--squad1');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--squad1 refused: only SQuAD 2\.0 scores unanswerable questions/);
  });
});
