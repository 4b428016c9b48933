/** Number formats the views share, so a probability or a score reads the same in every panel. */

/** Probability as a percentage, e.g. formatProb(0.1234) === '12.3%'. */
export function formatProb(p: number): string {
  return `${(p * 100).toFixed(p >= 0.995 ? 0 : 1)}%`;
}

/** EM and F1 on the 0–100 scale, e.g. formatScore({ em: 0, f1: 0.5 }) === 'EM 0 · F1 50.0'. */
export function formatScore(s: { em: number; f1: number }): string {
  return `EM ${(s.em * 100).toFixed(0)} · F1 ${(s.f1 * 100).toFixed(1)}`;
}

/** A dataset by its name, not its internal id, e.g. datasetLabel([{ id: 'ds-1', name: 'dev.json' }], 'ds-1') === 'dev.json'; an unknown id as it is. */
export function datasetLabel(datasets: readonly { id: string; name: string }[], id: string): string {
  return datasets.find((d) => d.id === id)?.name ?? id;
}

/** How every panel names the empty answer (SQuAD 2.0's "no answer"). */
export const EMPTY_ANSWER = 'no answer';

/** An answer quoted in a sentence, the empty answer named, e.g. quotedAnswer('London') === '“London”', quotedAnswer('') === 'no answer'. */
export function quotedAnswer(text: string): string {
  return text === '' ? EMPTY_ANSWER : `“${text}”`;
}


/** Signed figures come from core: the CLI, the audit files and the model card write them the same way. */
export { signed } from '../../core/text/figures.ts';

/** A drop cell's class by the figure it shows (one decimal): red only when it reads as a drop, e.g. dropClass(0.04) === 'gain' (it reads 0.0), dropClass(0.05) === 'drop'. */
export const dropClass = (x: number): 'drop' | 'gain' => (Number.isFinite(x) && Number(Math.abs(x).toFixed(1)) > 0 && x > 0 ? 'drop' : 'gain');

/** The probability of the answer a prediction gives (its n-best's first entry, the empty one when it says "no answer"), null when it has none; the answer card and the compare cards show this one. */
export const answerProb = (p: { nbest: readonly { probability: number }[] }): number | null => p.nbest[0]?.probability ?? null;
