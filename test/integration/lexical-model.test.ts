/** The shipped model is generated, not hand-edited: regenerating it must give the committed bytes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeLexicalModel } from '../../scripts/make-lexical-model.ts';

const SHIPPED = join(import.meta.dirname, '..', '..', 'public', 'models', 'qarx-lexical-qa');

describe('make-lexical-model', () => {
  it('reproduces public/models/qarx-lexical-qa byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qarx-lex-'));
    try {
      const files = writeLexicalModel(dir);
      expect(files.map((f) => relative(dir, f)).sort()).toEqual(['config.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx', 'tokenizer.json', 'tokenizer_config.json']);
      for (const f of files) {
        const rel = relative(dir, f);
        expect(readFileSync(f).equals(readFileSync(join(SHIPPED, rel))), `${rel} differs: run npm run make:model and commit`).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
