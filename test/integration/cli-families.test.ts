/**
 * qarx on a multilingual XLM-R-layout model directory (SentencePiece Unigram): --max-length is
 * checked against the 512 usable positions (max_position_embeddings 514 less the padding offset),
 * and predictions carry the exact answer text with code-point offsets.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../support/run-qarx.ts';
import { familyRepo } from '../support/family-models.ts';

let dir: string;
const CONTEXT = '𠀀 北京是中国的首都。 Émile Zola’s café is in Paris, France.';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'qarx-cli-families-'));
  for (const [file, body] of Object.entries(familyRepo('xlm-roberta-mini', '▁Paris', '▁France'))) {
    const p = join(dir, 'model', file);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, body);
  }
  const squad = { version: 'v2.0', data: [{ title: 't', paragraphs: [{ context: CONTEXT, qas: [{ id: 'q1', question: 'Where is the café?', answers: [{ text: 'Paris, France', answer_start: [...CONTEXT].length - [...'Paris, France.'].length }], is_impossible: false }] }] }] };
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(squad));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('qarx predict on an XLM-R-layout model', () => {
  it('refuses --max-length 513: only 512 of the 514 positions fit', async () => {
    const r = await runMain('predict', '--model', join(dir, 'model'), '--data', join(dir, 'dev.json'), '--out', join(dir, 'out-513'), '--max-length', '513', '--cache-dir', join(dir, 'cache'));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--max-length 513 exceeds what .* accepts \(512 positions\)/);
  });

  it('answers at --max-length 512 with the exact text', async () => {
    const r = await runMain('predict', '--model', join(dir, 'model'), '--data', join(dir, 'dev.json'), '--out', join(dir, 'out-512'), '--max-length', '512', '--cache-dir', join(dir, 'cache'));
    expect(r.code).toBe(0);
    const preds = JSON.parse(readFileSync(join(dir, 'out-512', 'predictions.json'), 'utf8')) as Record<string, string>;
    expect(preds.q1).toBe('Paris, France');
  });
});
