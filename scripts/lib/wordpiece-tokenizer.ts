/** tokenizer.json for a cased BERT-style WordPiece tokenizer, shared by the model generators. */

export const BERT_SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

/**
 * Hugging Face tokenizers JSON over `tokens` (index = id), e.g. wordPieceTokenizerJson(['[PAD]', …]).
 * Every BERT special token must be in `tokens`.
 */
export function wordPieceTokenizerJson(tokens: readonly string[]): object {
  const ids = new Map(tokens.map((t, i) => [t, i]));
  const id = (t: string) => {
    const v = ids.get(t);
    if (v === undefined) throw new Error(`vocabulary lacks ${t}`);
    return v;
  };
  const special = (content: string) => ({ id: id(content), content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  const seq = (sid: 'A' | 'B', typeId: number) => ({ Sequence: { id: sid, type_id: typeId } });
  const tok = (sid: string, typeId: number) => ({ SpecialToken: { id: sid, type_id: typeId } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: BERT_SPECIALS.map(special),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: false },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [tok('[CLS]', 0), seq('A', 0), tok('[SEP]', 0)],
      pair: [tok('[CLS]', 0), seq('A', 0), tok('[SEP]', 0), seq('B', 1), tok('[SEP]', 1)],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [id('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [id('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(ids) },
  };
}
