/**
 * qarx audit resumes by content (issue 40 point 1): a stored unit is skipped only when its data
 * file's bytes and its model's files are the ones it was computed on. A dataset's path pointing at
 * other content, or a model folder with a changed file, under the same names (so the same unit
 * ids), runs the unit again and says why on stderr; the same bytes at a new path are still skipped;
 * a unit file without fingerprints (an older qarx) is not trusted. Fixtures are SQuAD files written
 * here from the demo set, and a copy of the shipped model.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runMain } from '../support/run-qarx.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-audit-resume-'));
const OUT = join(tmp, 'out');
const CONFIG = join(tmp, 'audit.json');

interface DemoInstance { id: string; title: string; question: string; context: string; answers: { text: string; start: number }[]; isImpossible: boolean; lang: string }

/** A SQuAD 1.1 file of demo questions, one paragraph each. */
function squad(xs: readonly DemoInstance[]): string {
  const data = xs.map((i) => ({ title: i.title, paragraphs: [{ context: i.context, qas: [{ id: i.id, question: i.question, answers: i.answers.map((a) => ({ text: a.text, answer_start: a.start })) }] }] }));
  return JSON.stringify({ version: '1.1', data });
}

/** Writes the config: dataset "d" at `data`, model "m" at `model`, one keyboard-noise unit. */
function config(data: string, model: string): void {
  writeFileSync(CONFIG, JSON.stringify({ name: 'resume', datasets: [{ name: 'd', path: data }], models: [{ name: 'm', path: model }], experiments: [{ kind: 'synthetic', noise: ['keyboard'] }] }));
}

/** The audit into OUT, its exit code and stderr, and the questions its summary counted. */
async function audit(): Promise<{ code: number; stderr: string; n: unknown }> {
  const r = await runMain('audit', '--config', CONFIG, '--out', OUT, '--workers', '1');
  const s = JSON.parse(readFileSync(join(OUT, 'summary.json'), 'utf8')) as { models: { overview: { columns: string[]; rows: unknown[][] } }[] };
  const o = s.models[0]?.overview;
  return { code: r.code, stderr: r.stderr, n: o?.rows[0]?.[o.columns.indexOf('n')] };
}

/** The one unit file's path. */
const unitFile = () => join(OUT, 'units', readdirSync(join(OUT, 'units')).find((f) => f.endsWith('.json')) ?? '');
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeAll(async () => {
  const demo = (JSON.parse(readFileSync(join(ROOT, 'src', 'core', 'data', 'demo-set.json'), 'utf8')) as { instances: DemoInstance[] }).instances.filter((i) => i.lang === 'en' && !i.isImpossible);
  writeFileSync(join(tmp, 'five.json'), squad(demo.slice(0, 5)));
  writeFileSync(join(tmp, 'seven.json'), squad(demo.slice(5, 12)));
  cpSync(join(tmp, 'five.json'), join(tmp, 'five-moved.json'));
  cpSync(join(ROOT, 'public', 'models', 'qarx-lexical-qa'), join(tmp, 'model'), { recursive: true });
  config('five.json', 'model');
  const r = await audit();
  expect(r.code, r.stderr).toBe(0);
  expect(r.n).toBe(5);
}, 600_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('qarx audit resumes by content (issue 40.1)', () => {
  it('records the data file\'s SHA-256 and every model file\'s in the unit file, and an unchanged rerun skips the unit', async () => {
    const f = JSON.parse(readFileSync(unitFile(), 'utf8')) as { inputs?: { data: { sha256: string; bytes: number }; model: { files: Record<string, string> } } };
    expect(f.inputs?.data).toEqual({ sha256: sha256(join(tmp, 'five.json')), bytes: readFileSync(join(tmp, 'five.json')).length });
    expect(Object.keys(f.inputs?.model.files ?? {})).toEqual(['config.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx', 'tokenizer.json', 'tokenizer_config.json']);
    expect(f.inputs?.model.files['onnx/model.onnx']).toBe(sha256(join(tmp, 'model', 'onnx', 'model.onnx')));
    const r = await audit();
    expect(r.stderr).toContain('1 already done (skipped); 0 to run');
    expect([r.code, r.n]).toEqual([0, 5]);
  }, 600_000);

  it('the same bytes at a new path are still skipped (content, not path)', async () => {
    config('five-moved.json', 'model');
    const r = await audit();
    expect(r.stderr).toContain('1 already done (skipped); 0 to run');
    expect(r.stderr).not.toContain('run again');
    expect([r.code, r.n]).toEqual([0, 5]);
    // Skipped because the bytes it was computed on are the bytes at the new path.
    const f = JSON.parse(readFileSync(unitFile(), 'utf8')) as { inputs?: { data: { sha256: string } } };
    expect(f.inputs?.data.sha256).toBe(sha256(join(tmp, 'five-moved.json')));
  }, 600_000);

  it('a dataset path with other content under the same name runs the unit again, says why, and reports the new file\'s numbers', async () => {
    config('seven.json', 'model');
    const r = await audit();
    expect(r.stderr).toContain(`1 unit to run again: dataset "d": its content changed (sha256 ${sha256(join(tmp, 'five.json')).slice(0, 8)}… then, ${sha256(join(tmp, 'seven.json')).slice(0, 8)}… now): d · m · synthetic keyboard · seed 1`);
    expect(r.stderr).not.toContain('already done (skipped)');
    expect([r.code, r.n]).toEqual([0, 7]);
  }, 600_000);

  it('a model folder with a changed file under the same name runs the unit again and names the file', async () => {
    cpSync(join(tmp, 'model'), join(tmp, 'model2'), { recursive: true });
    const cfg = JSON.parse(readFileSync(join(tmp, 'model2', 'config.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(tmp, 'model2', 'config.json'), JSON.stringify({ ...cfg, _edited: true }));
    config('seven.json', 'model2');
    const r = await audit();
    expect(r.stderr).toContain('1 unit to run again: model "m": its files changed (config.json (changed))');
    expect([r.code, r.n]).toEqual([0, 7]);
    const again = await audit();
    expect(again.stderr).toContain('1 already done (skipped); 0 to run');
  }, 600_000);

  it('a unit file without fingerprints (an older qarx) is not trusted: it runs again, saying so', async () => {
    const f = JSON.parse(readFileSync(unitFile(), 'utf8')) as Record<string, unknown>;
    delete f.inputs;
    writeFileSync(unitFile(), JSON.stringify(f));
    const r = await audit();
    expect(r.stderr).toContain('1 unit to run again: its unit file records no fingerprint of the data and model it was computed on');
    expect([r.code, r.n]).toEqual([0, 7]);
  }, 600_000);

  it('a unit file of another result format (AUDIT_VERSION) is not trusted: it runs again, saying so', async () => {
    const f = JSON.parse(readFileSync(unitFile(), 'utf8')) as Record<string, unknown>;
    writeFileSync(unitFile(), JSON.stringify({ ...f, version: 0 }));
    const r = await audit();
    expect(r.stderr).toContain('1 unit to run again: written by an audit of result format 0 (this qarx writes format 1)');
    expect([r.code, r.n]).toEqual([0, 7]);
  }, 600_000);

  it('a data file gone since: the unit runs again and fails, naming the file, instead of reporting the old numbers', async () => {
    rmSync(join(tmp, 'seven.json'));
    const r = await audit();
    expect(r.stderr).toContain('1 unit to run again: dataset "d" or model "m" cannot be read now');
    expect(r.stderr).toMatch(/FAILED: .*seven\.json: no such file/);
    expect([r.code, r.n]).toEqual([1, undefined]);
  }, 600_000);
});
