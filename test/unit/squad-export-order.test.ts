/** Exports keep the input's structure: articles that share a title are not merged or moved (issue 25.11). */
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importSquad, instancesToSquad } from '../../src/core/formats/index.ts';
import { perturbSynthetic } from '../../src/cli/commands/perturb-synthetic.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-export-order-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A SQuAD 1.1 file: per article its title and its paragraphs' question counts. */
function squad(articles: { title: string; paragraphs: number[] }[]) {
  let q = 0;
  return {
    version: 'v1.1',
    data: articles.map((a, ai) => ({
      title: a.title,
      paragraphs: a.paragraphs.map((n, pi) => {
        const context = `Passage ${ai}.${pi} says that Alice Moreau built the bridge over the river in spring.`;
        return { context, qas: Array.from({ length: n }, () => ({ id: `q${q++}`, question: `Who built the bridge ${q}?`, answers: [{ text: 'Alice Moreau', answer_start: context.indexOf('Alice') }] })) };
      }),
    })),
  };
}

/** Titles, and each article's question ids per paragraph. */
const shape = (d: { data: { title: string; paragraphs: { qas: { id: string }[] }[] }[] }) => d.data.map((a) => [a.title, a.paragraphs.map((p) => p.qas.map((x) => x.id))]);

describe('instancesToSquad keeps the order and the articles of the input', () => {
  it('two articles titled "A" around a "B" stay three articles, in order', async () => {
    const file = squad([{ title: 'A', paragraphs: [2, 1] }, { title: 'B', paragraphs: [1] }, { title: 'A', paragraphs: [1] }]);
    const r = await importSquad(JSON.stringify(file), { file: 'a.json', dataset: 'd' });
    expect(shape(instancesToSquad(r.instances))).toEqual(shape(file));
  });

  it('round-trips any structure whose neighbouring articles differ in title (property)', async () => {
    const arb = fc.array(fc.record({ title: fc.constantFrom('A', 'B', 'C', ''), paragraphs: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 6 }).filter((as) => as.every((a, k) => k === 0 || as[k - 1]?.title !== a.title));
    await fc.assert(
      fc.asyncProperty(arb, async (articles) => {
        const file = squad(articles);
        const r = await importSquad(JSON.stringify(file), { file: 'a.json', dataset: 'd' });
        expect(instancesToSquad(r.instances)).toEqual(file);
      }),
      { numRuns: 60 },
    );
  });

  it('qarx perturb synthetic writes the articles as the input has them', async () => {
    const file = squad([{ title: 'A', paragraphs: [1, 1] }, { title: 'B', paragraphs: [1] }, { title: 'A', paragraphs: [1] }, { title: 'C', paragraphs: [1] }]);
    writeFileSync(join(tmp, 'in.json'), JSON.stringify(file));
    expect(await perturbSynthetic(['--kind', 'char-swap', '--rate', '0.2', join(tmp, 'in.json'), join(tmp, 'out.json')])).toBe(0);
    const out = JSON.parse(readFileSync(join(tmp, 'out.json'), 'utf8')) as Parameters<typeof shape>[0];
    expect(shape(out)).toEqual(shape(file));
  });
});
