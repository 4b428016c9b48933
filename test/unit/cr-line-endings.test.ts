/** Old-Mac CR-only line endings (issue 25.6): CSV issues name the right line; JSON Lines rows split at CR as at LF and CRLF. */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFile } from '../../src/core/formats/index.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const CTX = 'Ada Lovelace was born in London in 1815.';
const row = (id: string) => JSON.stringify({ id, title: 't', context: CTX, question: `Where ${id}?`, answers: { text: ['London'], answer_start: [25] } });

describe('CSV with CR, LF or CRLF line endings', () => {
  const lines = [
    'id,question,answer,original_context,perturbed_context',
    'q1,Where?,London,Ada was born in London.,Ada was born in Paris.',
    '',
    'q2,Where?,Rome,Ada was born in London.,Ada was born in Rome.', // answer missing: skipped at line 4
    '"q3","Where?","London","Ada was born',
    'in London.","Ada was born in London, UK."',
    'q1,Where?,London,Ada was born in London.,x', // duplicate id at line 7
  ];
  it.each(['\n', '\r\n', '\r'].map((eol) => [JSON.stringify(eol), eol]))('%s: issues name lines 4 and 7', async (_, eol) => {
    const r = await importFile('pairs.csv', enc(lines.join(eol) + eol), { dataset: 'd' });
    expect(r.instances.map((i) => i.id)).toEqual(['q1', 'q3']);
    expect(r.issues.filter((i) => i.skipped).map((i) => i.path)).toEqual(['line 4.answer', 'line 7.id']);
  });
});

describe('JSON Lines with CR, LF or CRLF line endings', () => {
  const text = (eol: string) => [row('q1'), '', 'not json', row('q2'), row('q3')].join(eol) + eol;
  it.each([
    ...['\n', '\r\n', '\r'].map((eol) => ({ label: JSON.stringify(eol), eol, gz: false, name: undefined as string | undefined })),
    { label: '"\\r" gzip', eol: '\r', gz: true, name: undefined },
    { label: '"\\r" named .json (told by content)', eol: '\r', gz: false, name: 'rows.json' },
  ])('$label: every row read, the bad one at line 3', async ({ eol, gz, name }) => {
    const bytes = gz ? gzipSync(enc(text(eol))) : enc(text(eol));
    const r = await importFile(name ?? (gz ? 'rows.jsonl.gz' : 'rows.jsonl'), bytes, { dataset: 'd' });
    expect(r.instances.map((i) => i.id)).toEqual(['q1', 'q2', 'q3']);
    expect(r.issues.map((i) => [i.path, i.kind])).toEqual([['line 3', 'malformed-line']]);
  });
});
