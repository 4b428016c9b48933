/**
 * The CLI's one output writer (issue 40.6): a file is its last complete version or absent. A write
 * stopped between the bytes and the rename — a kill, a throw mid-stream — leaves the target as it
 * was and nothing half written under its name; the next run removes the temporary file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AtomicFile, isTempOf, removeTemps, writeFileAtomic } from '../../src/cli/atomic.ts';
import { PyJsonMapWriter, writeJsonFile, writePyJsonMap } from '../../src/cli/json-out.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-atomic-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
/** A fresh folder, holding `old` as out.json when given. */
const folder = (old?: string) => {
  const dir = join(tmp, `d${n++}`);
  if (old !== undefined) writeFileAtomic(join(dir, 'out.json'), old);
  return dir;
};

describe('AtomicFile', () => {
  it.each([
    { name: 'no earlier file: absent', old: undefined },
    { name: 'an earlier file: unchanged', old: '{"old": 1}\n' },
  ])('stopped between write and rename (a kill): $name, the bytes only in a hidden temporary file', ({ old }) => {
    const dir = folder(old);
    const target = join(dir, 'out.json');
    const f = new AtomicFile(target);
    f.write('{"new": ');
    // The process dies here: no commit, no abort.
    expect(existsSync(target)).toBe(old !== undefined);
    if (old !== undefined) expect(readFileSync(target, 'utf8')).toBe(old);
    expect(readdirSync(dir).filter((x) => x !== 'out.json')).toEqual([f.temp.slice(dir.length + 1)]);
    expect(isTempOf(f.temp.slice(dir.length + 1), 'out.json')).toBe(true);
    // The next run clears what the dead one left, and only that.
    writeFileSync(join(dir, 'notes.txt'), 'kept');
    expect(removeTemps(dir, ['out.json'])).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', ...(old === undefined ? [] : ['out.json'])]);
  });

  it('commit puts the whole file in place; abort after commit changes nothing', () => {
    const dir = folder('old');
    const f = new AtomicFile(join(dir, 'out.json'));
    f.write('{"a": ');
    f.write(new TextEncoder().encode('1}\n'));
    f.commit();
    f.abort();
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe('{"a": 1}\n');
    expect(readdirSync(dir)).toEqual(['out.json']);
  });
});

describe('the JSON writers on a failure mid-stream', () => {
  const boom = { toJSON: () => { throw new Error('boom'); } };

  it('writeJsonFile: the earlier file stays whole, no temporary file', () => {
    const dir = folder('{"old": 1}\n');
    const value = { data: Array.from({ length: 5000 }, (_, k) => ({ k, text: 'x'.repeat(50) })), last: boom };
    expect(() => writeJsonFile(join(dir, 'out.json'), value, 1)).toThrow('boom');
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe('{"old": 1}\n');
    expect(readdirSync(dir)).toEqual(['out.json']);
  });

  it('writePyJsonMap: nothing written, no temporary file', () => {
    const dir = folder();
    function* entries(): Generator<[string, unknown]> {
      yield ['a', 1];
      throw new Error('boom');
    }
    expect(() => writePyJsonMap(join(dir, 'out.json'), entries(), 4)).toThrow('boom');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('PyJsonMapWriter closed after a stop: valid JSON of the entries added', () => {
    const dir = folder();
    const w = new PyJsonMapWriter(join(dir, 'out.json'), 4);
    w.add('a', 'x');
    expect(existsSync(join(dir, 'out.json'))).toBe(false);
    w.close();
    expect(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'))).toEqual({ a: 'x' });
  });
});
