/** Revision pairs of the demo set answered by the shipped model on both passages (real ONNX Runtime). */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { enginePredictor } from '../../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { pairCategory, runPairs, summarizePairs } from '../../src/core/natural/pairs.ts';

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
    // SQuAD 2.0's "no answer" follows the data: the demo set has unanswerable questions.
    const versionTwo = loadDemoSet().some((i) => i.isImpossible);
    expect(versionTwo).toBe(true);
    const { rows, cancelled } = await runPairs(demo, enginePredictor(engine, { versionTwo }));
    expect(cancelled).toBe(false);
    expect(rows).toHaveLength(withRevision.length);
    const s = summarizePairs(rows);
    const em = summarizePairs(rows.map((r) => ({ ...r, category: pairCategory(r.original, r.perturbed, 'em') })));
    const share = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`);
    console.log('demo revision pairs:', s.n, 'script rule', s.categories, 'EM rule', em.categories, 'F1', s.original.f1.toFixed(1), '→', s.perturbed.f1.toFixed(1), `(${s.relativeF1Change.toFixed(1)}%)`);
    console.log('answer sentence unmodified: C2W', share(s.unmodified.C2W), 'C2C', share(s.unmodified.C2C), '· prediction changed', share(s.predictionChangeRate));
    expect(Object.values(s.categories).reduce((a, b) => a + b, 0)).toBe(rows.length);
    for (const r of rows) {
      expect(r.category).toBe(pairCategory(r.original, r.perturbed, 'script'));
      expect(r.intent).not.toBeNull();
    }
    // Copy edits that reword the answer's own sentence are the point of the demo pairs.
    expect(rows.some((r) => r.touchesAnswer)).toBe(true);
  });
});
