/** Revision pairs of the demo set answered by the shipped model on both passages (real ONNX Runtime). */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { enginePredictor } from '../../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { runPairs, summarizePairs } from '../../src/core/natural/pairs.ts';

const ROOT = join(import.meta.dirname, '..', '..');
let engine: QaEngine;
beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  engine = new QaEngine(m.tokenizer, m.runner);
});

describe('revision pairs on the shipped model', () => {
  it('answers every demo revision pair on both passages and sorts it into a category', async () => {
    const demo = loadDemoSet().filter((i) => i.lang === 'en');
    const withRevision = demo.filter((i) => i.revision);
    const { rows, cancelled } = await runPairs(demo, enginePredictor(engine, { versionTwo: false }));
    expect(cancelled).toBe(false);
    expect(rows).toHaveLength(withRevision.length);
    const s = summarizePairs(rows);
    console.log('demo revision pairs:', s.n, s.categories, 'F1', s.original.f1.toFixed(1), '→', s.perturbed.f1.toFixed(1), `(${s.relativeF1Change.toFixed(1)}%)`, 'edits touching the answer sentence:', rows.filter((r) => r.touchesAnswer).length);
    expect(Object.values(s.categories).reduce((a, b) => a + b, 0)).toBe(rows.length);
    for (const r of rows) {
      expect(r.category).toBe(`${r.original.em === 1 ? 'C' : 'W'}2${r.perturbed.em === 1 ? 'C' : 'W'}`);
      expect(r.intent).not.toBeNull();
    }
    // Copy edits that reword the answer's own sentence are the point of the demo pairs.
    expect(rows.some((r) => r.touchesAnswer)).toBe(true);
  });
});
