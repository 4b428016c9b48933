/**
 * SQuAD-shaped parquet files for the Hub-dataset tests (Node and browser): rows built from the
 * project's own passages plus filler, written with hyparquet-writer in the Hub converter's schema.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet';
import { rng } from '../../scripts/lib/rng.ts';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'hf-datasets', 'passages.json');

interface Passage {
  title: string;
  context: string;
  qas: { question: string; answers: string[] }[];
}
export interface Row {
  id: string;
  title: string;
  context: string;
  question: string;
  answers: { text: string[]; answer_start: number[] };
}

const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { passages: Passage[]; filler: string };
const FILLER = fixture.filler.split(' ');


/** Filler sentences so every context is different and files are big enough to page through. */
function filler(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const w = FILLER[Math.floor(rand() * FILLER.length)] as string;
    out.push(i % 12 === 0 ? w[0]?.toUpperCase() + w.slice(1) : w);
    if (i % 12 === 11) out[out.length - 1] += '.';
  }
  return `${out.join(' ')}.`;
}

/** SQuAD-like rows: passage i % 8 with filler around it, question (i / 8) % 3 of that passage. */
export function makeRows(n: number, seed: number, prefix: string): Row[] {
  const rand = rng(seed);
  const { passages } = fixture;
  return Array.from({ length: n }, (_, i) => {
    const p = passages[i % passages.length] as Passage;
    const qa = p.qas[Math.floor(i / passages.length) % p.qas.length] as Passage['qas'][number];
    const before = `${filler(rand, 60)} `;
    const context = `${before}${p.context} ${filler(rand, 120)}`;
    const starts = qa.answers.map((a) => context.indexOf(a, before.length));
    return { id: `${prefix}${String(i).padStart(4, '0')}`, title: p.title, context, question: qa.question, answers: { text: [...qa.answers], answer_start: starts } };
  });
}

/** The schema the Hub's converter writes for SQuAD: answers is struct<text: list<string>, answer_start: list<int32>>. */
const SQUAD_SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: 5 },
  { name: 'id', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'title', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'context', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'question', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'answers', repetition_type: 'OPTIONAL', num_children: 2 },
  { name: 'text', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'answer_start', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', type: 'INT32', repetition_type: 'OPTIONAL' },
];

export function squadParquet(rows: Row[], rowGroupSize = 100): Uint8Array {
  const names = ['id', 'title', 'context', 'question', 'answers'] as const;
  const columnData = names.map((name) => ({ name, data: rows.map((r) => r[name]) }));
  return new Uint8Array(parquetWriteBuffer({ columnData, schema: SQUAD_SCHEMA, rowGroupSize }));
}

