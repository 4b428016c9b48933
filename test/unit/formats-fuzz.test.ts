/**
 * Property tests over every importer: arbitrary bytes, strings and JSON never throw anything
 * but InputError, and whatever is returned keeps the invariants the views rely on.
 */
import fc from 'fast-check';
import { gzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DatasetFormat, ImportResult, Instance } from '../../src/core/data/types.ts';
import { pairKind } from '../../src/core/formats/pair-kind.ts';
import { importFile, importPairs, importSquad, InputError, instancesToSquad, summarizeIssues, type ImportOutcome } from '../../src/core/formats/index.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const FORMATS: (DatasetFormat | undefined)[] = [undefined, 'squad', 'dureader', 'squad-flat', 'mrqa', 'pairs-csv'];
const NAMES: Record<string, string> = { squad: 'f.json', dureader: 'f.json', 'squad-flat': 'f.jsonl', mrqa: 'f.jsonl.gz', 'pairs-csv': 'f.csv', auto: 'upload' };
const RUNS = { numRuns: 150 };

/** Everything a returned result must satisfy, whatever the input. */
function checkResult(r: ImportResult): void {
  const ids = new Set<string>();
  for (const i of r.instances) {
    expect(ids.has(i.id), `duplicate id ${i.id}`).toBe(false);
    ids.add(i.id);
    expect(i.context.trim()).not.toBe('');
    expect(i.question.trim()).not.toBe('');
    for (const a of i.answers) {
      expect(a.text).not.toBe('');
      expect(i.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
    }
    for (const a of i.revision?.answers ?? []) expect(i.revision?.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
    if (!i.isImpossible) expect(i.answers.length).toBeGreaterThan(0);
    expect(i.tags.includes('unanswerable')).toBe(i.isImpossible);
    // A pair's tag names its kind (issue 38): an edited passage 'revision', a reworded question on the same passage 'paraphrase'.
    expect(i.tags.includes('revision')).toBe(pairKind(i) === 'revision');
    expect(i.tags.includes('paraphrase')).toBe(pairKind(i) === 'paraphrase');
    expect(i.tags.includes('zh')).toBe(i.lang === 'zh');
    expect(i.answerType).toBeUndefined();
  }
  for (const issue of r.issues) {
    expect(issue.path.length).toBeGreaterThan(0);
    expect(issue.message.length).toBeGreaterThan(0);
    expect(issue.kind).toBeDefined();
    expect(typeof issue.skipped).toBe('boolean');
  }
  expect(typeof summarizeIssues(r.issues)).toBe('string');
}

/** Imports, accepting only InputError as a failure; returns null then. */
async function tryImport(bytes: Uint8Array, format: DatasetFormat | undefined): Promise<ImportOutcome | null> {
  try {
    const r = await importFile(NAMES[format ?? 'auto'] ?? 'upload', bytes, { dataset: 'fuzz', ...(format ? { format } : {}) });
    expect(r.cancelled).toBe(false);
    checkResult(r);
    return r;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    expect(e.message.length).toBeGreaterThan(0);
    return null;
  }
}

describe.each(FORMATS.map((format) => ({ format, label: format ?? 'auto-detect' })))('$label never throws anything but InputError', ({ format }) => {
  it('arbitrary bytes', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 600 }), async (b) => void (await tryImport(b, format))), RUNS);
  });
  it('arbitrary strings', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 400 }), async (s) => void (await tryImport(enc(s), format))), RUNS);
  });
  it('arbitrary JSON documents and JSON Lines', async () => {
    const doc = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v));
    const lines = fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 6 }).map((vs) => vs.map((v) => JSON.stringify(v)).join('\n'));
    await fc.assert(fc.asyncProperty(fc.oneof(doc, lines), async (s) => void (await tryImport(enc(s), format))), RUNS);
  });
  it('gzip of arbitrary text, and damaged gzip', async () => {
    const damaged = fc.tuple(fc.string({ maxLength: 300 }), fc.nat(), fc.integer({ min: 1, max: 255 })).map(([s, at, x]) => {
      const b = gzipSync(enc(s)).slice();
      const i = at % b.length;
      b[i] = ((b[i] as number) ^ x) & 0xff;
      return b;
    });
    const cut = fc.tuple(fc.string({ maxLength: 300 }), fc.nat()).map(([s, n]) => {
      const b = gzipSync(enc(s));
      return b.subarray(0, n % (b.length + 1));
    });
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string({ maxLength: 300 }).map((s) => gzipSync(enc(s))), damaged, cut), async (b) => void (await tryImport(b, format))), RUNS);
  });
});

// ---------------------------------------------------------------- near-valid inputs
// Small alphabets make answers likely to occur in passages (and sometimes at the wrong place).
const ctxArb = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '中', '文', '\n'), maxLength: 40 });
const textArb = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '中'), maxLength: 4 });
const idArb = fc.oneof(fc.constantFrom('q1', 'q2', 'q3', 'q4'), fc.integer({ min: 0, max: 5 }));
const startArb = fc.integer({ min: -2, max: 45 });
const questionArb = fc.oneof(fc.constantFrom('What?', 'Who?', ''), fc.string({ maxLength: 5 }));

const qaArb = fc.record({ id: idArb, question: questionArb, answers: fc.array(fc.record({ text: textArb, answer_start: startArb }), { maxLength: 3 }), is_impossible: fc.boolean() }, { requiredKeys: ['id', 'question'] });
const squadArb = fc
  .array(fc.record({ title: fc.constantFrom('A', 'B', ''), paragraphs: fc.array(fc.record({ context: ctxArb, qas: fc.array(qaArb, { maxLength: 4 }) }), { maxLength: 3 }) }), { maxLength: 3 })
  .map((data) => JSON.stringify({ version: 'v2.0', data }));

