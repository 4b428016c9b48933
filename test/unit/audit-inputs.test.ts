/**
 * An audit unit's input fingerprints (core/audit/inputs.ts, issue 40 point 1): why a stored result
 * is stale on resume, and when shards' results cannot be merged into one summary. Hand-written cases.
 */
import { describe, expect, it } from 'vitest';
import { changedFiles, mixedInputs, staleReasons, UNRECORDED, type UnitInputs } from '../../src/core/audit/inputs.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const inputs = (data: string, files: Record<string, string> = { 'config.json': A, 'onnx/model.onnx': A }, hub?: string): UnitInputs => ({ data: { sha256: data, bytes: 10 }, model: { ...(hub ? { hub } : {}), files } });
const names = { dataset: 'd', model: 'm' };

describe('changedFiles', () => {
  it.each([
    [{ x: A }, { x: A }, []],
    [{ x: A }, { x: B }, ['x (changed)']],
    [{ x: A }, { x: A, y: B }, ['y (added)']],
    [{ x: A, y: B }, { y: B }, ['x (removed)']],
    [{ b: A, a: A }, { a: B, b: B }, ['a (changed)', 'b (changed)']],
  ])('%j → %j gives %j', (then, now, want) => {
    expect(changedFiles(then, now)).toEqual(want);
  });
});

describe('staleReasons', () => {
  it.each<[string, UnitInputs | undefined, UnitInputs, string[]]>([
    ['nothing changed', inputs(A), inputs(A), []],
    ['data content changed', inputs(A), inputs(B), ['dataset "d": its content changed (sha256 aaaaaaaa… then, bbbbbbbb… now)']],
    ['a model file changed', inputs(A), inputs(A, { 'config.json': B, 'onnx/model.onnx': A }), ['model "m": its files changed (config.json (changed))']],
    ['a Hub model became a local folder', inputs(A, {}, 'o/n'), inputs(A, {}), ['model "m": its source changed (o/n then, a local folder now)']],
    ['both changed: two reasons', inputs(A), inputs(B, { 'config.json': A }), ['dataset "d": its content changed (sha256 aaaaaaaa… then, bbbbbbbb… now)', 'model "m": its files changed (onnx/model.onnx (removed))']],
    ['no record (an older qarx)', undefined, inputs(A), [UNRECORDED]],
  ])('%s', (_, stored, now, want) => {
    expect(staleReasons(stored, now, names)).toEqual(want);
  });

  it('names a tagger whose files changed', () => {
    expect(staleReasons({ ...inputs(A), tagger: { files: { 'config.json': A } } }, { ...inputs(A), tagger: { files: { 'config.json': B } } }, names)).toEqual(['NER tagger: its files changed (config.json (changed))']);
  });
});

describe('mixedInputs (merge)', () => {
  const unit = (label: string, dataset: string, inp?: UnitInputs) => ({ label, spec: { dataset: { name: dataset }, model: { name: 'm' } }, ...(inp ? { inputs: inp } : {}) });
  it.each<[string, ReturnType<typeof unit>[], string | null]>([
    ['one dataset, same bytes', [unit('u1', 'd', inputs(A)), unit('u2', 'd', inputs(A))], null],
    ['two datasets, other bytes each', [unit('u1', 'd', inputs(A)), unit('u2', 'e', inputs(B))], null],
    ['one dataset name, other bytes', [unit('u1', 'd', inputs(A)), unit('u2', 'd', inputs(B))], 'dataset "d": u1 and u2 were computed on different data'],
    ['one model name, other files', [unit('u1', 'd', inputs(A)), unit('u2', 'e', inputs(B, { 'config.json': B }))], 'model "m": u1 and u2 were computed on different model files'],
    ['a unit without a record', [unit('u1', 'd', inputs(A)), unit('u2', 'd')], `u2: ${UNRECORDED}; run qarx audit on its directory again to refresh it`],
  ])('%s', (_, units, want) => {
    expect(mixedInputs(units)).toBe(want);
  });
});
