/** Models offered in the picker. The shipped one works offline; the others come from the Hub. */
import { isHubId } from '../core/hub-id.ts';

export interface CatalogEntry {
  id: string;
  source: 'local' | 'hub';
  title: string;
  note: string;
  squad2: boolean;
}

export const SHIPPED_MODEL_ID = 'qarx-lexical-qa';

export const MODEL_CATALOG: CatalogEntry[] = [
  {
    id: SHIPPED_MODEL_ID,
    source: 'local',
    title: 'Lexical-overlap baseline (shipped, offline)',
    note: 'Not a neural reader: scores spans by nearby question words and answer type (who/when/how many). Made by this project, 3 MB.',
    squad2: true,
  },
  {
    id: 'Xenova/distilbert-base-cased-distilled-squad',
    source: 'hub',
    title: 'DistilBERT base cased, SQuAD 1.1',
    note: 'WordPiece, cased. ~65 MB (q8) / 260 MB (fp32).',
    squad2: false,
  },
  {
    id: 'Xenova/distilbert-base-uncased-distilled-squad',
    source: 'hub',
    title: 'DistilBERT base uncased, SQuAD 1.1',
    note: 'WordPiece, uncased.',
    squad2: false,
  },
  {
    id: 'tomasmcm/deepset-tinyroberta-squad2-onnx',
    source: 'hub',
    title: 'TinyRoBERTa, SQuAD 2.0',
    note: 'Byte-level BPE (RoBERTa), distilled from deepset/roberta-base-squad2; answers or abstains. fp16 and q8 weights.',
    squad2: true,
  },
  {
    id: 'dewdev/mdeberta-v3-base-squad2-onnx',
    source: 'hub',
    title: 'mDeBERTa-v3 base, SQuAD 2.0 (multilingual)',
    note:
      'SentencePiece Unigram, ~100 languages including Chinese; answers or abstains. WASM: int8 weights (onnx/model_int8.onnx, 317 MB); ' +
      'WebGPU: fp32 (onnx/model.onnx, 1.1 GB; there is no fp16 export and 8-bit weights give wrong answers there).',
    squad2: true,
  },
];

/** Why a typed Hub model id cannot be loaded, or null when it looks like owner/name. */
export function hubIdError(id: string): string | null {
  return isHubId(id) ? null : `"${id}" is not a Hub model id (expected owner/name).`;
}
