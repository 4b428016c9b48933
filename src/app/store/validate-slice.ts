/**
 * The validation queue (issue 43): batches of cases drawn from a run, this browser's annotator's
 * judgements (saved one by one in IndexedDB, so the queue resumes after a reload), and annotation
 * files imported from other annotators. The storage module loads with the first use, not the page.
 */
import type { StateCreator } from 'zustand';
import type { Annotation, ValidationBatch } from '../../core/validation/types.ts';
import type { ImportedFile, RunRate, StoredBatch } from '../validate/validation-db.ts';
import { readAnnotationText } from '../validate/read-files.ts';
import type { AppState } from './index.ts';

/** A batch in the list: enough to name it and say how far its annotation got. */
export interface BatchItem {
  batchId: string;
  title: string;
  cases: number;
  createdAt: number;
}

/** The open batch: the stored batch, this annotator's judgements by case id, and the imported files. */
export interface OpenBatch {
  stored: StoredBatch;
  own: Record<string, Annotation>;
  imported: ImportedFile[];
}

export interface ValidateSlice {
  batches: BatchItem[];
  openBatch: OpenBatch | null;
  /** This browser's annotator's name, written into the exported annotation file. */
  annotator: string;
  /** The run kind a run's result asked to validate (its "Validate its cases" link): the sample form starts on it. */
  validateFrom: string | null;
  /** Opens the Validate view on a run's kind. */
  validateRun(kind: string): void;
  /** What the last action said: a file refused or partly kept, storage that failed. */
  validateMessages: { kind: 'ok' | 'error'; text: string }[];
  refreshBatches(): Promise<void>;
  /** Stores a new batch and opens it at its first card. */
  createBatch(batch: ValidationBatch, title: string, runRate: RunRate | null): Promise<void>;
  openBatchById(batchId: string): Promise<void>;
  closeBatch(): void;
  /** Saves this annotator's judgement of a case and moves to `next`. */
  judge(caseId: string, answer: Annotation['answer'], meaningKept: boolean, next: number): Promise<void>;
  goToCase(position: number): Promise<void>;
  /** Reads annotation files for the open batch; each is kept with its annotator's name, what is wrong in it is said. */
  importAnnotations(files: readonly { name: string; text: string }[]): Promise<void>;
  /** Removes one imported file (by its key). */
  removeImported(key: string): Promise<void>;
  deleteBatch(batchId: string): Promise<void>;
  setAnnotator(name: string): void;
  dismissValidateMessage(i: number): void;
}

export const ANNOTATOR_KEY = 'qarx.annotator';

/** An imported file's key: its annotator and file name. */
export const importKey = (annotator: string, fileName: string) => `${annotator}\u0000${fileName}`;
const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const db = async () => {
  const m = await import('../validate/validation-db.ts');
  return { m, d: m.validationDb() };
};

/** The error in words for the message line. */
const why = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const createValidateSlice: StateCreator<AppState, [], [], ValidateSlice> = (set, get) => {
  const fail = (what: string, e: unknown) => set({ validateMessages: [...get().validateMessages, { kind: 'error', text: `${what} (${why(e)}).` }] });
  const reopen = async (batchId: string) => {
    const { m, d } = await db();
    const r = await m.readBatch(d, batchId);
    set({ openBatch: r ? { stored: r.stored, own: Object.fromEntries(r.own.map(({ batchId: _b, ...a }) => [a.caseId, a])), imported: r.imported } : null });
  };
  return {
    batches: [],
    openBatch: null,
    annotator: storage()?.getItem(ANNOTATOR_KEY) ?? '',
    validateMessages: [],
    validateFrom: null,
    validateRun(kind) {
      set({ validateFrom: kind, openBatch: null });
      get().navigate({ section: 'validate', experiment: null });
    },
    async refreshBatches() {
      try {
        const { m, d } = await db();
        set({ batches: (await m.listBatches(d)).map((b) => ({ batchId: b.batchId, title: b.title, cases: b.batch.cases.length, createdAt: b.createdAt })) });
      } catch (e) {
        fail('The saved batches could not be read from this browser’s storage', e);
      }
    },
    async createBatch(batch, title, runRate) {
      try {
        const { d } = await db();
        await d.batches.put({ batchId: batch.batchId, batch, title, runRate, position: 0, createdAt: Date.now() });
        await reopen(batch.batchId);
        await get().refreshBatches();
      } catch (e) {
        fail('The batch could not be saved in this browser', e);
      }
    },
    async openBatchById(batchId) {
      try {
        await reopen(batchId);
      } catch (e) {
        fail('The batch could not be read from this browser’s storage', e);
      }
    },
    closeBatch() {
      set({ openBatch: null });
    },
    async judge(caseId, answer, meaningKept, next) {
      const o = get().openBatch;
      if (!o) return;
      const a: Annotation = { caseId, answer, meaningKept, at: new Date().toISOString() };
      // On screen at once; the judgement stays on screen if storage fails, and the message says so.
      set({ openBatch: { ...o, own: { ...o.own, [caseId]: a }, stored: { ...o.stored, position: next } } });
      try {
        const { m, d } = await db();
        await m.saveJudgement(d, { ...a, batchId: o.stored.batchId }, next);
      } catch (e) {
        fail('This judgement could not be saved in this browser; export your annotations before closing the tab', e);
      }
    },
    async goToCase(position) {
      const o = get().openBatch;
      if (!o) return;
      set({ openBatch: { ...o, stored: { ...o.stored, position } } });
      try {
        const { d } = await db();
        await d.batches.update(o.stored.batchId, { position });
      } catch {
        // Only the resume point is lost; the judgements are saved on their own.
      }
    },
    async importAnnotations(files) {
      const o = get().openBatch;
      if (!o) return;
      const said: ValidateSlice['validateMessages'] = [];
      const kept: ImportedFile[] = [];
      for (const f of files) {
        const r = readAnnotationText(f.text, f.name, o.stored.batch);
        said.push(...r.messages.map((text) => ({ kind: r.file ? ('ok' as const) : ('error' as const), text })));
        if (r.file) kept.push({ batchId: o.stored.batchId, key: importKey(r.file.annotator, f.name), annotator: r.file.annotator, fileName: f.name, file: r.file });
      }
      try {
        if (kept.length) {
          const { d } = await db();
          await d.imported.bulkPut(kept);
          await reopen(o.stored.batchId);
        }
      } catch (e) {
        said.push({ kind: 'error', text: `The imported files could not be saved in this browser (${why(e)}).` });
      }
      set({ validateMessages: said });
    },
    async removeImported(key) {
      const o = get().openBatch;
      if (!o) return;
      try {
        const { d } = await db();
        await d.imported.delete([o.stored.batchId, key]);
        await reopen(o.stored.batchId);
      } catch (e) {
        fail('The file could not be removed', e);
      }
    },
    async deleteBatch(batchId) {
      try {
        const { m, d } = await db();
        await m.deleteBatch(d, batchId);
        if (get().openBatch?.stored.batchId === batchId) set({ openBatch: null });
        await get().refreshBatches();
      } catch (e) {
        fail('The batch could not be deleted', e);
      }
    },
    setAnnotator(name) {
      storage()?.setItem(ANNOTATOR_KEY, name);
      set({ annotator: name });
    },
    dismissValidateMessage(i) {
      set({ validateMessages: get().validateMessages.filter((_, k) => k !== i) });
    },
  };
};
