/**
 * qarx: the command-line side of the QA Robustness Explorer. Same core as the app, run on
 * onnxruntime-node (CPU). This file only dispatches: each command lives in commands/ and is
 * imported when it runs, so `qarx eval` never loads the model runtime.
 *
 *   qarx predict --model <dir|hub id> --data <data file> --out <dir> [--dump-logits]
 *   qarx eval <data file> <predictions.json> [--na-prob-file F] [--na-prob-thresh T] [--lang auto|en|zh]
 *   qarx perturb entity|synthetic|paraphrase|trap … <in> <out>
 *   qarx compare <original> <perturbed> --model <dir|hub id>
 *   qarx challenge <original> <perturbed> --out <file> (--model M | --pred NAME=orig,pert)…
 *   qarx universal <data> --model M [--type PER|GPE] [--source db|indist] [--candidates K] [--iterations N] [--sample B] [--top k]
 *   qarx attack --model M --data F [--budget N] [--families rename,trap,paraphrase,noise] [--source db|indist|randstr] [--pool FILE] [--seed S]
 *   qarx sweep <data> --model M …   qarx budget <data> --model M …
 *   qarx audit --config audit.json --out DIR [--shard i/n] [--workers N]   qarx merge DIR… --out DIR
 *   qarx card --audit DIR [--model NAME] [--out FILE]
 *   qarx validate sample|merge|report …
 */
import { NOISE_KINDS } from '../core/natural/noise-kinds.ts';
import { exitCode } from './exit-code.ts';
import { out, UsageError } from './io.ts';

/** Text as usage lines indented by six spaces, at most ~100 columns, e.g. a list generated from a core registry. */
export function wrapIndented(text: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && 6 + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `      ${l}`).join('\n');
}

