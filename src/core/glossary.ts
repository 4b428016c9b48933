/**
 * The glossary: every term the app and `qarx` show, defined once with the paper passage it comes
 * from. The app's hover/focus help, its Glossary view, `qarx help TERM` and docs/glossary.md all
 * read this list, so a definition cannot drift between them.
 */

/** One term: what it means in one or two sentences and where that meaning comes from. */
export interface GlossaryEntry {
  /** Stable id, e.g. 'dbname' (the app's anchors and `qarx help dbname`). */
  id: string;
  /** The term as the app spells it, e.g. 'DBName'. */
  term: string;
  /** Other spellings the app and CLI use for the same thing (matched case-insensitively). */
  aliases: readonly string[];
  definition: string;
  /** Paper and section / equation / algorithm, or "this project" where no paper defines it. */
  source: string;
}

const YAN = 'Yan et al. 2022 (NAACL), On the Robustness of Reading Comprehension Models to Entity Renaming';
const BALA = 'Balasubramanian et al. 2020 (RepL4NLP), What’s in a Name?';
const WU = 'Wu et al. 2025, Pay Attention to Real World Perturbations!';
const TANG = 'Tang et al. 2021, DuReader-robust';

export const GLOSSARY: readonly GlossaryEntry[] = [
  // Entity renaming (Yan et al. 2022; Balasubramanian et al. 2020).
  { id: 'entity-types', term: 'PER / ORG / GPE', aliases: ['PER', 'ORG', 'GPE', 'entity type', 'answer entity'], definition: 'The three kinds of answer entity that are renamed: a person, an organisation, or a geopolitical entity (a country, state or city). The answer entity is the named entity that overlaps the first gold answer.', source: `${YAN}, §3.1 step 1 (answer entity recognition)` },
  { id: 'mix', term: 'MIX', aliases: ['mixed'], definition: 'All three entity types together: each question is renamed using whatever type its answer entity has (PER, ORG or GPE).', source: `${YAN}, §3.1 step 2 and Table 3 (the union of the perturbable subsets)` },
  { id: 'indistname', term: 'InDistName', aliases: ['in-distribution name', 'indist'], definition: 'New names taken from the answer entities of the same test set, so the renaming adds no name the data does not already contain. It measures how much a model depends on a particular name.', source: `${YAN}, §3.2 (In-Distribution Name)` },
  { id: 'dbname', term: 'DBName', aliases: ['database name', 'db'], definition: 'New names taken from real-world lists: first names (with gender) and surnames from US statistics, or from another origin; country, state and city names; and proper nouns for organisations. DBName has no list of rare words, so it leaves them as they are.', source: `${YAN}, §3.2 (Database Name); origins §4.5` },
  { id: 'randstr', term: 'RandStr', aliases: ['random string'], definition: 'Each name is replaced by random letters with the same length and casing. This tool keeps the first letter and a final "s", as the released code does. It is the extreme case of a name the model has never seen.', source: `${YAN}, §3.2 (Random String); released code for the kept letters` },
  { id: 'name-source', term: 'name source', aliases: ['names', 'source'], definition: 'Where a renaming’s new names come from: InDistName (the data’s own answer entities), DBName (real-world lists) or RandStr (random letters).', source: `${YAN}, §3.2` },
  { id: 'origin', term: 'name origin', aliases: ['origin', 'US', 'India', 'China', 'French', 'Arabic'], definition: 'Where DBName’s person names come from: US statistics, or romanized Indian, Chinese, French or Arabic names. Comparing origins shows whether a model is biased by a name’s origin.', source: `${YAN}, §4.5 (National Origins)` },
  { id: 'rare-only', term: 'rare-only', aliases: ['rare word', 'rare words'], definition: 'An ORG question whose only renamable words are rare words (words outside the Penn Treebank). DBName keeps rare words, so the question stays in the results unchanged and every name source is scored on the same questions.', source: `${YAN}, App. B and §3.2 ("rare words … will not be substituted under the DBName perturbation")` },
  { id: 'no-spans', term: 'no-spans', aliases: ['no renamable part'], definition: 'Why a question was left out of a renaming: its answer entity has no renamable part, e.g. only ordinary words ("Red Cross"), or a place that is not a country, state or city.', source: `${YAN}, §3.1 step 2 (perturbable span identification) and App. B` },
  { id: 'long-name', term: 'long-name', aliases: [], definition: 'Why a question was left out of a renaming: the person name still has three or more words after titles and suffixes are removed, and only names of one or two words are renamed.', source: `${YAN}, App. B (PER)` },
  { id: 'wrong-entity', term: 'wrong entity / wrong boundary', aliases: ['wrong entity', 'wrong boundary'], definition: 'The two kinds of wrong answer after a renaming. A wrong-entity answer shares no word with the gold answer; a wrong-boundary answer overlaps it but starts or ends in the wrong place.', source: `${YAN}, §4.1 and Table 6` },
  { id: 'budget', term: 'budget B', aliases: ['budget', 'B'], definition: 'How many renamings are tried for each question (seeds 1 to B). The worst and best case are taken over these B renamings.', source: `${BALA}, §2, Algorithm 1 (the paper uses B = 50)` },
  { id: 'd-worst-best', term: 'D_worst / D_best', aliases: ['D_worst', 'D_best', 'worst case', 'best case', 'worst', 'best'], definition: 'For each question, the lowest (D_worst) or highest (D_best) F1 over its B renamings, averaged over the renamed questions. The gap between them shows how much the choice of name alone can move a score.', source: `${BALA}, Algorithm 1` },
  { id: 'stability', term: 'stability', aliases: ['stable'], definition: 'The share of questions whose predicted span, mapped back to the original passage, stays the same under all B renamings. "No answer" counts as a span of its own.', source: `${BALA}, §3 (stability, with the worst–best gap)` },
  { id: 'resemble', term: 'RESEMBLE', aliases: ['ensemble defence'], definition: 'A defence: the model also answers copies of the question in which the entity is replaced by M canonical names, and the answers are combined with the answer to the original, weighted by the tagger’s confidence. A defended model should keep its answer when a name changes.', source: `${BALA}, §4, Eq. 2` },
  { id: 'resemble-m', term: 'M (canonical names)', aliases: ['M', 'canonical names', 'canonical name'], definition: 'How many canonical names RESEMBLE puts in (1 or 3). The names are the most common ones of the entity’s kind, chosen by F1 on a validation split of the questions.', source: `${BALA}, §4 and §4.1 ("a single canonical entry M=1 is almost as effective as … M=3")` },
  { id: 'resemble-t', term: 'T (temperature)', aliases: ['T', 'temperature'], definition: 'RESEMBLE’s calibration temperature: the model’s span scores on the original are divided by T before the softmax, which flattens its probabilities before they are combined. The paper uses T = 2.', source: `${BALA}, §4.1 ("temperatures T=2 across all tasks")` },
  { id: 'universal-names', term: 'universal names', aliases: ['universal name', 'universal'], definition: 'Names that hurt the model on many questions, not just one. They are found by repeatedly drawing names and questions and raising a name’s weight each time it makes more answers worse than better.', source: `${BALA}, App. A.1, Algorithm 2` },
  { id: 'seed', term: 'seed', aliases: ['seeds', 're-roll'], definition: 'The number that fixes every random choice, e.g. which names are drawn. The same data, model and seed always give the same result, in the app and in qarx.', source: `${YAN}, §2.2 (N perturbed test sets from N seeds); this project` },
  { id: 'seed-spread', term: 'seed spread', aliases: ['std over seeds', '±', 'error bars'], definition: 'How much a figure varies between seeds: ± is the standard deviation over the seeds of a renaming. A drop smaller than its spread may be chance.', source: `${YAN}, §2.2 (average over N seeds); ${BALA} (random renaming ±)` },
  { id: 'question-person', term: 'question-person target', aliases: ['person in the question', 'no-person'], definition: 'Rename a person named in the question (and in the passage) instead of the answer entity. This is the SQuAD setting of Balasubramanian et al.; a question with no such person is counted as no-person.', source: `${BALA}, §2.4 (SQuAD)` },
  // Natural perturbations (Wu et al. 2025).
  { id: 'revision-pair', term: 'revision pair', aliases: ['revision pairs', 'natural perturbation', 'natural edit', 'natural edits'], definition: 'The same question asked of a Wikipedia passage and of its next revision, where a real editor changed the text. A question is kept only when every gold answer is still in the edited passage.', source: `${WU}, "Natural Perturbation Pipeline"` },
  { id: 'c2w', term: 'C2W', aliases: ['correct to wrong'], definition: 'Correct to wrong: the answer was correct on the original passage (EM 1) and is wrong on the perturbed one (F1 < 0.4). These are the cases the failure gallery collects.', source: `${WU}, "Error Analysis" (C2W; the F1 < 0.4 threshold from the released script)` },
  { id: 'c2c', term: 'C2C', aliases: ['correct to correct'], definition: 'Correct to correct: the answer is correct (EM 1) on both the original and the perturbed passage.', source: `${WU}, "Error Analysis"` },
  { id: 'w2c', term: 'W2C', aliases: ['wrong to correct'], definition: 'Wrong to correct: the answer was wrong on the original passage and is correct on the perturbed one.', source: `${WU}, "Error Analysis"` },
  { id: 'w2w', term: 'W2W', aliases: ['wrong to wrong'], definition: 'Wrong to wrong: the answer is wrong (F1 < 0.4) on both passages.', source: `${WU}, "Error Analysis"` },
  { id: 'partial', term: 'partial', aliases: ['partial results', '(partial)'], definition: 'Two uses. A pair is partial when one side’s answer is neither correct (EM 1) nor wrong (F1 < 0.4). A run is partial when it was cancelled or its worker stopped, and it keeps the rows that finished.', source: `${WU}, "Error Analysis" and the released script (categories); this project (cancelled runs)` },
  { id: 'relative-f1', term: 'relative F1 change', aliases: ['relative change', 'relative_f1_change_pct'], definition: '100 × (F1 perturbed − F1 original) / F1 original over the kept questions. It is undefined (–) when the original F1 is 0.', source: `${WU}, "Evaluation Metrics" and Table 1` },
  { id: 'edit-intention', term: 'edit intention', aliases: ['intention', 'intent', 'edit intentions'], definition: 'Why the editor changed the passage: copy-editing, clarification, elaboration, fact-update, refactoring, simplification, vandalism or other. The chart counts these per C2W, C2C and W2C.', source: `${WU}, §5.2 and App. F (after Yang et al. 2017)` },
  { id: 'synthetic-noise', term: 'synthetic noise', aliases: ['noise', 'NLPAug', 'OCR', 'typos'], definition: 'Machine-made perturbations such as typos, OCR errors or swapped, deleted or split words (as NLPAug makes them). They are compared with real edits using the same categories.', source: `${WU}, App. K (13 methods, rate 30%)` },
  { id: 'challenge-set', term: 'challenge set', aliases: ['challenge'], definition: 'A test set of the revision pairs that broke the most models, with one version kept per passage.', source: `${WU}, App. I (exhaustive search)` },
  // DuReader-robust (Tang et al. 2021) and Jia & Liang 2017.
  { id: 'over-sensitivity', term: 'over-sensitivity', aliases: ['over-sensitive', 'paraphrase', 'paraphrases', 'paraphrased questions'], definition: 'A model is over-sensitive when asking the same question in other words changes its answer. It is measured with paraphrased questions and the DPR.', source: `${TANG}, §2.1 (over-sensitivity subset)` },
  { id: 'dpr', term: 'DPR', aliases: ['different prediction ratio', 'different prediction rate', 'dpr_pct'], definition: 'Different prediction ratio: the share of paraphrased questions whose predicted answer differs from the answer to the original question on the same passage. Answers are compared after the official normalisation.', source: `${TANG}, §3.3 and App. F (after Li et al. 2019)` },
  { id: 'over-stability', term: 'over-stability', aliases: ['over-stable', 'trap', 'traps'], definition: 'A model is over-stable when it keeps matching words even when the meaning has changed, so a distracting sentence that shares the question’s words pulls its answer away.', source: `${TANG}, §2.2 (over-stability subset)` },
  { id: 'trap-span', term: 'trap span', aliases: ['trap sentence', 'trap hit', 'in_trap_pct', 'distractor'], definition: 'A span or sentence that looks like an answer (same type, question words nearby) but is not one. A trap hit is a predicted answer that falls inside the inserted trap sentence.', source: `${TANG}, §2.2, Algorithm 1 (trap spans); Jia & Liang 2017 (AddSent)` },
  { id: 'adversarial-squad', term: 'Adversarial SQuAD', aliases: ['AddSent', 'AddOneSent', 'adversarial'], definition: 'SQuAD questions whose passages have one distracting sentence appended (AddSent, AddOneSent). Each original question is scored by its worst variant.', source: 'Jia & Liang 2017 (EMNLP; AddSent, AddOneSent) and their evaluate-adversarial.py (not one of the four papers in this project)' },
  { id: 'generalization', term: 'generalization slice', aliases: ['generalization', 'slice', 'slices', 'by slice'], definition: 'Scores split by a property of the question (domain, question word, passage length, dataset, a file key), to see where a model fails outside the data it was trained on.', source: `${TANG}, §2.3 (generalization subset, out-of-domain data)` },
  { id: 'small-n', term: 'small-n marker', aliases: ['small n', '*', 'n < 30'], definition: 'A * after a figure means it rests on fewer than 30 questions (or trials). It is shown, not hidden, but its mean is noisy.', source: 'This project’s convention (SMALL_N = 30 in src/core/metrics/slices.ts)' },
  // Explanations (forward passes only: the browser has no gradients).
  { id: 'occlusion', term: 'occlusion', aliases: ['occlusion map', 'occlusion effect', 'heat map', 'Explain'], definition: 'Each passage sentence (or each word) is removed in turn and the question answered again. A unit’s effect is how much the predicted answer’s probability changes without it; a dashed outline marks units whose removal changes the answer.', source: 'Model-agnostic occlusion (leave-one-out); this project, forward passes only' },
  { id: 'input-reduction', term: 'input reduction', aliases: ['reduced question', 'shortest question'], definition: 'Question words are removed one at a time, least important first, as long as the answer stays the same. What is left is often not a sensible question, which shows what the model really relies on.', source: 'Feng et al. 2018 (EMNLP), Pathologies of Neural Models Make Interpretations Difficult, §3 (leave-one-out importance in place of its gradient)' },
  { id: 'breaking-edit', term: 'breaking edit', aliases: ['smallest breaking edit', 'Find a failure', 'attack', 'share broken', 'calls per break'], definition: 'The smallest edit from this tool’s perturbation families (a renamed entity, a trap sentence, a paraphrase rule, a noise edit) after which a correct answer (EM 1) becomes wrong (EM 0). Share broken is broken ÷ questions correct before any edit; calls per break is model calls ÷ breaks.', source: 'This project (search over the perturbation families of Yan et al. 2022, Tang et al. 2021 and Wu et al. 2025)' },
  { id: 'call-budget', term: 'call budget', aliases: ['model calls', 'calls'], definition: 'The most inputs the breaking-edit search may answer for one question, the original included. "None found within N calls" is a result too.', source: 'This project' },
  // Metrics and data.
  { id: 'em', term: 'EM', aliases: ['exact match', 'orig_em', 'model_em'], definition: 'Exact match: 1 when the predicted answer equals a gold answer after normalisation (lower case, no punctuation or articles), else 0. It is averaged over the questions (×100).', source: `Rajpurkar et al. 2016 and the official evaluate-v1.1.py / v2.0.py; ${YAN}, §2.1` },
  { id: 'f1', term: 'F1', aliases: ['token F1', 'orig_f1', 'drop_f1'], definition: 'The overlap between the predicted and gold answer words (the harmonic mean of precision and recall), taking the best gold answer. Chinese uses DuReader-robust’s character-level F1.', source: `Official SQuAD evaluation scripts; ${TANG}, §3.1 (Chinese); ${WU}, "Evaluation Metrics"` },
  { id: 'null-score', term: 'null score', aliases: ['SQuAD 2.0 null', 'no answer', 'null threshold', 'na-prob', 'abstains'], definition: 'In SQuAD 2.0 a model may answer "no answer". The null score is the score of the empty [CLS] span: the model abstains when it beats the best real span by more than the threshold.', source: 'Rajpurkar et al. 2018 (SQuAD 2.0) and evaluate-v2.0.py; Devlin et al. 2019 (BERT), §4.3 (not one of the four papers in this project)' },
  { id: 'squad', term: 'SQuAD', aliases: ['SQuAD 1.1', 'SQuAD 2.0', 'MRQA', 'DuReader', 'DuReader-robust'], definition: 'The reading-comprehension datasets this tool reads: SQuAD 1.1 (every question answerable), SQuAD 2.0 (some questions have no answer), MRQA’s SQuAD-format sets and the Chinese DuReader-robust.', source: `Rajpurkar et al. 2016, 2018; Fisch et al. 2019 (MRQA); ${TANG}` },
  { id: 'scope', term: 'scope', aliases: ['Change scope', 'runs on'], definition: 'The questions an experiment runs on: a dataset, maybe narrowed by a search or a filter (e.g. answerable only). Every result says its scope, and qarx reproduces it with --ids.', source: 'This project (src/core/scope.ts)' },
  { id: 'lexical-baseline', term: 'lexical baseline', aliases: ['shipped model', 'qarx-lexical-qa', 'baseline'], definition: 'The model shipped with the app, which works offline. It is not a neural reader: it picks spans near the question’s words whose kind (name, date, number) fits the question word. It memorises no facts and reads no Chinese.', source: 'This project (scripts/make-lexical-model.ts), after the sliding-window baseline of Rajpurkar et al. 2016' },
  // Runtime.
  { id: 'windows-per-second', term: 'windows/s', aliases: ['windows per second', 'window', 'windows'], definition: 'A passage is cut into overlapping windows of at most 384 tokens. windows/s is how many windows the model computed per second of model time in the last job (cached windows excluded).', source: 'This project (src/core/throughput.ts)' },
  { id: 'wasm-webgpu', term: 'WASM / WebGPU', aliases: ['WASM', 'WebGPU', 'device', 'GPU'], definition: 'Where the model runs in the browser: WASM runs ONNX Runtime on the CPU; WebGPU runs it on the graphics card when the browser offers a hardware adapter. Auto picks WebGPU when it is real hardware.', source: 'This project (src/core/runtime/device.ts)' },
  { id: 'precision', term: 'q8 / fp16 / fp32', aliases: ['q8', 'fp16', 'fp32', 'int8', 'uint8', 'precision', 'dtype'], definition: 'The number format of a model’s weights: fp32 (full), fp16 (half, WebGPU with shader-f16), q8/int8/uint8 (8-bit, smallest, WASM only). Lower precision downloads less but can change answers slightly.', source: 'This project (src/core/runtime/dtypes.ts)' },
  { id: 'tokenizer', term: 'tokenizer', aliases: ['WordPiece', 'BPE', 'byte-level BPE', 'SentencePiece', 'Unigram'], definition: 'How a model cuts text into the tokens it reads: WordPiece (BERT, DistilBERT), byte-level BPE (RoBERTa) or SentencePiece Unigram (mDeBERTa). Answers are mapped from tokens back to characters of the passage.', source: 'This project (src/core/tokenizer.ts; the Hugging Face tokenizer.json families)' },
  { id: 'hub', term: 'Hugging Face Hub', aliases: ['Hub', 'HF'], definition: 'The public model site the app downloads neural models from (or a mirror with the same layout). Downloads need the network; the browser caches them afterwards.', source: 'This project (src/app/models.ts)' },
];

