/**
 * A tiny token-classification model in a Hub repo's layout (config.json with CoNLL-2003 labels as
 * dslim/bert-base-NER has them, the bert-cased-mini tokenizer, onnx/model.onnx) for testing the Hub
 * NER tagger against the mock Hub. Its ONNX graph is a lookup: each token id's row of a constant
 * table is its logits (Gather), so the labels it gives are chosen here, token by token.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GraphBuilder } from './onnx-builder.ts';

/** dslim/bert-base-NER's id2label. */
export const CONLL_LABELS = ['O', 'B-MISC', 'I-MISC', 'B-PER', 'I-PER', 'B-ORG', 'I-ORG', 'B-LOC', 'I-LOC'];

const TOKENIZER = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'tokenizers', 'bert-cased-mini');

/** The repo's files; `labels` maps a token string to its label (every other token is O). */
export function tinyNerRepo(labels: Record<string, string>): Record<string, string | Uint8Array> {
  const tokenizerJson = readFileSync(join(TOKENIZER, 'tokenizer.json'), 'utf8');
  const vocab = (JSON.parse(tokenizerJson) as { model: { vocab: Record<string, number> } }).model.vocab;
  const size = Math.max(...Object.values(vocab)) + 1;
  const width = CONLL_LABELS.length;
  const table = new Float32Array(size * width);
  for (let id = 0; id < size; id++) table[id * width] = 4; // O by default
  for (const [token, label] of Object.entries(labels)) {
    const id = vocab[token];
    if (id === undefined) throw new Error(`token ${token} is not in the mini vocabulary`);
    table[id * width] = 0;
    table[id * width + CONLL_LABELS.indexOf(label)] = 6;
  }
  const g = new GraphBuilder('tiny_ner');
  const ids = g.input('input_ids', 'int64', ['batch', 'sequence']);
  g.input('attention_mask', 'int64', ['batch', 'sequence']);
  g.input('token_type_ids', 'int64', ['batch', 'sequence']);
  const logits = g.op('Gather', [g.f32('table', table, [size, width]), ids], { axis: 0 });
  g.output('logits', logits, 'float32', ['batch', 'sequence', width]);
  const id2label = Object.fromEntries(CONLL_LABELS.map((l, i) => [String(i), l]));
  return {
    'config.json': JSON.stringify({ model_type: 'bert', architectures: ['BertForTokenClassification'], id2label, label2id: Object.fromEntries(CONLL_LABELS.map((l, i) => [l, i])) }),
    'tokenizer.json': tokenizerJson,
    'tokenizer_config.json': readFileSync(join(TOKENIZER, 'tokenizer_config.json'), 'utf8'),
    'onnx/model.onnx': g.toBytes('qarx test: a lookup-table NER model'),
  };
}
