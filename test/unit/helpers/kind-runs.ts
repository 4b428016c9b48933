/**
 * Each kind the inference worker runs, as its job code builds the done event from a predictor (the
 * worker's bodies: src/worker/qa.worker.ts, trap-jobs.ts), on the demo set with a model stand-in
 * that answers a question's first gold answer (or nothing): for checkpoint and worker-death tests.
 */
import { loadDemoSet } from '../../../src/core/data/demo.ts';
import type { Instance } from '../../../src/core/data/types.ts';
import { DEFAULT_BUDGET, DEFAULT_SWEEP } from '../../../src/core/entity/options.ts';
import { runBudget, runSweep } from '../../../src/core/entity/experiment.ts';
import { runUniversal } from '../../../src/core/entity/universal.ts';
import { DEFAULT_UNIVERSAL } from '../../../src/core/entity/universal-options.ts';
import type { Predictor } from '../../../src/core/entity/tally.ts';
import { populationOf } from '../../../src/core/experiments/scope.ts';
import { noisyPairs } from '../../../src/core/natural/noise-passage.ts';
import { runPairs } from '../../../src/core/natural/pairs.ts';
import { runParaphrases } from '../../../src/core/sensitivity/dpr.ts';
import { paraphraseItems } from '../../../src/core/sensitivity/paraphrase.ts';
import { answerTraps, prepareTraps, runAdversarial } from '../../../src/core/trap/experiment.ts';
import { DEFAULT_TRAP } from '../../../src/core/trap/summary.ts';
import type { AnswerSpan, QaInput, QaPrediction } from '../../../src/core/types.ts';
import type { ExperimentDoneEvent } from '../../../src/worker/protocol.ts';

/** The demo set, and one adversarial variant of its first answerable question (the demo set has none). */
export function demoInstances(): Instance[] {
  const all = loadDemoSet();
  const first = all.find((i) => !i.isImpossible && i.answers.length > 0) as Instance;
  const extra = ' Bob moved to Rome.';
  const variant: Instance = { ...first, id: `${first.id}-turk0`, dataset: 'adv', context: first.context + extra, adversarial: { originalId: first.id, originalContext: first.context, inserted: { start: first.context.length + 1, end: first.context.length + extra.length } } } as Instance;
  return [...all, { ...first, dataset: 'adv' }, variant];
}

/** A stand-in model: the first gold answer found in the passage, else no answer. */
export function standIn(gold: ReadonlyMap<string, string>): (i: QaInput) => QaPrediction {
  const ids = [...gold.keys()].sort((a, b) => b.length - a.length);
  return (i) => {
    const id = ids.find((g) => i.id.startsWith(g));
    const text = id === undefined ? '' : (gold.get(id) ?? '');
    const start = text ? i.context.indexOf(text) : -1;
    const best = start >= 0 ? ({ text, start, end: start + text.length, startLogit: 1, endLogit: 1, score: 2, probability: 1 } as AnswerSpan) : null;
    return { id: i.id, text: best ? text : '', best, nbest: best ? [best] : [], nullScoreDiff: null, windows: 1 };
  };
}

/** Each kind's job code, by the kind id of the registry it runs. */
export function kindBodies(instances: readonly Instance[]): Record<string, (p: Predictor) => Promise<ExperimentDoneEvent>> {
  const jobId = 1;
  const demo = instances.filter((i) => i.dataset !== 'adv');
  return {
    sweep: async (p) => {
      const r = await runSweep(demo, { ...DEFAULT_SWEEP, seeds: 1, sources: ['db'], types: ['PER'] }, p);
      return { type: 'sweep-done', jobId, cancelled: r.cancelled, n: r.questions, cases: [] };
    },
    budget: async (p) => ({ type: 'budget-done', jobId, result: await runBudget(demo, { ...DEFAULT_BUDGET, budget: 2 }, p), cases: [] }),
    universal: async (p) => ({ type: 'universal-done', jobId, result: await runUniversal(demo, { ...DEFAULT_UNIVERSAL, candidates: 4, iterations: 2, sample: 2 }, p), cases: [] }),
    natural: async (p) => {
      const r = await runPairs(populationOf('natural', demo), p, undefined, { rule: 'script' });
      return { type: 'pairs-done', jobId, rows: r.rows, cancelled: r.cancelled, dropped: 0, answerMissing: r.dropped.answerMissing };
    },
    synthetic: async (p) => {
      const set = noisyPairs(populationOf('synthetic', demo), { kind: 'keyboard', rate: 0.3, seed: 1 }, demo);
      const r = await runPairs(set.instances, p, undefined, { rule: 'script' });
      return { type: 'pairs-done', jobId, rows: r.rows, cancelled: r.cancelled, dropped: set.dropped, answerMissing: r.dropped.answerMissing };
    },
    paraphrase: async (p) => {
      const r = await runParaphrases(paraphraseItems(populationOf('paraphrase', demo), { dataset: true, kinds: ['reorder', 'synonym'], seed: 1 }).items, p);
      return { type: 'paraphrases-done', jobId, rows: r.rows, cancelled: r.cancelled };
    },
    traps: async (p) => {
      const { items, skipped } = prepareTraps(demo, DEFAULT_TRAP);
      const r = await answerTraps(items, p);
      return { type: 'traps-done', jobId, rows: r.rows, skipped, cancelled: r.cancelled };
    },
    adversarial: async (p) => ({ type: 'adversarial-done', jobId, run: await runAdversarial(instances.filter((i) => i.dataset === 'adv'), p) }),
  };
}

/** The gold answers by question id, for the stand-in model. */
export const goldOf = (instances: readonly Instance[]) => new Map(instances.filter((i) => i.answers[0]).map((i) => [i.id, i.answers[0]?.text ?? '']));

/** The model stand-in `answer` cancelled once `k` predictions are made, as enginePredictor reports a Cancel. */
export function cancelledAfter(answer: (i: QaInput) => QaPrediction, k: number): Predictor {
  let n = 0;
  return async (inputs) => {
    const out: QaPrediction[] = [];
    for (const i of inputs) {
      if (n >= k) return { predictions: out, cancelled: true };
      out.push(answer(i));
      n++;
    }
    return { predictions: out, cancelled: false };
  };
}
