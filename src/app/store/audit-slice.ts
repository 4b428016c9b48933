/**
 * Audit results opened in the app (`qarx audit`'s summary.json, bundle.zip or unit files): the
 * summary's tables per model for the Experiments view, and every unit added to the run history
 * (under a stable id, so opening the same audit again replaces its runs instead of doubling them).
 */
import type { StateCreator } from 'zustand';
import type { AuditSummary } from '../../core/audit/format.ts';
import { openAudit } from '../../core/audit/open.ts';
import type { AppState } from './index.ts';

/** The payload of a run known only from a summary (no unit file): the history shows its table. */
export interface AuditTableOnly {
  auditTableOnly: true;
}

/** True for the payload of a run opened from a summary alone. */
export const isTableOnly = (p: unknown): p is AuditTableOnly => typeof p === 'object' && p !== null && (p as Partial<AuditTableOnly>).auditTableOnly === true;

export interface AuditSlice {
  /** What the last opened audit files held; null before any. */
  audit: { files: string[]; summary: AuditSummary | null; units: number; added: number; errors: string[] } | null;
  auditBusy: boolean;
  /** Reads the picked files and adds their units to the run history. */
  openAuditFiles(files: readonly File[]): Promise<void>;
  closeAudit(): void;
}

export const createAuditSlice: StateCreator<AppState, [], [], AuditSlice> = (set, get) => ({
  audit: null,
  auditBusy: false,
  async openAuditFiles(files) {
    if (!files.length) return;
    set({ auditBusy: true });
    try {
      const read = await Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
      const r = openAudit(read);
      const s = get();
      let added = 0;
      for (const u of r.units) {
        if (!u.run || !u.table) continue;
        s.saveRun(u.kind, u.run, u.payload, u.table, false, `audit-${u.id}`);
        added++;
      }
      // Units the summary lists without their file: their table joins the history.
      const withFile = new Set(r.units.map((u) => u.id));
      for (const u of r.summary?.units ?? []) {
        if (withFile.has(u.id) || u.status !== 'ok' || !u.run || !u.table) continue;
        s.saveRun(u.kind, u.run, { auditTableOnly: true } satisfies AuditTableOnly, u.table, false, `audit-${u.id}`);
        added++;
      }
      set({ audit: { files: read.map((f) => f.name), summary: r.summary, units: r.units.length, added, errors: r.errors }, auditBusy: false });
    } catch (e) {
      set({ audit: { files: files.map((f) => f.name), summary: null, units: 0, added: 0, errors: [`The files could not be read (${e instanceof Error ? e.message : String(e)}).`] }, auditBusy: false });
    }
  },
  closeAudit() {
    set({ audit: null });
  },
});
