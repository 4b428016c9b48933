/** Usable positions from config.json: RoBERTa-style models lose padding_idx + 1 positions. */
import { describe, expect, it } from 'vitest';
import { usablePositions } from '../../src/core/runtime/positions.ts';

describe('usablePositions', () => {
  it.each([
    { name: 'RoBERTa 514, pad 1', config: { model_type: 'roberta', max_position_embeddings: 514, pad_token_id: 1 }, want: 512 },
    { name: 'XLM-R 514, pad 1', config: { model_type: 'xlm-roberta', max_position_embeddings: 514, pad_token_id: 1 }, want: 512 },
    { name: 'CamemBERT 514, pad 1', config: { model_type: 'camembert', max_position_embeddings: 514, pad_token_id: 1 }, want: 512 },
    { name: 'RoBERTa without pad_token_id (fairseq default 1)', config: { model_type: 'roberta', max_position_embeddings: 514 }, want: 512 },
    { name: 'Longformer 4098', config: { model_type: 'longformer', max_position_embeddings: 4098, pad_token_id: 1 }, want: 4096 },
    { name: 'BERT 512 (numbered from 0)', config: { model_type: 'bert', max_position_embeddings: 512, pad_token_id: 0 }, want: 512 },
    { name: 'DistilBERT 512', config: { model_type: 'distilbert', max_position_embeddings: 512 }, want: 512 },
    { name: 'DeBERTa-v2 512', config: { model_type: 'deberta-v2', max_position_embeddings: 512, pad_token_id: 0 }, want: 512 },
    { name: 'ALBERT 512', config: { model_type: 'albert', max_position_embeddings: 512, pad_token_id: 0 }, want: 512 },
    { name: 'no max_position_embeddings', config: { model_type: 'roberta' }, want: null },
  ])('$name → $want', ({ config, want }) => {
    expect(usablePositions(config)).toBe(want);
  });
});
