/** qarx audit's pure parts: config errors name the key, unit ids, shards, the summary and the HTML report's escaping. */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readAuditFile, SUMMARY_FORMAT, UNIT_FORMAT, type AuditSummary, type UnitFile } from '../../src/core/audit/format.ts';
import { expandEnv, validateConfig } from '../../src/cli/audit/config.ts';
import { pickDevice } from '../../src/cli/audit/device.ts';
import { canonicalJson, parseShard, planUnits, shardUnits, specDiff, unitId } from '../../src/cli/audit/plan.ts';
import { audit } from '../../src/cli/commands/audit.ts';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportHtml } from '../../src/cli/audit/report-html.ts';
import { buildSummary, summaryMarkdown, tableMarkdown } from '../../src/cli/audit/summary.ts';
import { duration } from '../../src/cli/commands/audit.ts';

const BASE = { datasets: [{ name: 'demo', builtin: 'demo' }], models: [{ hub: 'Xenova/distilbert-base-cased-distilled-squad' }], experiments: [{ kind: 'natural' }] };

describe('audit config', () => {
  it.each([
    ['a rate above 1', { ...BASE, experiments: [{ kind: 'natural' }, { kind: 'synthetic', rate: 2 }] }, 'experiments[1].rate'],
    ['an unknown experiment kind', { ...BASE, experiments: [{ kind: 'nosuch' }] }, 'experiments[0].kind'],
    ['a misspelt key', { ...BASE, datasets: [{ name: 'demo', pth: 'x.json' }] }, 'datasets[0].pth'],
    ['no datasets', { ...BASE, datasets: [] }, 'datasets'],
    ['a dataset with neither path nor builtin', { ...BASE, datasets: [{ name: 'demo' }] }, 'datasets[0]'],
    ['a bad seed', { ...BASE, seeds: [1, -3] }, 'seeds[1]'],
    ['a bad noise kind', { ...BASE, experiments: [{ kind: 'synthetic', noise: ['keyboard', 'typo'] }] }, 'experiments[0].noise[1]'],
    ['a name with a slash', { ...BASE, datasets: [{ name: 'a/b', builtin: 'demo' }] }, 'datasets[0].name'],
    ['a budget too large', { ...BASE, experiments: [{ kind: 'budget', budget: 51 }] }, 'experiments[0].budget'],
  ])('%s names its key', (_, raw, key) => {
    expect(() => validateConfig(raw, 'audit.json')).toThrow(`audit.json: ${key}:`);
  });

  it('fills the defaults and rejects a name used twice', () => {
    const c = validateConfig({ ...BASE, experiments: [{ kind: 'synthetic' }, { kind: 'traps' }] }, 'a.json');
    expect(c.seeds).toEqual([1]);
    expect(c.experiments[0]).toEqual({ kind: 'synthetic', noise: ['keyboard'], rate: 0.3, rule: 'script' });
    expect(() => validateConfig({ ...BASE, datasets: [BASE.datasets[0], BASE.datasets[0]] }, 'a.json')).toThrow('datasets[1].name: "demo" is used twice');
  });

  it('a sweep or budget names its NER tagger, and RESEMBLE its split seed (§4.2); a unit id changes with either, an absent seed keeps the old id', () => {
    const exp = (x: Record<string, unknown>) => planUnits(validateConfig({ ...BASE, experiments: [x] }, '/tmp/a.json'), '/tmp/a.json')[0];
    const budget = { kind: 'budget', resemble: { m: 3 } };
    const [plain, seeded, seed1, tagged] = [exp(budget), exp({ ...budget, resemble: { m: 3, seed: 7 } }), exp({ ...budget, resemble: { m: 3, seed: 1 } }), exp({ ...budget, tagger: 'Xenova/bert-base-NER' })];
    expect(new Set([plain?.id, seeded?.id, seed1?.id, tagged?.id]).size).toBe(4);
    expect(tagged?.sources.tagger).toBe('Xenova/bert-base-NER');
    expect(exp({ kind: 'sweep', tagger: './ner' })?.sources.tagger).toBe('/tmp/ner');
    expect(() => validateConfig({ ...BASE, experiments: [{ kind: 'budget', resemble: { m: 3, seed: -1 } }] }, 'a.json')).toThrow('experiments[0].resemble.seed');
    expect(() => validateConfig({ ...BASE, experiments: [{ kind: 'sweep', tagger: '' }] }, 'a.json')).toThrow('experiments[0].tagger');
  });

  it('expands ${VAR} and names an unset one', () => {
    expect(expandEnv('${ROOT}/m', 'models[0].path', { ROOT: '/data' })).toBe('/data/m');
    expect(() => expandEnv('${NOPE}/m', 'models[0].path', {})).toThrow('models[0].path: environment variable NOPE is not set.');
  });
});

