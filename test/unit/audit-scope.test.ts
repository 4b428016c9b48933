/** qarx audit's dataset scope (issue 23 §1): `ids` (a file or a list) and the InDistName `pool`, validated naming the field, in the unit ids. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/cli/audit/config.ts';
import { planUnits } from '../../src/cli/audit/plan.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-audit-scope-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const CFG = join(tmp, 'audit.json');
const BASE = { models: [{ hub: 'Xenova/distilbert-base-cased-distilled-squad' }], experiments: [{ kind: 'natural' }] };
const ds = (extra: Record<string, unknown>) => ({ ...BASE, datasets: [{ name: 'demo', builtin: 'demo', ...extra }] });
const plan = (extra: Record<string, unknown>) => planUnits(validateConfig(ds(extra), CFG), CFG);

describe('audit config: ids and pool', () => {
  it.each([
    ['ids as a number', { ids: 3 }, 'datasets[0].ids: must be a file of ids or a list of ids'],
    ['an empty id list', { ids: [] }, 'datasets[0].ids'],
    ['an empty id', { ids: ['a', ''] }, 'datasets[0].ids'],
    ['a pool that is not a file name', { pool: { PER: ['Ada'] } }, 'datasets[0].pool'],
    ['ids with limit', { ids: ['a'], limit: 3 }, 'datasets[0]: "ids" and "limit" cannot both be given'],
  ])('%s names the field', (_, extra, msg) => {
    expect(() => validateConfig(ds(extra), 'audit.json')).toThrow(`audit.json: ${msg}`);
  });

  it.each([
    ['a missing ids file', () => ({ ids: 'nope.txt' }), `datasets[0].ids: ${join(tmp, 'nope.txt')}: no such file.`],
    ['an ids file of bad JSON', () => (writeFileSync(join(tmp, 'bad.json'), '["a", 3]'), { ids: 'bad.json' }), 'datasets[0].ids: bad.json: a JSON list of ids must hold strings only.'],
    ['an id listed twice', () => ({ ids: ['a', 'b', 'a'] }), 'datasets[0].ids: "a" is listed twice.'],
    ['a pool file that is not name lists', () => (writeFileSync(join(tmp, 'pool.json'), '{"PER": "Ada"}'), { pool: 'pool.json' }), 'datasets[0].pool: pool.json: "PER" must be a list of names.'],
  ])('%s is refused when planned, naming the field and file', (_, make, msg) => {
    expect(() => plan(make())).toThrow(`${CFG}: ${msg}`);
  });

  it('an ids file (relative to the config) and the same list inline plan the same units; other ids or a pool change the unit ids', () => {
    writeFileSync(join(tmp, 'ids.txt'), 'q2\nq1\n');
    const fromFile = plan({ ids: 'ids.txt' });
    const inline = plan({ ids: ['q2', 'q1'] });
    expect(fromFile.map((u) => u.id)).toEqual(inline.map((u) => u.id));
    expect(fromFile[0]?.sources.scope?.ids).toEqual(['q2', 'q1']);
    expect(fromFile[0]?.spec.dataset.ids).toEqual({ count: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Order matters (the app's run order): another order is another unit.
    expect(plan({ ids: ['q1', 'q2'] })[0]?.id).not.toBe(inline[0]?.id);
    writeFileSync(join(tmp, 'names.json'), '{"PER": ["Ada Lovelace"]}');
    const pooled = plan({ ids: ['q2', 'q1'], pool: 'names.json' });
    expect(pooled[0]?.id).not.toBe(inline[0]?.id);
    expect(pooled[0]?.sources.scope?.pool).toEqual({ PER: ['Ada Lovelace'] });
  });

  it('without ids or pool a unit keeps the id it had (no new keys in its spec)', () => {
    const [u] = plan({});
    expect(Object.keys(u?.spec.dataset ?? {})).toEqual(['name', 'limit', 'lang']);
    expect(u?.sources.scope).toBeUndefined();
  });
});
