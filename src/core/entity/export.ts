/** Exporting a renamed set as SQuAD JSON, with each question's substitutions recorded. */
import type { Instance } from '../data/types.ts';
import { instancesToSquad } from '../formats/squad-export.ts';
import type { SquadDataset } from '../metrics/squad.ts';
import type { RenameOptions, RenameResult } from './rename.ts';

/** What an exported question records about its renaming. */
export interface RenameRecord {
  entity: { type: string; text: string };
  substitutions: { from: string; to: string }[];
}

/**
 * The perturbed instances as nested SQuAD JSON; every question carries `perturbation` (entity and
 * substitutions) and the file carries the options, e.g. renamedToSquad(results, opts).perturbation.source === 'db'.
 */
export function renamedToSquad(results: readonly Pick<RenameResult, 'perturbed' | 'entity' | 'substitutions'>[], opts: RenameOptions): SquadDataset & { perturbation: Record<string, unknown> } {
  const squad = instancesToSquad(results.map((r) => r.perturbed as Instance));
  const records = new Map<string, RenameRecord>(results.map((r) => [r.perturbed.id, { entity: { type: r.entity.type, text: r.entity.text }, substitutions: r.substitutions.map((s) => ({ from: s.from, to: s.to })) }]));
  for (const article of squad.data) for (const p of article.paragraphs) for (const qa of p.qas) Object.assign(qa, { perturbation: records.get(qa.id) });
  return { ...squad, perturbation: { kind: 'entity-renaming', type: opts.type, source: opts.source, origin: opts.origin, seed: opts.seed } };
}
