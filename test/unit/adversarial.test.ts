/** Jia & Liang's adversarial SQuAD evaluation on hand-computed cases, id splitting, and linking variants at import. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFile } from '../../src/core/formats/index.ts';
import { insertedSpan, isAdversarialIds, linkAdversarial } from '../../src/core/formats/adversarial.ts';
import { pyJsonDumps } from '../../src/core/metrics/pyjson.ts';
import { SquadEvalError } from '../../src/core/metrics/squad.ts';
import { adversarialCounts, adversarialQuestions, adversarialSelection, evaluateAdversarial, splitAdversarialId } from '../../src/core/trap/adversarial.ts';
import { adversarialPair } from '../../src/core/trap/live.ts';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'adversarial');

describe('splitAdversarialId', () => {
  it.each([
    // the script's qa['id'].split('-')[0]: everything before the FIRST dash
    ['56be4db0acb8001400a502ec', '56be4db0acb8001400a502ec', null],
    ['56be4db0acb8001400a502ec-high-conf', '56be4db0acb8001400a502ec', 'high-conf'],
    ['56be4db0acb8001400a502ec-high-conf-turk0', '56be4db0acb8001400a502ec', 'high-conf-turk0'],
    ['5a1e0c0b9f3a4d0012ab0003-turk0', '5a1e0c0b9f3a4d0012ab0003', 'turk0'],
    ['q1-', 'q1', ''],
    ['-x', '', 'x'],
  ])('%s → %s + %s', (id, originalId, suffix) => {
    expect(splitAdversarialId(id)).toEqual({ originalId, suffix });
  });
});

describe('evaluateAdversarial (hand-computed)', () => {
  it('an original with two variants takes the lower F1 and its EM; one with none keeps its own score', () => {
    const qs = [
      { id: 'a', golds: ['Maren Holt'] },
      { id: 'a-turk0', golds: ['Maren Holt'] },
      { id: 'a-turk1', golds: ['Maren Holt'] },
      { id: 'b', golds: ['1887'] },
    ];
    // a: EM 1 F1 1; a-turk0 "Maren": P 1, R 1/2 → F1 2/3, EM 0; a-turk1 wrong: F1 0, EM 0; b: 1/1
    const r = evaluateAdversarial(qs, { a: 'Maren Holt', 'a-turk0': 'Maren', 'a-turk1': 'Jonas Vell', b: '1887' });
    expect(r.result).toEqual({ orig_exact_match: 100, orig_f1: 100, adv_exact_match: 50, adv_f1: 50 });
    expect(r.rows.map((x) => [x.originalId, x.worstId, x.variants.length])).toEqual([
      ['a', 'a-turk1', 2],
      ['b', 'b', 0],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('a variant replaces the original even when it scores higher, and ties keep the first variant', () => {
    const qs = [
      { id: 'a', golds: ['red dog'] },
      { id: 'a-1', golds: ['red dog'] },
      { id: 'a-2', golds: ['red dog'] },
    ];
    // a: "dog" F1 2/3; a-1 "red dog" F1 1 (replaces the original); a-2 "red dog." F1 1 (a tie: a-1 stays)
    const r = evaluateAdversarial(qs, { a: 'dog', 'a-1': 'red dog', 'a-2': 'red dog.' });
    expect(r.rows[0]?.worstId).toBe('a-1');
    expect(r.result.orig_f1).toBeCloseTo(200 / 3, 12);
    expect(r.result.adv_f1).toBe(100);
    expect(r.result.adv_exact_match).toBe(100);
  });

  it('counts an original missing from the file as 0 on the original side, and skips unanswered questions with the script message', () => {
    const qs = [
      { id: 'c-turk0', golds: ['the keeper'] },
      { id: 'd', golds: ['x'] },
    ];
    const r = evaluateAdversarial(qs, { 'c-turk0': 'keeper' });
    // c: orig 0 (absent), adv 1/1; d: unanswered → 0 everywhere; n = 2
    expect(r.result).toEqual({ orig_exact_match: 0, orig_f1: 0, adv_exact_match: 50, adv_f1: 50 });
    expect(r.warnings).toEqual(['Unanswered question d will receive score 0.']);
  });

  it('uses the original when every variant is unanswered', () => {
    const r = evaluateAdversarial([{ id: 'a', golds: ['x y'] }, { id: 'a-1', golds: ['x y'] }], { a: 'x' });
    expect(r.result.adv_f1).toBeCloseTo(r.result.orig_f1, 12);
    expect(r.rows[0]?.worstId).toBe('a');
  });

  // The script runs on Python 2, where r'\b(a|an|the)\b' has no re.UNICODE flag: \b sees only
  // [A-Za-z0-9_] as word characters, so an article glued to a non-ASCII letter is removed.
  // Checked by hand in CPython 2.7.18: re.sub(r'\b(a|an|the)\b', ' ', u'\xe7a') → u'\xe7 '.
  it.each([
    // 'ça' → py2 'ç ' → 'ç' = the prediction: EM 1, F1 1 (Python 3 keeps 'ça': EM 0, F1 0)
    ['ç', 'ça', 1, 1],
    // 'Δthe' → lower 'δthe' → 'δ' = 'δ': EM 1, F1 1
    ['Δthe', 'Δ', 1, 1],
    // 'éan x' → 'é  x' → 'é x'; gold 'é x': EM 1, F1 1
    ['éan x', 'é x', 1, 1],
    // 'café the end' → 'café end' (the article stands alone, both Pythons agree); gold 'café': P 1/2, R 1 → F1 2/3
    ['café the end', 'café', 0, 2 / 3],
    // Python 2's lower() has no final-sigma rule: 'ΟΔΥΣΣΕΥΣ' → 'οδυσσευσ' ≠ 'οδυσσευς' → EM 0, F1 0
    // (CPython 2.7.18: u'\u039f\u0394\u03a5\u03a3\u03a3\u0395\u03a5\u03a3'.lower() ends in u'\u03c3'; JS and Python 3 give ς)
    ['ΟΔΥΣΣΕΥΣ', 'Οδυσσευς', 0, 0],
    // and lower-cases 'İ' to a plain 'i': 'İstanbul' = 'istanbul' → EM 1, F1 1 (Python 3 gives 'i̇stanbul')
    ['İstanbul', 'istanbul', 1, 1],
  ])('normalises like Python 2: %s vs gold %s → EM %d, F1 %d', (pred, gold, em, f1) => {
    const r = evaluateAdversarial([{ id: 'q', golds: [gold] }], { q: pred });
    expect(r.result.orig_exact_match).toBe(100 * em);
    expect(r.result.orig_f1).toBeCloseTo(100 * f1, 12);
  });

  it('sums adv_f1 in Python 2 dict order, orig_f1 in file order (the last digit differs)', () => {
    // q1 F1 1, q2 F1 1, q3 'p e' vs 'p b c d': P 1/2, R 1/4 → F1 (2 · 1/8)/(3/4) = 1/3. No variants: adv = own score.
    // orig in file order: (1 + 1) + 0.3333333333333333 = 2.3333333333333335 → ·100/3 = 77.77777777777779
    // adv in dict order q1, q3, q2 (CPython 2.7.18): (1 + 0.3333333333333333) + 1 = 2.333333333333333 → 77.77777777777777
    const qs = [
      { id: 'q1', golds: ['x'] },
      { id: 'q2', golds: ['y'] },
      { id: 'q3', golds: ['p b c d'] },
    ];
    const r = evaluateAdversarial(qs, { q1: 'x', q2: 'y', q3: 'p e' });
    expect(r.result.orig_f1).toBe(77.77777777777779);
    expect(r.result.adv_f1).toBe(77.77777777777777);
  });

  it('throws where the script crashes', () => {
    expect(() => evaluateAdversarial([], {})).toThrow(SquadEvalError);
    expect(() => evaluateAdversarial([{ id: 'a', golds: [] }], { a: 'x' })).toThrow(/ValueError/);
  });

  it('prints the fixture file exactly as the script (python 2 json.dumps, keys in order)', () => {
    const data = JSON.parse(readFileSync(join(FIX, 'addsent-mini.json'), 'utf8'));
    const preds = JSON.parse(readFileSync(join(FIX, 'addsent-mini.pred.json'), 'utf8'));
    const r = evaluateAdversarial(adversarialQuestions(data), preds);
    expect(pyJsonDumps(r.result) + '\n').toBe(readFileSync(join(FIX, 'addsent-mini.expected.json'), 'utf8'));
    expect(adversarialCounts(r.rows)).toEqual({ originals: 3, attacked: 2, variants: 3 });
  });
});

describe('adversarial files on import', () => {
  it.each([
    [['a1', 'a1-turk0'], true],
    [['5a1e0c0b9f3a4d0012ab0003-turk0'], true],
    [['a-b', 'c-d'], false],
    [['plain', 'ids'], false],
    // Nat_V2 revision numbering is never an adversarial variant, with or without the bare id in the file.
    [['5733be284776f41900661182-n0', '5733be284776f41900661182-n11'], false],
    [['5733be284776f41900661182', '5733be284776f41900661182-n3'], false],
    [['5733be284776f41900661182-high-conf-turk2'], true],
    [['5733be284776f41900661182-high-conf'], true],
    [['5733be284776f41900661182-other'], false],
  ])('isAdversarialIds(%j) → %s', (ids, want) => {
    expect(isAdversarialIds(ids)).toBe(want);
  });

  it.each([
    ['A. B.', 'A. B. T.', 'T.'],
    ['A. B.', 'T. A. B.', 'T.'],
    ['A. B.', 'A. T. B.', 'T.'],
    ['same', 'same', null],
  ])('insertedSpan(%j, %j) is %j', (a, b, want) => {
    const s = insertedSpan(a, b);
    expect(s ? b.slice(s.start, s.end) : null).toBe(want);
  });

  it('links every variant of the fixture to its original, with the inserted sentence', async () => {
    const bytes = readFileSync(join(FIX, 'addsent-mini.json'));
    const r = await importFile('addsent-mini.json', new Uint8Array(bytes), { dataset: 'adv' });
    expect(linkAdversarial(r.instances)).toBe(3);
    const v = r.instances.find((i) => i.id.endsWith('-high-conf-turk0'))!;
    expect(v.tags).toContain('adversarial');
    expect(v.adversarial?.originalId).toBe('5a1e0c0b9f3a4d0012ab0001');
    const ins = v.adversarial!.inserted!;
    expect(v.context.slice(ins.start, ins.end)).toBe('The first lighthouse of Gullport was lit by Jonas Vell in 1902.');
    const orphan = r.instances.find((i) => i.id === '5a1e0c0b9f3a4d0012ab0003-turk0')!;
    expect(orphan.adversarial).toEqual({ originalId: '5a1e0c0b9f3a4d0012ab0003', suffix: 'turk0', originalContext: null, inserted: null });
    expect(r.instances.find((i) => i.id === '5a1e0c0b9f3a4d0012ab0002')?.adversarial).toBeUndefined();
    // The live view's pair: the original passage (answers where they were) and the variant with its insertion.
    const pair = adversarialPair(v)!;
    expect(pair.original.context).toBe(v.adversarial!.originalContext);
    for (const a of pair.original.answers) expect(pair.original.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
    expect(adversarialPair(orphan)).toBeNull();
  });

  it.each(['fvoriginal.json', 'fvmodified.json'])('never flags a Nat_V2 revision file (ids <id>-n0 … <id>-n11): %s', async (f) => {
    const bytes = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'formats', 'nat-v2', f));
    const r = await importFile(f, new Uint8Array(bytes), { dataset: 'nat-v2' });
    expect(r.instances.map((i) => i.id.replace(/^[0-9a-f]{24}/, ''))).toContain('-n11');
    expect(linkAdversarial(r.instances)).toBe(0);
    expect(r.instances.every((i) => !i.adversarial && !i.tags.includes('adversarial'))).toBe(true);
  });

  it('leaves an ordinary file alone', async () => {
    const bytes = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'eval', 'squad-v1.json'));
    const r = await importFile('squad-v1.json', new Uint8Array(bytes), { dataset: 'plain' });
    expect(linkAdversarial(r.instances)).toBe(0);
    expect(r.instances.every((i) => !i.adversarial && !i.tags.includes('adversarial'))).toBe(true);
  });
});

describe('adversarialSelection', () => {
  const link = { originalId: 'a1', suffix: 'turk0', originalContext: null, inserted: null };
  it.each([
    { name: 'an ordinary dataset with dashed ids (the demo set) holds no variant', qs: [{ id: 'demo-per-01', dataset: 'demo' }, { id: 'demo-per-02', dataset: 'demo' }], want: [] },
    { name: 'an adversarial file keeps its originals, with or without variants', qs: [{ id: 'a1', dataset: 'adv' }, { id: 'a2', dataset: 'adv' }, { id: 'a1-turk0', dataset: 'adv', adversarial: link }], want: ['a1', 'a2', 'a1-turk0'] },
    { name: 'beside another dataset, only the adversarial file is evaluated', qs: [{ id: 'demo-per-01', dataset: 'demo' }, { id: 'a1', dataset: 'adv' }, { id: 'a1-turk0', dataset: 'adv', adversarial: link }], want: ['a1', 'a1-turk0'] },
  ])('$name', ({ qs, want }) => {
    expect(adversarialSelection(qs).map((q) => q.id)).toEqual(want);
  });
});
