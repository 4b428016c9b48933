/** Exporting trapped passages as SQuAD JSON, each question recording its trap sentence and where it is. */
import type { Instance } from '../data/types.ts';
import { toCodePoint } from '../text/codepoints.ts';
import { instancesToSquad } from '../formats/squad-export.ts';
import type { SquadDataset } from '../metrics/squad.ts';
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

/**
 * The trapped passages as nested SQuAD JSON: every question carries `perturbation` (the trap
 * sentence, its span and its similarity to the question) and the file the settings, e.g.
 * trapsToSquad(items, { source: 'generated', position: 'end', seed: 1 }).perturbation.position === 'end';
 * `versionTwo` is the source's no-answer decision (core/data/no-answer.ts), kept in the file's version.
 */
export function trapsToSquad(items: readonly TrapItem[], config: TrapConfig & { sentence?: string }, versionTwo?: boolean): SquadDataset & { perturbation: Record<string, unknown> } {
  const trapped: Instance[] = items.map(({ inst, variant }) => ({ ...inst, context: variant.context, answers: variant.answers, trap: undefined, revision: undefined, paraphrases: undefined }));
  // The source's no-answer decision is kept (a SQuAD 2.0 source stays v2.0 though its answerable questions are trapped).
  const squad = instancesToSquad(trapped, versionTwo);
  const records = new Map<string, TrapRecord>(
    items.map(({ inst, variant, sentence }) => [inst.id, { kind: 'trap', sentence, start: toCodePoint(variant.context, variant.trap.start), end: toCodePoint(variant.context, variant.trap.end), similarity: trapSimilarity(inst.question, sentence, inst.lang) }]),
  );
  for (const article of squad.data) for (const p of article.paragraphs) for (const qa of p.qas) Object.assign(qa, { perturbation: records.get(qa.id) });
  const source = config.sentence !== undefined ? 'typed' : config.source;
  return { ...squad, perturbation: { kind: 'trap', source, position: config.position, seed: config.seed, ...(config.sentence !== undefined ? { sentence: config.sentence } : {}) } };
}
