/**
 * qarx challenge: a challenge set from prediction files (hand-made answers whose flips are known)
 * and from the shipped model, and its usage errors.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePredSpec } from '../../src/cli/commands/challenge.ts';
import { ROOT, runMain } from '../support/run-qarx.ts';

const F = join(ROOT, 'test', 'fixtures', 'formats');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-challenge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = (name: string, value: unknown) => {
  const p = join(tmp, name);
  writeFileSync(p, JSON.stringify(value));
  return p;
};
const ORIG = join(F, 'pairs-original.json');
const PERT = join(F, 'pairs-perturbed.json');

interface Challenge {
  data: { paragraphs: { context: string; original_context: string; qas: { id: string }[] }[] }[];
  challenge: { pairs: number; questions: number; seed: number; models: string[]; flipsByModel: Record<string, number>; sources: Record<string, Record<string, string>>; command: string };
}

describe('qarx challenge', () => {
  it('orients the pair by the total flips of every prediction file and writes SQuAD JSON', { timeout: 120_000 }, async () => {
    // Paired and kept: kb-1, kb-4 (kb-2's answer "1931" is not in the edited passage).
    // A: kb-1 right → wrong (1 forward flip). B: kb-1 and kb-4 wrong → right (2 flips with the edit undone).
    const a = `A=${file('a-o.json', { 'kb-1': 'Ruth Ashby', 'kb-4': 'the coast road' })},${file('a-p.json', { 'kb-1': 'Marl', 'kb-4': 'the coast road' })}`;
    const b = `B=${file('b-o.json', { 'kb-1': 'Marl', 'kb-4': 'estuary' })},${file('b-p.json', { 'kb-1': 'Ruth Ashby', 'kb-4': 'the coast road' })}`;
    const out = join(tmp, 'challenge.json');
    const r = await runMain('challenge', ORIG, PERT, '--pred', a, '--pred', b, '--out', out, '--seed', '3');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/left out 1 question whose gold answer is not in the edited passage \(kb-2\)/);
    expect(r.stderr).toMatch(/1 passage pair \(1 with the edit undone\), 2 questions; flips by model: A 0, B 2/);
    const c = JSON.parse(readFileSync(out, 'utf8')) as Challenge;
    const [para] = c.data.flatMap((d) => d.paragraphs);
    // Reversed: the challenge passage is the original text, and the edited one is where it came from.
    expect(para?.context).toMatch(/^The Kestrel Bridge, completed in 1931/);
    expect(para?.original_context).toMatch(/^The Kestrel Bridge, finished in 1932/);
    expect(para?.qas.map((q) => q.id)).toEqual(['kb-1', 'kb-4']);
    expect(c.challenge).toMatchObject({ pairs: 1, questions: 2, seed: 3, models: ['A', 'B'], flipsByModel: { A: 0, B: 2 } });
  });

  it('Wu et al. 2025 App. I, last step: --dev keeps only pairs whose original passage is in the SQuAD dev file, and says how many it removed', { timeout: 120_000 }, async () => {
    // The pair runs with the edit undone (B's 2 flips), so its original passage is the edited file's text.
    const a = `A=${file('d-a-o.json', { 'kb-1': 'Ruth Ashby', 'kb-4': 'the coast road' })},${file('d-a-p.json', { 'kb-1': 'Marl', 'kb-4': 'the coast road' })}`;
    const b = `B=${file('d-b-o.json', { 'kb-1': 'Marl', 'kb-4': 'estuary' })},${file('d-b-p.json', { 'kb-1': 'Ruth Ashby', 'kb-4': 'the coast road' })}`;
    const kept = join(tmp, 'dev-kept.json');
    const r1 = await runMain('challenge', ORIG, PERT, '--pred', a, '--pred', b, '--dev', PERT, '--out', kept);
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.stderr).toContain(`removed 0 passage pairs whose original passage is not in ${PERT}`);
    expect((JSON.parse(readFileSync(kept, 'utf8')) as Challenge & { challenge: { devFilter: unknown } }).challenge).toMatchObject({ pairs: 1, devFilter: { file: PERT, pairsRemoved: 0 } });
    const gone = join(tmp, 'dev-gone.json');
    const r2 = await runMain('challenge', ORIG, PERT, '--pred', a, '--pred', b, '--dev', ORIG, '--out', gone);
    expect(r2.code, r2.stderr).toBe(0);
    expect(r2.stderr).toContain(`removed 1 passage pair whose original passage is not in ${ORIG}`);
    expect((JSON.parse(readFileSync(gone, 'utf8')) as Challenge & { challenge: { devFilter: unknown } }).challenge).toMatchObject({ pairs: 0, questions: 0, devFilter: { file: ORIG, pairsRemoved: 1 } });
    // Without --dev the step is skipped, and said so.
    const r3 = await runMain('challenge', ORIG, PERT, '--pred', a, '--pred', b, '--out', join(tmp, 'dev-none.json'));
    expect(r3.stderr).toContain("no --dev file: App. I's last step (original passages must be SQuAD dev passages) was skipped");
  });

  it('runs a model too, and leaves out pairs no model breaks', { timeout: 180_000 }, async () => {
    const same = `S=${file('s.json', { 'kb-1': 'Ruth Ashby', 'kb-4': 'the coast road' })},${file('s2.json', { 'kb-1': 'Ruth Ashby', 'kb-4': 'the coast road' })}`;
    const out = join(tmp, 'c2.json');
    const r = await runMain('challenge', ORIG, PERT, '--model', MODEL, '--pred', same, '--out', out);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(readFileSync(out, 'utf8')) as Challenge;
    expect(c.challenge.models).toEqual([MODEL, 'S']);
    expect(c.challenge.flipsByModel.S).toBe(0);
    // What produced each side's answers, and the command line, are in the file.
    expect(c.challenge.sources[MODEL]).toEqual({ dtype: 'fp32', device: 'cpu' });
    expect(c.challenge.sources.S?.predictions).toMatch(/s\.json,.*s2\.json$/);
    expect(c.challenge.command).toMatch(/^qarx challenge .*--model .*--pred .*--out /);
    expect(c.challenge.questions).toBe(c.data.flatMap((d) => d.paragraphs).reduce((n, p) => n + p.qas.length, 0));
  });

  it.each([
    { args: ['challenge', ORIG, PERT, '--out', 'x.json'], msg: 'challenge needs <original.json> <perturbed.json> --out' },
    { args: ['challenge', ORIG, PERT, '--pred', 'A=a.json', '--out', 'x.json'], msg: '--pred must be NAME=original-preds.json,perturbed-preds.json (got "A=a.json").' },
    { args: ['challenge', ORIG, PERT, '--pred', 'A=a.json,b.json', '--pred', 'A=c.json,d.json', '--out', 'x.json'], msg: '"A" is named twice' },
    { args: ['challenge', ORIG, PERT, '--pred', 'A=a.json,b.json', '--dev', join(F, '..', '..', '..', 'package.json'), '--out', 'x.json'], msg: 'not a SQuAD file (no "data" list)' },
  ])('usage error: $msg', async ({ args, msg }) => {
    const r = await runMain(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(msg);
  });

  it('parses --pred', () => expect(parsePredSpec('bert = o.json , p.json')).toEqual({ name: 'bert', original: 'o.json', perturbed: 'p.json' }));
});
