/**
 * The engine's own JavaScript per model input (issue 44): the demo sweep's 1,764 inputs through
 * QaEngine with the shipped model's tokenizer and a fake runner returning fixed logits of the right
 * shape, so only tokenizing, windowing, batching and decoding are timed. With BASE=<dir holding a
 * src/ copy> the engine there runs interleaved with this one, and every prediction of both must be
 * identical (Object.is on every number); REAL=1 runs the shipped model (ONNX Runtime, CPU) instead
 * of the fake runner, to compare real logits. npm run bench:engine-js -- [rounds]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { loadDemoSet } from '../src/core/data/demo.ts';
import type { QaInput, QaPrediction } from '../src/core/types.ts';
import { sweepModelInputs } from './lib/pipeline-baseline.ts';
import { median } from './lib/first-visit.ts';
import { configureRuntime, loadQaModel } from '../src/core/index.ts';

const MODEL = join(import.meta.dirname, '..', 'public', 'models', 'qarx-lexical-qa');
const CHUNK = 64; // the sweep's inputs per engine call (src/core/entity/predictor.ts)

interface Row {
  inputIds: readonly number[];
}
type Logits = { start: Float32Array; end: Float32Array };
interface EngineModule {
  QaEngine: new (tok: unknown, runner: { run(rows: readonly Row[], pad: number): Promise<Logits[]> }, opts: object) => { predict(inputs: readonly QaInput[], cb?: object, dec?: object): Promise<{ predictions: QaPrediction[] }> };
}
interface TokModule {
  qaTokenizerFromText(text: string, config: Record<string, unknown>): { tokenize(text: string): string[] } | null;
}

/** Logits fixed by a window's ids, with ties (the lexical model's logits tie a lot). */
function fakeLogits(ids: readonly number[]): Logits {
  const start = new Float32Array(ids.length);
  const end = new Float32Array(ids.length);
  let h = ids.length;
  ids.forEach((id, i) => {
    h = (Math.imul(h ^ id, 2654435761) + i) >>> 0;
    start[i] = ((h % 29) - 20) / 4;
    end[i] = (((h >>> 8) % 31) - 20) / 3;
  });
  return { start, end };
}

const fakeRunner = { run: async (rows: readonly Row[]) => rows.map((r) => fakeLogits(r.inputIds)) };

/** The shipped model's own runner (REAL=1), else the fake one. */
async function runnerOf(): Promise<{ run(rows: readonly Row[], pad: number): Promise<Logits[]> }> {
  if (!process.env.REAL) return fakeRunner;
  configureRuntime({ localModelPath: `${join(MODEL, '..')}/` });
  const model = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  return model.runner as unknown as { run(rows: readonly Row[], pad: number): Promise<Logits[]> };
}
const runner = await runnerOf();

/** Loads an engine and tokenizer module from a source tree root. */
async function load(root: string): Promise<{ engine: EngineModule; tok: TokModule }> {
  return { engine: (await import(join(root, 'src/core/qa/engine.ts'))) as EngineModule, tok: (await import(join(root, 'src/core/qa/wordpiece-text.ts'))) as TokModule };
}

/** One first-visit sweep: a fresh tokenizer and engine, inputs in chunks as the worker sends them. */
async function sweep(m: { engine: EngineModule; tok: TokModule }, inputs: readonly QaInput[]): Promise<{ secs: number; predictions: QaPrediction[]; tokenized: number }> {
  const core = m.tok.qaTokenizerFromText(readFileSync(join(MODEL, 'tokenizer.json'), 'utf8'), JSON.parse(readFileSync(join(MODEL, 'tokenizer_config.json'), 'utf8')) as Record<string, unknown>);
  if (!core) throw new Error('the shipped tokenizer is not core WordPiece');
  let tokenized = 0; // characters the engine had tokenized (not taken from a cache or a spliced base)
  const tokenizer = { ...core, tokenize: (text: string) => ((tokenized += text.length), core.tokenize(text)) };
  const engine = new m.engine.QaEngine(tokenizer, runner, { batchSize: 2, scope: { model: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm' } });
  const predictions: QaPrediction[] = [];
  const t0 = performance.now();
  for (let i = 0; i < inputs.length; i += CHUNK) predictions.push(...(await engine.predict(inputs.slice(i, i + CHUNK), {}, { versionTwo: false })).predictions);
  return { secs: (performance.now() - t0) / 1000, predictions, tokenized };
}

/** The first path where two values differ by Object.is, or null. */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b) ? null : `${path}: ${String(a)} vs ${String(b)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

const rounds = Number(process.argv[2] ?? 5);
const inputs = await sweepModelInputs(loadDemoSet());
const sides: [string, { engine: EngineModule; tok: TokModule }][] = [['this', await load(join(import.meta.dirname, '..'))]];
if (process.env.BASE) sides.push(['base', await load(process.env.BASE)]);
console.log(`engine JS on the demo sweep: ${inputs.length} model inputs, ${process.env.REAL ? 'shipped model on ONNX Runtime (CPU)' : 'fake runner'}, ${rounds} interleaved rounds (load ${loadavg()[0]?.toFixed(1)})`);
const times = new Map<string, number[]>(sides.map(([name]) => [name, []]));
const tokenized = new Map<string, number>();
for (let r = 0; r < rounds; r++) {
  const out = new Map<string, QaPrediction[]>();
  for (const [name, m] of r % 2 === 0 ? sides : [...sides].reverse()) {
    const s = await sweep(m, inputs);
    times.get(name)?.push(s.secs);
    tokenized.set(name, s.tokenized);
    out.set(name, s.predictions);
  }
  const diff = out.has('base') ? firstDifference(out.get('this'), out.get('base')) : null;
  if (diff) throw new Error(`predictions differ at ${diff}`);
  console.log(`  round ${r + 1}: ${sides.map(([n]) => `${n} ${(times.get(n)?.at(-1) ?? 0).toFixed(3)} s`).join(', ')}${out.has('base') ? ', identical' : ''} (load ${loadavg()[0]?.toFixed(1)})`);
}
const med = (n: string) => median(times.get(n) ?? []);
console.log(`characters tokenized per sweep: ${sides.map(([n]) => `${n} ${tokenized.get(n)}`).join(', ')}`);
console.log(`median: ${sides.map(([n]) => `${n} ${med(n).toFixed(3)} s (${((1e6 * med(n)) / inputs.length).toFixed(0)} µs/input)`).join(', ')}${process.env.BASE ? `; base/this = ${(med('base') / med('this')).toFixed(2)}×` : ''}`);
