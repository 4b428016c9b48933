/**
 * The benchmark workload shared by `npm run bench` (Node) and /bench.html (browser): demo-set
 * questions about PER/ORG/GPE answers whose passages are padded with sentences of other demo
 * passages to SQuAD-like lengths, each with a natural edit (one filler sentence reworded) for the
 * natural-pairs run. Pure and seeded, so both sides answer the same questions.
 */
import { loadDemoSet } from '../data/demo.ts';
import type { Instance } from '../data/types.ts';
import { rng } from '../text/random.ts';

/** Workload size and shape; defaults follow issue 12 (50 instances × 3 sources × 5 seeds × 3 types). */
export interface WorkloadOptions {
  instances: number;
  seed: number;
  /** Median passage length in words and the log-normal spread; lengths are clipped to [minWords, maxWords]. */
  medianWords: number;
  sigma: number;
  minWords: number;
  maxWords: number;
}

// SQuAD v1.1 passages: median ≈ 110 words (≈ 140 tokens), a long tail past 500 words (≈ 700 tokens).
export const DEFAULT_WORKLOAD: WorkloadOptions = { instances: 50, seed: 12, medianWords: 110, sigma: 0.55, minWords: 45, maxWords: 520 };

/** The entity sweep the benchmark runs over the workload. */
export const BENCH_SWEEP = { types: ['PER', 'ORG', 'GPE'], sources: ['indist', 'db', 'randstr'], seeds: 5, origin: 'us', origins: [] } as const;

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** A standard normal draw (Box–Muller) from a uniform source. */
function gauss(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

/** Sentences of a passage, e.g. sentences('A b. C d.') → ['A b.', 'C d.']. */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter((s) => s.length > 0);
}

/**
 * Builds the workload: instance k is demo question k mod n (English, answer typed PER/ORG/GPE)
 * with filler sentences before and after its passage up to a sampled length, and a revision
 * whose first filler sentence gains a word (the answer's sentence untouched).
 */
export function benchWorkload(opts: Partial<WorkloadOptions> = {}): Instance[] {
  return [...benchInstances(opts)];
}

/** benchWorkload's instances one at a time, for inputs too big to hold (the memory benchmark). */
export function* benchInstances(opts: Partial<WorkloadOptions> = {}): Generator<Instance> {
  const o = { ...DEFAULT_WORKLOAD, ...opts };
  const demo = loadDemoSet().filter((i) => i.lang === 'en');
  const base = demo.filter((i) => !i.isImpossible && (i.answerType === 'PER' || i.answerType === 'ORG' || i.answerType === 'GPE'));
  const r = rng(o.seed);
  for (let k = 0; k < o.instances; k++) {
    const inst = base[k % base.length] as Instance;
    const others = demo.filter((d) => d.context !== inst.context).flatMap((d) => sentences(d.context));
    const target = Math.round(Math.min(o.maxWords, Math.max(o.minWords, o.medianWords * Math.exp(o.sigma * gauss(r)))));
    const before: string[] = [];
    const after: string[] = [];
    let n = words(inst.context);
    while (n < target) {
      const s = others[Math.floor(r() * others.length)] as string;
      (r() < 0.5 ? before : after).push(s);
      n += words(s);
    }
    const head = before.length ? `${before.join(' ')} ` : '';
    const tail = after.length ? ` ${after.join(' ')}` : '';
    const context = head + inst.context + tail;
    const answers = inst.answers.map((a) => ({ text: a.text, start: a.start + head.length }));
    // The natural edit, away from the answer: a copy-edit of the last filler sentence (windows
    // before it keep their ids, as with most Wikipedia edits), else of the first.
    const atEnd = after.length > 0 || before.length === 0;
    const edited = atEnd ? `${context.replace(/[.!?]?$/, ', indeed.')}` : `${(before[0] as string).replace(/[.!?]?$/, ', indeed.')}${context.slice((before[0] as string).length)}`;
    const shift = atEnd ? 0 : edited.length - context.length;
    const revision = { context: edited, answers: answers.map((a) => ({ text: a.text, start: a.start + shift })), intent: 'copy-editing' };
    yield { ...inst, id: `bench-${k}-${inst.id}`, dataset: 'bench', context, answers, revision, paraphrases: undefined, trap: undefined };
  }
}
