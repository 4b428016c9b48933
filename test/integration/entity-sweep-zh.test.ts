/**
 * Entity renaming of Chinese passages on the shipped model (real ONNX Runtime): a small sweep over
 * the demo set's Chinese questions, renamed by the Chinese dictionaries through the same sweep code.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { enginePredictor, runSweep, summarizeSweep } from '../../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { PAIR_CATEGORIES } from '../../src/core/natural/categories.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const demo = loadDemoSet().filter((i) => i.lang === 'zh');
let engine: QaEngine;

beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  engine = new QaEngine(m.tokenizer, m.runner);
});

const fmt = (x: number) => x.toFixed(1);

describe('Chinese entity renaming sweep on the shipped model', () => {
  it('renames the 10 Chinese PER/GPE answers of the demo set with every source, seeded', { timeout: 600_000 }, async () => {
    const cfg = { types: ['PER', 'GPE', 'MIX'] as const, sources: ['indist', 'db', 'randstr'] as const, seeds: 3, origin: 'cn' as const, origins: [] };
    const r = await runSweep(demo, { ...cfg, types: [...cfg.types], sources: [...cfg.sources] }, enginePredictor(engine, { versionTwo: false }));
    expect(r.cancelled).toBe(false);
    expect(r.cells).toHaveLength(3 * 3 * 3);
    for (const c of r.cells) {
      // PER: 周树人, 曹雪芹, 刘明远, 周婉清, 陈思远, 吴秋生; GPE: 深圳市, 上海, 浙江省, 苏州; the other 22
      // Chinese answers are numbers, dates, things or places not on the list.
      expect(c.n, `${c.type} ${c.source} ${c.seed}`).toBe(c.type === 'MIX' ? 10 : c.type === 'PER' ? 6 : 4);
      // Every renamed question falls in one category; under the released script's rule (issue 38.3:
      // a side is wrong only at F1 < 0.4) a side in between is 'partial', so partial is one of them
      // (optional in SweepCell only for runs saved before it existed).
      expect(PAIR_CATEGORIES.reduce((a, k) => a + (c.categories[k] ?? 0), 0), `${c.type} ${c.source} ${c.seed}`).toBe(c.n);
      expect(Number.isFinite(c.orig.f1) && Number.isFinite(c.pert.f1)).toBe(true);
    }
    for (const row of summarizeSweep(r.cells)) {
      console.log(`zh ${row.type.padEnd(3)} ${row.source.padEnd(7)} n=${row.n} orig EM ${fmt(row.orig.em)} F1 ${fmt(row.orig.f1)} → EM ${fmt(row.pertEm.mean)}±${fmt(row.pertEm.std)} F1 ${fmt(row.pertF1.mean)}±${fmt(row.pertF1.std)} drop F1 ${fmt(row.dropF1)}`);
    }
    // Same seeds, same renamings, same predictions.
    const again = await runSweep(demo, { ...cfg, types: ['MIX'], sources: ['db'] }, enginePredictor(engine, { versionTwo: false }));
    const first = r.cells.filter((c) => c.type === 'MIX' && c.source === 'db');
    expect(again.cells.map((c) => c.pert)).toEqual(first.map((c) => c.pert));
  });
});
