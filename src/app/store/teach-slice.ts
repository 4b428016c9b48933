/** Teaching: the guided tour's place, and the failure gallery's cases (kept in localStorage, stars included). */
import type { StateCreator } from 'zustand';
import { mergeCases, type FailureCase } from '../../core/gallery.ts';
import type { AppState } from './index.ts';

export const GALLERY_KEY = 'qarx.gallery.v1';

export interface TeachSlice {
  /** The open tour stop, or null when the tour is closed. */
  tourStep: number | null;
  galleryOpen: boolean;
  /** Every C2W case collected so far, newest first. */
  failures: FailureCase[];
  /** Why the gallery could not be saved (a full quota), shown in the gallery. */
  galleryError: string | null;
  setTourStep(step: number | null): void;
  setGalleryOpen(open: boolean): void;
  addFailures(found: FailureCase[]): void;
  toggleStar(key: string): void;
  /** Drops every case but the starred ones. */
  clearUnstarred(): void;
}

/** The stored cases, or none when the stored text is missing or not the gallery's (never throws). */
export function loadFailures(storage: Pick<Storage, 'getItem'> | undefined): FailureCase[] {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(GALLERY_KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter((c): c is FailureCase => typeof c === 'object' && c !== null && typeof (c as FailureCase).key === 'string' && typeof (c as FailureCase).question === 'string' && typeof (c as FailureCase).original?.answer === 'string');
  } catch {
    return [];
  }
}

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export const createTeachSlice: StateCreator<AppState, [], [], TeachSlice> = (set, get) => {
  const save = (failures: FailureCase[]) => {
    try {
      storage()?.setItem(GALLERY_KEY, JSON.stringify(failures));
      set({ failures, galleryError: null });
    } catch (e) {
      set({ failures, galleryError: `The gallery could not be saved in this browser (${e instanceof Error ? e.message : String(e)}); it is kept until the page is closed.` });
    }
  };
  return {
    tourStep: null,
    galleryOpen: false,
    failures: loadFailures(storage()),
    galleryError: null,
    setTourStep(step) {
      set({ tourStep: step });
    },
    setGalleryOpen(open) {
      set({ galleryOpen: open });
    },
    addFailures(found) {
      if (found.length) save(mergeCases(get().failures, found));
    },
    toggleStar(key) {
      save(get().failures.map((c) => (c.key === key ? { ...c, starred: !c.starred } : c)));
    },
    clearUnstarred() {
      save(get().failures.filter((c) => c.starred));
    },
  };
};
