/**
 * Messages between the UI and the data worker (imports, IndexedDB persistence, search). One union
 * per direction, shared by both sides.
 */
import type { AnswerEntityType, DatasetFormat, GoldAnswer, Instance } from '../core/data/types.ts';
import type { TagSource } from '../core/ner/file-answer-type.ts';
import type { TaggerCoverage } from '../core/ner/coverage.ts';
import type { WikiEdit } from '../core/natural/wiki-edit.ts';
import type { NamePool } from '../core/entity/rename.ts';
import type { TagStoreData } from '../core/entity/tag-store.ts';
import type { PairCategory } from '../core/natural/categories.ts';
import type { InputIssue } from '../core/formats/squad.ts';
import type { RunRecord } from '../core/results/run-record.ts';
import type { NoAnswerData } from '../core/data/no-answer.ts';
import type { ResultTable } from '../core/results/table.ts';

/** A dataset as listed in the UI. */
export interface DatasetInfo {
  id: string;
  name: string;
  format: DatasetFormat;
  /** Questions stored. */
  count: number;
  createdAt: number;
  builtIn: boolean;
  /** Short summary of what was skipped and why ('' when nothing was). */
  issueSummary: string;
  /** The first problems, each naming file and field or line. */
  issues: InputIssue[];
  /** True when an import was cancelled or failed part-way: what was read is kept. */
  partial: boolean;
  /**
   * 'importing' while rows are being saved (the record is written before any row, so no row is
   * ever without one); 'complete' once listed. Records written before schema v3 have none: complete.
   */
  /** 'deleting': unlisted at once while its rows are removed (finished at start-up if the tab died). */
  state: 'importing' | 'complete' | 'deleting';
  /** Questions the import read (more than `count` when storage filled up or the save was cut short). */
  total?: number;
  /** About how many bytes its rows take in IndexedDB (their JSON length: an estimate). */
  bytes?: number;
  /** SHA-256 (16 hex digits) of its questions as read (content-hash.ts); absent for the demo set and records saved before. */
  hash?: string;
  /** Why a dataset is partial, in a sentence ('' or absent otherwise). */
  note?: string;
  /** Time of the last saved chunk (ms): tells a stalled import where the browser has no Web Locks. */
  updatedAt?: number;
  /** The file's root `version` string as written ("v2.0"), for the no-answer decision; absent where the format has none. */
  fileVersion?: string;
}

/** One line of the Storage panel: a dataset, an import still saving, or rows no dataset lists. */
export interface StorageRow {
  id: string;
  name: string;
  kind: 'dataset' | 'importing' | 'deleting' | 'unlisted';
  count: number;
  bytes: number;
}

/** What the Storage panel shows: per-dataset rows and the browser's own estimate for the site. */
export interface StorageReport {
  rows: StorageRow[];
  /** navigator.storage.estimate(), or null where the browser does not say. */
  usage: number | null;
  quota: number | null;
}

/** A run in the history: what produced it, its headline table and whether it was cancelled part-way. */
export interface SavedRunInfo {
  id: string;
  /** Experiment kind ('sweep', 'budget', 'natural', 'synthetic', …): says how to show the payload. */
  kind: string;
  title: string;
  run: RunRecord;
  partial: boolean;
  createdAt: number;
  table: ResultTable;
  /** About how many bytes the result takes (its JSON length). */
  bytes: number;
}

/** Filters of the instance browser. */
export interface SearchFilters {
  dataset: string | 'all';
  answerable: 'all' | 'answerable' | 'unanswerable';
  entity: 'all' | AnswerEntityType;
  revision: 'all' | 'with-revision';
  /** Natural-perturbation category of the last revision-pair run ('all' = no filter). */
  category: 'all' | PairCategory;
}

/** What the list shows per instance; the full instance is fetched on selection. */
export interface InstanceRow {
  dataset: string;
  id: string;
  question: string;
  answer: string;
  isImpossible: boolean;
  answerType: AnswerEntityType | null;
  /** Where answerType comes from (answerTagSource): the file, a correction by hand or the built-in tagger; null for an unanswerable question. */
  tagSource: TagSource | null;
  hasRevision: boolean;
  /** A question-paraphrase pair (same passage, reworded question) or the dataset's own paraphrases. */
  hasParaphrase: boolean;
  lang: 'en' | 'zh';
}

export type ImportSource =
  | { kind: 'files'; files: { name: string; blob: Blob }[]; pairs: boolean }
  | { kind: 'url'; url: string }
  | { kind: 'hf'; host: string; name: string; config: string; split: string; limit: number | null };

