/**
 * Every tokenizer family end to end: each family's tokenizer files and a generated ONNX graph
 * with that family's input names are served by the mock Hub, loaded through transformers.js and
 * run by ONNX Runtime (onnxruntime-node); the graph points at two token ids, so the answer must be
 * exactly the passage text between them — offsets, pair template and inputs all have to be right.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';
import { FAMILY_MODELS, familyRepo, type FamilyModelName } from '../support/family-models.ts';

const PASSAGE = 'Émile Zola’s café is in Paris, France. 北京是中国的首都。 𠀀 and 😀 come last.';

const CASES: { family: FamilyModelName; start: string; end: string; answer: string; positions: number }[] = [
  { family: 'bert-legacy-uncased', start: 'paris', end: 'france', answer: 'Paris, France', positions: 512 },
  { family: 'bert-legacy-chinese', start: '北', end: '都', answer: '北京是中国的首都', positions: 512 },
  { family: 'xlm-roberta-mini', start: '▁Paris', end: '▁France', answer: 'Paris, France', positions: 512 },
  { family: 'mdeberta-mini', start: '▁北京', end: '首都', answer: '北京是中国的首都', positions: 512 },
  { family: 'deberta-v3-mini', start: '▁Émile', end: '▁café', answer: 'Émile Zola’s café', positions: 512 },
  { family: 'albert-mini', start: '▁emile', end: '▁cafe', answer: 'Émile Zola’s café', positions: 512 },
  { family: 'camembert-mini', start: '▁café', end: '▁Paris', answer: 'café is in Paris', positions: 512 },
  { family: 'sp-bpe-mini', start: '▁Paris', end: '▁France', answer: 'Paris, France', positions: 510 },
];

describe('QA models of every tokenizer family through the Hub code path', () => {
  let hub: MockHub;
  let cacheDir: string;
  beforeAll(async () => {
    // An mDeBERTa-style repo whose 8-bit weights are named model_int8.onnx (no model_quantized.onnx).
    const { 'onnx/model.onnx': graph, ...rest } = familyRepo('mdeberta-mini', '▁北京', '首都');
    hub = await startMockHub({
      ...Object.fromEntries(CASES.map((c) => [`qarx-families/${c.family}`, familyRepo(c.family, c.start, c.end)])),
      'qarx-families/int8-only': { ...rest, 'config.json': JSON.stringify({ model_type: 'deberta-v2', architectures: ['DebertaV2ForQuestionAnswering'], max_position_embeddings: 512 }), 'onnx/model_int8.onnx': graph as Uint8Array },
    });
    cacheDir = mkdtempSync(join(tmpdir(), 'qarx-families-'));
    configureRuntime({ remoteHost: hub.url, cacheDir });
  });
  afterAll(async () => {
    await hub.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it.each(CASES)('$family answers "$answer" with exact offsets', async ({ family, answer, positions }) => {
    const m = await loadQaModel({ kind: 'hub', id: `qarx-families/${family}` }, { device: 'cpu' });
    try {
      expect(m.inputNames).toEqual([...FAMILY_MODELS[family].inputs]);
      expect(m.maxPositions).toBe(positions);
      // Windows of 24 tokens with stride 8: the answer is decoded across several windows.
      const engine = new QaEngine(m.tokenizer, m.runner, { windows: { maxLength: 24, docStride: 8, maxQueryLength: 8 } });
      const { predictions, stats } = await engine.predict([{ id: 'q', question: 'Where is the café?', context: PASSAGE }]);
      expect(stats.windows).toBeGreaterThan(1);
      const best = predictions[0]?.best;
      expect(best?.text).toBe(answer);
      expect(PASSAGE.slice(best?.start ?? 0, best?.end ?? 0)).toBe(answer);
    } finally {
      await m.dispose();
    }
  });

  it('loads 8-bit weights named model_int8.onnx as dtype int8', async () => {
    const m = await loadQaModel({ kind: 'hub', id: 'qarx-families/int8-only' }, { device: 'cpu', dtype: 'int8' });
    try {
      expect(m.dtype).toBe('int8');
      const { predictions } = await new QaEngine(m.tokenizer, m.runner).predict([{ id: 'q', question: '首都?', context: PASSAGE }]);
      expect(predictions[0]?.best?.text).toBe('北京是中国的首都');
    } finally {
      await m.dispose();
    }
    expect(hub.requests.some((r) => r.path.endsWith('/onnx/model_int8.onnx'))).toBe(true);
  });
});
