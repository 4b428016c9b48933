/**
 * The built-in demo set: the counts the issue asks for, every answer at its offset (passage,
 * revision and trap), and the shipped lexical model's EM/F1 on it (real ONNX Runtime, no mocks).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import raw from '../../src/core/data/demo-set.json' with { type: 'json' };
import { DEMO_TAGS, loadDemoSet, validateDemoSet } from '../../src/core/data/demo.ts';
import type { GoldAnswer, Instance } from '../../src/core/data/types.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { evaluateV2, evaluateZh, type SquadDataset } from '../../src/core/metrics/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const all = loadDemoSet();
const en = all.filter((i) => i.lang === 'en');
const zh = all.filter((i) => i.lang === 'zh');
const tagged = (list: Instance[], tag: string) => list.filter((i) => i.tags.includes(tag));

function expectAt(id: string, where: string, context: string, answers: readonly GoldAnswer[]): void {
  for (const a of answers) {
    expect(context.slice(a.start, a.start + a.text.length), `${id} ${where}: "${a.text}" at ${a.start}`).toBe(a.text);
  }
}

/** One article, one paragraph per instance: what evaluateV2 / evaluateZh read. */
function toSquad(list: Instance[]): SquadDataset {
  return {
    version: 'v2.0',
    data: [
      {
        title: 'demo',
        paragraphs: list.map((i) => ({
          context: i.context,
          qas: [{ id: i.id, question: i.question, answers: i.answers.map((a) => ({ text: a.text, answer_start: a.start })), is_impossible: i.isImpossible }],
        })),
      },
    ],
  };
}

describe('demo set contents', () => {
  it('has the counts the issue asks for', () => {
    const counts = Object.fromEntries(DEMO_TAGS.map((t) => [t, tagged(all, t).length]));
    console.log('demo set:', all.length, 'instances,', en.length, 'English,', zh.length, 'Chinese; per tag', counts);
    expect(en.length).toBeGreaterThanOrEqual(60);
    for (const t of ['PER', 'ORG', 'GPE'] as const) {
      const list = tagged(en, t);
      expect(list.length, t).toBeGreaterThanOrEqual(12);
      for (const i of list) expect(i.answerType, i.id).toBe(t);
    }
    const una = tagged(en, 'unanswerable');
    expect(una.length).toBeGreaterThanOrEqual(8);
    for (const i of una) {
      expect(i.isImpossible, i.id).toBe(true);
      expect(i.answers, i.id).toEqual([]);
    }
    for (const i of all.filter((x) => x.isImpossible)) expect(i.tags, i.id).toContain('unanswerable');
    for (const i of all.filter((x) => !x.isImpossible)) {
      expect(i.answers.length, i.id).toBeGreaterThan(0);
      expect(['PER', 'ORG', 'GPE', 'other'], i.id).toContain(i.answerType);
      expect(i.tags, i.id).toContain(i.answerType);
    }
    expect(tagged(all, 'revision').length).toBeGreaterThanOrEqual(10);
    expect(tagged(all, 'paraphrase').length).toBeGreaterThanOrEqual(10);
    expect(tagged(all, 'trap').length).toBeGreaterThanOrEqual(10);
    expect(zh.length).toBeGreaterThanOrEqual(10);
    // Chinese: ≥ 10 each with paraphrases (two each), with a trap variant, and plain.
    const zhPara = tagged(zh, 'paraphrase');
    const zhTrap = tagged(zh, 'trap');
    const zhPlain = zh.filter((i) => !i.paraphrases && !i.trap && !i.revision);
    console.log('Chinese:', zhPara.length, 'with paraphrases,', zhTrap.length, 'with a trap,', zhPlain.length, 'plain');
    expect(zhPara.length).toBeGreaterThanOrEqual(10);
    for (const i of zhPara) expect(i.paraphrases, i.id).toHaveLength(2);
    expect(zhTrap.length).toBeGreaterThanOrEqual(10);
    expect(zhPlain.length).toBeGreaterThanOrEqual(10);
    // Each phenomenon tag matches the field that carries it.
    for (const i of all) {
      expect(i.tags.includes('revision'), i.id).toBe(i.revision !== undefined);
      expect(i.tags.includes('paraphrase'), i.id).toBe(i.paraphrases !== undefined);
      expect(i.tags.includes('trap'), i.id).toBe(i.trap !== undefined);
      expect(i.tags.includes('zh'), i.id).toBe(i.lang === 'zh');
    }
  });

  it('uses unique, readable ids and the demo dataset name', () => {
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    for (const i of all) {
      expect(i.id).toMatch(/^demo-(per|org|gpe|oth|una|zh)-\d\d$/);
      expect(i.dataset).toBe('demo');
      for (const t of i.tags) expect(DEMO_TAGS as readonly string[]).toContain(t);
    }
  });

  it('has every answer at its offset in the passage, the revision and the trap passage', () => {
    for (const i of all) {
      expectAt(i.id, 'context', i.context, i.answers);
      if (i.revision) expectAt(i.id, 'revision', i.revision.context, i.revision.answers);
      if (i.trap) expectAt(i.id, 'trap', i.trap.context, i.trap.answers);
    }
  });

  it('keeps every answer through a revision, with a known edit intent and a changed passage', () => {
    const intents = new Set(['copy-editing', 'clarification', 'elaboration', 'fact-update', 'refactoring', 'simplification']);
    for (const i of tagged(all, 'revision')) {
      const r = i.revision!;
      expect(r.context, i.id).not.toBe(i.context);
      expect(intents.has(r.intent ?? ''), `${i.id} intent ${r.intent}`).toBe(true);
      expect(r.answers.map((a) => a.text), i.id).toEqual(i.answers.map((a) => a.text));
    }
  });

  it('has 2-3 distinct paraphrases per paraphrase instance', () => {
    for (const i of tagged(all, 'paraphrase')) {
      const p = i.paraphrases!;
      expect(p.length, i.id).toBeGreaterThanOrEqual(2);
      expect(p.length, i.id).toBeLessThanOrEqual(3);
      expect(new Set([i.question, ...p]).size, i.id).toBe(p.length + 1);
    }
  });

  it('puts each trap sentence inside its passage, apart from the answers, and keeps the original text', () => {
    for (const i of tagged(all, 'trap')) {
      const t = i.trap!;
      expect(t.trap.start, i.id).toBeGreaterThanOrEqual(0);
      expect(t.trap.end, i.id).toBeGreaterThan(t.trap.start);
      expect(t.trap.end, i.id).toBeLessThanOrEqual(t.context.length);
      expect(t.answers.map((a) => a.text), i.id).toEqual(i.answers.map((a) => a.text));
      for (const a of t.answers) expect(a.start + a.text.length <= t.trap.start || a.start >= t.trap.end, `${i.id} answer inside trap`).toBe(true);
      // Removing the trap sentence (and one separating space) gives back the original passage.
      const before = t.context.slice(0, t.trap.start);
      const after = t.context.slice(t.trap.end);
      const restored = t.trap.start === 0 ? after.replace(/^ /, '') : before.replace(/ $/, '') + after;
      expect(restored, i.id).toBe(i.context);
    }
  });

  it('rejects an answer that is not at its offset, naming the instance', () => {
    const broken = structuredClone(raw) as { version: number; instances: Instance[] };
    const first = broken.instances[0]!;
    first.answers[0]!.start += 1;
    expect(() => validateDemoSet(broken)).toThrow(new RegExp(first.id));
    const trapped = structuredClone(raw) as { version: number; instances: Instance[] };
    const withTrap = trapped.instances.find((i) => i.trap)!;
    withTrap.trap!.answers[0]!.start = 0;
    expect(() => validateDemoSet(trapped)).toThrow(new RegExp(`${withTrap.id}.*trap`));
  });
});

