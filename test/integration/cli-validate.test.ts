/**
 * Issue 43.4: `qarx validate sample|merge|report` end to end on a `qarx perturb synthetic` output:
 * a seeded stratified batch with no model outputs, two annotators' files and a hostile one merged and
 * reported (κ, validated rate) as text and --json.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../support/run-qarx.ts';
import type { Annotation, AnnotationFile, ValidationBatch } from '../../src/core/validation/types.ts';
import { codePointLength } from '../../src/core/text/codepoints.ts';

const dir = mkdtempSync(join(tmpdir(), 'qarx-validate-'));
const at = (name: string) => join(dir, name);

/** Eight questions on four passages, SQuAD 1.1. */
function writeOriginal(): void {
  const passages = [
    ['Warsaw is the capital and largest city of Poland. It stands on the Vistula river in east-central Poland.', ['What is the capital of Poland?', 'Warsaw'], ['Which river is Warsaw on?', 'Vistula']],
    ['The Eiffel Tower was designed by the engineering company of Gustave Eiffel and built from 1887 to 1889.', ['Who designed the Eiffel Tower?', 'Gustave Eiffel'], ['When was the tower finished?', '1889']],
    ['Marie Curie was a physicist and chemist who conducted pioneering research on radioactivity in Paris.', ['What did Marie Curie research?', 'radioactivity'], ['Where did Curie work?', 'Paris']],
    ['The Amazon rainforest covers much of the Amazon basin of South America, an area of seven million square kilometres.', ['Which continent is the Amazon on?', 'South America'], ['How large is the basin?', 'seven million square kilometres']],
  ] as const;
  const data = passages.map(([context, ...qs], p) => ({
    title: `T${p}`,
    paragraphs: [{ context, qas: qs.map(([question, answer], i) => ({ id: `q${p}${i}`, question, answers: [{ text: answer, answer_start: context.indexOf(answer) }] })) }],
  }));
  writeFileSync(at('orig.json'), JSON.stringify({ version: '1.1', data }));
}

/** A file of one annotator: the gold answer on the cases `right` picks, else "no answer"; meaning kept. */
function annotate(batch: ValidationBatch, annotator: string, right: (i: number) => boolean): AnnotationFile {
  const annotations: Annotation[] = batch.cases.map((c, i) => {
    const g = c.gold[0] as string;
    const start = codePointLength(c.passage.slice(0, c.passage.indexOf(g)));
    return { caseId: c.id, answer: right(i) ? { text: g, start } : null, meaningKept: true, at: '2026-12-02T09:00:00Z' };
  });
  return { format: 'qarx-annotations', version: 1, batchId: batch.batchId, annotator, annotations };
}

describe('qarx validate', () => {
  it('sample → annotate → merge → report', async () => {
    writeOriginal();
    expect((await runMain('perturb', 'synthetic', '--kind', 'char-swap', '--rate', '0.3', '--seed', '1', at('orig.json'), at('pert.json'))).code).toBe(0);
    const categories = ['q00', 'q01', 'q10', 'q11', 'q20', 'q21', 'q30', 'q31'].map((id, i) => ({ id, category: i < 3 ? 'C2W' : 'C2C' }));
    writeFileSync(at('compare.json'), JSON.stringify({ record: { model: 'm' }, rows: categories }));

    const s = await runMain('validate', 'sample', at('orig.json'), at('pert.json'), '--categories', at('compare.json'), '--size', '6', '--seed', '3', '--out', at('batch.json'));
    expect(s.code).toBe(0);
    expect(s.stderr).toMatch(/validate sample: 6 cases \((C2W 2 of 3, C2C 4 of 5|C2C 4 of 5, C2W 2 of 3); seed 3, proportional\).*a share near 50%/);
    const batch = JSON.parse(readFileSync(at('batch.json'), 'utf8')) as ValidationBatch;
    expect(batch.cases).toHaveLength(6);
    expect(batch.source).toMatchObject({ kind: 'synthetic', model: 'm', draw: 'sample', seed: 3, population: { C2W: 3, C2C: 5 } });
    expect(batch.cases.every((c) => c.family === 'noise' && c.perturbation.startsWith('synthetic: noise char-swap, rate 0.3, seed 1'))).toBe(true);
    // The same seed gives the same batch id.
    await runMain('validate', 'sample', at('orig.json'), at('pert.json'), '--categories', at('compare.json'), '--size', '6', '--seed', '3', '--out', at('batch2.json'));
    expect((JSON.parse(readFileSync(at('batch2.json'), 'utf8')) as ValidationBatch).batchId).toBe(batch.batchId);

    writeFileSync(at('ann.json'), JSON.stringify(annotate(batch, 'ann', () => true)));
    writeFileSync(at('bob.json'), JSON.stringify(annotate(batch, 'bob', (i) => i !== 0)));
    writeFileSync(at('evil.json'), JSON.stringify({ ...annotate(batch, 'eve', () => true), batchId: 'another' }));

    const m = await runMain('validate', 'merge', '--batch', at('batch.json'), '--out', at('merged'), at('ann.json'), at('bob.json'), at('evil.json'));
    expect(m.code).toBe(0);
    expect(m.stdout).toContain('ann: 6 of 6 cases');
    expect(m.stderr).toContain('evil.json, batchId: its judgements are of batch "another"');

    const t = await runMain('validate', 'report', '--batch', at('batch.json'), at('merged/ann.json'), at('merged/bob.json'), '--bootstrap', '200');
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/answered correctly: Cohen's κ 0\.00 .*over 6 cases, observed agreement 83\.3%/);
    expect(t.stdout).toMatch(/meaning kept: Cohen's κ undefined: every judgement is the same label/);
    expect(t.stdout).toMatch(/1 case need one/);
    expect(t.stdout).toMatch(/validated failure rate \(failures on valid cases\): /);

    const j = await runMain('validate', 'report', '--batch', at('batch.json'), at('ann.json'), at('bob.json'), '--json', '--bootstrap', '200', '--seed', '2');
    const r = JSON.parse(j.stdout) as { agreement: { label: string; kappa: { kappa: number | null } }[]; rates: { judged: number; valid: number }; ci: { b: number; seed: number } };
    expect(r.agreement.map((g) => [g.label, g.kappa.kappa])).toEqual([
      ['correct', 0],
      ['meaningKept', null],
      ['valid', 0],
    ]);
    expect(r.rates).toMatchObject({ judged: 5, valid: 5 });
    expect(r.ci).toEqual({ b: 200, seed: 2 });
  });

  it('usage errors', async () => {
    expect((await runMain('validate', 'nope')).stderr).toMatch(/validate needs sample, merge or report/);
    expect((await runMain('validate', 'report', at('x.json'))).stderr).toMatch(/needs --batch/);
  });
});
