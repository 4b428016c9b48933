/** Honest model cards: the shipped model's stated size is its real files' size, Hub models say they need the network and how much they download. */
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/core/formats/common.ts';
import { MODEL_CATALOG, networkNote, neuralForComparison, SHIPPED_MODEL_ID } from '../../src/app/models/models.ts';
import { BASELINE_SAYS } from '../../src/app/models/NeuralOffer.tsx';
import { TOUR_STOPS } from '../../src/app/teach/tour.ts';

const shipped = MODEL_CATALOG.find((m) => m.id === SHIPPED_MODEL_ID)!;

describe('model cards', () => {
  it('the shipped card states the size of what it loads: fp32 weights, tokenizer and configs', () => {
    const dir = `public/models/${SHIPPED_MODEL_ID}`;
    const bytes = ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json'].reduce((a, f) => a + statSync(`${dir}/${f}`).size, 0);
    expect(shipped.note).toContain(formatBytes(bytes));
    expect(networkNote(shipped, false)).toBe('Works offline: shipped with the app.');
  });

  it('a Hub card says it needs the network, with the download size where known, and offline says it cannot download', () => {
    const distil = MODEL_CATALOG.find((m) => m.id === 'Xenova/distilbert-base-cased-distilled-squad')!;
    expect(networkNote(distil, true, 'the Hugging Face Hub', formatBytes)).toBe('Needs the network: downloads about 65.0 MB (q8) / 260.0 MB (fp32) from the Hugging Face Hub, then cached in this browser.');
    expect(networkNote(distil, false, 'http://127.0.0.1:8080', formatBytes)).toMatch(/^Offline: needs the network to download about 65\.0 MB \(q8\).* from http:\/\/127\.0\.0\.1:8080/);
    const unknown = MODEL_CATALOG.find((m) => m.id === 'tomasmcm/deepset-tinyroberta-squad2-onnx')!;
    expect(networkNote(unknown, true)).toMatch(/size shown when the download starts/);
    for (const m of MODEL_CATALOG.filter((x) => x.source === 'hub')) expect(networkNote(m, true)).toMatch(/^Needs the network/);
  });

  it('offers the multilingual model for Chinese and a small English one otherwise', () => {
    expect(neuralForComparison('zh').id).toMatch(/mdeberta/);
    expect(neuralForComparison('en').source).toBe('hub');
  });

  it('the tour claims no memorised names or Chinese reading for the shipped baseline', () => {
    const text = TOUR_STOPS.map((s) => s.text).join(' ');
    expect(text).not.toMatch(/Everything works on Chinese/);
    expect(text).toMatch(/baseline memorised nothing/);
    expect(TOUR_STOPS.find((s) => s.id === 'chinese')?.text).toMatch(/baseline does not read Chinese/);
    expect(BASELINE_SAYS).toMatch(/no memorised names/);
  });
});
