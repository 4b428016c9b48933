/** Teaching: the guided tour's place, and the failure gallery's cases (kept in localStorage, stars included). */
import type { StateCreator } from 'zustand';
import { mergeCases, type FailureCase } from '../../core/results/gallery.ts';
import { isCaseRun } from '../../core/results/case-run.ts';
import type { AppState } from './index.ts';
import { giveBack, tourReturn, tourReturnChanges, type TourReturn } from '../teach/tour-return.ts';

export const GALLERY_KEY = 'qarx.gallery.v1';

export interface TeachSlice {
  /** The open tour stop, or null when the tour is closed. */
  tourStep: number | null;
  galleryOpen: boolean;
  /** Every C2W case collected so far, newest first. */
  failures: FailureCase[];
  /** Why the gallery could not be saved (a full quota), shown in the gallery. */
  galleryError: string | null;
  /** The case last reopened in Live (shown beside its question while that question is open). */
  reopened: FailureCase | null;
  setTourStep(step: number | null): void;
  /** The settings the tour found, put back when it closes; and the one line that says so. */
  tourSaved: Partial<AppState> | null;
  /** The question and list search the tour found, given back when it closes. */
  tourReturn: TourReturn | null;
  tourNote: string | null;
  dismissTourNote(): void;
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
    const cases = raw.filter((c): c is FailureCase => typeof c === 'object' && c !== null && typeof (c as FailureCase).key === 'string' && typeof (c as FailureCase).question === 'string' && typeof (c as FailureCase).original?.answer === 'string');
    // A run field that is not a run is dropped: the case then says its run was not recorded; so are later runs that are not runs.
    return cases.map((c) => {
      const { run, alsoRuns, answersRun, ...rest } = c;
      const later = Array.isArray(alsoRuns) ? alsoRuns.filter(isCaseRun) : [];
      return { ...rest, ...(run !== undefined && isCaseRun(run) ? { run } : {}), ...(later.length ? { alsoRuns: later } : {}), ...(answersRun !== undefined && isCaseRun(answersRun) ? { answersRun } : {}) };
    });
  } catch {
    return [];
  }
}

/** The settings a tour stop may change, in words for the note that says they came back. */
const TOUR_SETTING_NAMES: Record<string, string> = { renameOptions: 'entity renaming', renameResemble: 'RESEMBLE', renameOpen: 'entity renaming', noiseOptions: 'synthetic noise', liveTrapConfig: 'trap', trapOpen: 'trap', allowNull: 'no answer', allowNullOverride: 'no answer' };

/** The settings the tour may change, as they are now. */
function tourSettings(s: AppState): Partial<AppState> {
  return Object.fromEntries(Object.keys(TOUR_SETTING_NAMES).map((k) => [k, s[k as keyof AppState]])) as Partial<AppState>;
}

/** The line saying what the closed tour gave back, e.g. "Tour closed: your question and settings from before it are back (trap)."; null when it changed nothing. */
export function tourClosedNote(back: readonly string[], settings: readonly string[]): string | null {
  const what = [...back, ...(settings.length ? ['settings'] : [])];
  if (what.length === 0) return null;
  const list = what.length === 1 ? what[0] : `${what.slice(0, -1).join(', ')} and ${what.at(-1)}`;
  const verb = what.length === 1 && what[0] !== 'settings' ? 'is' : 'are';
  return `Tour closed: your ${list} from before it ${verb} back${settings.length ? ` (${settings.join(', ')})` : ''}.`;
}

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export const createTeachSlice: StateCreator<AppState, [], [], TeachSlice> = (set, get, api) => {
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
    reopened: null,
    tourSaved: null,
    tourReturn: null,
    tourNote: null,
    setTourStep(step) {
      const s = get();
      if (step !== null && s.tourStep === null) set({ tourSaved: tourSettings(s), tourReturn: tourReturn(s), tourNote: null });
      if (step === null && s.tourStep !== null && s.tourSaved) {
        // The stops set their own entity, noise and trap settings: the learner's own come back.
        const changed = Object.keys(s.tourSaved).filter((k) => JSON.stringify(s[k as keyof AppState]) !== JSON.stringify(s.tourSaved?.[k as keyof AppState]));
        const names = [...new Set(changed.map((k) => TOUR_SETTING_NAMES[k] ?? k))];
        const back = s.tourReturn ? tourReturnChanges(s.tourReturn, tourReturn(s)) : [];
        set({ ...s.tourSaved, tourSaved: null, tourReturn: null, tourNote: tourClosedNote(back, names) });
        // The stops open demo questions: the learner's question and list search come back too.
        if (s.tourReturn && back.length) giveBack(api, s.tourReturn);
      }
      set({ tourStep: step });
    },
    dismissTourNote() {
      set({ tourNote: null });
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
