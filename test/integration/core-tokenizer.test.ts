/**
 * The shipped model loaded from picked files (the core WordPiece tokenizer built from the text of
 * tokenizer.json) and from its folder (transformers.js reads it, the core tokenizer uses its Map)
 * tokenizes and answers the same.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const PASSAGE = 'Ada Lovelace was born in London in 1815. Charles Babbage designed the Analytical Engine; Café Zürich served 北京 tea.';

/** Every file of the model folder, keyed by its path inside it, as the file picker gives them. */
function pickedFiles(dir: string): Map<string, Blob> {
  const out = new Map<string, Blob>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), new Blob([readFileSync(p)]));
    }
  };
  walk(dir);
  return out;
}

describe('core tokenizer from picked files = from the folder', () => {
  it('same tokens, ids and answers', async () => {
    configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
    const events: { status: string; file?: string }[] = [];
    const picked = await loadQaModel({ kind: 'files', id: 'picked', files: pickedFiles(MODEL) }, { device: 'cpu', onProgress: (p) => events.push(p as never) });
    const local = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
    try {
      expect(events.some((e) => e.status === 'done' && e.file === 'tokenizer.json')).toBe(true);
      const toks = picked.tokenizer.tokenize(PASSAGE);
      expect(toks).toEqual(local.tokenizer.tokenize(PASSAGE));
      expect(toks.map((t) => picked.tokenizer.tokenId(t))).toEqual(toks.map((t) => local.tokenizer.tokenId(t)));
      expect(picked.tokenizer.template).toEqual(local.tokenizer.template);
      // Both paths let the engine splice an edited passage (splice.ts); a path that lost the flag would silently tokenize every variant whole.
      expect([picked.tokenizer.cutsAtWhitespace, local.tokenizer.cutsAtWhitespace]).toEqual([true, true]);
      const q = [{ id: 'a', question: 'Where was Ada Lovelace born?', context: PASSAGE }];
      const [a, b] = await Promise.all([new QaEngine(picked.tokenizer, picked.runner).predict(q), new QaEngine(local.tokenizer, local.runner).predict(q)]);
      expect(a.predictions[0]?.text).toBe('London');
      expect(a.predictions).toEqual(b.predictions);
    } finally {
      await picked.dispose();
      await local.dispose();
    }
  });
});
