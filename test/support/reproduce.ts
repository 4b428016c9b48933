/**
 * The reproduce tests' fixture: the English demo questions as a SQuAD file in a temporary folder,
 * the questions as the app's data worker holds them, the shipped model's engine, the run record the
 * app makes (runRecordOf) and a runner of a recorded `qarx … [&& qarx …]` command as printed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { importFile, instancesToSquad } from '../../src/core/formats/index.ts';
import { answerTypeOf } from '../../src/core/ner/answer-type.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { noAnswerReason, type RunRecord } from '../../src/core/results/run-record.ts';
import { ROOT, runMain } from './run-qarx.ts';

export const NAME = 'demo-en.json';
export const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');

/** What a reproduce test works with. */
export interface Fixture {
  tmp: string;
  data: string;
  demo: Instance[];
  engine: QaEngine;
}

/** Writes the English demo file into `tmp`, imports it as the app does and loads the shipped model. */
export async function loadFixture(tmp: string): Promise<Fixture> {
  const data = join(tmp, NAME);
  writeFileSync(data, JSON.stringify(instancesToSquad(loadDemoSet().filter((i) => i.lang === 'en'))));
  // What the app's data worker holds after importing the file: its instances, answers typed.
  const demo = (await importFile(data, readFileSync(data), { dataset: NAME })).instances.map((x) => ({ ...x, answerType: answerTypeOf(x) }));
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  return { tmp, data, demo, engine: new QaEngine(m.tokenizer, m.runner) };
}

/** The record runRecordOf makes for the shipped model on WASM over the whole file. */
export const appRecord = (demo: readonly Instance[], settings: Record<string, unknown>, n = demo.length): RunRecord => ({
  datasets: [NAME],
  n,
  selected: n,
  query: '',
  filters: {},
  model: 'qarx-lexical-qa',
  dtype: 'fp32',
  device: 'wasm',
  versionTwo: demo.some((i) => i.isImpossible),
  versionTwoReason: noAnswerReason(demo.some((i) => i.isImpossible)),
  scoringLang: 'auto',
  settings,
  date: '2026-11-25T00:00:00.000Z',
});

/** A POSIX command line (as shellQuote writes it) split into its words, e.g. splitWords("a 'b c'") → ['a', 'b c']. */
export function splitWords(line: string): string[] {
  return [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : (m[2] as string)));
}

/**
 * Runs a recorded `qarx … [&& qarx …]` command as printed, with the data file's name standing for
 * the test's copy and the files it writes (and `qarx predict`'s predictions folder) put in the test's
 * folder; the last command's JSON.
 */
export async function runRecorded(f: Pick<Fixture, 'tmp' | 'data'>, command: string | null): Promise<Record<string, unknown>> {
  expect(command).toMatch(/^qarx /);
  let stdout = '';
  for (const part of (command as string).split(' && ')) {
    const words = splitWords(part);
    expect(words[0]).toBe('qarx');
    const r = await runMain(...words.slice(1).map((w) => (w === NAME ? f.data : /^[\w-]+\.(json|txt)$/.test(w) || /^predictions(\/[\w-]+\.json)?$/.test(w) ? join(f.tmp, w) : w)));
    expect(r.code, r.stderr).toBe(0);
    stdout = r.stdout;
  }
  return JSON.parse(stdout) as Record<string, unknown>;
}
