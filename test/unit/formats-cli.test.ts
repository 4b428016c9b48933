/** qarx predict/eval on every importable format (a real process, like test/integration/cli.test.ts). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runQarx } from '../support/run-qarx.ts';
import { importFile, instancesToSquad } from '../../src/core/formats/index.ts';
import { evaluateV1, evaluateV2, pyJsonDumps, SQUAD_V2_INT_KEYS } from '../../src/core/metrics/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const FIX = join(ROOT, 'test', 'fixtures', 'formats');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-formats-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const qarx = (...args: string[]) => runQarx(join(tmp, 'cache'), ...args);

/** Gold predictions for a fixture: the first answer, or "" for unanswerable. */
async function goldPredictions(file: string): Promise<{ path: string; preds: Record<string, string>; version: string | undefined; dataset: ReturnType<typeof instancesToSquad> }> {
  const r = await importFile(file, new Uint8Array(readFileSync(join(FIX, file))), { dataset: 'x' });
  const preds = Object.fromEntries(r.instances.map((i) => [i.id, i.answers[0]?.text ?? '']));
  const path = join(tmp, `${file}.pred.json`);
  writeFileSync(path, JSON.stringify(preds));
  const dataset = instancesToSquad(r.instances);
  return { path, preds, version: dataset.version, dataset };
}

describe('qarx eval reads every format', () => {
  it.each([
    { file: 'squad-flat.jsonl', warning: /warning: .*squad-flat\.jsonl: line 4: invalid JSON on line 4/ },
    { file: 'squad-flat-array.json', warning: /warning: .*squad-flat-array\.json: \[3\]\.answers: / },
    { file: 'mrqa.jsonl', warning: /warning: .*mrqa\.jsonl: line 4\.qas: / },
    { file: 'mrqa.jsonl.gz', warning: /warning: .*mrqa\.jsonl\.gz: line 4\.qas: / },
    { file: 'pairs.csv', warning: /warning: .*pairs\.csv: line 9: has 4 fields/ },
  ])('$file', async ({ file, warning }) => {
    const g = await goldPredictions(file);
    const r = await qarx('eval', join(FIX, file), g.path);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(warning);
    const expected = g.version === 'v2.0' ? pyJsonDumps(evaluateV2(g.dataset, g.preds).result, 2, { intKeys: SQUAD_V2_INT_KEYS }) : pyJsonDumps(evaluateV1(g.dataset, g.preds).result);
    expect(r.stdout).toBe(expected + '\n');
    expect(JSON.parse(r.stdout)).toMatchObject(g.version === 'v2.0' ? { exact: 100, f1: 100 } : { exact_match: 100, f1: 100 });
  });

  it('DuReader JSON with --lang zh (read as before: answers exactly as in the file)', async () => {
    const preds = join(tmp, 'zh.pred.json');
    writeFileSync(preds, JSON.stringify({ 'zq-1': '1912年', 'zq-2': '二十三米', 'zq-3': '煤油灯', 'zq-4': '陈守义', 'zq-5': '四十八米' }));
    const r = await qarx('eval', join(FIX, 'dureader.json'), preds, '--lang', 'zh');
    expect(r.code, r.stderr).toBe(0);
    // zq-5's answer is not in its passage: the importer would skip it, readSquad keeps it (4 of 5 right).
    expect(JSON.parse(r.stdout)).toMatchObject({ EM: '80.000' });
  });

  it('a file with no usable questions: one line, exit 2', async () => {
    const bad = join(tmp, 'all-bad.jsonl');
    writeFileSync(bad, '{"id": 1\n{"id": 2\n');
    const r = await qarx('eval', bad, join(tmp, 'squad-flat.jsonl.pred.json'));
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^qarx: .*all-bad\.jsonl: no usable questions \(2 skipped: 2 malformed lines; first: line 1: invalid JSON on line 1/);
  });
});

describe('qarx predict reads every format', () => {
  it.each([{ file: 'mrqa.jsonl.gz', ids: ['wm-1', 'wm-2', 'lf-1', 'lf-2'], nullOdds: false }, { file: 'pairs.csv', ids: ['np-1', 'np-2', 'np-3', 'np-4'], nullOdds: true }])('$file', async ({ file, ids, nullOdds }) => {
    const out = join(tmp, `pred-${file}`);
    const r = await qarx('predict', '--model', MODEL, '--data', join(FIX, file), '--out', out);
    expect(r.code, r.stderr).toBe(0);
    const preds = JSON.parse(readFileSync(join(out, 'predictions.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(preds)).toEqual(ids);
    let hasOdds = true;
    try {
      readFileSync(join(out, 'null_odds.json'));
    } catch {
      hasOdds = false;
    }
    expect(hasOdds).toBe(nullOdds);
  });
});
