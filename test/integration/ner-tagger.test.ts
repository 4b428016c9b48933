/**
 * The Hub NER tagger (a token-classification model, e.g. Xenova/bert-base-NER) against the mock
 * Hub with a generated lookup-table ONNX model: real ONNX Runtime, real tokenizer, our offsets and
 * B-/I- grouping; its spans then decide the answer entity as a file's own spans do (§3.1 step 1).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureRuntime } from '../../src/core/index.ts';
import { loadNerTagger, type NerTagger } from '../../src/core/runtime/ner-tagger.ts';
import { selectRenameTarget } from '../../src/core/entity/rename.ts';
import { tinyNerRepo } from '../../scripts/lib/tiny-ner-model.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';

const TEXT = 'Émile Zola was born in Paris. The Eiffel Tower is in Paris, France.';

describe('Hub NER tagger on a generated token-classification model', () => {
  let hub: MockHub;
  let cacheDir: string;
  let tagger: NerTagger;
  beforeAll(async () => {
    // The mini vocabulary spells "Eiffel" E ##i ##f …: its first token tagged B-PER is the known slip of taggers
    // (bert-base-NER among them) that call "Eiffel" of "Eiffel Tower" a person.
    hub = await startMockHub({
      'qarx-test/tiny-ner': tinyNerRepo({ 'Émile': 'B-PER', Zola: 'I-PER', E: 'B-PER', Paris: 'B-LOC', France: 'B-LOC' }),
      'qarx-test/not-ner': { ...tinyNerRepo({}), 'config.json': JSON.stringify({ model_type: 'bert', id2label: { 0: 'NEGATIVE', 1: 'POSITIVE' } }) },
    });
    cacheDir = mkdtempSync(join(tmpdir(), 'qarx-ner-cache-'));
    configureRuntime({ remoteHost: hub.url, cacheDir });
    tagger = await loadNerTagger({ kind: 'hub', id: 'qarx-test/tiny-ner' }, { device: 'cpu' });
  }, 120_000);
  afterAll(async () => {
    await tagger?.dispose();
    await hub?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('tags PER and LOC (as GPE candidates) with character offsets; the slip before "Tower" is dropped', async () => {
    expect(tagger.labels).toContain('B-PER');
    const spans = await tagger.tag(TEXT);
    expect(spans.map((s) => [s.type, TEXT.slice(s.start, s.end)])).toEqual([
      ['PER', 'Émile Zola'],
      ['GPE', 'Paris'],
      ['GPE', 'Paris'],
      ['GPE', 'France'],
    ]);
    for (const s of spans) expect(s.score).toBeGreaterThan(0.9);
  });

  it('its spans choose the answer entity, as a file’s own spans do', async () => {
    const entities = await tagger.tag(TEXT);
    const inst = { context: TEXT, question: 'Who was born in Paris?', answers: [{ text: 'Émile Zola', start: 0 }], isImpossible: false, lang: 'en' as const, entities };
    const t = selectRenameTarget(inst, { type: 'MIX', source: 'db' });
    if (typeof t === 'string') throw new Error(t);
    expect(t.entity.type).toBe('PER');
    expect(t.spans.map((x) => x.text)).toEqual(['Émile', 'Zola']);
    const at = TEXT.indexOf('Eiffel Tower');
    expect(selectRenameTarget({ ...inst, answers: [{ text: 'Eiffel Tower', start: at }] }, { type: 'MIX', source: 'db' })).toBe('no-entity');
  });

  it('refuses a model whose labels name no entity type', async () => {
    await expect(loadNerTagger({ kind: 'hub', id: 'qarx-test/not-ner' }, { device: 'cpu' })).rejects.toThrow(/no NER model/);
  });
});
