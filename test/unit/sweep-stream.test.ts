/**
 * The streaming sweep (runSweepStream) against the plain one (runSweep) with a deterministic fake
 * model: the same cells whatever the block size, the same per-question scores through onQuestion,
 * the same found cases; a cancel keeps whole blocks; and nothing per question outlives a block (the
 * input is read block by block, no model call spans blocks, the result does not grow with the input).
 */
import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { runSweep, runSweepStream, sweepPlan, type Predictor, type QuestionScores, type SweepCell, type SweepConfig, type SweepProgress } from '../../src/core/entity/index.ts';
import type { FoundCase } from '../../src/core/results/found-case.ts';
import { char, type QaInput, type QaPrediction } from '../../src/core/types.ts';

const demo = loadDemoSet().filter((i) => i.lang === 'en');

/** A string hash, so the fake model's choice depends on the whole input. */
const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

/**
 * A fake model: one of the passage's capitalised word runs, picked by a hash of question and
 * passage, so answers are right, wrong or overlapping, and change when a name is renamed.
 */
function fakeAnswer(x: QaInput): QaPrediction {
  const runs = x.context.match(/[A-Z][a-z]+(?: [A-Z][a-z]+)*/g) ?? [''];
  const text = runs[Math.abs(hash(x.question + x.context)) % runs.length] as string;
  const start = Math.max(0, x.context.indexOf(text));
  const best = { text, start: char(start), end: char(start + text.length), startLogit: 0, endLogit: 0, score: 0, probability: 1 };
  return { id: x.id, text, best, nbest: [best], nullScoreDiff: null, windows: 1 };
}

/** A Predictor over fakeAnswer that records the size of every call. */
function fakeModel(calls: number[] = []): Predictor {
  return async (inputs, onProgress) => {
    calls.push(inputs.length);
    onProgress?.(inputs.length, inputs.length);
    return { predictions: inputs.map(fakeAnswer), cancelled: false };
  };
}

const withoutQuestions = (cells: readonly SweepCell[]) => cells.map(({ questions: _, ...c }) => c);
const caseKey = (c: FoundCase) => JSON.stringify([c.id, c.rename, c.perturbed.answer]);

const CONFIGS: { name: string; config: SweepConfig }[] = [
  { name: 'three types × three sources × 2 seeds', config: { types: ['PER', 'ORG', 'GPE'], sources: ['indist', 'db', 'randstr'], seeds: 2, origin: 'us', origins: [] } },
  { name: 'MIX, DBName, origins', config: { types: ['MIX', 'PER'], sources: ['db'], seeds: 1, origin: 'us', origins: ['us', 'fr', 'cn'] } },
  { name: 'question persons', config: { types: ['PER'], sources: ['randstr'], seeds: 2, origin: 'us', origins: [], target: 'question-person' } },
];

