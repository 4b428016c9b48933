/** Exporting a renamed set as SQuAD JSON, with each question's substitutions recorded. */
import type { Instance } from '../data/types.ts';
import { instancesToSquad } from '../formats/squad-export.ts';
import type { SquadDataset } from '../metrics/squad.ts';
import { buildNamePool, renameInstance, type NamePool, type NotRenamable, type RenameOptions, type RenameResult } from './rename.ts';

/** What an exported question records about its renaming. */
export interface RenameRecord {
  entity: { type: string; text: string };
  substitutions: { from: string; to: string }[];
}

/**
 * The perturbed instances as nested SQuAD JSON; every question carries `perturbation` (entity and
 * substitutions) and the file carries the options, e.g. renamedToSquad(results, opts).perturbation.source === 'db'.
 */
export function renamedToSquad(results: readonly Pick<RenameResult, 'perturbed' | 'entity' | 'substitutions'>[], opts: RenameOptions, versionTwo?: boolean): SquadDataset & { perturbation: Record<string, unknown> } {
  // `versionTwo`: the source's no-answer decision, kept in the written version (core/data/no-answer.ts).
  const squad = instancesToSquad(results.map((r) => r.perturbed as Instance), versionTwo);
  const records = new Map<string, RenameRecord>(results.map((r) => [r.perturbed.id, { entity: { type: r.entity.type, text: r.entity.text }, substitutions: r.substitutions.map((s) => ({ from: s.from, to: s.to })) }]));
  for (const article of squad.data) for (const p of article.paragraphs) for (const qa of p.qas) Object.assign(qa, { perturbation: records.get(qa.id) });
  return { ...squad, perturbation: { kind: 'entity-renaming', target: opts.target ?? 'answer', type: opts.type, source: opts.source, origin: opts.origin, seed: opts.seed } };
}

/** The InDistName pool a renaming of `instances` needs: built over them for InDistName, none for the other sources. */
export function poolFor(instances: Iterable<Instance>, source: RenameOptions['source']): NamePool | undefined {
  return source === 'indist' ? buildNamePool(instances) : undefined;
}

/**
 * Renames every question of a set, as the app's export and `qarx perturb entity` both do: the
 * renamings kept, in input order, and (reason, id) for each question left out. `onEach` runs
 * before each question (the CLI collects garbage there).
 */
export function renameAll(instances: Iterable<Instance>, opts: RenameOptions, pool: NamePool | undefined, onEach?: (seen: number) => void): { kept: RenameResult[]; skipped: [NotRenamable, string][] } {
  const kept: RenameResult[] = [];
  const skipped: [NotRenamable, string][] = [];
  let seen = 0;
  for (const inst of instances) {
    onEach?.(++seen);
    const r = renameInstance(inst, opts, pool);
    if (typeof r === 'string') skipped.push([r, inst.id]);
    else kept.push(r);
  }
  return { kept, skipped };
}

/**
 * The app's "Export the renamed set" (the worker's export command calls exactly this): the SQuAD
 * JSON text (indent 1, as qarx writes it, less qarx's final newline) and how many were renamed.
 */
export function exportRenamedJson(instances: readonly Instance[], opts: RenameOptions, pool: NamePool | undefined, versionTwo?: boolean): { json: string; renamed: number; total: number } {
  const { kept } = renameAll(instances, opts, pool);
  return { json: JSON.stringify(renamedToSquad(kept, opts, versionTwo), null, 1), renamed: kept.length, total: instances.length };
}
