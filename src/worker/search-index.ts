/**
 * The data worker's in-memory search index: per dataset, one row per question with its lowercase
 * question and answers, and its passage stored once per dataset. Dropping a dataset frees all of it.
 */
import type { AnswerEntityType, Instance } from '../core/data/types.ts';
import type { InstanceRow, SearchFilters } from './data-protocol.ts';
import { isParaphrasePair, isRevisionPair } from '../core/formats/pair-kind.ts';
import { answerTagSource } from '../core/ner/file-answer-type.ts';

/** One searchable entry: the row, its lowercase question+answers, and its passage's slot. */
interface Entry {
  row: InstanceRow;
  qa: string;
  ctx: number;
  /** An Adversarial SQuAD variant linked to its original at import (core/formats/adversarial.ts). */
  variant: boolean;
}

/** A dataset's entries and its distinct lowercase passages. */
interface Indexed {
  entries: Entry[];
  contexts: string[];
}

/** What the list shows of an instance. */
function toRow(x: Instance): InstanceRow {
  return {
    dataset: x.dataset,
    id: x.id,
    question: x.question,
    answer: x.answers[0]?.text ?? '',
    isImpossible: x.isImpossible,
    answerType: x.answerType ?? null,
    tagSource: x.isImpossible ? null : answerTagSource(x),
    hasRevision: isRevisionPair(x),
    hasParaphrase: isParaphrasePair(x) || (x.paraphrases?.length ?? 0) > 0,
    lang: x.lang,
  };
}

/** Indexes a dataset's instances, each passage once: lower-cased once, not once per question (issue 40.2). */
function build(xs: readonly Instance[]): Indexed {
  const contexts: string[] = [];
  const slots = new Map<string, number>();
  const bySource = new Map<string, number>();
  const entries = xs.map((x) => {
    let ctx = bySource.get(x.context);
    if (ctx === undefined) {
      const lc = x.context.toLowerCase();
      ctx = slots.get(lc);
      if (ctx === undefined) {
        ctx = contexts.length;
        contexts.push(lc);
        slots.set(lc, ctx);
      }
      bySource.set(x.context, ctx);
    }
    return { row: toRow(x), qa: `${x.question}\n${x.answers.map((a) => a.text).join('\n')}`.toLowerCase(), ctx, variant: x.adversarial !== undefined };
  });
  return { entries, contexts };
}

export class SearchIndex {
  private readonly sets = new Map<string, Indexed>();
  /** The user's answer type corrections (see corrections.ts), over what the rows were indexed with. */
  correctedType: (dataset: string, id: string) => AnswerEntityType | undefined = () => undefined;

  /** Whether a dataset is indexed. */
  has(dataset: string): boolean {
    return this.sets.has(dataset);
  }

  /** Indexes (or re-indexes) a dataset. */
  add(dataset: string, xs: readonly Instance[]): void {
    this.sets.set(dataset, build(xs));
  }

  /** How many unanswerable questions the dataset has (what the no-answer decision counts). */
  unanswerable(dataset: string): number {
    let n = 0;
    for (const e of this.sets.get(dataset)?.entries ?? []) if (e.row.isImpossible) n++;
    return n;
  }

  /** The ids of the questions on the same passage as `id` (itself included; passages compared in lower case, so callers check the exact text). */
  samePassage(dataset: string, id: string): string[] {
    const set = this.sets.get(dataset);
    const ctx = set?.entries.find((e) => e.row.id === id)?.ctx;
    return ctx === undefined || !set ? [] : set.entries.filter((e) => e.ctx === ctx).map((e) => e.row.id);
  }

  /** Forgets a dataset and its passages. */
  drop(dataset: string): void {
    this.sets.delete(dataset);
  }

  /**
   * Rows of the given datasets (in that order) matching a query (every word must occur in question,
   * answers or passage) and the filters; at most `max` rows, with the full count.
   */
  search(datasets: readonly string[], query: string, f: SearchFilters, only: readonly string[] | null, max: number): { rows: InstanceRow[]; total: number } {
    const rows: InstanceRow[] = [];
    let total = 0;
    this.each(datasets, query, f, only, (e, type, corrected) => {
      total++;
      // A correction by hand replaces the stored type, and so its source.
      if (rows.length < max) rows.push(corrected ? { ...e.row, answerType: type, tagSource: 'corrected' } : e.row);
    });
    return { rows, total };
  }

  /**
   * How many matching questions an Adversarial SQuAD run scores: those of the datasets with a
   * linked variant among the matches (the rule of core/trap/adversarial.ts's adversarialSelection).
   */
  adversarialTotal(datasets: readonly string[], query: string, f: SearchFilters, only: readonly string[] | null): number {
    const per = new Map<string, { n: number; variant: boolean }>();
    this.each(datasets, query, f, only, (e) => {
      const d = per.get(e.row.dataset) ?? { n: 0, variant: false };
      per.set(e.row.dataset, { n: d.n + 1, variant: d.variant || e.variant });
    });
    let n = 0;
    for (const d of per.values()) if (d.variant) n += d.n;
    return n;
  }

  /** Calls `visit` on every entry matching the query and filters, with its answer type as corrected. */
  private each(datasets: readonly string[], query: string, f: SearchFilters, only: readonly string[] | null, visit: (e: Entry, type: AnswerEntityType | null, corrected: boolean) => void): void {
    const keep = only ? new Set(only) : null;
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    for (const ds of datasets) {
      const set = this.sets.get(ds);
      if (!set || (f.dataset !== 'all' && f.dataset !== ds)) continue;
      for (const e of set.entries) {
        const r = e.row;
        if (f.answerable === 'answerable' && r.isImpossible) continue;
        if (f.answerable === 'unanswerable' && !r.isImpossible) continue;
        const fixed = this.correctedType(r.dataset, r.id);
        const type = fixed ?? r.answerType;
        if (f.entity !== 'all' && (type ?? 'other') !== f.entity) continue;
        if (f.revision === 'with-revision' && !r.hasRevision) continue;
        if (keep && !keep.has(`${r.dataset}\u0000${r.id}`)) continue;
        if (words.length && !words.every((w) => e.qa.includes(w) || (set.contexts[e.ctx] as string).includes(w))) continue;
        visit(e, type, fixed !== undefined);
      }
    }
  }
}
