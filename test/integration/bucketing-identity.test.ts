/**
 * The work-saving paths on the shipped model (real ONNX Runtime): length buckets, batching,
 * window deduplication and the logit cache give exactly the predictions of the plain path (one
 * input per call, one window per batch, no cache), and a sweep that skips questions with nothing
 * to rename gives the same cells as one that answers every question.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { enginePredictor, renamableInstances, runSweep, sweepPlan, type Predictor } from '../../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine, type LoadedModel } from '../../src/core/index.ts';
import type { QaInput, QaPrediction } from '../../src/core/types.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const demo = loadDemoSet();
// Short windows make the longer demo passages span several overlapping windows.
const WINDOWS = { maxLength: 64, docStride: 16, maxQueryLength: 64 };
let model: LoadedModel;

beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  model = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
});

/**
 * What a user sees of a prediction: the answer, its span and the n-best spans in order. Scores are
 * compared to 1e-4 apart: ONNX Runtime sums in a different order for a batch of 8 than for 1.
 */
function answers(ps: readonly QaPrediction[]) {
  return ps.map((p) => ({ id: p.id, text: p.text, best: p.best && [p.best.start, p.best.end], nbest: p.nbest.map((n) => [n.start, n.end, n.text]), windows: p.windows }));
}
const scores = (ps: readonly QaPrediction[]) => ps.flatMap((p) => p.nbest.flatMap((n) => [n.score, n.startLogit, n.endLogit]));

/** The plain path: a fresh cacheless engine answers each input alone, one window per model call. */
function plainPredictor(): Predictor {
  const engine = new QaEngine(model.tokenizer, model.runner, { windows: WINDOWS, batchSize: 1, bucketWidth: 0, cacheSize: 0 });
  return async (inputs) => {
    const predictions: QaPrediction[] = [];
    for (const x of inputs) predictions.push(...(await engine.predict([x])).predictions);
    return { predictions, cancelled: false };
  };
}

describe('bucketing and deduplication on the shipped model', () => {
  it('give the plain path\'s predictions on the demo set, its repeats and edited copies', { timeout: 300_000 }, async () => {
    const inputs: QaInput[] = demo.map((i) => ({ id: i.id, question: i.question, context: i.context }));
    // Repeats (deduplicated) and passages with a tail edit (their leading windows come from the cache).
    const edited = inputs.map((x) => ({ ...x, id: `${x.id}+`, context: `${x.context} And so on.` }));
    const all = [...inputs, ...edited, ...inputs.map((x) => ({ ...x, id: `${x.id}=` }))];
    const engine = new QaEngine(model.tokenizer, model.runner, { windows: WINDOWS, batchSize: 8, bucketWidth: 16 });
    const multi = inputs.filter((x) => engine.windowsFor(x).length > 1).length;
    expect(multi, 'some demo passages span several windows').toBeGreaterThan(10);
    const want = (await plainPredictor()(all)).predictions;
    const first = await engine.predict(all.slice(0, inputs.length));
    const rest = await engine.predict(all.slice(inputs.length));
    const got = [...first.predictions, ...rest.predictions];
    expect(answers(got)).toEqual(answers(want));
    const a = scores(got);
    scores(want).forEach((x, i) => expect(a[i]).toBeCloseTo(x, 4));
    expect(rest.stats.cached).toBeGreaterThan(rest.stats.windows / 2);
    const windows = all.reduce((a, x) => a + engine.windowsFor(x).length, 0);
    expect(first.stats.computed + rest.stats.computed).toBe(new Set(all.flatMap((x) => engine.windowsFor(x).map((w) => w.key))).size);
    expect(first.stats.computed + rest.stats.computed).toBeLessThan(windows);
  });

  it('a sweep answers originals only for renamable questions and gives the plain sweep\'s cells', { timeout: 600_000 }, async () => {
    const en = demo.filter((i) => i.lang === 'en');
    const config = { types: ['PER' as const, 'ORG' as const, 'GPE' as const], sources: ['indist' as const, 'db' as const, 'randstr' as const], seeds: 2, origin: 'us' as const, origins: [] };
    const asked: string[] = [];
    const engine = new QaEngine(model.tokenizer, model.runner, { windows: WINDOWS });
    const fast = enginePredictor(engine, { versionTwo: false });
    const counting: Predictor = (inputs, p) => {
      asked.push(...inputs.map((x) => x.id));
      return fast(inputs, p);
    };
    const r = await runSweep(en, config, counting);
    const plain = await runSweep(en, config, plainPredictor());
    expect(r.cells).toEqual(plain.cells);
    const renamable = renamableInstances(en.filter((i) => !i.isImpossible), sweepPlan(config));
    expect(r.questions).toBe(en.filter((i) => !i.isImpossible).length);
    expect(r.originals.size).toBe(renamable.length);
    expect(renamable.length, 'the demo set has questions with nothing to rename').toBeLessThan(r.questions);
    // The first call asks for the originals: exactly the renamable questions.
    const originalsAsked = asked.slice(0, renamable.length);
    expect(new Set(originalsAsked)).toEqual(new Set(renamable.map((i) => i.id)));
  });
});
