/**
 * The SQuAD version is spelled one way where it is read (issue 40.8): "v1.1" — what this tool's
 * conversions and Hugging Face flat files carry — is version 1.1 for the official v1.1 check, so
 * `qarx eval` on flat JSON Lines prints no "expects v-1.1, but got dataset with v-v1.1".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { versionMajor, versionNumber } from '../../src/core/data/no-answer.ts';
import { evaluateV1 } from '../../src/core/metrics/squad.ts';
import { runMain } from '../support/run-qarx.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-version-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dataset = (version: string) => ({ version, data: [{ title: 't', paragraphs: [{ context: 'Ada was born in London.', qas: [{ id: 'q1', question: 'Where?', answers: [{ text: 'London', answer_start: 16 }] }] }] }] });

describe('one spelling of the SQuAD version', () => {
  it.each([
    { version: '1.1', number: '1.1', warning: null },
    { version: 'v1.1', number: '1.1', warning: null },
    { version: ' V1.1 ', number: '1.1', warning: null },
    { version: '2.0', number: '2.0', warning: 'Evaluation expects v-1.1, but got dataset with v-2.0' },
    { version: 'v2.0', number: '2.0', warning: 'Evaluation expects v-1.1, but got dataset with v-2.0' },
  ])('evaluateV1 on version "$version": $warning', ({ version, number, warning }) => {
    expect(versionNumber(version)).toBe(number);
    expect(evaluateV1(dataset(version), { q1: 'London' }).warnings).toEqual(warning ? [warning] : []);
  });

  it('versionMajor reads the same spelling', () => {
    expect([versionMajor('v2.0'), versionMajor('2'), versionMajor(' v1.1'), versionMajor(1.1), versionMajor('x')]).toEqual([2, 2, 1, 1, null]);
  });

  it('qarx eval on Hugging Face flat JSON Lines warns about no version', async () => {
    const data = join(tmp, 'hf.jsonl');
    writeFileSync(data, `${JSON.stringify({ id: 'q1', title: 't', context: 'Ada was born in London.', question: 'Where?', answers: { text: ['London'], answer_start: [16] } })}\n`);
    const preds = join(tmp, 'p.json');
    writeFileSync(preds, JSON.stringify({ q1: 'London' }));
    const r = await runMain('eval', data, preds);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/expects v-/);
    expect(r.stdout).toMatch(/"exact_match": 100\.0/);
  });
});
