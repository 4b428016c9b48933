/**
 * The tool's one data model: every importer turns its format into Instances, and every view,
 * perturbation and export works on Instances.
 */
import type { InputIssue } from '../formats/squad.ts';
import type { TaggedSpan } from '../ner/file-entities.ts';

/** The kind of entity an answer is (for renaming experiments); 'other' for non-entities. */
export type AnswerEntityType = 'PER' | 'ORG' | 'GPE' | 'other';

/** A gold answer: its text and where it starts in the passage (UTF-16 offset). */
export interface GoldAnswer {
  text: string;
  start: number;
}

/** The other side of an aligned pair: an edited passage (natural perturbation) and/or a reworded question. */
export interface RevisionPair {
  /** The edited passage. */
  context: string;
  /** Gold answers located in the edited passage. */
  answers: GoldAnswer[];
  /** Edit intention, from the taxonomy (copy-editing, elaboration, fact-update …), if known. */
  intent?: string;
  /** The edited side's own question, when it is worded differently (a paraphrase file); else the instance's. */
  question?: string;
}

/** A passage variant with a distractor ("trap") sentence sharing words with the question. */
export interface TrapVariant {
  context: string;
  /** Gold answers located in the trap passage. */
  answers: GoldAnswer[];
  /** Where the trap sentence is in `context`. */
  trap: { start: number; end: number };
  /**
   * How `context` was made when it is the question's passage with text inserted (insertTrap):
   * `text` (the sentence with its spaces) at UTF-16 offset `at`, so a file writer shifts the
   * passage's offsets and JSON instead of reading a 1 MB copy per question (issue 40.2).
   */
  splice?: { at: number; text: string };
}

/** Metadata keys a file gives a question beyond the fields read (e.g. domain, source), scalar values only. */
export type InstanceMeta = Record<string, string | number | boolean>;
/**
 * A question of an Adversarial SQuAD file (Jia & Liang 2017) whose id is `<original id>-<suffix>`:
 * the same question on the original passage with a sentence inserted.
 */
export interface AdversarialLink {
  originalId: string;
  /** The id's part after the first '-', e.g. 'high-conf-turk0'. */
  suffix: string;
  /** The original question's passage, when the file holds it. */
  originalContext: string | null;
  /** Where the inserted text is in this passage (what the original lacks), when the original is known. */
  inserted: { start: number; end: number } | null;
}

/** One question about one passage, with everything the views need. */
export interface Instance {
  id: string;
  /** Dataset this instance belongs to. */
  dataset: string;
  title: string;
  /** The position of the question's article in a nested (SQuAD-style) file, so two articles next to each other that share a title stay two on export. */
  article?: number;
  question: string;
  context: string;
  answers: GoldAnswer[];
  isImpossible: boolean;
  /** An unanswerable question's plausible answers (SQuAD 2.0 `plausible_answers`), texts only. */
  plausibleAnswers?: string[];
  lang: 'en' | 'zh';
  /** The metric's language when the user overrides the data's (Scoring: English / Chinese, `--lang`); absent = `lang`. */
  scoreLang?: 'en' | 'zh';
  answerType?: AnswerEntityType;
  /** 'builtin': answerType is the built-in tagger's guess stored at import (not the file's own), so a loaded NER tagger replaces it. */
  answerTypeBy?: 'builtin';
  /**
   * The passage's PER/ORG/GPE entities as the file annotated them (spaCy-style `entities`/`ents`)
   * or a loaded NER tagger found them; when present they, not compromise, give the answer entity.
   */
  entities?: TaggedSpan[];
  /** The Hub id of the loaded NER tagger that found `entities` (absent: the file's own spans), for the tag's source (answerTagSource). */
  entitiesBy?: string;
  revision?: RevisionPair;
  paraphrases?: string[];
  trap?: TrapVariant;
  /** Every other scalar key the file gave this question, its passage or its article (see formats/meta.ts). */
  meta?: InstanceMeta;
  /** Set on the variants of an Adversarial SQuAD file. */
  adversarial?: AdversarialLink;
  /** Phenomena this instance shows (e.g. 'PER', 'unanswerable', 'revision', 'paraphrase', 'trap', 'zh'). */
  tags: string[];
}

/** Formats the importers understand. */
export type DatasetFormat = 'squad' | 'squad-flat' | 'mrqa' | 'dureader' | 'pairs-squad' | 'pairs-csv' | 'hf-parquet' | 'demo';

/** What an import produced: the valid instances and every problem, each naming where it is. */
export interface ImportResult {
  format: DatasetFormat;
  instances: Instance[];
  issues: InputIssue[];
  /** The file's root `version` string as written ("v2.0", "1.1"), for the no-answer decision (data/no-answer.ts); absent where the format has none. */
  fileVersion?: string;
}
