/**
 * The user's corrections of answer entity types, per question: kept in IndexedDB beside the
 * dataset (the built-in demo set too), applied to every question the data worker hands out (so
 * renaming, pools and exports use them) and to the search index's filter, in every tab.
 */
import { liveQuery } from 'dexie';
import type { AnswerEntityType, Instance } from '../core/data/types.ts';
import type { QarxDb } from './db.ts';

const key = (dataset: string, id: string) => `${dataset}\u0000${id}`;

/** A question with a corrected type: answerType set, and meta.answer_type so exports carry it. */
export function withAnswerType(x: Instance, t: AnswerEntityType): Instance {
  return { ...x, answerType: t, meta: { ...x.meta, answer_type: t } };
}

export class TypeCorrections {
  private readonly types = new Map<string, AnswerEntityType>();

  constructor(
    private readonly db: QarxDb,
    /** Called after corrections change (here or in another tab) with the datasets they touch. */
    private readonly changed: (datasets: Set<string>) => void,
  ) {}

  /** Reads the stored corrections, then follows writes from every tab. */
  async load(): Promise<void> {
    this.replace(await this.db.corrections.toArray());
    liveQuery(() => this.db.corrections.toArray()).subscribe({ next: (list) => this.replace(list), error: () => undefined });
  }

  /** The corrected type of a question, if any. */
  typeOf(dataset: string, id: string): AnswerEntityType | undefined {
    return this.types.get(key(dataset, id));
  }

  /** The question as the user corrected it (unchanged when not corrected). */
  apply(x: Instance): Instance {
    const t = this.typeOf(x.dataset, x.id);
    return t ? withAnswerType(x, t) : x;
  }

  /** Saves (or, with null, removes) a correction. */
  async set(dataset: string, id: string, t: AnswerEntityType | null): Promise<void> {
    if (t) this.types.set(key(dataset, id), t);
    else this.types.delete(key(dataset, id));
    this.changed(new Set([dataset]));
    if (t) await this.db.corrections.put({ dataset, id, answerType: t });
    else await this.db.corrections.delete([dataset, id]);
  }

  private replace(list: { dataset: string; id: string; answerType: AnswerEntityType }[]): void {
    const touched = new Set<string>();
    const next = new Map(list.map((c) => [key(c.dataset, c.id), c.answerType]));
    for (const [k] of [...this.types, ...next]) if (this.types.get(k) !== next.get(k)) touched.add(k.split('\u0000')[0] as string);
    this.types.clear();
    for (const [k, t] of next) this.types.set(k, t);
    if (touched.size) this.changed(touched);
  }
}
