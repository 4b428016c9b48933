/**
 * Wu et al. 2025, App. K perturbs the passage once: `qarx perturb synthetic`, the app's noise
 * experiment (the core function its worker calls) and Live (one question with its passage's answers)
 * draw the same noisy passage, and the written file keeps one paragraph per source paragraph.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../support/run-qarx.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { noisyPairs, passageAnswers } from '../../src/core/natural/noise-passage.ts';
import { populationOf } from '../../src/core/experiments/scope.ts';
import type { Instance } from '../../src/core/data/types.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-noise-passage-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// Two paragraphs written for this test: three questions on the first, two (one unanswerable) on the second.
const P1 = 'The Marl estuary bridge opened in 1931 after four years of careful work. Its engineer, Ruth Ashby, quickly became famous for the elegant steel arches that still carry the coast road today.';
const P2 = 'Harbour traffic doubled within a decade, and the council added a second deck in 1958 to carry the new railway line across the water.';
const qa = (id: string, context: string, answer: string | null) => ({ id, question: `Question ${id}?`, answers: answer ? [{ text: answer, answer_start: context.indexOf(answer) }] : [], is_impossible: answer === null });
const FILE = { version: 'v2.0', data: [{ title: 'Marl', paragraphs: [{ context: P1, qas: [qa('a1', P1, '1931'), qa('a2', P1, 'Ruth Ashby'), qa('a3', P1, 'steel arches')] }, { context: P2, qas: [qa('b1', P2, '1958'), qa('b2', P2, null)] }] }] };
const IN = join(tmp, 'in.json');
writeFileSync(IN, JSON.stringify(FILE));

type Out = { data: { paragraphs: { context: string; qas: { id: string; answers: { text: string; answer_start: number }[] }[] }[] }[] };

/** The noisy passage of each question id in a file qarx wrote. */
const contextsOf = (out: Out) => new Map(out.data.flatMap((a) => a.paragraphs.flatMap((p) => p.qas.map((q) => [q.id, p.context] as const))));

describe('one noisy passage per passage, the same on every surface', () => {
  it.each(['keyboard', 'word-swap', 'word-split'] as const)('%s: qarx keeps one paragraph per source paragraph, and the app and Live draw its passages', async (kind) => {
    const out = join(tmp, `${kind}.json`);
    const r = await runMain('perturb', 'synthetic', '--kind', kind, '--seed', '3', IN, out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('5 of 5 questions kept on 2 noisy passages');
    const file = JSON.parse(readFileSync(out, 'utf8')) as Out;
    expect(file.data[0]?.paragraphs.map((p) => p.qas.map((q) => q.id))).toEqual([['a1', 'a2', 'a3'], ['b1', 'b2']]);
    for (const p of file.data[0]?.paragraphs ?? []) for (const q of p.qas) for (const a of q.answers) expect([...p.context].slice(a.answer_start, a.answer_start + [...a.text].length).join('')).toBe(a.text);
    const cli = contextsOf(file);

    // The app's noise experiment: the worker's noisyPairs on core's population, the scope's answers kept.
    const instances: Instance[] = (await importFile(IN, readFileSync(IN), { dataset: 'f' })).instances;
    const opts = { kind, rate: 0.3, seed: 3 };
    const app = noisyPairs(populationOf('synthetic', instances), opts, instances).instances;
    expect(app.map((i) => i.id)).toEqual(['a1', 'a2', 'a3', 'b1']);
    for (const i of app) expect(i.revision?.context, i.id).toBe(cli.get(i.id));

    // Live: the open question alone, with every answer of its passage (as the data worker sends them).
    const answers = passageAnswers(instances);
    for (const q of instances.filter((i) => !i.isImpossible)) {
      const live = noisyPairs([q], opts, [{ ...q, answers: answers.get(q.context) ?? [] }]).instances[0];
      expect(live?.revision?.context, q.id).toBe(cli.get(q.id));
    }
  });

  it('--ids picks questions, not the noise: one question gets the passage the whole file gets', async () => {
    const whole = join(tmp, 'whole.json');
    const one = join(tmp, 'one.json');
    expect((await runMain('perturb', 'synthetic', '--kind', 'word-delete', IN, whole)).code).toBe(0);
    const ids = join(tmp, 'ids.txt');
    writeFileSync(ids, 'a2\n');
    const r = await runMain('perturb', 'synthetic', '--kind', 'word-delete', '--ids', ids, IN, one);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('1 of 1 questions kept');
    expect(contextsOf(JSON.parse(readFileSync(one, 'utf8')) as Out).get('a2')).toBe(contextsOf(JSON.parse(readFileSync(whole, 'utf8')) as Out).get('a2'));
  });
});
