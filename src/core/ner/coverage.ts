/**
 * A tagger's coverage (issue 24.8), counted as the renaming runs count (issue 38.4): of the scope's
 * questions, those whose answer entity (PER, ORG or GPE, with the entities in use: a file's own, a
 * loaded tagger's, else the built-in tagger's) a MIX renaming can rename, and every other question
 * under its one left-out reason, so the line adds up to the scope and agrees with the sweep's
 * left-out table. Counted by taggerCoverage (coverage-of.ts, which loads the tagger); this file
 * stays light for the app's main thread.
 */
import { leftOutText, type EntityType, type NotRenamable } from '../entity/options.ts';
import { TAG_SOURCE_LABELS, TAG_SOURCES, type TagSource } from './file-answer-type.ts';

/**
 * One question's part of a coverage count: its renamable answer entity's type and where its tag
 * came from, or the one reason it is left out. Parts add up (coverageFromParts), so a count over any
 * subset of questions whose parts are known needs no tagger (the shipped demo set's, issue 44).
 */
export type CoveragePart = { type: EntityType; source: TagSource } | { leftOut: NotRenamable };

export interface TaggerCoverage {
  /** Questions of the scope. */
  scope: number;
  /** Of them, the answerable ones. */
  answerable: number;
  /** Of those, the ones with a renamable answer entity (a MIX cell renames them). */
  withEntity: number;
  byType: Record<EntityType, number>;
  /** Every other question of the scope under its one reason (unanswerable among them). */
  leftOut: Partial<Record<NotRenamable, number>>;
  /** The renamable questions by where their answer's tag comes from (issue 42.3): file, correction, Hub model or built-in tagger. */
  bySource?: Partial<Record<TagSource, number>>;
}

/**
 * The coverage in words, e.g. 'renamable answer entity for 1 of 2 answerable questions (50.0%: PER 0,
 * ORG 0, GPE 1); left out of 3: 1 unanswerable, 1 no answer entity'.
 */
export function coverageText(c: TaggerCoverage): string {
  const pct = c.answerable ? `${((100 * c.withEntity) / c.answerable).toFixed(1)}%` : '–';
  const out = leftOutText(c.leftOut);
  const sources = c.bySource ? tagSourceText(c.bySource) : '';
  return `renamable answer entity for ${c.withEntity} of ${c.answerable} answerable question${c.answerable === 1 ? '' : 's'} (${pct}: PER ${c.byType.PER}, ORG ${c.byType.ORG}, GPE ${c.byType.GPE}); left out of ${c.scope}: ${out || 'none'}${sources ? `; tags: ${sources}` : ''}`;
}

/** Questions by tag source in words, in TAG_SOURCES order, e.g. 'file annotation 3, built-in tagger 1' ('' when none). */
export function tagSourceText(by: Partial<Record<TagSource, number>>): string {
  return TAG_SOURCES.filter((s) => by[s])
    .map((s) => `${TAG_SOURCE_LABELS[s]} ${by[s]}`)
    .join(', ');
}

/** The coverage of questions from their parts (taggerCoverage's sum), e.g. [{ leftOut: 'unanswerable' }, { type: 'PER', source: 'builtin' }] → answerable 1, withEntity 1. */
export function coverageFromParts(parts: readonly CoveragePart[]): TaggerCoverage {
  const c: TaggerCoverage = { scope: parts.length, answerable: parts.length, withEntity: 0, byType: { PER: 0, ORG: 0, GPE: 0 }, leftOut: {}, bySource: {} };
  for (const p of parts) {
    if ('leftOut' in p) {
      c.leftOut[p.leftOut] = (c.leftOut[p.leftOut] ?? 0) + 1;
      if (p.leftOut === 'unanswerable') c.answerable--;
    } else {
      c.withEntity++;
      c.byType[p.type]++;
      c.bySource![p.source] = (c.bySource![p.source] ?? 0) + 1;
    }
  }
  return c;
}
