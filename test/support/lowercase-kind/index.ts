/** A toy experiment kind, the worked example of docs/architecture.md: every question lowercased. */
import * as v from 'valibot';
import { scorePrediction, type Score } from '../../../src/core/data/score.ts';
import { averageScore } from '../../../src/core/entity/stats.ts';
import { defineKind } from '../../../src/core/experiments/kind.ts';
import { headlineRow } from '../../../src/core/experiments/outcome.ts';
import type { ResultTable } from '../../../src/core/results/table.ts';

/** The audit config entry: {"kind": "lowercase"} (no settings besides the kind). */
const Lowercase = v.strictObject({ kind: v.literal('lowercase') });
type LowercaseExperiment = v.InferOutput<typeof Lowercase>;
/** What a saved run keeps: the mean scores before and after. */
interface LowercasePayload {
  n: number;
  original: Score;
  lowercased: Score;
}

/** The summary table of a run. */
const table = (p: LowercasePayload): ResultTable => ({ title: 'Lowercased questions', columns: ['measure', 'original', 'lowercased'], rows: [['EM', p.original.em, p.lowercased.em], ['F1', p.original.f1, p.lowercased.f1]], key: ['measure'], headline: ['original', 'lowercased'] });

export const lowercase = defineKind<LowercaseExperiment, LowercaseExperiment, LowercasePayload>({
  id: 'lowercase',
  label: 'Lowercased questions',
  family: 'Over-sensitivity',
  scope: 'paraphrase', // the answerable questions, as the paraphrases
  wholeSelection: true,
  settings: Lowercase,
  table,
  headline: (p) => ({ n: p.n, original: p.original, perturbed: p.lowercased }),
  slices: null,
  charts: { rowsPerUnit: false, categories: false },
  partialRows: null,
  command: (c) => ({ command: null, note: `No qarx command lowercases questions yet; ${c.dataNote}.` }),
  audit: {
    variants: (e) => [{ experiment: e, seed: null }],
    label: () => 'lowercase',
    // A real kind keeps its run in unit.ts and imports it here: `load: () => import('./unit.ts')`.
    load: async () => ({
      async run(_exp, { instances, predict, onProgress }) {
        const qs = instances.filter((q) => !q.isImpossible);
        const ask = async (lower: boolean) => (await predict(qs.map((q) => ({ id: q.id, question: lower ? q.question.toLowerCase() : q.question, context: q.context })), onProgress)).predictions;
        const [before, after] = [await ask(false), await ask(true)];
        const score = (ps: typeof before) => averageScore(ps.map((p, i) => scorePrediction(p.text, qs[i]!)));
        const payload: LowercasePayload = { n: qs.length, original: score(before), lowercased: score(after) };
        return { kind: 'lowercase', settings: {}, n: qs.length, payload, table: table(payload), headline: [headlineRow('lowercased', qs.length, payload.original, payload.lowercased)], notes: [], partial: false };
      },
    }),
  },
  cases: null,
});
