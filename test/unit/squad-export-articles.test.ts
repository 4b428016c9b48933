/**
 * Articles survive import and export (issue 40.8): two articles next to each other that share a
 * title stay two articles in every file the tool writes (instancesToSquad), as two apart already
 * did; `qarx perturb synthetic` keeps them apart.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importFile, instancesToSquad } from '../../src/core/formats/index.ts';
import { runMain } from '../support/run-qarx.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-articles-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const article = (title: string, who: string, k: number) => ({ title, paragraphs: [{ context: `${who} was born in London in 1815.`, qas: [{ id: `q${k}`, question: `Where was ${who} born?`, answers: [{ text: 'London', answer_start: who.length + 13 }] }] }] });

describe('articles that share a title', () => {
  it.each([
    { name: 'next to each other', titles: ['Same', 'Same'] },
    { name: 'three in a row', titles: ['Same', 'Same', 'Same'] },
    { name: 'apart', titles: ['Same', 'Other', 'Same'] },
    { name: 'distinct', titles: ['A', 'B'] },
  ])('$name: as many articles written as read', async ({ titles }) => {
    const file = { version: '1.1', data: titles.map((t, k) => article(t, `Person${k}`, k)) };
    const r = await importFile('a.json', new TextEncoder().encode(JSON.stringify(file)), { dataset: 'a' });
    expect(instancesToSquad(r.instances).data.map((a) => a.title)).toEqual(titles);
  });

  it('perturb synthetic keeps two adjacent articles with one title apart', async () => {
    const input = join(tmp, 'in.json');
    const output = join(tmp, 'out.json');
    writeFileSync(input, JSON.stringify({ version: '1.1', data: [article('Same', 'Ada', 0), article('Same', 'Bob', 1)] }));
    const r = await runMain('perturb', 'synthetic', input, output, '--kind', 'keyboard', '--rate', '0.5');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(readFileSync(output, 'utf8')) as { data: { title: string; paragraphs: { qas: { id: string }[] }[] }[] };
    expect(out.data.map((a) => [a.title, a.paragraphs.flatMap((p) => p.qas.map((q) => q.id))])).toEqual([
      ['Same', ['q0']],
      ['Same', ['q1']],
    ]);
  });
});
