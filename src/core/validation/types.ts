/**
 * Human validation of perturbed cases (issue 43; Wu et al. 2025 App. H, Yan et al. 2022 App. C):
 * the shapes shared by the app's validation queue, the batch and annotation files and `qarx validate`.
 * A batch carries cases without model outputs so annotators are not primed; an annotation file
 * carries one annotator's judgements of one batch's cases. Offsets in files are Unicode code points.
 */
import type { CaseKind } from '../results/gallery.ts';

/** The batch file's format tag and version: readers refuse other tags and newer versions with a message. */
export const BATCH_FORMAT = 'qarx-validation-batch';
export const ANNOTATION_FORMAT = 'qarx-annotations';
export const VALIDATION_VERSION = 1;

/** A span of the perturbed passage in code points [start, end): an edit to highlight. */
export interface CodePointSpan {
  start: number;
  end: number;
}

/** One case put before annotators: a perturbed question with its passage and, for the highlight, the original. */
export interface ValidationCase {
  /** Unique within its batch, stable across exports (e.g. `${family}|${dataset}|${questionId}|${settings}`). */
  id: string;
  /** The perturbation family, as the failure gallery names it: invalid cases are listed by family. */
  family: CaseKind;
  /** The perturbation in words, e.g. "keyboard typo 30%, seed 1". */
  perturbation: string;
  dataset: string;
  questionId: string;
  /** The question as the annotator sees it (the perturbed one for a paraphrase). */
  question: string;
  /** The original question when the perturbation changed it. */
  originalQuestion?: string;
  /** The perturbed passage the annotator answers from. */
  passage: string;
  /** The original passage, so the edit can be shown against it. */
  originalPassage: string;
  /** The perturbed passage's changed spans (code points), for the highlight. */
  edits: CodePointSpan[];
  /** Gold answers on the perturbed passage (empty: no answer is right); used for scoring, never shown before answering. */
  gold: string[];
  /** How the sample drew the case: 'broken' (a failure of the run) or the stratum it was sampled from, e.g. 'C2C'. */
  stratum: string;
}

/** What produced a batch: the run it was drawn from and how, so a validated rate states its scope. */
export interface BatchSource {
  /** The run's kind (registry id) and start time, or the file the CLI sampled from. */
  kind: string;
  date: string;
  model: string;
  datasets: string[];
  /** 'broken': the run's failures; 'sample': a stratified random sample. */
  draw: 'broken' | 'sample';
  /** The sample's size and seed (draw 'sample'). */
  size?: number;
  seed?: number;
  /** How many perturbed questions the run had per stratum, so rates can be weighted back. */
  population: Record<string, number>;
}

/** A batch file: cases for annotators, no model outputs. */
export interface ValidationBatch {
  format: typeof BATCH_FORMAT;
  version: number;
  /** Names the batch; annotation files carry it so one batch's annotations are never merged into another's. */
  batchId: string;
  created: string;
  source: BatchSource;
  cases: ValidationCase[];
}

/** One annotator's judgement of one case (App. H: answer it yourself, then judge the perturbation). */
export interface Annotation {
  caseId: string;
  /** The annotator's answer: a span of the perturbed passage (code points), or null for "no answer". */
  answer: { text: string; start: number } | null;
  /** Whether the perturbation kept the meaning (the question is still fair). */
  meaningKept: boolean;
  /** Free comment, optional. */
  note?: string;
  /** When it was given (ISO 8601). */
  at: string;
}

/** An annotation file: one annotator's judgements of cases of one batch. */
export interface AnnotationFile {
  format: typeof ANNOTATION_FORMAT;
  version: number;
  batchId: string;
  annotator: string;
  annotations: Annotation[];
}
