/**
 * The shipped model from disk, and the Hub code path against a local server that mimics the Hub's
 * URL layout: real ONNX Runtime (onnxruntime-node) runs, no mocks of the model.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureRuntime, loadQaModel, ModelError, QaEngine, type QaInput } from '../../src/core/index.ts';
import { GraphBuilder } from '../../scripts/lib/onnx-builder.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SHIPPED = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const file = (name: string) => readFileSync(join(SHIPPED, name));

const PASSAGE =
  'Ada Lovelace was born in London in 1815. In 1843 she published notes on the Analytical Engine, ' +
  'a machine designed by Charles Babbage. The notes described three algorithms.';

/** A graph with the right inputs but outputs named like a classifier, not a QA head. */
function wrongOutputsModel(): Uint8Array {
  const g = new GraphBuilder('not_qa');
  const ids = g.input('input_ids', 'int64', ['b', 's']);
  g.input('attention_mask', 'int64', ['b', 's']);
  g.output('logits', g.op('Cast', [ids], { to: 1 }), 'float32', ['b', 's']);
  return g.toBytes();
}

describe('shipped lexical model from disk', () => {
  it('answers simple factoid questions with exact passage substrings', async () => {
    configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
    const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
    expect(m.kind).toBe('lexical-baseline');
    expect(m.dtype).toBe('fp32');
    expect(m.inputNames).toEqual(['input_ids', 'attention_mask', 'token_type_ids']);
    const engine = new QaEngine(m.tokenizer, m.runner);
    const qs: [string, string][] = [
      ['Where was Ada Lovelace born?', 'London'],
      ['When was Ada Lovelace born?', '1815'],
      ['Who designed the Analytical Engine?', 'Charles Babbage'],
      ['How many algorithms did the notes describe?', 'three'],
    ];
    const inputs: QaInput[] = qs.map(([q], i) => ({ id: `q${i}`, question: q, context: PASSAGE }));
    const r = await engine.predict(inputs);
    expect(r.predictions.map((p) => p.text)).toEqual(qs.map(([, a]) => a));
    for (const p of r.predictions) {
      expect(p.best).not.toBeNull();
      expect(PASSAGE.slice(p.best!.start, p.best!.end)).toBe(p.best!.text);
    }
    await m.dispose();
  });
});

describe('Hub code path against a local mock Hub', () => {
  let hub: MockHub;
  let cacheDir: string;
  beforeAll(async () => {
    hub = await startMockHub({
      'qarx-test/lexical-qa': SHIPPED,
      'qarx-test/no-weights': { 'config.json': file('config.json'), 'tokenizer.json': file('tokenizer.json'), 'tokenizer_config.json': file('tokenizer_config.json') },
      'qarx-test/no-tokenizer': { 'config.json': file('config.json'), 'onnx/model.onnx': file('onnx/model.onnx') },
      'qarx-test/wrong-outputs': {
        'config.json': JSON.stringify({ model_type: 'bert', architectures: ['BertForQuestionAnswering'] }),
        'tokenizer.json': file('tokenizer.json'),
        'tokenizer_config.json': file('tokenizer_config.json'),
        'onnx/model.onnx': wrongOutputsModel(),
      },
      'qarx-test/not-qa': {
        'config.json': JSON.stringify({ model_type: 'whisper', architectures: ['WhisperForConditionalGeneration'] }),
        'tokenizer.json': file('tokenizer.json'),
        'tokenizer_config.json': file('tokenizer_config.json'),
        'onnx/model.onnx': file('onnx/model.onnx'),
      },
    });
    cacheDir = mkdtempSync(join(tmpdir(), 'qarx-cache-'));
    configureRuntime({ remoteHost: hub.url, cacheDir });
  });
  afterAll(async () => {
    await hub.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('downloads with progress events, then loads from the cache without downloading again', async () => {
    const events: { status: string; file?: string; progress?: number }[] = [];
    const m = await loadQaModel({ kind: 'hub', id: 'qarx-test/lexical-qa' }, { device: 'cpu', onProgress: (p) => events.push(p as never) });
    const onnxProgress = events.filter((e) => e.status === 'progress' && e.file === 'onnx/model.onnx');
    expect(onnxProgress.length).toBeGreaterThan(0);
    expect(onnxProgress.at(-1)?.progress).toBe(100);
    expect(events.some((e) => e.status === 'done' && e.file === 'tokenizer.json')).toBe(true);
    const got = (f: string) => hub.requests.filter((r) => r.method === 'GET' && r.range === null && r.path === `/qarx-test/lexical-qa/resolve/main/${f}`).length;
    expect(got('onnx/model.onnx')).toBe(1);
    const r = await new QaEngine(m.tokenizer, m.runner).predict([{ id: 'a', question: 'Where was Ada Lovelace born?', context: PASSAGE }]);
    expect(r.predictions[0]?.text).toBe('London');
    await m.dispose();

    const m2 = await loadQaModel({ kind: 'hub', id: 'qarx-test/lexical-qa' }, { device: 'cpu' });
    expect(got('onnx/model.onnx')).toBe(1);
    expect(got('tokenizer.json')).toBe(1);
    await m2.dispose();
  });

  it.each([
    { name: 'no ONNX weights', id: 'qarx-test/no-weights', code: 'no-weights', text: /onnx/ },
    { name: 'missing tokenizer', id: 'qarx-test/no-tokenizer', code: 'no-tokenizer', text: /tokenizer/ },
    { name: 'wrong output names', id: 'qarx-test/wrong-outputs', code: 'bad-signature', text: /start_logits/ },
    { name: 'not a QA architecture', id: 'qarx-test/not-qa', code: 'unsupported-architecture', text: /question-answering/ },
    { name: 'unknown repository', id: 'qarx-test/does-not-exist', code: 'no-config', text: /does-not-exist.*not found/ },
  ])('$name → a clear ModelError ($code)', async ({ id, code, text }) => {
    const e = await loadQaModel({ kind: 'hub', id }, { device: 'cpu' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ModelError);
    expect((e as ModelError).code).toBe(code);
    expect((e as ModelError).message).toMatch(text);
  });

  it('network failure → a clear ModelError (network)', async () => {
    const dead = await startMockHub({});
    await dead.close();
    configureRuntime({ remoteHost: dead.url });
    try {
      const e = await loadQaModel({ kind: 'hub', id: 'qarx-test/unreachable' }, { device: 'cpu' }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ModelError);
      expect((e as ModelError).code).toBe('network');
    } finally {
      configureRuntime({ remoteHost: hub.url });
    }
  });
});