/** A term's spellings folded for matching: lower case, hyphens, underscores and runs of spaces as one space. */
export const foldTerm = (s: string): string => s.toLowerCase().replace(/[-_\s]+/g, ' ').trim();

const INDEX: ReadonlyMap<string, GlossaryEntry> = (() => {
  const m = new Map<string, GlossaryEntry>();
  // Ids and terms first, so an alias never shadows another entry's own name.
  for (const e of GLOSSARY) for (const k of [e.id, e.term]) if (!m.has(foldTerm(k))) m.set(foldTerm(k), e);
  for (const e of GLOSSARY) for (const k of e.aliases) if (!m.has(foldTerm(k))) m.set(foldTerm(k), e);
  return m;
})();

/** The entry for an id, term or alias (case, hyphens and underscores ignored), e.g. lookupTerm('dbname')?.term === 'DBName'. */
export function lookupTerm(q: string): GlossaryEntry | null {
  return INDEX.get(foldTerm(q)) ?? null;
}

/** Entries whose term, alias, definition or source contains `q`, e.g. searchGlossary('worst') includes D_worst / D_best. */
export function searchGlossary(q: string): GlossaryEntry[] {
  const f = foldTerm(q);
  if (!f) return [...GLOSSARY];
  return GLOSSARY.filter((e) => [e.term, e.id, ...e.aliases, e.definition, e.source].some((s) => foldTerm(s).includes(f)));
}
