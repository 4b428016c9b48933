/**
 * The paraphrase kinds of DuReader-robust's over-sensitivity analysis (Tang et al. 2021): word
 * reordering, function-word replacement, synonym substitution, adding or removing content words,
 * and combinations of them. 'dataset' and 'user' label paraphrases that were not generated.
 */

/** Kinds a rule-based generator can produce. */
export type GeneratedKind = 'reorder' | 'function-word' | 'synonym' | 'content-word' | 'combined';

/** Every generator kind, in the order the UI and CLI list them. */
export const PARAPHRASE_KINDS: readonly GeneratedKind[] = ['reorder', 'function-word', 'synonym', 'content-word', 'combined'];

/** Where a paraphrase came from: a generator's kind, the dataset (a field or an aligned file), or typed by the user. */
export type ParaphraseKind = GeneratedKind | 'dataset' | 'user';

/** Human labels of each kind. */
export const KIND_LABELS: Record<ParaphraseKind, string> = {
  reorder: 'word reordering',
  'function-word': 'function-word replacement',
  synonym: 'synonym substitution',
  'content-word': 'adding or removing content words',
  combined: 'combination',
  dataset: 'from the dataset',
  user: 'typed by the user',
};

/** A generated paraphrase of a question, labelled with its kind (and for 'combined', the kinds combined). */
export interface Paraphrase {
  question: string;
  kind: ParaphraseKind;
  /** What the rule did, e.g. 'fronted "in 1863"' or 'replaced 什么 → 啥'. */
  detail: string;
  parts?: GeneratedKind[];
}

/** Why a kind gave no paraphrase of a question (it never returns the question unchanged). */
export interface NoParaphrase {
  none: string;
}

/** The result of one generator on one question. */
export type ParaphraseResult = Paraphrase | NoParaphrase;

/** True when a generator found no paraphrase. */
export const isNone = (r: ParaphraseResult): r is NoParaphrase => 'none' in r;

/** One candidate rewrite a language's rules found: the new question and what was done. */
export interface Rewrite {
  question: string;
  detail: string;
}

/** The order kinds are shown in: the file's own paraphrases first, then each generator kind, then typed ones. */
export const KIND_ORDER: readonly ParaphraseKind[] = ['dataset', ...PARAPHRASE_KINDS, 'user'];

/** The kinds a summary has, in KIND_ORDER, e.g. ['dataset', 'reorder']. */
export const kindsOf = (s: { byKind: Partial<Record<ParaphraseKind, unknown>> }): ParaphraseKind[] => KIND_ORDER.filter((k) => s.byKind[k] !== undefined);

/** The suffix of the result table's rows over all kinds when a run has several, e.g. 'dpr_pct all kinds pooled'. */
export const POOLED_ROWS = ' all kinds pooled';

/** Whether a summary's overall figures pool several kinds (then they are only a labelled extra, never the headline). */
export const isPooled = (s: { byKind: Partial<Record<ParaphraseKind, unknown>> }): boolean => kindsOf(s).length > 1;

/** The kind a one-figure surface shows (the robustness table's DPR column, the audit's first paraphrase row): the first in KIND_ORDER, the file's own paraphrases when it has them (issue 38.4: never the pool). */
export const headlineKind = (s: { byKind: Partial<Record<ParaphraseKind, unknown>> }): ParaphraseKind | undefined => kindsOf(s)[0];
