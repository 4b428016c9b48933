/**
 * The data worker's list of saved datasets, kept equal to IndexedDB in every tab: Dexie's
 * liveQuery re-reads the dataset records after each committed write, in this tab or another
 * (Dexie broadcasts commits between tabs and workers), and the search index follows. Only
 * complete records are listed; an import still saving is not.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { DatasetInfo } from './data-protocol.ts';
import { datasetBytes, normalizeRecord, readDataset, type QarxDb } from './db.ts';
import type { SearchIndex } from './search-index.ts';

export interface CatalogEvents {
  /** The listed datasets changed. */
  changed(): void;
  /** A listed dataset vanished that this worker did not delete: another tab did. */
  deletedElsewhere(name: string): void;
  /** The records include imports still saving (whose tab may have died since). */
  importing(): void;
  /** Reading the records failed. */
  error(err: unknown): void;
}

/** Whether two lists show the same datasets with the same figures. */
function sameList(a: readonly DatasetInfo[], b: readonly DatasetInfo[]): boolean {
  return a.length === b.length && a.every((d, i) => {
    const e = b[i] as DatasetInfo;
    return d.id === e.id && d.count === e.count && d.partial === e.partial && d.name === e.name && d.note === e.note;
  });
}

export class Catalog {
  private listed: DatasetInfo[] = [];
  /** Datasets that were listed and are not any more: name, and whether this worker deleted them. */
  private readonly gone = new Map<string, { name: string; here: boolean }>();
  /** Sizes of records written before sizes were stored, measured when their rows were indexed. */
  private readonly measured = new Map<string, number>();
  private latest: DatasetInfo[] | null = null;
  private running: Promise<void> | null = null;
  private sub: Subscription | null = null;

  constructor(
    private readonly db: QarxDb,
    private readonly index: SearchIndex,
    private readonly events: CatalogEvents,
  ) {}

  /** The listed (complete) datasets, oldest first. */
  get datasets(): readonly DatasetInfo[] {
    return this.listed;
  }

  /** Whether a dataset is listed. */
  has(id: string): boolean {
    return this.listed.some((d) => d.id === id);
  }

  /** A listed or deleted dataset's name, if this worker knew it. */
  nameOf(id: string): string | undefined {
    return this.listed.find((d) => d.id === id)?.name ?? this.gone.get(id)?.name;
  }

  /** A sentence for acting on a dataset that is not listed: it was deleted here, in another tab, or is unknown. */
  goneMessage(id: string): string {
    const g = this.gone.get(id);
    if (!g) return 'That dataset is no longer stored in this browser (it was deleted, perhaps in another tab).';
    return `The dataset "${g.name}" was deleted${g.here ? '' : ' in another tab'}; its questions are no longer stored.`;
  }

  /** The size of a listed dataset measured when indexed (for records without one). */
  bytesOf(id: string): number | undefined {
    return this.measured.get(id);
  }

  /** Re-reads the records now and resolves once they are applied (start-up, after this worker's own writes). */
  async refresh(): Promise<void> {
    await this.apply(await this.db.datasets.toArray());
  }

  /** Follows every later change to the records, from any tab or worker. */
  watch(): void {
    this.sub ??= liveQuery(() => this.db.datasets.toArray()).subscribe({ next: (r) => void this.apply(r), error: (e) => this.events.error(e) });
  }

  /** Stops following changes. */
  stop(): void {
    this.sub?.unsubscribe();
    this.sub = null;
  }

  /** Unlists a dataset this worker deleted, so its disappearance is not reported as another tab's. */
  forget(id: string): void {
    const d = this.listed.find((x) => x.id === id);
    // Already gone by another tab's hand: keep saying so (a second delete here finds nothing).
    if (!d && this.gone.get(id)?.here === false) return;
    this.gone.set(id, { name: d?.name ?? this.gone.get(id)?.name ?? id, here: true });
    this.index.drop(id);
    this.measured.delete(id);
    if (!d) return;
    this.listed = this.listed.filter((x) => x.id !== id);
    this.events.changed();
  }

  /** Queues a set of records; only the newest waiting set is applied, one at a time. */
  private apply(records: DatasetInfo[]): Promise<void> {
    this.latest = records;
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Applies queued record sets until none is waiting. */
  private async drain(): Promise<void> {
    for (let r = this.latest; r; r = this.latest) {
      this.latest = null;
      try {
        await this.applyNow(r);
      } catch (err) {
        this.events.error(err);
      }
    }
  }

  /** Lists the complete records, indexing the new ones and dropping the vanished ones. */
  private async applyNow(raw: DatasetInfo[]): Promise<void> {
    const records = raw.map(normalizeRecord);
    const complete = records.filter((r) => r.state === 'complete').sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    const ids = new Set(complete.map((r) => r.id));
    for (const d of this.listed) {
      if (ids.has(d.id)) continue;
      this.index.drop(d.id);
      this.measured.delete(d.id);
      if (this.gone.get(d.id)?.here) continue;
      this.gone.set(d.id, { name: d.name, here: false });
      this.events.deletedElsewhere(d.name);
    }
    for (const r of complete) {
      if (this.index.has(r.id)) continue;
      this.index.add(r.id, await readDataset(this.db, r.id));
      if (r.bytes === undefined) this.measured.set(r.id, await datasetBytes(this.db, r.id));
    }
    const changed = !sameList(this.listed, complete);
    this.listed = complete;
    if (changed) this.events.changed();
    if (records.some((r) => r.state === 'importing')) this.events.importing();
  }
}