describe('audit plan', () => {
  const config = validateConfig({ ...BASE, seeds: [1, 2, 3], experiments: [{ kind: 'synthetic', noise: ['keyboard', 'ocr'] }, { kind: 'traps' }, { kind: 'natural' }] }, '/tmp/a.json');

  it('expands variants × seeds, with ids that do not depend on key order or paths', () => {
    const units = planUnits(config, '/tmp/a.json');
    expect(units.length).toBe(2 * 3 + 3 + 1);
    expect(new Set(units.map((u) => u.id)).size).toBe(units.length);
    const again = planUnits(validateConfig(JSON.parse(JSON.stringify({ experiments: config.experiments, seeds: [1, 2, 3], models: BASE.models, datasets: BASE.datasets })), '/elsewhere/b.json'), '/elsewhere/b.json');
    expect(again.map((u) => u.id)).toEqual(units.map((u) => u.id));
    expect(canonicalJson({ b: 1, a: [2, { d: 1, c: null }] })).toBe('{"a":[2,{"c":null,"d":1}],"b":1}');
  });

  it('a unit id covers which questions synthetic noise and paraphrases run on (the answerable ones)', () => {
    const c = validateConfig({ ...BASE, experiments: [{ kind: 'synthetic', noise: ['keyboard'] }, { kind: 'paraphrase' }, { kind: 'traps' }] }, '/tmp/a.json');
    const units = planUnits(c, '/tmp/a.json');
    expect(units.map((u) => [u.spec.experiment.kind, (u.spec.experiment as { questions?: string }).questions]).sort()).toEqual([['paraphrase', 'answerable'], ['synthetic', 'answerable'], ['traps', undefined]]);
    // The same settings without it (as qarx planned them when these ran on every question) are other units.
    for (const u of units.filter((x) => x.spec.experiment.kind !== 'traps')) {
      const { questions: _, ...older } = u.spec.experiment as Record<string, unknown>;
      expect(unitId({ ...u.spec, experiment: older as never })).not.toBe(u.id);
    }
    expect(specDiff({ a: { b: 1, c: 'x' } }, { a: { b: 1 } })).toEqual({ path: 'a.c', a: '"x"', b: 'absent' });
    expect(specDiff({ a: [1] }, { a: [1] })).toBeNull();
  });

  describe('resuming an audit directory', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'qarx-audit-resume-'));
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));
    const cfg = join(tmp, 'audit.json');
    writeFileSync(cfg, JSON.stringify({ ...BASE, experiments: [{ kind: 'synthetic', noise: ['keyboard'] }, { kind: 'paraphrase', kinds: ['reorder'] }] }));
    const planned = planUnits(validateConfig({ ...BASE, experiments: [{ kind: 'synthetic', noise: ['keyboard'] }, { kind: 'paraphrase', kinds: ['reorder'] }] }, cfg), cfg);

    it('refuses a directory an older qarx planned (noise and paraphrases then ran on every question), naming the unit and the setting', async () => {
      const dir = join(tmp, 'old');
      mkdirSync(join(dir, 'units'), { recursive: true });
      const units = planned.map((u) => {
        const { questions: _, ...experiment } = u.spec.experiment as Record<string, unknown>;
        const spec = { ...u.spec, experiment: experiment as never };
        return { id: unitId(spec), label: u.label, spec };
      });
      writeFileSync(join(dir, 'plan.json'), JSON.stringify({ format: 'qarx-audit-plan', name: 'audit', units }));
      for (const u of units) writeFileSync(join(dir, 'units', `${u.id}.json`), JSON.stringify({ ...unit(u.id, u.label), spec: u.spec }));
      await expect(audit(['--config', cfg, '--out', dir])).rejects.toThrow(/holds another audit .*e\.g\. demo · distilbert-base-cased-distilled-squad · (synthetic keyboard|paraphrase reorder) · seed 1: experiment\.questions is "answerable" in this config's plan, absent in the directory's \(planned by another config or an older qarx\)/);
    });

    it('refuses a unit file whose settings are not its planned unit\'s', async () => {
      const dir = join(tmp, 'copied');
      mkdirSync(join(dir, 'units'), { recursive: true });
      writeFileSync(join(dir, 'plan.json'), JSON.stringify({ format: 'qarx-audit-plan', name: 'audit', units: planned.map((u) => ({ id: u.id, label: u.label, spec: u.spec })) }));
      const u = planned[0] as (typeof planned)[number];
      writeFileSync(join(dir, 'units', `${u.id}.json`), JSON.stringify({ ...unit(u.id, u.label), spec: { ...u.spec, seed: 7 } }));
      await expect(audit(['--config', cfg, '--out', dir])).rejects.toThrow(`its settings differ from its planned unit's, ${u.label} (seed: 1 planned, 7 in the file); delete the file`);
    });
  });

  it.each([
    ['0/3', { index: 0, count: 3 }],
    ['2/3', { index: 2, count: 3 }],
  ])('parses --shard %s', (s, want) => expect(parseShard(s)).toEqual(want));
  it.each(['3/3', '1/0', '-1/2', 'a/b', '1'])('rejects --shard %s', (s) => expect(() => parseShard(s)).toThrow('--shard must be i/n'));

  it('shards cover the plan exactly once (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 40 }), fc.integer({ min: 1, max: 9 }), (items, n) => {
        const parts = Array.from({ length: n }, (_, i) => shardUnits(items.map((x, k) => `${k}:${x}`), { index: i, count: n }));
        expect(parts.flat().sort()).toEqual(items.map((x, k) => `${k}:${x}`).sort());
        expect(Math.max(...parts.map((p) => p.length)) - Math.min(...parts.map((p) => p.length))).toBeLessThanOrEqual(1);
      }),
    );
  });
});

