/**
 * How many tokens a model's position embeddings take. RoBERTa-style models number positions from
 * padding_idx + 1 (fairseq's make_positions), so of max_position_embeddings 514 with pad id 1 only
 * 512 are usable; BERT, DistilBERT, ALBERT and DeBERTa number from 0.
 */

/** model_type values whose position ids start after the padding index. */
const OFFSET_BY_PADDING = new Set(['roberta', 'xlm-roberta', 'xlm-roberta-xl', 'camembert', 'longformer', 'data2vec-text', 'roberta-prelayernorm', 'ibert', 'mpnet']);

/**
 * Usable sequence length from config.json, or null when it does not say, e.g.
 * { model_type: 'roberta', max_position_embeddings: 514, pad_token_id: 1 } → 512.
 */
export function usablePositions(config: Record<string, unknown>): number | null {
  const max = config.max_position_embeddings;
  if (typeof max !== 'number') return null;
  if (!OFFSET_BY_PADDING.has(String(config.model_type))) return max;
  const pad = typeof config.pad_token_id === 'number' ? config.pad_token_id : 1;
  return max - pad - 1;
}