export type DataRequest =
  | { type: 'init' }
  | { type: 'import'; jobId: number; source: ImportSource; name: string }
  | { type: 'cancel'; jobId: number }
  /** Deletes a dataset (or rows no dataset lists) with everything stored for it. */
  | { type: 'delete'; dataset: string }
  /** The Storage panel's figures. */
  | { type: 'storage' }
  /** `only`: the row keys (dataset + NUL + id) a category filter leaves, or null. */
  | { type: 'search'; reqId: number; query: string; filters: SearchFilters; only: string[] | null }
  | { type: 'get'; reqId: number; dataset: string; id: string }
  /** Full instances matching a query and filters (for sweeps), at most `limit`. */
  /** `withPool`: also the InDistName pool of every question of the matching rows' datasets. */
  /** `only`: the row keys a category filter leaves, or null (as for search). */
  | { type: 'collect'; reqId: number; query: string; filters: SearchFilters; only?: string[] | null; limit: number; withPool?: boolean }
  /** Counts of the experiments' scope: all, answerable, with a revision pair. */
  | { type: 'scope-count'; reqId: number; query: string; filters: SearchFilters; only: string[] | null }
  /** The scope's tagger coverage before a renaming run (the first `limit` questions, as the run collects them). */
  | { type: 'scope-coverage'; reqId: number; query: string; filters: SearchFilters; only: string[] | null; limit: number }
  /** The InDistName pool of a dataset: its answer entities' perturbable spans. */
  | { type: 'pool'; reqId: number; dataset: string }
  /** Tags a revision pair with an edit intention (stored, and applied to every read of it). */
  | { type: 'set-intent'; dataset: string; id: string; intent: string }
  /** Corrects a question's answer entity type (null: back to the automatic one); kept in IndexedDB. */
  | { type: 'set-answer-type'; dataset: string; id: string; answerType: AnswerEntityType | null }
  /** Edits of a passage's paragraph in a Wikipedia article's history (MediaWiki API at `api`); each revision's wikitext gets `budgetMs` to parse. */
  | { type: 'wiki-edits'; reqId: number; api: string; title: string; passage: string; answers: GoldAnswer[]; budgetMs?: number }
  /** The run history: list, save (answered by run-saved), read one run's result, delete. */
  | { type: 'runs' }
  | { type: 'run-save'; reqId: number; info: SavedRunInfo; payload: unknown }
  | { type: 'run-get'; reqId: number; id: string }
  | { type: 'run-delete'; id: string };

export type DataEvent =
  | { type: 'datasets'; datasets: DatasetInfo[] }
  | { type: 'import-progress'; jobId: number; phase: 'download' | 'parse' | 'store' | 'classify'; done: number; total: number }
  | { type: 'import-done'; jobId: number; dataset: DatasetInfo | null; cancelled: boolean; message: string }
  | { type: 'import-error'; jobId: number; message: string }
  | { type: 'search-result'; reqId: number; rows: InstanceRow[]; total: number }
  /** `gone`: why there is no instance when its dataset was deleted (here or in another tab). */
  /** `noAnswer`: what the question's dataset says about no answer (core/data/no-answer.ts); Live decides from it unless the user overrides. */
  /** An opened question; `passageAnswers`: every gold answer of the questions on its passage (Live's noise keeps them all). */
  | { type: 'instance'; reqId: number; instance: Instance | null; gone?: string; noAnswer?: NoAnswerData; passageAnswers?: GoldAnswer[] }
  | { type: 'storage'; report: StorageReport }
  /** Something the user should know that no request asked for (start-up clean-up, another tab's delete). */
  | { type: 'notice'; message: string }
  /** A question's answer entity type after a correction (or its reset), and whether the user set it. */
  | { type: 'answer-type'; dataset: string; id: string; answerType: AnswerEntityType; corrected: boolean }
  /** An edit intention is on disk (what the panel's "saved" waits for). */
  | { type: 'intent-saved'; dataset: string; id: string; intent: string }
  /** `versionTwo`, `versionTwoReason`: the selected datasets' no-answer decision (core/data/no-answer.ts combineNoAnswer). */
  /** `tags`: the datasets' entity tags saved at import (core/entity/tag-store.ts), for the sweep. */
  | { type: 'collected'; reqId: number; instances: Instance[]; total: number; versionTwo: boolean; versionTwoReason?: string; datasets: string[]; pool: NamePool | null; tags?: TagStoreData[] }
  | { type: 'pool'; reqId: number; dataset: string; pool: NamePool }
  | { type: 'scope-counted'; reqId: number; total: number; answerable: number; paired: number; adversarial: number }
  | { type: 'scope-covered'; reqId: number; coverage: TaggerCoverage }
  /** `parsing`: the revision (1-based, oldest first) whose wikitext is being parsed, once all are read. */
  | { type: 'wiki-progress'; reqId: number; revisions: number; page: number; parsing?: number }
  /** `skipped`: which revisions were skipped and why ('' when none). */
  | { type: 'wiki-edits'; reqId: number; title: string; revisions: number; edits: WikiEdit[]; error: string | null; skipped: string }
  | { type: 'runs'; runs: SavedRunInfo[] }
  /** `error`: why the run could not be saved (the result on screen is kept). */
  | { type: 'run-saved'; reqId: number; id: string; error: string | null }
  /** `payload` null: the run is gone (deleted, here or in another tab). */
  | { type: 'run'; reqId: number; id: string; payload: unknown }
  | { type: 'error'; message: string };
