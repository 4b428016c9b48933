/** Large imports: 100,000 questions, progress that only moves forward, and cancellation that keeps what was read. */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFile, importPairFiles, summarizeIssues, type ImportOptions } from '../../src/core/formats/index.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const N = 100_000;

function flatJsonl(n: number): Uint8Array {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const context = `Passage ${i}: the keeper counted ${i % 97} gulls on the harbour wall.`;
    const answer = `${i % 97} gulls`;
    lines.push(JSON.stringify({ id: `q${i}`, title: `T${i % 100}`, context, question: `How many gulls were counted in passage ${i}?`, answers: { text: [answer], answer_start: [context.indexOf(answer)] } }));
  }
  return enc(lines.join('\n') + '\n');
}

function mrqaJsonlGz(passages: number): Uint8Array {
  const lines = [JSON.stringify({ header: { dataset: 'Synthetic', split: 'dev' } })];
  for (let i = 0; i < passages; i++) {
    const context = `[PAR] Mill ${i} ground ${i % 89} sacks of barley before the frost in ${1800 + (i % 200)}.`;
    const qa = (qid: string, text: string) => {
      const s = context.indexOf(text);
      return { qid, question: `q ${qid}`, answers: [text], detected_answers: [{ text, char_spans: [[s, s + text.length - 1]], token_spans: [[0, 0]] }] };
    };
    lines.push(JSON.stringify({ context, qas: [qa(`m${i}a`, `${i % 89} sacks`), qa(`m${i}b`, `${1800 + (i % 200)}`)] }));
  }
  return gzipSync(enc(lines.join('\n')), { level: 1 });
}

/** Records onProgress calls and checks they only move forward and end at the total. */
function progressLog() {
  const calls: [number, number][] = [];
  return {
    calls,
    onProgress: (done: number, total: number) => calls.push([done, total]),
    check(total: number) {
      expect(calls.length).toBeGreaterThan(1);
      for (let i = 1; i < calls.length; i++) expect((calls[i] as [number, number])[0]).toBeGreaterThanOrEqual((calls[i - 1] as [number, number])[0]);
      for (const [, t] of calls) expect(t).toBe(total);
      expect(calls.at(-1)).toEqual([total, total]);
    },
  };
}

describe('100,000 questions', () => {
  it('HF flat JSON Lines: completes, every question kept, progress every ~1000 lines', async () => {
    const bytes = flatJsonl(N);
    const log = progressLog();
    const r = await importFile('synthetic.jsonl', bytes, { dataset: 'big', onProgress: log.onProgress });
    expect(r.instances).toHaveLength(N);
    expect(r.issues).toEqual([]);
    expect(r.cancelled).toBe(false);
    expect(r.instances[N - 1]).toMatchObject({ id: `q${N - 1}`, answers: [{ text: `${(N - 1) % 97} gulls` }] });
    log.check(bytes.length);
    expect(log.calls.length).toBeGreaterThanOrEqual(N / 1000);
  });

  it('MRQA .jsonl.gz (50,000 passages × 2 questions), inflated while parsing', async () => {
    const bytes = mrqaJsonlGz(N / 2);
    const log = progressLog();
    const r = await importFile('synthetic.jsonl.gz', bytes, { dataset: 'big', onProgress: log.onProgress });
    expect(r.format).toBe('mrqa');
    expect(r.instances).toHaveLength(N);
    expect(r.issues).toEqual([]);
    log.check(bytes.length);
  });
});

describe('cancellation resolves with what was read', () => {
  it('JSON Lines: abort mid-way → cancelled, the first lines kept, a cancelled issue naming the line', async () => {
    const bytes = flatJsonl(20_000);
    const ctrl = new AbortController();
    const r = await importFile('synthetic.jsonl', bytes, {
      dataset: 'big',
      signal: ctrl.signal,
      onProgress: (done, total) => {
        if (done > total / 2) ctrl.abort();
      },
    });
    expect(r.cancelled).toBe(true);
    expect(r.instances.length).toBeGreaterThan(0);
    expect(r.instances.length).toBeLessThan(20_000);
    expect(r.instances.length % 1000).toBe(0);
    expect(r.issues.at(-1)).toEqual({ path: `line ${r.instances.length + 1}`, message: `import cancelled here; the ${r.instances.length} questions before it are kept`, kind: 'cancelled', skipped: true });
    expect(summarizeIssues(r.issues)).toBe('cancelled');
    for (const [i, x] of r.instances.entries()) expect(x.id).toBe(`q${i}`);
  });

  it('the abort is seen even when it arrives as an event between ticks (the worker case)', async () => {
    const bytes = flatJsonl(N);
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(), 0);
    const r = await importFile('synthetic.jsonl', bytes, { dataset: 'big', signal: ctrl.signal });
    expect(r.cancelled).toBe(true);
    expect(r.instances.length).toBeLessThan(N);
  });

  const aborted = (): ImportOptions => {
    const c = new AbortController();
    c.abort();
    return { dataset: 'x', signal: c.signal };
  };
  it.each([
    { name: 'nested SQuAD', file: 's.json', text: JSON.stringify({ data: [{ title: 't', paragraphs: [{ context: 'abc', qas: [{ id: 'a', question: 'q?', answers: [] }] }] }] }) },
    { name: 'flat array', file: 'r.json', text: '[]' },
    { name: 'MRQA', file: 'm.jsonl', text: '{"header": {}}\n' },
    { name: 'pairs CSV', file: 'p.csv', text: 'original,perturbed,question,answer\na,b,c?,a\n' },
  ])('$name: already aborted → cancelled with nothing read', async ({ file, text }) => {
    const r = await importFile(file, enc(text), aborted());
    expect(r.cancelled).toBe(true);
    expect(r.instances).toEqual([]);
    expect(r.issues.at(-1)?.kind).toBe('cancelled');
  });

  it('pairs from two files: a cancel keeps the originals read, without revisions', async () => {
    const ctrl = new AbortController();
    const a = flatJsonl(5000);
    const r = await importPairFiles('a.jsonl', a, 'b.jsonl', flatJsonl(5000), {
      dataset: 'p',
      signal: ctrl.signal,
      onProgress: (done) => {
        if (done > a.length) ctrl.abort();
      },
    });
    expect(r).toMatchObject({ format: 'pairs-squad', cancelled: true });
    expect(r.instances).toHaveLength(5000);
    expect(r.instances.every((i) => i.revision === undefined)).toBe(true);
    expect(r.issues.at(-1)?.path).toMatch(/^b\.jsonl: line \d+$/);
  });
});
