/**
 * Small QA models of each tokenizer family in the Hub layout, for the mock Hub: the family's
 * tokenizer files (test/fixtures/tokenizers/make-families.ts), a config.json of its model type,
 * and a generated ONNX graph with the family's real input names that puts the start logit on one
 * token id and the end logit on another, so the decoded answer is a known span of the passage.
 */
import { GraphBuilder } from '../../scripts/lib/onnx-builder.ts';
import { familyFiles } from '../fixtures/tokenizers/make-families.ts';

/** What each family's exported ONNX graph takes and its config.json says. */
export const FAMILY_MODELS = {
  'bert-legacy-uncased': { modelType: 'bert', arch: 'BertForQuestionAnswering', inputs: ['input_ids', 'attention_mask', 'token_type_ids'], maxPositions: 512, pad: 0 },
  'bert-legacy-chinese': { modelType: 'bert', arch: 'BertForQuestionAnswering', inputs: ['input_ids', 'attention_mask', 'token_type_ids'], maxPositions: 512, pad: 0 },
  'xlm-roberta-mini': { modelType: 'xlm-roberta', arch: 'XLMRobertaForQuestionAnswering', inputs: ['input_ids', 'attention_mask'], maxPositions: 514, pad: 1 },
  'mdeberta-mini': { modelType: 'deberta-v2', arch: 'DebertaV2ForQuestionAnswering', inputs: ['input_ids', 'attention_mask'], maxPositions: 512, pad: 0 },
  'deberta-v3-mini': { modelType: 'deberta-v2', arch: 'DebertaV2ForQuestionAnswering', inputs: ['input_ids', 'attention_mask'], maxPositions: 512, pad: 0 },
  'albert-mini': { modelType: 'albert', arch: 'AlbertForQuestionAnswering', inputs: ['input_ids', 'attention_mask', 'token_type_ids'], maxPositions: 512, pad: 0 },
  'camembert-mini': { modelType: 'camembert', arch: 'CamembertForQuestionAnswering', inputs: ['input_ids', 'attention_mask'], maxPositions: 514, pad: 1 },
  'sp-bpe-mini': { modelType: 'xlm-roberta', arch: 'XLMRobertaForQuestionAnswering', inputs: ['input_ids', 'attention_mask'], maxPositions: 514, pad: 3 },
} as const;
export type FamilyModelName = keyof typeof FAMILY_MODELS;

/**
 * A QA graph over `inputs`: start_logits = 10·[id = startId], end_logits = 10·[id = endId]; the
 * other inputs enter multiplied by 0, so every input the family exports is consumed.
 */
export function pointerGraph(inputs: readonly string[], startId: number, endId: number): Uint8Array {
  const g = new GraphBuilder('qarx_family_pointer');
  const dims = ['batch_size', 'sequence_length'];
  const [ids, ...rest] = inputs.map((name) => g.input(name, 'int64', dims));
  const zero = g.f32('zero', [0]);
  const ten = g.f32('ten', [10]);
  let unused = g.op('Mul', [g.op('Cast', [ids as string], { to: 1 }), zero]);
  for (const r of rest) unused = g.op('Add', [unused, g.op('Mul', [g.op('Cast', [r], { to: 1 }), zero])]);
  const pointer = (id: number, name: string) => g.op('Add', [g.op('Mul', [g.op('Cast', [g.op('Equal', [ids as string, g.i64(name, [id])])], { to: 1 }), ten]), unused]);
  g.output('start_logits', pointer(startId, 'start_id'), 'float32', dims);
  g.output('end_logits', pointer(endId, 'end_id'), 'float32', dims);
  return g.toBytes('qarx test model: start/end logits point at two token ids');
}

/** The Hub files of one family's model, pointing at the ids of `startToken` and `endToken`. */
export function familyRepo(name: FamilyModelName, startToken: string, endToken: string): Record<string, string | Uint8Array> {
  const m = FAMILY_MODELS[name];
  const files = familyFiles(name);
  const json = JSON.parse(files['tokenizer.json'] as string) as { model: { vocab: Record<string, number> | [string, number][] } };
  const vocab = json.model.vocab;
  const idOf = (t: string) => {
    const id = Array.isArray(vocab) ? vocab.findIndex(([p]) => p === t) : vocab[t];
    if (id === undefined || id < 0) throw new Error(`${name} has no token ${t}`);
    return id;
  };
  const config = { model_type: m.modelType, architectures: [m.arch], max_position_embeddings: m.maxPositions, pad_token_id: m.pad, 'transformers.js_config': { dtype: 'fp32' } };
  return { ...files, 'config.json': JSON.stringify(config), 'onnx/model.onnx': pointerGraph(m.inputs, idOf(startToken), idOf(endToken)) };
}
