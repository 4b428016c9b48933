/**
 * perturb trap's file written paragraph by paragraph (issue 40.2) has exactly the bytes of the
 * whole-object writer it replaces, for generated traps, a typed sentence shared by a passage's
 * questions (one paragraph of several questions), several articles, and nothing trapped.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bigPassageJson } from '../../scripts/lib/big-passage.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { prepareTraps, type TrapConfig, type TrapItem } from '../../src/core/trap/experiment.ts';
import { trapsToSquad } from '../../src/core/trap/export.ts';
import { insertTrap } from '../../src/core/trap/insert.ts';
import { writeJsonFile } from '../../src/cli/json-out.ts';
import { writeTrapSquad } from '../../src/cli/trap-out.ts';

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
