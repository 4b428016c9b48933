/**
 * Offsets in the files qarx reads and writes count code points, as Python does: a real qarx
 * process on a passage with an emoji and astral letters before the answers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codePointLength, codePointSlice } from '../../src/core/text/codepoints.ts';
import type { SquadDataset } from '../../src/core/metrics/squad.ts';
import { ROOT, runQarx } from '../support/run-qarx.ts';

const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-cp-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const qarx = (...args: string[]) => runQarx(join(tmp, 'cache'), ...args);

// Written for this test. Python offsets (str.index): "Thomas Stevenson" at 43 (UTF-16 44: the
// emoji takes two units), "𝒜rdmore" at 89 (UTF-16 91).
const CONTEXT = '🌊 The Skerry Point lighthouse was built by Thomas Stevenson in 1852. Its lamp shone over 𝒜rdmore harbour every night.';
const DATA = join(tmp, 'astral.json');
writeFileSync(
  DATA,
  JSON.stringify({
    version: '1.1',
    data: [{ title: 'Lighthouse', paragraphs: [{ context: CONTEXT, qas: [
      { id: 'a-1', question: 'Who built the Skerry Point lighthouse?', answers: [{ text: 'Thomas Stevenson', answer_start: 43 }] },
      { id: 'a-2', question: 'Which harbour did the lamp shine over?', answers: [{ text: '𝒜rdmore', answer_start: 89 }] },
    ] }] }],
  }),
);

/** Python's context[start:start+len(text)] == text for every answer of a SQuAD file. */
function expectPythonOffsets(d: SquadDataset): number {
  let n = 0;
  for (const a of d.data) for (const p of a.paragraphs) for (const q of p.qas) for (const x of q.answers) {
    expect(codePointSlice(p.context, x.answer_start, x.answer_start + codePointLength(x.text))).toBe(x.text);
    n++;
  }
  return n;
}

describe('qarx with code-point offsets', () => {
  it('eval does not warn about Python-correct offsets after an emoji', async () => {
    const preds = join(tmp, 'preds.json');
    writeFileSync(preds, JSON.stringify({ 'a-1': 'Thomas Stevenson', 'a-2': '𝒜rdmore' }));
    const r = await qarx('eval', DATA, preds);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ exact_match: 100, f1: 100 });
  });

  it("predict --dump-logits: each token's offsets slice its text out of the passage, Python-style", async () => {
    const out = join(tmp, 'pred');
    const r = await qarx('predict', '--model', MODEL, '--data', DATA, '--out', out, '--dump-logits');
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(join(out, 'logits.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { offsets: ([number, number] | null)[] });
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      const tokens = l.offsets.filter((o): o is [number, number] => o !== null).map(([s, e]) => codePointSlice(CONTEXT, s, e));
      // The tokens cover the passage without its spaces, in order (the emoji is one [UNK] token).
      expect(tokens.join('')).toBe(CONTEXT.replace(/\s+/g, ''));
      expect(tokens).toContain('🌊');
    }
  });

  it('perturb entity and perturb synthetic write Python-correct answer_start', async () => {
    const renamed = join(tmp, 'renamed.json');
    const r1 = await qarx('perturb', 'entity', '--type', 'PER', '--source', 'randstr', '--seed', '2', DATA, renamed);
    expect(r1.code, r1.stderr).toBe(0);
    const noisy = join(tmp, 'noisy.json');
    const r2 = await qarx('perturb', 'synthetic', '--kind', 'char-insert', '--seed', '2', DATA, noisy);
    expect(r2.code, r2.stderr).toBe(0);
    expect(expectPythonOffsets(JSON.parse(readFileSync(renamed, 'utf8')) as SquadDataset), r1.stderr).toBe(1);
    expect(expectPythonOffsets(JSON.parse(readFileSync(noisy, 'utf8')) as SquadDataset)).toBe(2);
  });
});