describe('shipped lexical model on the demo set', () => {
  it('answers a realistic share of the English questions and is scored on the Chinese ones', async () => {
    configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
    const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
    try {
      const eng = new QaEngine(m.tokenizer, m.runner);
      const run = async (list: Instance[], versionTwo: boolean) => {
        const r = await eng.predict(list.map((i) => ({ id: i.id, question: i.question, context: i.context })), {}, { versionTwo });
        return Object.fromEntries(r.predictions.map((p) => [p.id, p.text]));
      };

      const enPreds = await run(en, true);
      const { result } = evaluateV2(toSquad(en), enPreds);
      const fmt = (x: number | undefined) => (x ?? NaN).toFixed(1);
      console.log(
        `English (n=${result.total}): EM ${fmt(result.exact)} F1 ${fmt(result.f1)} | ` +
          `answerable (n=${result.HasAns_total}): EM ${fmt(result.HasAns_exact)} F1 ${fmt(result.HasAns_f1)} | ` +
          `unanswerable (n=${result.NoAns_total}): EM ${fmt(result.NoAns_exact)} F1 ${fmt(result.NoAns_f1)}`,
      );
      const misses = en.filter((i) => !(i.isImpossible ? enPreds[i.id] === '' : i.answers.some((a) => a.text === enPreds[i.id])));
      console.log(`English misses (${misses.length}):\n${misses.map((i) => `  ${i.id}: "${enPreds[i.id]}" (gold ${i.isImpossible ? '<no answer>' : `"${i.answers[0]!.text}"`})`).join('\n')}`);
      expect(result.total).toBe(en.length);
      expect(result.exact).toBeGreaterThanOrEqual(40);

      // DuReader-robust questions always have an answer, so no null answer is allowed.
      const zhPreds = await run(zh, false);
      const z = evaluateZh(toSquad(zh), zhPreds);
      console.log(`Chinese (n=${z.result.TOTAL}): EM ${z.result.EM} F1 ${z.result.F1} (character level, DuReader-robust script)`);
      console.log(zh.map((i) => `  ${i.id}: "${zhPreds[i.id]}" (gold "${i.answers[0]!.text}")`).join('\n'));
      expect(z.result.TOTAL).toBe(zh.length);
      expect(z.result.SKIP).toBe(0);
    } finally {
      await m.dispose();
    }
  });
});
