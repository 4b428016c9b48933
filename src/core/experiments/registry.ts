/**
 * Every experiment kind, one descriptor each (kind.ts): the store, run history, slices view,
 * worker, CLI and audit look kinds up here instead of switching on them. Adding a kind is its own
 * folder plus one line in KINDS (docs/architecture.md shows how).
 */
import type { ExperimentKind } from './kind.ts';
import { adversarial } from './adversarial/index.ts';
import { budget } from './budget/index.ts';
import { natural } from './natural/index.ts';
import { original } from './original/index.ts';
import { paraphrase } from './paraphrase/index.ts';
import { robustness } from './robustness/index.ts';
import { sweep } from './sweep/index.ts';
import { synthetic } from './synthetic/index.ts';
import { traps } from './traps/index.ts';
import { universal } from './universal/index.ts';

/** The built-in kinds, in the order reports and audit summaries list them. */
export const KINDS = [original, sweep, budget, natural, synthetic, universal, paraphrase, traps, adversarial, robustness] as const;

/** A kind as code that serves every kind sees it (payloads and settings as saved, not yet typed). */
export type AnyKind = ExperimentKind<unknown, unknown, unknown>;

type Built = (typeof KINDS)[number];
/** The built-in kinds' ids, e.g. 'sweep'. */
export type KindId = Built['id'];
/** An audit config's experiment entry, one type per kind with an audit unit. */
export type AuditExperiment = Built extends infer K ? (K extends ExperimentKind<infer E, unknown, unknown> ? E : never) : never;
/** An audit unit's experiment, one type per kind with an audit unit. */
export type UnitExperiment = Built extends infer K ? (K extends ExperimentKind<unknown, infer U, unknown> ? U : never) : never;

/** Kinds registered besides the built-in ones (registerKind), e.g. a test's toy kind. */
const extra = new Map<string, AnyKind>();

/** Every kind: the built-in ones in order, then the registered ones. */
export function allKinds(): AnyKind[] {
  return [...(KINDS as readonly AnyKind[]), ...extra.values()];
}

/** The descriptor of a kind, or undefined for a kind no descriptor describes (e.g. a run saved by a newer version). */
export function kindOf(id: string): AnyKind | undefined {
  return (KINDS as readonly AnyKind[]).find((k) => k.id === id) ?? extra.get(id);
}

/** A kind's words, e.g. kindLabel('natural') === 'Revision pairs'; an unknown kind as its id. */
export const kindLabel = (id: string): string => kindOf(id)?.label ?? id;

/** Registers a kind besides the built-in ones; returns the function that removes it again. A built-in id cannot be taken. */
export function registerKind<E, U, P>(k: ExperimentKind<E, U, P>): () => void {
  if (kindOf(k.id)) throw new Error(`experiment kind "${k.id}" is registered already`);
  extra.set(k.id, k as unknown as AnyKind);
  return () => void extra.delete(k.id);
}
