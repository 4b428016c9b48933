/** Models offered in the picker. The shipped one works offline; the others come from the Hub. */
import { isHubId } from '../../core/qa/hub-id.ts';

export interface CatalogEntry {
  id: string;
  source: 'local' | 'hub';
  title: string;
  note: string;
  squad2: boolean;
  /** Bytes a Hub model downloads per precision, where known (weights plus tokenizer, rounded; 1000-based). */
  download?: readonly { dtype: string; bytes: number }[];
}

export const SHIPPED_MODEL_ID = 'qarx-lexical-qa';

export const MODEL_CATALOG: CatalogEntry[] = [
  {
    id: SHIPPED_MODEL_ID,
    source: 'local',
    title: 'Lexical-overlap baseline (shipped, offline)',
    note: 'Not a neural reader and trained on no data: scores spans by nearby question words and answer type (who/when/how many). WordPiece, cased (its own vocabulary). Made by this project: 3.8 MB (fp32 weights and tokenizer), in the app.',
    squad2: true,
  },
  {
    id: 'Xenova/distilbert-base-cased-distilled-squad',
    source: 'hub',
    title: 'DistilBERT base cased, SQuAD 1.1',
    note: 'WordPiece, cased.',
    squad2: false,
    download: [
      { dtype: 'q8', bytes: 65e6 },
      { dtype: 'fp32', bytes: 260e6 },
    ],
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
      'SentencePiece Unigram, ~100 languages including Chinese; answers or abstains. WASM: int8 weights (onnx/model_int8.onnx); ' +
      'WebGPU: fp32 (onnx/model.onnx; there is no fp16 export and 8-bit weights give wrong answers there).',
    squad2: true,
    download: [
      { dtype: 'int8', bytes: 317e6 },
      { dtype: 'fp32', bytes: 1.1e9 },
    ],
  },
];

/**
 * What a model card says about the network, e.g. 'Needs the network: downloads about 65 MB (q8) / 260 MB (fp32) from the Hugging Face Hub, then cached in this browser.';
 * the shipped model works offline; offline, a Hub model says it cannot load until the network is back.
 */
export function networkNote(m: CatalogEntry, online: boolean, host = 'the Hugging Face Hub', fmt: (n: number) => string = String): string {
  if (m.source === 'local') return 'Works offline: shipped with the app.';
  const size = m.download?.length ? `about ${m.download.map((d) => `${fmt(d.bytes)} (${d.dtype})`).join(' / ')}` : 'its weights (size shown when the download starts)';
  return online ? `Needs the network: downloads ${size} from ${host}, then cached in this browser.` : `Offline: needs the network to download ${size} from ${host}; cached copies still load.`;
}

/** The Hub model a lexical-baseline view offers for comparison: the multilingual one for Chinese, else the smallest English one. */
export function neuralForComparison(lang: 'en' | 'zh'): CatalogEntry {
  const id = lang === 'zh' ? 'dewdev/mdeberta-v3-base-squad2-onnx' : 'Xenova/distilbert-base-cased-distilled-squad';
  return MODEL_CATALOG.find((m) => m.id === id) as CatalogEntry;
}

/** Why a typed Hub model id cannot be loaded, or null when it looks like owner/name. */
export function hubIdError(id: string): string | null {
  return isHubId(id) ? null : `"${id}" is not a Hub model id (expected owner/name).`;
}
