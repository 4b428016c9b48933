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

/** A signed figure as every panel writes it: '+' for a rise, the ASCII minus the CLI's and the charts' numbers use, e.g. signed(-3.21) === '-3.2', signed(0) === '0.0'. */
export function signed(x: number, digits = 1): string {
  if (!Number.isFinite(x)) return '–';
  const s = Math.abs(x).toFixed(digits);
  // A figure that rounds to zero has no sign.
  return Number(s) === 0 ? s : `${x > 0 ? '+' : '-'}${s}`;
}
