/** Exporting trapped passages as SQuAD JSON, each question recording its trap sentence and where it is. */
import type { Instance } from '../data/types.ts';
import { mapperFor, type CodePointMapper } from '../text/codepoints.ts';
import { instancesToSquad, squadQa } from '../formats/squad-export.ts';
import type { SquadDataset, SquadQA } from '../metrics/squad.ts';
import type { TrapConfig, TrapItem } from './experiment.ts';
import { trapSimilarity } from './insert.ts';

/** What an exported question records about its trap (offsets in code points, as in every file). */
export interface TrapRecord {
  kind: 'trap';
  sentence: string;
  start: number;
  end: number;
  similarity: number;
}

/** The question as the file holds it: on its trap passage with the moved answers, without the other variants. */
export const trappedInstance = ({ inst, variant }: TrapItem): Instance => ({ ...inst, context: variant.context, answers: variant.answers, trap: undefined, revision: undefined, paraphrases: undefined });

/** The question's trap record, its offsets converted by `cps`, the trap passage's code-point mapper. */
export function trapRecord({ inst, variant, sentence }: TrapItem, cps: CodePointMapper): TrapRecord {
  return { kind: 'trap', sentence, start: cps.toCodePoint(variant.trap.start), end: cps.toCodePoint(variant.trap.end), similarity: trapSimilarity(inst.question, sentence, inst.lang) };
}

/** One trapped question as a SQuAD qa carrying its `perturbation` record (`cps`: the trap passage's mapper; `v2`: is_impossible too). */
export function trapQa(item: TrapItem, cps: CodePointMapper, v2: boolean): SquadQA & { perturbation: TrapRecord } {
  return { ...squadQa(trappedInstance(item), cps, v2), perturbation: trapRecord(item, cps) };
}

/** The file's own `perturbation`: the run's settings (a typed sentence is the source 'typed'). */
export function trapSettings(config: TrapConfig & { sentence?: string }): Record<string, unknown> {
  const source = config.sentence !== undefined ? 'typed' : config.source;
  return { kind: 'trap', source, position: config.position, seed: config.seed, ...(config.sentence !== undefined ? { sentence: config.sentence } : {}) };
}

/**
 * The trapped passages as nested SQuAD JSON: every question carries `perturbation` (the trap
 * sentence, its span and its similarity to the question) and the file the settings, e.g.
 * trapsToSquad(items, { source: 'generated', position: 'end', seed: 1 }).perturbation.position === 'end';
 * `versionTwo` is the source's no-answer decision (core/data/no-answer.ts), kept in the file's version.
 */
export function trapsToSquad(items: readonly TrapItem[], config: TrapConfig & { sentence?: string }, versionTwo?: boolean): SquadDataset & { perturbation: Record<string, unknown> } {
  // The source's no-answer decision is kept (a SQuAD 2.0 source stays v2.0 though its answerable questions are trapped).
  const squad = instancesToSquad(items.map(trappedInstance), versionTwo);
  const byId = new Map(items.map((item) => [item.inst.id, item]));
  for (const article of squad.data)
    for (const p of article.paragraphs)
      for (const qa of p.qas) {
        const item = byId.get(qa.id);
        Object.assign(qa, { perturbation: item && trapRecord(item, mapperFor(item.variant.context)) });
      }
  return { ...squad, perturbation: trapSettings(config) };
}