/** A finished unit with one headline row and a table whose text is hostile HTML. */
function unit(id: string, label: string, status: 'ok' | 'failed' = 'ok'): UnitFile {
  const spec = { dataset: { name: 'demo', limit: null, lang: null }, model: { name: 'm', dtype: null }, experiment: { kind: 'traps', source: 'generated', position: 'after' }, seed: 1 };
  const table = { title: 'Over-stability: trap sentences', columns: ['similarity', 'n', 'orig_f1'], rows: [['<script>alert(1)</script>', 3, 50]], key: ['similarity'], headline: ['orig_f1'] };
  const run = { datasets: ['demo'], n: 3, selected: 3, query: '', filters: {}, model: 'm', dtype: 'fp32', device: 'cpu', versionTwo: false, versionTwoReason: '', settings: {}, date: '2026-01-01T00:00:00.000Z' };
  return { format: UNIT_FORMAT, version: 1, id, label, spec, status, error: status === 'failed' ? 'bad <img src=x onerror=alert(1)> & worse' : null, kind: 'traps', run: status === 'ok' ? run : null, table: status === 'ok' ? table : null, payload: null, headline: status === 'ok' ? [{ label: '"><svg onload=alert(1)>', n: 3, beforeEm: 50, beforeF1: 60, afterEm: 10, afterF1: 20 }] : [], notes: [], runtime: { device: 'cpu', threads: null }, started: '2026-01-01T00:00:00.000Z', seconds: 1 };
}

