/**
 * Which questions of an experiment's scope a renaming scores, and why each other one is left out
 * (issue 38.4): every question is renamable or has exactly one reason, so the renamed count and the
 * reasons add up to the scope. The tagger coverage line, the sweep's left-out table and qarx's
 * coverage output all count with this one rule (selectRenameTarget's), so they agree.
 */
import type { EntityType, NotRenamable, RenameOptions } from './options.ts';
import { selectRenameTarget } from './rename.ts';

/** A scope split by one selection: renamed (by the entity's type) and left out (by reason). */
export interface ScopePartition {
  /** Questions of the scope. */
  scope: number;
  /** Of them, those with a renamable target. */
  renamed: number;
  byType: Record<EntityType, number>;
  leftOut: Partial<Record<NotRenamable, number>>;
}

/** The selection the coverage line counts: the answer entity of any type (MIX), as a MIX sweep cell renames it. */
export const COVERAGE_SELECTION: Pick<RenameOptions, 'type' | 'source' | 'target'> = { type: 'MIX', source: 'db', target: 'answer' };

/** Where one question of a scope lands: renamed (its entity's type) or left out (its one reason). */
export type ScopeOutcome = { type: EntityType } | { leftOut: NotRenamable };

/** Splits a scope by a selection (`onEach` hears each question's outcome), e.g. 3 questions (1 unanswerable, 1 renamable PER, 1 date) → renamed 1, leftOut { unanswerable: 1, 'no-entity': 1 }. */
export function partitionScope<T extends Parameters<typeof selectRenameTarget>[0]>(instances: readonly T[], selection: Pick<RenameOptions, 'type' | 'source' | 'target'> = COVERAGE_SELECTION, onEach?: (inst: T, outcome: ScopeOutcome) => void): ScopePartition {
  const out: ScopePartition = { scope: instances.length, renamed: 0, byType: { PER: 0, ORG: 0, GPE: 0 }, leftOut: {} };
  for (const inst of instances) {
    const t = selectRenameTarget(inst, selection);
    if (typeof t === 'string') {
      out.leftOut[t] = (out.leftOut[t] ?? 0) + 1;
      onEach?.(inst, { leftOut: t });
    } else {
      out.renamed++;
      out.byType[t.entity.type]++;
      onEach?.(inst, { type: t.entity.type });
    }
  }
  return out;
}