describe('runSweepStream gives runSweep\'s results', () => {
  for (const { name, config } of CONFIGS) {
    it.each([1, 7, 64, 10_000])(`${name}, blocks of %i questions`, async (blockSize) => {
      const plainCases: FoundCase[] = [];
      const plain = await runSweep(demo, config, fakeModel(), { onCase: (c) => plainCases.push(c) });
      const cases: FoundCase[] = [];
      const perCell: QuestionScores[][] = [];
      const progress: SweepProgress[] = [];
      const calls: number[] = [];
      const r = await runSweepStream(demo, config, fakeModel(calls), {
        blockSize,
        onCase: (c) => cases.push(c),
        onQuestion: (q, c) => (perCell[c] ??= []).push(q),
        onProgress: (p) => progress.push(p),
      });
      expect(r.cancelled).toBe(false);
      expect(r.questions).toBe(plain.questions);
      expect(r.answered).toBe(plain.originals.size);
      expect(r.cells.length).toBe(sweepPlan(config).length);
      // Exactly equal, F1 means included: the sums add in the same order.
      expect(r.cells).toEqual(withoutQuestions(plain.cells));
      // And as written (JSON): left-out reasons, unanswerable included, in the same order (issue 38.4).
      expect(JSON.stringify(r.cells)).toBe(JSON.stringify(withoutQuestions(plain.cells)));
      expect(r.cells.every((c) => !('questions' in c))).toBe(true);
      // Each question's scores, streamed, in the order runSweep keeps them.
      expect(r.cells.map((c, i) => ({ ...c, questions: perCell[i] ?? [] }))).toEqual(plain.cells);
      expect(cases.map(caseKey).sort()).toEqual(plainCases.map(caseKey).sort());
      // Progress counts the model inputs run (issue 44): it ends at exactly those, the total no longer estimated.
      const inputs = calls.reduce((a, n) => a + n, 0);
      expect(progress.at(-1)).toEqual(expect.objectContaining({ done: inputs, total: inputs }));
      expect(progress.at(-1)?.estimated).toBeUndefined();
      expect(progress.every((x, i) => x.done <= x.total && (i === 0 || x.done >= (progress[i - 1] as SweepProgress).done))).toBe(true);
    });
  }

  it('the sweep has something to compare: renamed questions, right and wrong answers, skips', async () => {
    const r = await runSweepStream(demo, CONFIGS[0]!.config, fakeModel(), { blockSize: 7 });
    const sum = (f: (c: SweepCell) => number) => r.cells.reduce((a, c) => a + f(c), 0);
    expect(sum((c) => c.n)).toBeGreaterThan(100);
    expect(sum((c) => c.categories.C2C + c.categories.W2C)).toBeGreaterThan(0);
    expect(sum((c) => c.categories.C2W)).toBeGreaterThan(0);
    expect(sum((c) => Object.values(c.skipped).reduce((a, k) => a + (k ?? 0), 0))).toBeGreaterThan(0);
    expect(r.cells.some((c) => c.pert.f1 > c.pert.em)).toBe(true);
  });

  it('a cancel keeps the blocks finished: the cells of a sweep over those questions alone', async () => {
    const config = CONFIGS[0]!.config;
    const ctrl = new AbortController();
    const r = await runSweepStream(demo, config, fakeModel(), { blockSize: 10, signal: ctrl.signal, onBlock: (n) => n >= 20 && ctrl.abort() });
    expect(r.cancelled).toBe(true);
    expect(r.questions).toBe(20);
    const first = demo.filter((i) => !i.isImpossible).slice(0, 20);
    // The pool is the whole input's, as it was in the streamed run.
    const alone = await runSweep(first, config, fakeModel(), { pool: (await import('../../src/core/entity/rename.ts')).buildNamePool(demo) });
    // Each cell is that sweep's, marked partial: the stop cut it short, so its row is never complete.
    expect(r.cells).toEqual(withoutQuestions(alone.cells).map((c) => ({ ...c, partial: true })));
  });
});

/** `copies` renamed copies of the demo set, generated lazily, counting the instances handed out. */
function lazyInput(copies: number): { items: Iterable<Instance>; read: () => number; size: number } {
  let read = 0;
  const answerable = demo.filter((i) => !i.isImpossible);
  return {
    size: answerable.length * copies,
    read: () => read,
    items: {
      *[Symbol.iterator]() {
        for (let k = 0; k < copies; k++) {
          for (const inst of answerable) {
            read++;
            yield { ...inst, id: `${inst.id}~${k}` };
          }
        }
      },
    },
  };
}

/** How many values a structure holds, walking objects, arrays, Maps and Sets (a string or number is one). */
function valuesIn(x: unknown): number {
  if (x === null || typeof x !== 'object') return 1;
  if (ArrayBuffer.isView(x)) return 1 + (x as Uint8Array).length;
  const parts: unknown[] = x instanceof Map ? [...x.entries()].flat() : x instanceof Set ? [...x] : Array.isArray(x) ? x : Object.values(x);
  return parts.reduce<number>((a, v) => a + valuesIn(v), 1);
}

describe('runSweepStream keeps nothing per question', () => {
  const config: SweepConfig = { types: ['PER', 'GPE'], sources: ['db'], seeds: 1, origin: 'us', origins: [] };

  it('reads the input block by block, and no model call spans more than one block', async () => {
    const input = lazyInput(3);
    const calls: number[] = [];
    const model = fakeModel(calls);
    const readAtCall: number[] = [];
    const blockSize = 16;
    let blocksDone = 0;
    const r = await runSweepStream(input.items, config, (inputs, p) => {
      readAtCall.push(input.read() - blocksDone * blockSize);
      return model(inputs, p);
    }, { blockSize, questions: input.size, onBlock: () => blocksDone++ });
    expect(r.questions).toBe(input.size);
    // A plain sweep reads everything before its first model call; this one only the current block.
    expect(Math.max(...readAtCall)).toBeLessThanOrEqual(blockSize);
    expect(Math.max(...calls)).toBeLessThanOrEqual(blockSize);
    expect(blocksDone).toBe(Math.ceil(input.size / blockSize));
  });

  it('returns a result of the same size for 1× and 4× the questions (no per-question map or list in it)', async () => {
    const sizeOf = async (copies: number) => {
      const input = lazyInput(copies);
      const r = await runSweepStream(input.items, config, fakeModel(), { questions: input.size, blockSize: 32 });
      expect(r.questions).toBe(input.size);
      return valuesIn(r);
    };
    expect(await sizeOf(4)).toBe(await sizeOf(1));
  });
});
