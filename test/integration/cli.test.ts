/**
 * The qarx CLI as a user runs it: real files, the shipped model on onnxruntime-node. Runs that load
 * the model are real processes; checks of messages and exit codes call main() in-process (fast).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'fflate';
import { runMain, runQarx } from '../support/run-qarx.ts';
import { evaluateV2, pyJsonDumps, SQUAD_V2_INT_KEYS } from '../../src/core/metrics/index.ts';
import { readPredictions, readSquad, readNaProbs } from '../../src/core/formats/squad.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const DATA = join(ROOT, 'test', 'fixtures', 'cli', 'squad2-mini.json');
const EVAL = join(ROOT, 'test', 'fixtures', 'eval');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const qarx = (...args: string[]) => runQarx(join(tmp, 'cache'), ...args);

describe('qarx predict', () => {
  // Loads the model or the NER lexicon: generous time, CI shares a loaded machine.
  it('writes run_qa.py-style predictions, n-best, null odds and logit dumps', { timeout: 180_000 }, async () => {
    const out = join(tmp, 'pred');
    const r = await qarx('predict', '--model', MODEL, '--data', DATA, '--out', out, '--dump-logits');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/predict: 4\/4 questions, 4 windows/);
    const preds = JSON.parse(readFileSync(join(out, 'predictions.json'), 'utf8')) as Record<string, string>;
    expect(preds).toEqual({ 'lh-1': 'Elspeth Moray', 'lh-2': '1852', 'lh-3': 'Kirkwall', 'lh-4': '' });
    expect(readFileSync(join(out, 'predictions.json'), 'utf8')).toMatch(/^\{\n {4}"lh-1": "Elspeth Moray",\n/);
    const nbest = JSON.parse(readFileSync(join(out, 'nbest_predictions.json'), 'utf8')) as Record<string, Record<string, unknown>[]>;
    const first = nbest['lh-1']?.[0];
    expect(Object.keys(first ?? {})).toEqual(['start_logit', 'end_logit', 'text', 'probability']);
    const probs = (nbest['lh-1'] ?? []).map((p) => p.probability as number);
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(nbest['lh-4']?.some((p) => p.text === '')).toBe(true);
    const odds = JSON.parse(readFileSync(join(out, 'null_odds.json'), 'utf8')) as Record<string, number>;
    expect(odds['lh-4']).toBeGreaterThan(0);
    expect(odds['lh-1']).toBeLessThan(0);
    const lines = readFileSync(join(out, 'logits.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; offsets: ([number, number] | null)[]; start_logits: number[]; input_ids: number[] });
    expect(lines.map((l) => l.id)).toEqual(['lh-1', 'lh-2', 'lh-3', 'lh-4']);
    for (const l of lines) {
      expect(l.start_logits.length).toBe(l.input_ids.length);
      expect(l.offsets[0]).toBeNull();
    }

    // Evaluating those files prints exactly what the official v2.0 logic gives for them.
    const ev = await runMain('eval', DATA, join(out, 'predictions.json'), '--na-prob-file', join(out, 'null_odds.json'));
    expect(ev.code, ev.stderr).toBe(0);
    const data = readSquad(readFileSync(DATA, 'utf8'), DATA);
    const expected = evaluateV2(
      data.dataset,
      readPredictions(readFileSync(join(out, 'predictions.json'), 'utf8'), 'p'),
      readNaProbs(readFileSync(join(out, 'null_odds.json'), 'utf8'), 'n'),
    ).result;
    expect(ev.stdout).toBe(pyJsonDumps(expected, 2, { intKeys: SQUAD_V2_INT_KEYS }) + '\n');
    expect(JSON.parse(ev.stdout)).toMatchObject({ exact: 100, total: 4, HasAns_total: 3, NoAns_total: 1 });
  });
});

describe('qarx eval matches the official scripts byte for byte', () => {
  it.each([
    { name: 'SQuAD v1.1', args: ['squad-v1.json', 'squad-v1.pred.json'], expected: 'squad-v1.expected.json' },
    { name: 'SQuAD v2.0', args: ['squad-v2.json', 'squad-v2.pred.json'], expected: 'squad-v2.py312.expected.json' },
    { name: 'SQuAD v2.0 with na probs', args: ['squad-v2.json', 'squad-v2.pred.json', '--na-prob-file', 'squad-v2.na_probs.json'], expected: 'squad-v2.na.py312.expected.json' },
    { name: 'SQuAD v2.0, threshold 0.4, Python 3.11 sums', args: ['squad-v2.json', 'squad-v2.pred.json', '--na-prob-file', 'squad-v2.na_probs.json', '--na-prob-thresh', '0.4', '--py-sum', 'legacy'], expected: 'squad-v2.na-t0.4.py311.expected.json' },
    { name: 'DuReader (zh)', args: ['zh.json', 'zh.pred.json', '--lang', 'zh'], expected: 'zh.dureader.expected.json' },
  ])('$name', async ({ args, expected }) => {
    const full = args.map((a) => (a.endsWith('.json') ? join(EVAL, a) : a));
    const r = await runMain('eval', ...full);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(EVAL, expected), 'utf8'));
  });
});

describe('a prediction for a row skipped for its problems', () => {
  it('is an unknown id, and the message says the row may have been skipped', async () => {
    const rows = join(tmp, 'rows.jsonl');
    const row = (id: string, start: unknown) => JSON.stringify({ id, title: 't', context: 'Paris is in France.', question: 'Where is Paris?', answers: { text: ['France'], answer_start: [start] } });
    writeFileSync(rows, `${row('r1', 12)}\n${row('r2', '12')}\n`);
    const preds = join(tmp, 'rows-preds.json');
    writeFileSync(preds, '{"r1": "France", "r2": "France"}');
    const r = await runMain('eval', rows, preds);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 2.answers: answers.answer_start[0]: expected number, got "12"');
    expect(r.stderr).toMatch(/1 id not in .*rows\.jsonl \(e\.g\. "r2"\): wrong data file\? Or in the entry of .*rows\.jsonl skipped for problems \(warnings above\)\?/);
  });
});

describe('bad input gives one clear line and a non-zero exit', () => {
  const bad = join(tmp, 'bad.json');
  writeFileSync(bad, '{"version": "v2.0", "data": [\n  {"title": "x", "paragraphs": [}\n]}');
  const notSquad = join(tmp, 'not-squad.json');
  writeFileSync(notSquad, '{"rows": []}');
  const otherPreds = join(tmp, 'other-preds.json');
  writeFileSync(otherPreds, '{"zz-1": "x"}');
  it.each([
    { name: 'malformed JSON', args: ['eval', bad, DATA], code: 2, line: /bad\.json: invalid JSON at line 2, column 33: a value was expected/ },
    { name: 'missing fields', args: ['eval', notSquad, DATA], code: 2, line: /not-squad\.json: not a SQuAD file \(data: /i },
    { name: 'unknown ids', args: ['eval', DATA, otherPreds], code: 2, line: /1 id not in .*squad2-mini\.json \(e\.g\. "zz-1"\)/ },
    { name: 'missing file', args: ['eval', DATA, join(tmp, 'nope.json')], code: 2, line: /nope\.json: no such file/ },
    { name: 'missing model files', args: ['predict', '--model', tmp, '--data', DATA, '--out', join(tmp, 'o')], code: 2, line: /missing config\.json/ },
    { name: 'unknown command', args: ['frobnicate'], code: 2, line: /unknown command "frobnicate"/ },
    { name: 'bad option value', args: ['predict', '--model', MODEL, '--data', DATA, '--out', join(tmp, 'o'), '--doc-stride', 'x'], code: 2, line: /--doc-stride must be a positive whole number/ },
    { name: 'contradicting flags', args: ['predict', '--model', MODEL, '--data', DATA, '--out', join(tmp, 'o'), '--squad2', '--squad1'], code: 2, line: /--squad2 and --squad1 contradict each other/ },
    { name: 'a v2.0 option on v1.1 data', args: ['eval', join(EVAL, 'squad-v1.json'), join(EVAL, 'squad-v1.pred.json'), '--na-prob-thresh', '0.4'], code: 2, line: /--na-prob-thresh applies to SQuAD 2\.0 data only\.$/ },
    { name: 'na probs on Chinese data', args: ['eval', join(EVAL, 'zh.json'), join(EVAL, 'zh.pred.json'), '--lang', 'zh', '--na-prob-file', join(EVAL, 'squad-v2.na_probs.json'), '--py-sum', 'legacy'], code: 2, line: /--na-prob-file, --py-sum apply to SQuAD 2\.0 data only \(DuReader-robust's script has no "no answer" threshold\)/ },
  ])('$name', async ({ args, code, line }) => {
    const r = await runMain(...args);
    expect(r.code).toBe(code);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^qarx: /);
    expect(lines[0]).toMatch(line);
  });
});

describe('qarx perturb entity', () => {
  const IN = join(ROOT, 'test', 'fixtures', 'entity', 'renaming-in.json');

  // Loads the model or the NER lexicon: generous time, CI shares a loaded machine.
  it('writes the expected RandStr renaming with substitutions recorded (fixture)', { timeout: 180_000 }, async () => {
    const out = join(tmp, 'randstr.json');
    const r = await runMain('perturb', 'entity', '--type', 'MIX', '--source', 'randstr', '--seed', '7', IN, out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/renamed 2 of 3 questions \(MIX, RandStr, seed 7\); left out: 1 no-entity \(hc-\d\)/);
    const expected = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'entity', 'renaming-randstr-seed7.json'), 'utf8')) as unknown;
    // Streamed, yet byte for byte what JSON.stringify(…, null, 1) wrote before.
    expect(readFileSync(out, 'utf8')).toBe(`${JSON.stringify(expected, null, 1)}\n`);
  });

  it.each([
    { type: 'PER', source: 'db', origin: 'cn' },
    { type: 'GPE', source: 'db', origin: 'us' },
    { type: 'PER', source: 'indist', origin: 'us' },
  ])('$type from $source ($origin): answers at their offsets, old names gone, same seed same file', async ({ type, source, origin }) => {
    const a = join(tmp, `${type}-${source}-a.json`);
    const b = join(tmp, `${type}-${source}-b.json`);
    for (const out of [a, b]) {
      const r = await runMain('perturb', 'entity', '--type', type, '--source', source, '--origin', origin, '--seed', '11', IN, out);
      expect(r.code, r.stderr).toBe(0);
    }
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    const data = readSquad(readFileSync(a, 'utf8'), a);
    expect(data.items.length).toBe(1);
    for (const q of data.items) {
      for (const ans of q.answers) expect(q.context.slice(ans.answer_start, ans.answer_start + ans.text.length)).toBe(ans.text);
    }
    const raw = JSON.parse(readFileSync(a, 'utf8')) as { perturbation: { source: string }; data: { paragraphs: { qas: { perturbation: { substitutions: { from: string }[] } }[]; context: string }[] }[] };
    expect(raw.perturbation.source).toBe(source);
    const p = raw.data[0]?.paragraphs[0];
    for (const s of p?.qas[0]?.perturbation.substitutions ?? []) expect(p?.context).not.toMatch(new RegExp(`\\b${s.from}\\b`));
  });

  it('rejects a bad option with one line and exit code 2', async () => {
    const r = await runMain('perturb', 'entity', '--source', 'wiki', IN, join(tmp, 'x.json'));
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('qarx: --source must be indist, db or randstr, got "wiki".');
  });
});

describe('qarx compare', () => {
  const F = join(ROOT, 'test', 'fixtures', 'formats');
  // Loads the model or the NER lexicon: generous time, CI shares a loaded machine.
  it('prints the rule, the categories, EM/F1 on both sides, the relative F1 change, the unmodified share and the change rate', { timeout: 180_000 }, async () => {
    const r = await runMain('compare', join(F, 'pairs-original.json'), join(F, 'pairs-perturbed.json'), '--model', MODEL);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^rule: script \(correct = EM 1, wrong = F1 < 0\.4, otherwise partial .*\)\nquestions: 2 \*\nC2C: \d\nC2W: \d\nW2C: \d\nW2W: \d\npartial: \d\noriginal: {2}EM [\d.]+ {2}F1 [\d.]+\nperturbed: EM [\d.]+ {2}F1 [\d.]+\nrelative F1 change % \(\(pert\. − orig\.\) \/ orig\., negative = worse\): (?:[+-]?\d+\.\d\d%|–)\nanswer sentence unmodified \(answerable questions\): C2C (–|[\d.]+% of \d+) {2}C2W .*\nprediction changed: [\d.]+%\nDPR: [\d.]+% \(\d of 1 \* reworded questions changed their prediction; normalised answers compared\)\n(?:.*\n){3}DPR by kind: from the dataset [\d.]+% \(n=1 \*\)\n\* fewer than 30 questions \(a noisy mean\)\n$/,
    );
    expect(r.stderr).toMatch(/kb-6.*not in/);
    // Every question left out is counted by reason, with its id.
    expect(r.stderr).toMatch(/qarx: compare: 3 of \d+ questions of .*pairs-original\.json have a counterpart in .*pairs-perturbed\.json; left out: 2 not in .*pairs-perturbed\.json \(no usable counterpart\) \(kb-3, kb-5\), 1 only in .*pairs-perturbed\.json \(kb-6\)/);
    // kb-2 has a gold answer the edit removed: the paper keeps only questions whose answers all survive.
    expect(r.stderr).toMatch(/left out 1 question whose gold answer is not in the edited passage \(kb-2\)/);
    const j = await runMain('compare', join(F, 'pairs-original.json'), join(F, 'pairs-perturbed.json'), '--model', MODEL, '--json', '--rule', 'em');
    const parsed = JSON.parse(j.stdout) as { rule: string; n: number; categories: Record<string, number>; rows: { id: string; perturbedQuestion?: string }[]; dropped: { answerMissing: { count: number; ids: string[] } } };
    expect(parsed.rule).toBe('em');
    expect(parsed.n).toBe(2);
    expect(parsed.rows.map((x) => x.id)).toEqual(['kb-1', 'kb-4']);
    // kb-4's perturbed file rewords the question: that side is asked the perturbed file's wording.
    expect(parsed.rows.map((x) => x.perturbedQuestion)).toEqual([undefined, 'What does the Kestrel Bridge carry?']);
    // kb-4's reworded question is the one paraphrase: DPR counts it alone.
    expect((JSON.parse(j.stdout) as { dpr: { n: number } }).dpr.n).toBe(1);
    expect(parsed.categories.partial).toBe(0);
    expect(Object.values(parsed.categories).reduce((a, b) => a + b, 0)).toBe(2);
    expect(parsed.dropped.answerMissing).toEqual({ count: 1, ids: ['kb-2'] });
    const bad = await runMain('compare', join(F, 'pairs-original.json'), join(F, 'pairs-perturbed.json'), '--model', MODEL, '--rule', 'f1');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--rule must be one of script, em');
  });

  it('needs two files and a model', async () => {
    const r = await runMain('compare', join(F, 'pairs-original.json'));
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('qarx: compare needs <original.json> <perturbed.json> --model <dir|hub id>.');
  });
});

describe('qarx perturb synthetic', () => {
  const IN = join(ROOT, 'test', 'fixtures', 'entity', 'renaming-in.json');
  // Loads the model or the NER lexicon: generous time, CI shares a loaded machine.
  it('adds seeded noise outside the answers and the model can be compared on it', { timeout: 180_000 }, async () => {
    const a = join(tmp, 'noise-a.json');
    const b = join(tmp, 'noise-b.json');
    for (const out of [a, b]) {
      const r = await runMain('perturb', 'synthetic', '--kind', 'ocr', '--rate', '0.3', '--seed', '4', IN, out);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^qarx: OCR error at rate 0\.3, seed 4: 3 of 3 questions kept on 1 noisy passage \(\d+ edits\)/);
    }
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    const data = readSquad(readFileSync(a, 'utf8'), a);
    const original = readSquad(readFileSync(IN, 'utf8'), IN);
    expect(data.items.map((i) => i.id)).toEqual(['hc-1', 'hc-2', 'hc-3']);
    // Wu et al. App. K: the passage is perturbed once, so its three questions share one noisy passage (and one paragraph).
    expect(JSON.parse(readFileSync(a, 'utf8')).data[0].paragraphs).toHaveLength(1);
    for (const q of data.items) {
      expect(q.context).toBe(data.items[0]?.context);
      expect(q.context).not.toBe(original.items[0]?.context);
      for (const ans of q.answers) expect(q.context.slice(ans.answer_start, ans.answer_start + ans.text.length)).toBe(ans.text);
    }
    const c = await runMain('compare', IN, a, '--model', MODEL);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout).toMatch(/^rule: script .*\nquestions: 3 \*\n/);
  });

  it('names the valid kinds when given a wrong one', async () => {
    const r = await runMain('perturb', 'synthetic', '--kind', 'typo', IN, join(tmp, 'x.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^qarx: --kind must be one of keyboard, ocr, .*word-insert, word-substitute, got "typo"\.\n$/);
  });
});

describe('every skipped question is reported (in-process)', () => {
  const CTX = 'Ada Lovelace was born in London in 1815.';
  const row = (id: string, answer = 'London') => JSON.stringify({ id, title: 't', context: CTX, question: `Where ${id}?`, answers: { text: [answer], answer_start: [CTX.indexOf(answer)] } });

  it('perturb: the bad first line and the question with nothing to rename are counted, with where and which', async () => {
    const input = join(tmp, 'rows.jsonl');
    writeFileSync(input, ['oops', row('r1'), row('r2'), row('r3', '1815')].join('\n'));
    const r = await runMain('perturb', 'entity', '--type', 'GPE', '--source', 'randstr', input, join(tmp, 'rows-out.json'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/rows\.jsonl: line 1: invalid JSON on line 1/);
    expect(r.stderr).toContain('rows.jsonl: 3 questions read, 1 entry skipped: 1 malformed line (line 1)\n');
    expect(r.stderr).toMatch(/renamed 2 of 3 questions \(GPE, RandStr, seed 1\); left out: 1 no-entity \(r3\)/);
  });

  it('a truncated .jsonl.gz says its checksum failed and how many questions were read', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => row(`g${i}`));
    const gz = gzipSync(new TextEncoder().encode(lines.join('\n') + '\n'));
    const input = join(tmp, 'cut.jsonl.gz');
    writeFileSync(input, gz.subarray(0, Math.floor(gz.length * 0.6)));
    const r = await runMain('perturb', 'synthetic', '--kind', 'char-swap', input, join(tmp, 'cut-out.json'));
    expect(r.code, r.stderr).toBe(0);
    const n = Number(/cut\.jsonl\.gz: (\d+) questions read/.exec(r.stderr)?.[1]);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(3000);
    expect(r.stderr).toContain(`cut.jsonl.gz: gzip checksum failed (truncated or corrupt file): only the ${n} questions before the damage were read`);
    expect(r.stderr).toMatch(new RegExp(`${n} of ${n} questions kept`));
  });

  it('eval scores a question whose answer_start is a string, with a warning, as the official script does', async () => {
    const data = join(tmp, 'odd-start.json');
    const qas = [
      { id: 'e1', question: 'Where?', answers: [{ text: 'London', answer_start: 25 }] },
      { id: 'e2', question: 'When?', answers: [{ text: '1815', answer_start: '35' }] },
    ];
    writeFileSync(data, JSON.stringify({ version: '1.1', data: [{ title: 't', paragraphs: [{ context: CTX, qas }] }] }));
    const preds = join(tmp, 'odd-start.pred.json');
    writeFileSync(preds, JSON.stringify({ e1: 'London', e2: 'in 1816' }));
    const r = await runMain('eval', data, preds);
    expect(r.code, r.stderr).toBe(0);
    // Two questions scored: 100 and 0 → 50 (the old reader dropped e2 and printed 100).
    expect(r.stdout).toBe('{"exact_match": 50.0, "f1": 50.0}\n');
    expect(r.stderr).toMatch(/qas\[1\]: answers\[0\]\.answer_start: expected an integer, got the string "35" \(not read by the official script; scored\)/);
  });
});

describe('seeds, output paths and deep JSON (in-process)', () => {
  const IN = join(ROOT, 'test', 'fixtures', 'entity', 'renaming-in.json');

  it.each(['1e300', '9007199254740992', '-1', '2.5', '0x10'])('--seed %s is refused with the valid range', async (seed) => {
    const r = await runMain('perturb', 'synthetic', '--kind', 'ocr', `--seed=${seed}`, IN, join(tmp, 's.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`qarx: --seed must be a whole number from 0 to 9007199254740991 (2^53 − 1), got "${seed}".\n`);
  });

  it('--seed 4294967296 (2^32) and --seed 0 give different files (they used to be equal)', async () => {
    const outs = [];
    for (const seed of ['0', '4294967296', String(2 ** 53 - 1)]) {
      const out = join(tmp, `seed-${seed}.json`);
      const r = await runMain('perturb', 'synthetic', '--kind', 'char-swap', '--seed', seed, IN, out);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`seed ${seed}:`);
      outs.push(readFileSync(out, 'utf8'));
    }
    expect(new Set(outs).size).toBe(3);
  });

  it.each([
    { name: 'perturb to a directory', args: () => ['perturb', 'synthetic', '--kind', 'ocr', IN, tmp], line: /: the output is a directory; give a file name\.$/ },
    { name: 'perturb under a file', args: () => ['perturb', 'entity', IN, join(IN, 'out.json')], line: /: cannot write the output: .*renaming-in\.json is a file, not a directory\.$/ },
    { name: 'predict --out a file', args: () => ['predict', '--model', MODEL, '--data', DATA, '--out', DATA], line: /squad2-mini\.json: the --out directory is a file, not a directory\.$/ },
    { name: 'predict --out under a file', args: () => ['predict', '--model', MODEL, '--data', DATA, '--out', join(DATA, 'sub', 'out')], line: /: cannot write the --out directory: .*squad2-mini\.json is a file, not a directory\.$/ },
  ])('$name fails at once, before reading data or loading the model', async ({ args, line }) => {
    const r = await runMain(...args());
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^qarx: /);
    expect(lines[0]).toMatch(line);
  });

  it.each([
    { name: 'eval data', file: 'deep-data.json', args: (f: string) => ['eval', f, DATA] },
    { name: 'eval predictions', file: 'deep-preds.json', args: (f: string) => ['eval', DATA, f] },
    { name: 'perturb input', file: 'deep-in.json', args: (f: string) => ['perturb', 'synthetic', '--kind', 'ocr', f, join(tmp, 'deep-out.json')] },
    { name: 'predict data', file: 'deep-predict.json', args: (f: string) => ['predict', '--model', MODEL, '--data', f, '--out', join(tmp, 'deep-pred')] },
  ])('deeply nested JSON ($name) names the file and says it is too deep', async ({ file, args }) => {
    const f = join(tmp, file);
    mkdirSync(tmp, { recursive: true });
    // 28 characters, then "{" is level 1, so the 512th "[" (column 28 + 512) is level 513.
    writeFileSync(f, `{"version": "v1.1", "data": ${'['.repeat(100_000)}`);
    const r = await runMain(...args(f));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n').at(-1)).toBe(`qarx: ${f}: JSON nested too deeply: more than 512 levels at line 1, column ${28 + 512}.`);
  });
});
