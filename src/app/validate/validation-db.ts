/**
 * The validation queue's storage (IndexedDB through Dexie, as the app keeps its datasets and runs):
 * each batch with where the annotator is in it, the annotator's own judgements one row per case
 * (saved as each is given, so a closed tab loses nothing and the queue resumes), and the annotation
 * files imported from others. Its own database, so the data worker's schema is not touched; loaded
 * only with the Validate view.
 */
import Dexie, { type Table } from 'dexie';
import type { Annotation, AnnotationFile, ValidationBatch } from '../../core/validation/types.ts';

/** The run's own figure the validated rate is shown beside, e.g. C2W 12 of 64. */
export interface RunRate {
  label: string;
  k: number;
  n: number;
}

/** A batch as stored here: the batch file's content and the queue's state. */
export interface StoredBatch {
  batchId: string;
  batch: ValidationBatch;
  /** A title for the list, e.g. "Synthetic noise, 2026-12-02 08:10 — 10 broken cases". */
  title: string;
  /** The run's failure rate, when the batch came from a run in this app. */
  runRate: RunRate | null;
  /** The card the annotator is on. */
  position: number;
  createdAt: number;
}

/** One of this browser's annotator's judgements. */
export type OwnAnnotation = Annotation & { batchId: string };

/** An imported annotation file. Kept per annotator and file name: a second file of one annotator joins the first (collectJudgements), so a bad file never replaces a good one. */
export interface ImportedFile {
  batchId: string;
  /** annotator and file name: importing the same file again replaces it, nothing else does. */
  key: string;
  annotator: string;
  fileName: string;
  file: AnnotationFile;
}

export class ValidationDb extends Dexie {
  batches!: Table<StoredBatch, string>;
  own!: Table<OwnAnnotation, [string, string]>;
  imported!: Table<ImportedFile, [string, string]>;
  constructor(name = 'qarx-validation') {
    super(name, { cache: 'disabled' });
    this.version(1).stores({ batches: 'batchId, createdAt', own: '[batchId+caseId], batchId', imported: '[batchId+key], batchId' });
  }
}

let db: ValidationDb | null = null;
/** The one connection of this tab. */
export const validationDb = (): ValidationDb => (db ??= new ValidationDb());

/** Every batch, newest first. */
export async function listBatches(d: ValidationDb): Promise<StoredBatch[]> {
  return (await d.batches.orderBy('createdAt').toArray()).reverse();
}

/** A batch with its own judgements and imported files, or null when it is gone. */
export async function readBatch(d: ValidationDb, batchId: string): Promise<{ stored: StoredBatch; own: OwnAnnotation[]; imported: ImportedFile[] } | null> {
  return d.transaction('r', d.batches, d.own, d.imported, async () => {
    const stored = await d.batches.get(batchId);
    if (!stored) return null;
    return { stored, own: await d.own.where('batchId').equals(batchId).toArray(), imported: await d.imported.where('batchId').equals(batchId).toArray() };
  });
}

/** Saves one judgement and the card to resume at, together. */
export async function saveJudgement(d: ValidationDb, a: OwnAnnotation, position: number): Promise<void> {
  await d.transaction('rw', d.own, d.batches, async () => {
    await d.own.put(a);
    await d.batches.update(a.batchId, { position });
  });
}

/** Deletes a batch and everything stored with it. */
export async function deleteBatch(d: ValidationDb, batchId: string): Promise<void> {
  await d.transaction('rw', d.batches, d.own, d.imported, async () => {
    await d.batches.delete(batchId);
    await d.own.where('batchId').equals(batchId).delete();
    await d.imported.where('batchId').equals(batchId).delete();
  });
}