const flatRowArb = fc.record({
  id: idArb,
  title: fc.option(fc.constantFrom('A', 'B'), { nil: null }),
  context: ctxArb,
  question: questionArb,
  answers: fc.oneof(
    fc.array(fc.tuple(textArb, startArb), { maxLength: 3 }).map((xs) => ({ text: xs.map((x) => x[0]), answer_start: xs.map((x) => x[1]) })),
    fc.array(fc.record({ text: textArb, answer_start: startArb }), { maxLength: 3 }),
  ),
});
const flatArb = fc.tuple(fc.array(fc.oneof({ weight: 9, arbitrary: flatRowArb.map((r) => JSON.stringify(r)) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }), { maxLength: 8 }), fc.boolean()).map(([rows, array]) =>
  array ? `[${rows.filter((r) => r.startsWith('{')).join(',')}]` : rows.join('\n'),
);

const mrqaQaArb = fc.record({
  qid: idArb,
  question: questionArb,
  answers: fc.array(textArb, { maxLength: 2 }),
  detected_answers: fc.array(fc.record({ text: textArb, char_spans: fc.array(fc.tuple(startArb, startArb), { maxLength: 2 }) }), { maxLength: 2 }),
});
const mrqaArb = fc
  .tuple(fc.boolean(), fc.array(fc.record({ context: ctxArb, qas: fc.array(mrqaQaArb, { maxLength: 3 }) }), { maxLength: 5 }))
  .map(([header, lines]) => [...(header ? [JSON.stringify({ header: { dataset: 'x', split: 'dev' } })] : []), ...lines.map((l) => JSON.stringify(l))].join('\n'));

const csvArb = fc
  .tuple(
    fc.shuffledSubarray(['id', 'title', 'new_answer', 'intent', 'answer_start'], { minLength: 0 }),
    fc.array(fc.tuple(ctxArb, ctxArb, questionArb, textArb, fc.constantFrom('q1', 'q2', ''), textArb, fc.string({ maxLength: 3 })), { maxLength: 6 }),
    fc.constantFrom(',', '\t'),
  )
  .map(([extra, rows, delimiter]) => {
    const header = ['Original Context', 'Perturbed', 'question', 'answers', ...extra];
    const body = rows.map(([o, p, q, a, id, na, junk]) => [o, p, q, a, ...extra.map((e) => (e === 'id' ? id : e === 'new_answer' ? na : junk))]);
    return Papa.unparse([header, ...body], { delimiter });
  });

describe('near-valid inputs keep every invariant', () => {
  it.each([
    { name: 'SQuAD nested', arb: squadArb, format: 'squad' as const },
    { name: 'DuReader nested', arb: squadArb, format: 'dureader' as const },
    { name: 'HF flat (JSON Lines or array)', arb: flatArb, format: 'squad-flat' as const },
    { name: 'MRQA', arb: mrqaArb, format: 'mrqa' as const },
    { name: 'pairs CSV', arb: csvArb, format: 'pairs-csv' as const },
  ])('$name', async ({ arb, format }) => {
    await fc.assert(
      fc.asyncProperty(arb, fc.boolean(), async (text, zipped) => {
        const bytes = zipped ? gzipSync(enc(text)) : enc(text);
        const r = await tryImport(bytes, format);
        if (r && format === 'dureader') expect(r.instances.every((i) => i.lang === 'zh')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('instancesToSquad round-trips through the SQuAD importer', async () => {
    await fc.assert(
      fc.asyncProperty(squadArb, async (text) => {
        let r: ImportResult;
        try {
          r = await importSquad(text, { file: 'a.json', dataset: 'd' });
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          return;
        }
        const again = await importSquad(JSON.stringify(instancesToSquad(r.instances)), { file: 'b.json', dataset: 'd' });
        const byId = (xs: Instance[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));
        // Articles are kept apart, not their positions: an article with no question writes nothing, so compare the grouping (article ranks by first use).
        const grouped = (xs: Instance[]) => {
          const rank = new Map<number | undefined, number>();
          return byId(xs.map((x) => ({ ...x, article: rank.get(x.article) ?? (rank.set(x.article, rank.size), rank.size - 1) })));
        };
        expect(grouped(again.instances)).toEqual(grouped(r.instances));
        expect(again.issues).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('importPairs keeps revision answers inside the edited passage', () => {
    const inst = fc.record({ id: fc.constantFrom('a', 'b', 'c'), context: ctxArb.filter((c) => c.trim() !== ''), answers: fc.array(fc.tuple(textArb, startArb), { maxLength: 2 }), question: fc.constantFrom('q?', 'r?') }).map((x): Instance => {
      const answers = x.answers.map(([t]) => ({ text: t, start: x.context.indexOf(t) })).filter((a) => a.text !== '' && a.start >= 0);
      return { id: x.id, dataset: 'd', title: '', question: x.question, context: x.context, answers, isImpossible: answers.length === 0, lang: 'en', tags: answers.length ? [] : ['unanswerable'] };
    });
    const result = fc.uniqueArray(inst, { selector: (i) => i.id, maxLength: 3 }).map((instances): ImportResult => ({ format: 'squad', instances, issues: [] }));
    fc.assert(
      fc.property(result, result, (o, p) => {
        const r = importPairs(o, p);
        checkResult(r);
        expect(r.instances.map((i) => i.id)).toEqual(o.instances.map((i) => i.id));
      }),
      { numRuns: 300 },
    );
  });
});