export const USAGE = `Usage:
  qarx help TERM | glossary   what a term means (DBName, D_worst, DPR, C2W, …) and the paper it comes from
  qarx predict --model <dir|hub id> --data <data file> --out <dir> [options]
      --dump-logits           also write logits.jsonl (every window's start/end logits and token offsets)
      --squad2 / --squad1     force "no answer" on or off (default: the data decides: unanswerable
                              questions, then the file's version; --squad1 refused on unanswerable data)
      --max-length N          window length in tokens (384)      --doc-stride N       overlap (128)
      --max-query-length N    question tokens kept (64)           --n-best N           candidates (20)
      --max-answer-length N   answer tokens at most (30)          --null-threshold X   SQuAD 2.0 (0)
      --batch-size N          windows per model call (8)          --dtype fp32|fp16|q8|int8|uint8 weights
      --hub-host URL          Hub or mirror (default $HF_ENDPOINT or https://huggingface.co)
      --cache-dir DIR         download cache (default ~/.cache/qarx)
      predictions are written as they finish; run.json says "partial" until the last one, and
      Ctrl-C keeps those finished (exit 130); the run's own files in --out are replaced first
  qarx eval <data file> <predictions.json> [--na-prob-file F] [--na-prob-thresh T] [--lang auto|en|zh]
      prints the official SQuAD v1.1 / v2.0 evaluation JSON (DuReader-robust's when most passages are
      Chinese or with --lang zh; --lang en forces SQuAD's); v2.0 sums like
      Python ≥ 3.12 unless --py-sum legacy (Python ≤ 3.11), which can change the last digit;
      --slice KEY (repeatable; title, dataset, answer-type, qword, length, lang or a metadata key such
      as domain) prints count, EM and F1 per slice instead (--json for the numbers)
  qarx eval --adversarial <adversarial SQuAD file> <predictions.json> [--slice KEY]… [--json]
      Jia & Liang's adversarial evaluation JSON (orig_exact_match, orig_f1, adv_exact_match, adv_f1):
      ids <original id>-<suffix> are variants; each original scores its worst variant's F1 (and EM);
      --slice KEY (repeatable, keys as above) prints instead the app's adversarial slice tables: per
      slice of the original questions, count, original and adversarial EM/F1 and the change (the all
      row is the four figures; --json for the numbers)
  qarx perturb entity --type PER|ORG|GPE|MIX --source indist|db|randstr [--origin us|in|cn|fr|ar] --seed N [--tagger <hub id|dir>] <in> <out>
      renames each question's answer entity everywhere in passage, question and answers (whole words,
      casing kept, offsets recomputed) and writes SQuAD JSON with each question's substitutions;
      InDistName draws from the input file's own answer entities; questions without a renamable
      answer entity of the type are left out and counted on stderr; seeds: 0 … 2^53 − 1; a file's own
      entity spans (spaCy-style entities/ents) and per-answer answer_type come first, --tagger tags the
      other passages with a Hub token-classification model (e.g. Xenova/bert-base-NER) instead of the
      built-in tagger
  qarx perturb synthetic --kind <kind> [--rate 0.3] [--seed N] [--answerable-only] <in> <out>
      NLPAug-style noise in each passage, words of gold answers untouched (offsets recomputed); the
${wrapIndented(`${NOISE_KINDS.length} kinds of Wu et al. 2025 App. K: ${NOISE_KINDS.join(', ')}; --answerable-only leaves unanswerable questions out, as the app's noise experiment does`)}
  qarx perturb paraphrase --kind <kind> [--seed N] [--answerable-only] <in> <out>
      rewords each question by a rule of one DuReader-robust kind (English and Chinese): reorder,
      function-word, synonym, content-word, combined; passages and answers untouched, same ids;
      each question keeps original_question and its perturbation; questions no rule fits are counted
  qarx perturb trap [--position start|before|after|end] [--source generated|dataset] [--seed N] [--sentence TEXT] [--lang en|zh] <in> <out>
      puts a trap sentence in each passage (default: generated AddSent-like from the question, after
      the answer sentence; dataset: the data's own trap variants; --sentence: this text everywhere),
      answers kept at their offsets; writes SQuAD JSON with each question's trap sentence and span;
      --lang picks the generator's language (default: guessed from each passage)
  qarx compare <original.json> <perturbed.json> --model <dir|hub id> [--rule script|em] [--json] [--squad2]
      answers each question on both sides of two aligned files (revision pairs: edited passages;
      question paraphrases: same passage, reworded question — the stderr says which) and prints the
      counts of C2W, W2C, C2C, W2W and partial (script rule: correct = EM 1, wrong = F1 < 0.4; em:
      correct = exact match), EM/F1 on both sides, the relative F1 change, the unmodified
      answer-sentence share per category and the prediction-change rate; when the files word
      questions differently, DPR (share of reworded questions whose normalised answer changed) overall,
      by question similarity and by kind, over every pair. Questions are matched by id, else by passage
      and answers; a pair is left out only where the edit moved or changed a gold answer and the
      released whole-word rule no longer finds it (never when the passage is unchanged);
      --slice KEY (repeatable) adds original vs perturbed EM/F1 and the change per slice of the
      original questions
  qarx challenge <original.json> <perturbed.json> --out <challenge.json> [--seed N] [--dev <squad-dev.json>]
                 (--model <dir|hub id> | --pred NAME=orig-preds.json,pert-preds.json)…
      a challenge set (Wu et al. 2025, appendix I): each passage pair in the orientation with the
      most (model, question) flips (EM 1 → F1 < 0.4), then most questions, then a seeded coin;
      --dev keeps only pairs whose original passage is a passage of that SQuAD dev file (App. I's
      last step; the pairs removed are counted); one version per passage; written as SQuAD JSON
      with each paragraph's original_context; Ctrl-C stops the model running after its batch and
      writes what finished, marked partial ("partial", "stopped"), exit 130
  qarx universal <data file> --model <dir|hub id> [--target answer|question-person] [--type PER|GPE]
                 [--source db|indist] [--origin us|in|cn|fr|ar] [--candidates K] [--iterations N] [--sample B]
                 [--top k] [--seed N] [--tagger <hub id|dir>] [--json] [--squad2]
      universal names (Balasubramanian et al. 2020, App. A.1, Algorithm 2): K candidate names (default
      30) with Beta(α, β) weights; N iterations (default 10) draw B names (default 10) by weight and B
      random eligible questions; each name is put in place of the answer entity, or of the person the
      question names (--target question-person), in passage, question and answers, and α += worsened −
      improved, β += B' − (worsened − improved) over its B' questions; prints the top k names (default
      10) by weight α/(α+β) = P(worsen) − P(improve); Ctrl-C
      stops after the current name and prints what finished, marked partial; --slice KEY adds,
      per top name, original vs renamed per slice
  qarx attack --model <dir|hub id> --data <data file> [--budget 50] [--families rename,trap,paraphrase,noise]
              [--source db|indist|randstr] [--pool FILE] [--seed 1] [--beam 3] [--depth 3] [--ids FILE]
              [--json] [--squad2]
      the smallest breaking edit per answerable question (the app's "Find a failure"): from a correct
      answer (EM 1), single edits of each family — one answer entity renamed (names from --source:
      DBName by default, InDistName from --pool's names or else every question of the file, RandStr;
      seeds S, S+1, …),
      one generated trap sentence at each of four positions, one paraphrase rule, one noise edit of
      each kind at the lowest rate — greedy, then a beam over 2…depth edits, until the answer scores
      EM 0 or the budget of model calls (answered inputs) runs out; prints per family (each alone)
      and all together the correct answers, those the family could edit (applicable), the share of
      the applicable broken (and, labelled, of every correct answer) and calls per break, and the
      windows run vs reused; --json adds each break's edited question and passage and its edits
      (code-point offsets; two renamings of one entity in a row are one edit); Ctrl-C stops after
      the current question and prints what finished, marked partial
  qarx sweep <data file> --model <dir|hub id> [--types PER,ORG,GPE,MIX] [--sources indist,db,randstr]
             [--seeds 5] [--origin us] [--origins us,in,cn,fr,ar] [--target answer|question-person] [--tagger <hub id|dir>] [--squad2] [--json]
      the app's entity-renaming sweep: every type × source (and PER × DBName × origin) over seeds
      1…N; EM/F1 original and renamed, mean ± std over seeds, the drop in F1; --target
      question-person renames the person the question names (PER only: --types is then ignored);
      --slice KEY (repeatable) adds, per sweep row, original vs renamed (mean over seeds) per slice;
      --tagger (sweep, budget, universal): a Hub token-classification model finds the answer entities
      of passages the file did not annotate, in place of the built-in tagger (InDistName's pool stays
      the file's, built-in tagger)
  qarx budget <data file> --model <dir|hub id> [--type MIX] [--source db] [--origin us] [--budget 10]
              [--resemble 1|3 [--temperature 2] [--seed 1]] [--target answer|question-person] [--tagger <hub id|dir>] [--squad2] [--json]
      worst and best case over B renamings per question (seeds 1…B), random mean ± std, stability;
      with --resemble the same for the RESEMBLE-defended model (M canonical names, chosen by F1 on
      30% of the questions split by --seed; all figures then on the other 70%); --target as for
      sweep (question-person: PER, --type ignored); --slice KEY adds original vs D_worst per slice
  qarx audit --config <audit.json> --out <dir> [--shard i/n] [--workers N] [--threads T] [--device auto|cpu|cuda] [--dry-run]
      datasets × models × experiments (sweep, budget, natural, synthetic, paraphrase, traps,
      adversarial) × seeds from a validated config; one JSON file per unit in <dir>/units (written
      atomically; a restart skips finished units); --shard i/n runs every n-th unit from i (0-based,
      e.g. $JOB_COMPLETION_INDEX); --workers N runs units in N worker threads, each with its own ONNX
      session of T intra-op threads (default cores / N); CUDA when onnxruntime-node has it (auto).
      Without --shard, writes summary.json, summary.md, tables/*.csv, report.html and bundle.zip.
      Exit: 0 all units ok, 1 some failed (recorded with the error), 2 bad config or usage,
      130 Ctrl-C (finished units kept: the same command resumes); --batch B --annotations F (repeatable):
      the summary, summary.md and report.html add the human validation of batch B (as qarx validate report)
  qarx merge <dir…> --out <dir> [--batch B --annotations F…]
      joins shard directories into one summary (same files as above); exit 1 when units failed or
      no shard ran them
  qarx card --audit <dir> [--model NAME] [--config audit.json] [--out README.md]
      a Hugging Face model card "Robustness" section from a finished audit: the unperturbed EM/F1 and
      each perturbation's before → after with every 95% CI, raw and Holm-adjusted p (audit configs
      with "ci"), n, settings and the qarx command, plus model-index metadata (question-answering;
      exact_match, f1): each dataset's unperturbed scores, each perturbation its own result; the
      dataset's Hub id from --config's datasets[].hub (else a warning); checked against the Hub's
      model-index rules (exit 1 when broken)
  qarx validate sample <original> <perturbed> --out <batch.json> [--size 50] [--seed 1]
                [--categories <unit.json|compare.json>] [--strata category|broken] [--draw sample|broken]
                [--allocation proportional|equal] [--family <kind>]
      a batch of cases for human validation (Wu et al. 2025 App. H): each perturbed question with its
      passage, the edit against the original (code points) and its gold, no model outputs; a seeded
      stratified sample (strata: each question's category C2W/W2C/C2C/W2W from an audit unit file or
      qarx compare --json, or broken/not; "all" without --categories), or --draw broken: the questions
      the model broke; prints what the size can show (the CI half-width at 50%)
  qarx validate merge --batch <batch.json> --out <dir> <annotations.json…>
      checks annotation files against their batch (wrong ids, duplicates, another batch, a newer
      version, an answer not in the passage: a message each, the rest kept) and writes one file per
      annotator (several sittings joined, the later judgement of a case kept)
  qarx validate report --batch <batch.json> <annotations.json…> [--json] [--bootstrap N] [--seed S]
      Cohen's κ (2 annotators) or Fleiss' κ (more) with bootstrap CIs for answered correctly, meaning
      kept and valid; disagreements; the majority label (a tie waits for a third annotator); the
      validated failure rate (failures on cases judged valid) with Wilson CI and n, weighted back to
      the run's strata; invalid cases by family
  --ci [--bootstrap N] [--seed S | --ci-seed S] [--ci-passages] (eval, compare, sweep, budget, universal):
      score CIs: 95% percentile bootstrap over questions (B = 1000, at least 200; seed 1); a drop's
      CI: the drops the paired sign-flip test does not reject at 0.05 (test inversion), so it excludes
      0 exactly when the unadjusted p < 0.05; p: sign-flip (McNemar exact on 0/1 EM), exact or
      Monte-Carlo ± its error; "Holm p" beside p for several rows, "n.s." when the judged p ≥ 0.05;
      mdd at the verdict's α ("no variation in this sample" when nothing changed); --ci-passages
      resamples and flips whole passages; budget and universal: their --seed seeds the CI unless --ci-seed; eval prints the
      official JSON unchanged without --ci; audit configs: "ci": { "bootstrap": 1000, "seed": 1, "passages": false }
  --dtype, --hub-host URL, --cache-dir DIR (compare, challenge, universal, sweep, budget): the model's
      precision and where it comes from, as for predict; --json results (compare, universal, sweep,
      budget) and predict's run.json record the data, N, model, dtype, device, settings and command
  --lang auto|en|zh (eval, compare, sweep, budget, universal): the metric that scores the answers;
      auto (default) follows each question's language (DuReader-robust's character-level EM/F1 for
      Chinese, SQuAD's otherwise), en / zh score every question with that one, as the app's Scoring
      select does
  --ids FILE (sweep, budget, universal, compare, perturb synthetic|paraphrase|trap): only the questions
      FILE lists (one id a line, or a JSON array), in its order: the app's scope, as its run records;
      the InDistName pool (sweep, budget) is still built from the whole data file, as the app builds
      it from every question of the dataset; --pool FILE (sweep, budget) gives the pool instead (a
      JSON object of name lists per kind, as the app's "InDistName pool" download)
  Data files (detected by name and content): SQuAD 1.1/2.0 or DuReader JSON, Hugging Face flat
  SQuAD (JSON Lines or an array of rows), MRQA .jsonl / .jsonl.gz, natural-perturbation pairs CSV`;

/** Each command's module, loaded on demand. */
const COMMANDS: Record<string, () => Promise<(argv: string[]) => Promise<number>>> = {
  predict: async () => (await import('./commands/predict.ts')).predict,
  eval: async () => (await import('./commands/eval.ts')).evaluate,
  perturb: async () => (await import('./commands/perturb.ts')).perturb,
  compare: async () => (await import('./commands/compare.ts')).compare,
  challenge: async () => (await import('./commands/challenge.ts')).challenge,
  universal: async () => (await import('./commands/universal.ts')).universal,
  attack: async () => (await import('./commands/attack.ts')).attack,
  sweep: async () => (await import('./commands/entity-runs.ts')).sweep,
  budget: async () => (await import('./commands/entity-runs.ts')).budget,
  audit: async () => (await import('./commands/audit.ts')).audit,
  merge: async () => (await import('./commands/audit.ts')).merge,
  card: async () => (await import('./commands/card.ts')).card,
  validate: async () => (await import('./commands/validate.ts')).validate,
};

/** Runs the CLI and returns the exit code; errors become one line on stderr. */
export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    const load = cmd !== undefined && Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
    if (load) return await (await load())(rest);
    if (cmd === 'help' && rest.length > 0) return await help(rest.join(' '));
    if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
      out(`${USAGE}\n`);
      return cmd === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown command "${cmd}" (try: qarx predict, qarx eval, qarx perturb, qarx compare, qarx universal, qarx --help)`);
  } catch (e) {
    return exitCode(e);
  }
}

/** `qarx help TERM`: the glossary entry of a term (`glossary` lists every term); an unknown term suggests close ones. */
async function help(term: string): Promise<number> {
  const [{ lookupTerm, searchGlossary }, { glossaryEntryText, glossaryList }] = await Promise.all([import('../core/glossary/terms.ts'), import('../core/glossary/doc.ts')]);
  if (/^(glossary|terms)$/i.test(term)) {
    out(glossaryList());
    return 0;
  }
  const entry = lookupTerm(term);
  if (entry) {
    out(glossaryEntryText(entry));
    return 0;
  }
  const near = searchGlossary(term).map((e) => e.term);
  throw new UsageError(`no glossary entry for "${term}"${near.length ? `; terms that mention it: ${near.slice(0, 8).join(', ')}` : ''} (qarx help glossary lists every term)`);
}

const isMain = process.argv[1] && /[\\/]cli[\\/]qarx\.ts$/.test(process.argv[1]);
if (isMain) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
