/**
 * npm run bench:explain: occlusion over a 150-word passage (each sentence, then each word) and a
 * 64-question attack (the smallest breaking edit, budget 20 calls, all families) on the shipped
 * model; prints windows run vs reused from the engine's cache and the time. Occlusion runs at the
 * default window (384 tokens: one window per input) and at 128 tokens, where a removed unit leaves
 * the windows that do not hold it as they were. Nothing is asserted.
 */
import { join } from 'node:path';
import { loadDemoSet } from '../src/core/data/demo.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../src/core/index.ts';
import { DEFAULT_WINDOWS } from '../src/core/qa/windows.ts';
import { DEFAULT_SEARCH, explainPredictor, occlude, occlusionUnits, runAttack, withoutUnits, wordUnits, type WindowStats } from '../src/core/explain/index.ts';

configureRuntime({ localModelPath: `${join(import.meta.dirname, '..', 'public', 'models')}/` });
const model = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
const demo = loadDemoSet().filter((i) => !i.isImpossible && i.answers.length > 0);
const first = demo.find((i) => i.lang === 'en')!;

// 150 words: the first question's passage, then other English passages' sentences, cut at 150 words.
const words: string[] = [];
for (const p of [first.context, ...new Set(demo.filter((i) => i.lang === 'en').map((i) => i.context))]) words.push(...p.split(/\s+/).filter(Boolean));
const context = words.slice(0, 150).join(' ').replace(/[^.!?]$/, '$&.');
const input = { id: 'bench', question: first.question, context };

const line = (what: string, s: WindowStats, ms: number, inputs: number) =>
  console.log(`${what.padEnd(44)} ${String(inputs).padStart(5)} inputs  ${String(s.windows).padStart(6)} windows: ${String(s.computed).padStart(6)} run, ${String(s.cached).padStart(6)} reused (${((100 * s.cached) / Math.max(1, s.windows)).toFixed(0)}%)  ${(ms / 1000).toFixed(2)} s`);

console.log(`passage: ${wordUnits(context).length} words, ${occlusionUnits(input, 'context', 'sentence').length} sentences; question: ${input.question}`);
for (const maxLength of [DEFAULT_WINDOWS.maxLength, 128]) {
  const engine = new QaEngine(model.tokenizer, model.runner, { windows: { ...DEFAULT_WINDOWS, maxLength, docStride: Math.min(DEFAULT_WINDOWS.docStride, maxLength / 4) } });
  const predict = explainPredictor(engine, { versionTwo: false });
  for (const kind of ['sentence', 'word'] as const) {
    const units = occlusionUnits(input, 'context', kind);
    const t0 = performance.now();
    const occ = await occlude(input, units, 'context', kind, predict);
    line(`occlusion, ${kind}s, windows of ${maxLength} tokens`, occ.stats, performance.now() - t0, occ.calls);
  }
}

// Encoding the occlusion's inputs (the passage without each sentence), as a first Explain does: each text
// tokenized whole vs encoded from the passage's tokens (src/core/qa/splice.ts), interleaved, process CPU.
{
  const units = occlusionUnits(input, 'context', 'sentence');
  const inputs = units.map((u) => withoutUnits(input, 'context', [u], `w${u.index}`));
  const cpu: Record<'whole' | 'spliced', number[]> = { whole: [], spliced: [] };
  for (let round = 0; round < 20; round++) {
    for (const side of ['whole', 'spliced'] as const) {
      const e = new QaEngine({ ...model.tokenizer, cutsAtWhitespace: side === 'spliced' && model.tokenizer.cutsAtWhitespace }, model.runner);
      e.windowsFor(input);
      const c0 = process.cpuUsage();
      for (const i of inputs) e.windowsFor(i);
      const c = process.cpuUsage(c0);
      cpu[side].push((c.user + c.system) / 1000);
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  console.log(`encoding the ${inputs.length} passages without one sentence (median of 20 interleaved, process CPU): whole ${med(cpu.whole).toFixed(1)} ms, spliced ${med(cpu.spliced).toFixed(1)} ms → ${(med(cpu.whole) / Math.max(0.01, med(cpu.spliced))).toFixed(1)}× less`);
}

const questions = demo.slice(0, 64);
const engine = new QaEngine(model.tokenizer, model.runner);
const t0 = performance.now();
const r = await runAttack(questions, explainPredictor(engine, { versionTwo: false }), { ...DEFAULT_SEARCH, budget: 20 });
const calls = r.rows.reduce((a, x) => a + x.calls, 0);
line(`attack, ${questions.length} questions, budget 20, 4 families + all`, r.stats, performance.now() - t0, calls);
for (const x of r.rows) console.log(`  ${x.label.padEnd(24)} broken ${x.broken}/${x.applicable} applicable (${(100 * x.shareOfApplicable).toFixed(1)}%; ${(100 * x.shareOfCorrect).toFixed(1)}% of ${x.correct} correct), ${Number.isFinite(x.callsPerBreak) ? x.callsPerBreak.toFixed(1) : '–'} calls per break`);
await model.dispose();
