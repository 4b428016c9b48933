/**
 * npx tsx scripts/noise-stats.ts: per noise kind, the median number of words changed per passage on the demo
 * set (seed 1, rate 0.3 unless given), counted as the passage's words that an edit
 * overlaps (not the augmenter's own count; a swap counts both words).
 *
 *   npx tsx scripts/noise-stats.ts [--rate R] [--seed S] [--kind K]
 */
import { parseArgs } from 'node:util';
import { loadDemoSet } from '../src/core/data/demo.ts';
import { wordTokens } from '../src/core/text/diff.ts';
import type { Edit } from '../src/core/entity/substitute.ts';
import { addNoise, NOISE_KINDS, type NoiseKind } from '../src/core/natural/noise.ts';

const { values } = parseArgs({ options: { rate: { type: 'string', default: '0.3' }, seed: { type: 'string', default: '1' }, kind: { type: 'string' } } });
const rate = Number(values.rate);
const seed = Number(values.seed);
const kinds = values.kind ? [values.kind as NoiseKind] : NOISE_KINDS;

/** Words of the original passage inside an edit (a swap counts both words), plus each insertion. */
function changedWords(context: string, edits: readonly Edit[]): number {
  const words = wordTokens(context).reduce<{ start: number; end: number; word: boolean }[]>((out, t) => {
    const start = out.length ? (out[out.length - 1] as { end: number }).end : 0;
    return [...out, { start, end: start + t.length, word: /[\p{L}\p{N}]/u.test(t) }];
  }, []);
  const touched = words.filter((w) => w.word && edits.some((e) => e.start < w.end && w.start < e.end)).length;
  return touched + edits.filter((e) => e.start === e.end).length;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const passages = loadDemoSet().filter((i) => i.lang === 'en');
console.log(`demo set: ${passages.length} English questions, rate ${rate}, seed ${seed}`);
console.log('kind\tkept\tmedian words touched\tmax\tmedian reported');
for (const kind of kinds) {
  const diffCounts: number[] = [];
  const reported: number[] = [];
  for (const inst of passages) {
    const r = addNoise(inst, { kind, rate, seed });
    if (!r) continue;
    diffCounts.push(changedWords(inst.context, r.edits));
    reported.push(r.changed);
  }
  console.log(`${kind}\t${diffCounts.length}\t${median(diffCounts)}\t${Math.max(...diffCounts)}\t${median(reported)}`);
}
