/**
 * perturb trap's file written paragraph by paragraph (issue 40.2) has exactly the bytes of the
 * whole-object writer it replaces, for generated traps, a typed sentence shared by a passage's
 * questions (one paragraph of several questions), several articles (two in a row sharing a title),
 * passages whose JSON escapes characters, and nothing trapped. The passage is indexed and
 * stringified once however many questions it has, and a failed write leaves no file.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { bigPassageJson } from '../../scripts/lib/big-passage.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { prepareTraps, type TrapConfig, type TrapItem } from '../../src/core/trap/experiment.ts';
import { trapsToSquad } from '../../src/core/trap/export.ts';
import { insertTrap } from '../../src/core/trap/insert.ts';
import { writeJsonFile } from '../../src/cli/json-out.ts';
import { writeTrapSquad } from '../../src/cli/trap-out.ts';
import { mapperBuilds } from '../../src/core/text/codepoints.ts';

const dir = mkdtempSync(join(tmpdir(), 'trap-out-'));

/** Both writers' bytes for the same items. */
function both(items: TrapItem[], config: TrapConfig & { sentence?: string }, versionTwo?: boolean): [string, string] {
  const whole = join(dir, `whole-${Math.random()}.json`);
  const streamed = join(dir, `streamed-${Math.random()}.json`);
  writeJsonFile(whole, trapsToSquad(items, config, versionTwo), 1);
  writeTrapSquad(streamed, [...items], config, versionTwo);
  return [readFileSync(streamed, 'utf8'), readFileSync(whole, 'utf8')];
}

/** Questions of two articles (the second one's title differs), a passage with emoji. */
async function questions(): Promise<Instance[]> {
  const a = (await importFile('a.json', new TextEncoder().encode(bigPassageJson({ chars: 3000, questions: 6, astralEvery: 4 })), { dataset: 'a' })).instances;
  const b = (await importFile('b.json', new TextEncoder().encode(bigPassageJson({ chars: 2000, questions: 3, seed: 2 })), { dataset: 'b' })).instances.map((i) => ({ ...i, id: `b-${i.id}`, title: 'Other' }));
  return [...a, ...b];
}

describe('perturb trap written paragraph by paragraph (issue 40.2)', () => {
  it('generated traps: the same bytes as the whole-object writer', async () => {
    const config: TrapConfig = { source: 'generated', position: 'after', seed: 1 };
    const { items } = prepareTraps(await questions(), config);
    expect(items.length).toBeGreaterThan(5);
    const [streamed, whole] = both(items, config, true);
    expect(streamed).toBe(whole);
  });

  it('a typed sentence at the passage start (questions of a passage share one paragraph): the same bytes', async () => {
    const config = { source: 'generated' as const, position: 'start' as const, seed: 1, sentence: 'Nobody built it.' };
    const items = (await questions()).map((inst) => ({ inst, variant: insertTrap(inst, config.sentence, 'start') as NonNullable<ReturnType<typeof insertTrap>>, sentence: config.sentence }));
    const [streamed, whole] = both(items, config);
    expect(streamed).toBe(whole);
    expect(JSON.parse(streamed).data[0].paragraphs).toHaveLength(1);
  });

  it('nothing trapped: the same bytes', () => {
    const [streamed, whole] = both([], { source: 'generated', position: 'end', seed: 3 });
    expect(streamed).toBe(whole);
  });
});

/** A question written by hand: `context` with the answer `answer` in it. */
const hand = (id: string, context: string, answer: string, more: Partial<Instance> = {}): Instance => ({ id, dataset: 'h', title: 'Hand', question: `Who built the ${id} tower?`, context, answers: [{ text: answer, start: context.indexOf(answer) }], isImpossible: false, lang: 'en', tags: [], ...more });

/** Each question with the typed sentence at `position`. */
const typed = (insts: Instance[], sentence: string, position: 'start' | 'after' | 'end'): TrapItem[] => insts.map((inst) => ({ inst, variant: insertTrap(inst, sentence, position) as NonNullable<ReturnType<typeof insertTrap>>, sentence }));

describe('perturb trap written from the passage once (issue 40.2)', () => {
  it('two articles in a row sharing a title stay two articles, as the whole-object writer keeps them', () => {
    const items = typed([hand('a', 'Ann built it. Then rain.', 'Ann', { article: 0 }), hand('b', 'Bo built it. Then snow.', 'Bo', { article: 1 })], 'Cy built it.', 'after');
    const [streamed, whole] = both(items, { source: 'generated', position: 'after', seed: 1, sentence: 'Cy built it.' });
    expect(streamed).toBe(whole);
    expect(JSON.parse(streamed).data).toHaveLength(2);
  });

  it('passages whose JSON escapes quotes, backslashes, controls and a lone surrogate half, with emoji: the same bytes', () => {
    const context = 'Say "hi" \\ now.\n\u0001 😀 Ann built it in 1901. \ud800 Then 😀 "rain" fell.\t';
    const items = typed([hand('x', context, 'Ann'), hand('y', context, 'rain'), hand('z', `😀${context}`, 'Ann')], 'Bo "Jr" built it 😀.', 'after');
    const [streamed, whole] = both(items, { source: 'generated', position: 'after', seed: 1, sentence: 'x' });
    expect(streamed).toBe(whole);
    expect(JSON.parse(streamed).data[0].paragraphs).toHaveLength(3);
  });

  it('300 questions of one passage: its code points indexed once and its text stringified once, not per question', async () => {
    const insts = (await importFile('big.json', new TextEncoder().encode(bigPassageJson({ chars: 30_000, questions: 300, astralEvery: 5 })), { dataset: 'big' })).instances;
    const { items } = prepareTraps(insts, { source: 'generated', position: 'after', seed: 1 });
    expect(items).toHaveLength(300);
    const passage = insts[0]?.context ?? '';
    const stringify = vi.spyOn(JSON, 'stringify');
    const builds = mapperBuilds.count;
    writeTrapSquad(join(dir, 'once.json'), items, { source: 'generated', position: 'after', seed: 1 });
    // Calls whose value holds the passage (a paragraph object or a passage-long string).
    const big = stringify.mock.calls.filter(([v]) => (typeof v === 'string' ? v.length : typeof v === 'object' && v !== null && 'context' in v ? passage.length : 0) >= passage.length);
    stringify.mockRestore();
    expect(mapperBuilds.count - builds).toBe(1);
    expect(big).toHaveLength(1);
  });

  it('a failure while writing leaves no file (nor a half-written one)', () => {
    const items = typed([hand('a', 'Ann built it.', 'Ann'), hand('b', 'Bo built it.', 'Bo')], 'Cy built it.', 'end');
    const path = join(dir, 'failed.json');
    function* failing(): Generator<TrapItem> {
      yield items[0] as TrapItem;
      throw new Error('disk gone');
    }
    expect(() => writeTrapSquad(path, failing(), { source: 'generated', position: 'end', seed: 1 })).toThrow('disk gone');
    expect(existsSync(path)).toBe(false);
  });
});