describe('audit summary and report', () => {
  const plan = { format: 'qarx-audit-plan' as const, name: 'x', units: ['a1', 'b2', 'c3'].map((id) => ({ id, label: `unit ${id}`, spec: unit(id, id).spec })) };

  it('counts ok, failed and missing units, and an ok copy wins over a failed one', () => {
    const s = buildSummary(plan, [unit('a1', 'unit a1', 'failed'), unit('b2', 'unit b2', 'failed'), unit('a1', 'unit a1')], 'now');
    expect([s.ok, s.failed.map((f) => f.id), s.missing.map((f) => f.id)]).toEqual([1, ['b2'], ['c3']]);
    // drop_f1 = before − after = 60 − 20 = 40 (issue 38 §3: positive = worse).
    expect(s.models[0]?.overview.columns.at(-1)).toBe('drop_f1');
    expect(s.models[0]?.overview.rows).toEqual([['demo', 'traps', 'traps generated after', 1, '"><svg onload=alert(1)>', 3, 50, 60, 10, 20, 40]]);
    expect(tableMarkdown({ kind: 'k', title: 't', columns: ['a|b'], rows: [['x|y\nz']] })).toBe('| a\\|b |\n| --- |\n| x\\|y z |\n');
  });

  it('summary.md escapes HTML in errors, labels, names and titles (a file path can hold markup)', () => {
    const s: AuditSummary = buildSummary({ ...plan, name: '<i>x</i>' }, [unit('a1', 'unit <b>a1</b>'), unit('b2', 'unit <u>b2</u>', 'failed')], '2026-01-01T00:00:00Z');
    const md = summaryMarkdown({ ...s, models: s.models.map((m) => ({ ...m, overview: { ...m.overview, title: 'Overview <script>x</script>' } })) });
    // No raw "<" at all: every one came from the data (markdown renderers pass raw HTML through).
    expect(md).not.toContain('<');
    expect(md).toContain('bad &lt;img src=x onerror=alert(1)&gt; &amp; worse');
    expect(md).toContain('# Audit: &lt;i&gt;x&lt;/i&gt;');
    expect(md).toContain('unit &lt;u&gt;b2&lt;/u&gt;');
    expect(md).toContain('### Overview &lt;script&gt;x&lt;/script&gt;');
    expect(md).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
  });

  it('escapes every text of the HTML report and loads nothing', () => {
    const s: AuditSummary = buildSummary({ ...plan, name: 'x' }, [unit('a1', 'unit <b>a1</b>'), unit('b2', 'unit b2', 'failed')], '2026-01-01T00:00:00Z');
    const html = reportHtml(s);
    expect(html).not.toMatch(/<script|<img|<svg onload|<b>a1/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('bad &lt;img src=x onerror=alert(1)&gt; &amp; worse');
    expect(html).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
    expect(html).toContain('<svg role="img" aria-label="F1 before and after each perturbation"');
    expect(html).toContain('F1 (0–100)');
    expect(html).not.toMatch(/\s(src|href)="/);
  });

  it('reads its own files back and names a bad key', () => {
    expect(readAuditFile(unit('a1', 'a'), 'u.json').type).toBe('unit');
    expect(readAuditFile(buildSummary(plan, [], 'now'), 's.json').type).toBe('summary');
    expect(readAuditFile({ format: SUMMARY_FORMAT, name: 'x', planned: 1, ok: 'one', units: [], models: [] }, 's.json')).toEqual({ type: 'error', error: expect.stringContaining('s.json: ok:') });
    expect(readAuditFile({ hello: 1 }, 'x.json')).toEqual({ type: 'error', error: expect.stringContaining('x.json: not a qarx audit file') });
  });
});

describe('audit helpers', () => {
  it.each([
    [5, '5s'],
    [65, '1m 05s'],
    [3725, '1h 02m'],
  ])('duration(%d) = %s', (s, want) => expect(duration(s)).toBe(want));

  it('uses CUDA only when onnxruntime-node has it, and says why not', () => {
    expect(pickDevice('auto', () => ({ ok: true, reason: 'found' }))).toEqual({ device: 'cuda', reason: 'found' });
    expect(pickDevice('auto', () => ({ ok: false, reason: 'no provider' }))).toEqual({ device: 'cpu', reason: 'CPU: no provider' });
    expect(pickDevice('cpu', () => ({ ok: true, reason: 'found' })).device).toBe('cpu');
  });
});

describe('the shipped example config', () => {
  it('is valid and plans every dataset × model × variant × seed', async () => {
    const { readFileSync } = await import('node:fs');
    const file = new URL('../../deploy/audit.example.json', import.meta.url).pathname;
    const c = validateConfig(JSON.parse(readFileSync(file, 'utf8')), file);
    const env = { QARX_DATA: '/data', QARX_MODELS: '/models' };
    Object.assign(process.env, env);
    // Per dataset and model: sweep, budget, natural, adversarial once; 4 noise kinds × 3 seeds; paraphrase and traps × 3 seeds.
    expect(planUnits(c, file).length).toBe(3 * 2 * (4 + 12 + 3 + 3));
  });
});

describe('opening audit files in the app', () => {
  it('reads a bundle zip, a summary and unit files, names bad files and keeps the good ones', async () => {
    const { strToU8, zipSync } = await import('fflate');
    const { openAudit } = await import('../../src/core/audit/open.ts');
    const plan = { format: 'qarx-audit-plan' as const, name: 'x', units: [{ id: 'a1', label: 'a', spec: unit('a1', 'a').spec }] };
    const summary = buildSummary(plan, [unit('a1', 'a')], 'now');
    const zip = zipSync({ 'summary.json': strToU8(JSON.stringify(summary)), 'units/a1.json': strToU8(JSON.stringify(unit('a1', 'a'))), 'units/b2.json': strToU8(JSON.stringify(unit('b2', 'b', 'failed'))) });
    const r = openAudit([
      { name: 'bundle.zip', bytes: zip },
      { name: 'broken.zip', bytes: strToU8('not a zip') },
      { name: 'notes.json', bytes: strToU8('{"a": 1}') },
      { name: 'half.json', bytes: strToU8('{"format": "qarx-audit-unit"') },
      { name: 'a1.json', bytes: strToU8(JSON.stringify(unit('a1', 'a'))) },
    ]);
    expect(r.summary?.name).toBe('x');
    expect(r.units.map((u) => u.id)).toEqual(['a1']); // the failed unit is not a run; a1 once
    expect(r.errors).toEqual([expect.stringContaining('broken.zip: not a readable zip'), expect.stringContaining('notes.json: not a qarx audit file'), expect.stringContaining('half.json: not JSON')]);
    expect(openAudit([]).errors).toEqual(['No audit files were given.']);
  });
});
