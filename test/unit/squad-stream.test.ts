/** Streamed SQuAD reading (predict's big files): the same questions, issues and version as reading the whole text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSquadStream, squadStreamItems, SquadStreamFallback } from '../../src/core/formats/squad-stream.ts';
import { readSquadValue, type QaItem } from '../../src/core/formats/squad.ts';

/** A SQuAD 2.0 file with one of each problem readSquadValue reports, and non-ASCII text across chunk edges. */
const FILE = {
  version: 'v2.0',
  extra: { data: [{ title: 'not an article' }] },
  data: [
    {
      title: 'Ørkney 🦭',
      source: 'wiki',
      paragraphs: [
        {
          context: 'Elspeth Moray 🦭 founded Kirkwall’s school in 1852.',
          qas: [
            { id: 'q1', question: 'Who founded it?', answers: [{ text: 'Elspeth Moray', answer_start: 0 }] },
            { id: 'q2', question: 'When?', answers: [{ text: '1852', answer_start: 3 }] },
            { id: 'q1', question: 'Again?', answers: [] },
            { id: 7, question: 'Number id?', answers: [], is_impossible: 'True', plausible_answers: [{ text: 'school', answer_start: 30 }] },
            { question: 'No id' },
          ],
        },
        { context: '   ', qas: [{ id: 'e', question: '?', answers: [] }] },
        { context: 'x', qas: 'no' },
      ],
    },
    { title: 3, paragraphs: [] },
    { paragraphs: [{ title: 'DuReader title', context: '中文段落 text \u2028 "quoted" \\ slash', qas: [{ id: 'z', question: '？', answers: [{ text: 'text', answer_start: 5 }], paraphrases: ['a', 1] }] }] },
  ],
};

/** The whole-text reading, as predict saw it before streaming. */
function whole(text: string): { items: QaItem[]; version: string; issues: unknown[] } {
  const r = readSquadValue(JSON.parse(text), 'f.json');
  return { items: r.items, version: r.version, issues: r.issues };
}

/** The streamed reading of `text` cut into `parts` (as UTF-8 bytes when `bytes`). */
function streamed(text: string, cuts: number[], bytes: boolean): { items: QaItem[]; version: string; issues: unknown[] } {
  const src: Uint8Array | string = bytes ? new TextEncoder().encode(text) : text;
  const at = [0, ...[...new Set(cuts.map((c) => c % (src.length + 1)))].sort((a, b) => a - b), src.length];
  const chunks = at.slice(1).map((end, k) => src.slice(at[k], end));
  const it = squadStreamItems(chunks, 'f.json');
  const items: QaItem[] = [];
  for (let r = it.next(); ; r = it.next()) {
    if (r.done) return { items, version: r.value.version, issues: r.value.issues };
    items.push(r.value);
  }
}

describe('squadStreamItems', () => {
  const text = JSON.stringify(FILE, null, 1);

  it('gives the same items, version and issues as readSquadValue, one chunk or many', () => {
    const expected = whole(text);
    expect(expected.issues.length).toBeGreaterThan(4);
    expect(streamed(text, [], false)).toEqual(expected);
    expect(streamed(text, [], true)).toEqual(expected);
  });

  it('is independent of where the chunks are cut, even inside a UTF-8 sequence (property)', () => {
    const expected = whole(text);
    fc.assert(fc.property(fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (cuts, bytes) => {
        expect(streamed(text, cuts, bytes)).toEqual(expected);
      }), { numRuns: 60 });
  });

  it('reads strings exactly as JSON.parse does (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(), (s, cut) => {
        const t = JSON.stringify({ version: '1.1', data: [{ title: s, paragraphs: [{ context: `c${s}`, qas: [{ id: s, question: s, answers: [] }] }] }] });
        expect(streamed(t, [cut], true)).toEqual(whole(t));
      }),
      { numRuns: 100 },
    );
  });

  it('takes a version written after the articles from a first pass', () => {
    const t = '{"data": [{"paragraphs": [{"context": "a b", "qas": [{"id": "q", "question": "?", "answers": []}]}]}], "version": "1.1"}';
    expect(() => readSquadStream([t], 'f.json')).toThrow(SquadStreamFallback);
    const it = squadStreamItems([t], 'f.json', { version: '1.1' });
    let r = it.next();
    while (!r.done) r = it.next();
    expect(r.value.issues).toEqual(whole(t).issues);
    expect(r.value.issues[0]?.kind).toBe('no-answers');
  });

  it('sends what it cannot read like JSON.parse back to the whole-file reader', () => {
    const cases = ['{"data": [1, 2', '{"data": {"a": {}}}', '{"data": [], "data": []}', '{"version": "1", "version": "2", "data": []}', '{"version": {}, "data": [{}]}', '{"version": "v2.0", "data": []}', '{"data": [{}], "data": {"a": {}}}', '[]', '{}', '{"data": []} x', '{"a": 1}'];
    for (const t of cases) expect(() => readSquadStream([t], 'f.json'), t).toThrow(SquadStreamFallback);
  });

  it('accepts a byte-order mark and trailing whitespace, as parseJson does', () => {
    const t = `{"version": "v2.0", "data": [{"paragraphs": [{"context": "a", "qas": [{"id": "q", "question": "?"}]}]}]}\n\n`;
    expect(readSquadStream([new Uint8Array([0xef, 0xbb, 0xbf]), t], 'f.json')).toMatchObject({ version: 'v2.0', ids: ['q'] });
  });
});
