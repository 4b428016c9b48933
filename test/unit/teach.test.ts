/** The failure gallery's core, the chart palette (colour-blind safety, contrast, CSS in step) and wrapped tick labels. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { caseLabel, caseRuns, casesFromFound, casesFromPairs, casesFromTraps, casesToCsv, casesToJson, groupCases, mergeCases, answersRun, seedNote, type FailureCase } from '../../src/core/results/gallery.ts';
import type { CaseRun } from '../../src/core/results/case-run.ts';
import type { PairRow } from '../../src/core/natural/pairs.ts';
import type { TrapRow } from '../../src/core/trap/summary.ts';
import { CATEGORY_COLORS, CATEGORY_VARS, SOURCE_COLORS } from '../../src/app/charts/palette.ts';
import { categoryChart } from '../../src/cli/audit/report-html.ts';
import { PAIR_CATEGORIES } from '../../src/core/natural/categories.ts';
import { tickFontSize, wrapLabel } from '../../src/app/charts/chart-axes.tsx';
import { GALLERY_KEY, loadFailures } from '../../src/app/store/teach-slice.ts';

const inst = (id: string, extra: Partial<Instance> = {}): Instance => ({ id, dataset: 'demo', title: 't', question: `Q ${id}?`, context: 'Ann lives in Paris.', answers: [{ text: 'Paris', start: 13 }], isImpossible: false, lang: 'en', tags: [], ...extra });
const row = (id: string, category: PairRow['category'], orig = 'Paris', pert = 'Ann'): PairRow => ({ id, dataset: 'demo', question: `Q ${id}?`, original: { text: orig, em: 1, f1: 1 }, perturbed: { text: pert, em: 0, f1: 0 }, category, intent: null, touchesAnswer: false });
const model = { kind: 'local' as const, id: 'qarx-lexical-qa' };
const opts = { allowNull: true, found: '2026-01-01T00:00:00.000Z', perturbation: 'natural edit (revision pair)' };

describe('casesFromPairs', () => {
  const a = inst('a', { revision: { context: 'Ann moved to Paris.', answers: [{ text: 'Paris', start: 13 }] } });
  const b = inst('b', { revision: { context: 'Ann lives in Paris now.', answers: [{ text: 'Paris', start: 13 }] } });
  it.each([
    { name: 'only C2W rows become cases', rows: [row('a', 'C2W'), row('b', 'C2C')], want: ['a'] },
    { name: 'W2C and W2W are not failures', rows: [row('a', 'W2C'), row('b', 'W2W')], want: [] },
    { name: 'a row without its question is skipped', rows: [row('zz', 'C2W')], want: [] },
  ])('$name', ({ rows, want }) => {
    expect(casesFromPairs(rows, [a, b], model, { kind: 'revision' }, opts).map((c) => c.id)).toEqual(want);
  });

  it('keeps both passages, both answers, the gold and a link that opens the case', () => {
    const [c] = casesFromPairs([row('a', 'C2W')], [a], model, { kind: 'revision' }, opts);
    expect(c).toMatchObject({ kind: 'revision', model: 'qarx-lexical-qa', gold: ['Paris'], original: { passage: 'Ann lives in Paris.', answer: 'Paris' }, perturbed: { passage: 'Ann moved to Paris.', answer: 'Ann' } });
    expect(c!.link).toEqual({ v: 1, models: [model], q: { kind: 'instance', dataset: 'demo', id: 'a' }, p: { kind: 'revision' }, allowNull: true });
    expect(c!.key).toBe('revision|qarx-lexical-qa|demo|a|');
    // The exported JSON keeps one field order for every kind of case.
    expect(Object.keys(c!)).toEqual(['key', 'kind', 'perturbation', 'model', 'dataset', 'id', 'question', 'gold', 'original', 'perturbed', 'link', 'starred', 'found']);
  });

  it('noise cases carry their settings in the key and the link, and the noisy passage when given', () => {
    const p = { kind: 'noise' as const, noise: 'keyboard' as const, rate: 0.3, seed: 2 };
    const [c] = casesFromPairs([row('a', 'C2W')], [a], model, p, { ...opts, noisyPassage: () => 'Ann livse in Paris.' });
    expect(c!.key).toBe('noise|qarx-lexical-qa|demo|a|keyboard|0.3|2');
    expect(c!.perturbed.passage).toBe('Ann livse in Paris.');
    expect(c!.link?.p).toEqual(p);
  });
});

describe('caseLabel: one question broken under several seeds reads as several cases (issue 41.10)', () => {
  const a = inst('a');
  const found = (seed: number) => ({ id: 'a', dataset: 'demo', question: 'Q a?', gold: ['Paris'], original: { passage: a.context, answer: 'Paris' }, perturbed: { passage: 'Ann lives in Lyon.', question: 'Q a?', answer: 'Ann' }, rename: { type: 'GPE' as const, source: 'indist' as const, origin: 'us' as const, seed }, stored: true });
  it('adds the seed a renaming label leaves out, so four seeds give four labels', () => {
    const cases = casesFromFound([1, 2, 3, 4].map(found), model, 'rename', { ...opts, perturbation: () => 'entity renaming: GPE, InDistName' });
    expect(cases.map(caseLabel)).toEqual([1, 2, 3, 4].map((k) => `entity renaming: GPE, InDistName, seed ${k}`));
    expect(new Set(cases.map(caseLabel)).size).toBe(4);
  });
  it.each([
    { name: 'a noise label that already names its seed', perturbation: 'synthetic noise: keyboard typo 30%, seed 2', p: { kind: 'noise' as const, noise: 'keyboard' as const, rate: 0.3, seed: 2 }, note: null },
    { name: 'a revision pair (no seed)', perturbation: 'natural edit (revision pair)', p: { kind: 'revision' as const }, note: null },
    { name: 'a trap', perturbation: 'trap sentence (rules, before the answer sentence)', p: { kind: 'trap' as const, source: 'rules', position: 'before', seed: 7, sentence: '' }, note: 'seed 7' },
  ])('$name → $note', ({ perturbation, p, note }) => {
    const c = { perturbation, link: { v: 1 as const, models: [model], q: { kind: 'instance' as const, dataset: 'demo', id: 'a' }, p, allowNull: true } } as Pick<FailureCase, 'perturbation' | 'link'>;
    expect(seedNote(c)).toBe(note);
    expect(caseLabel(c)).toBe(note ? `${perturbation}, ${note}` : perturbation);
  });
});

describe('casesFromTraps', () => {
  const trapRow = (em: number): TrapRow => ({ id: 'a', dataset: 'demo', question: 'Q a?', sentence: 'Bob lives in Rome.', similarity: 0.5, original: { text: 'Paris', span: null, em: 1, f1: 1 }, trapped: { text: 'Rome', span: null, hit: true, em, f1: em }, trap: { start: 20, end: 38 } });
  it('collects only answers that went from right (EM 1) to wrong (EM 0)', () => {
    const trapped = () => 'Ann lives in Paris. Bob lives in Rome.';
    const p = { kind: 'trap' as const, source: 'generated' as const, position: 'after' as const, seed: 3, sentence: '' };
    const [c] = casesFromTraps([trapRow(0)], [inst('a')], model, p, { ...opts, trapped });
    expect(c!.perturbed).toEqual({ passage: 'Ann lives in Paris. Bob lives in Rome.', answer: 'Rome' });
    expect(c!.link?.p).toEqual(p);
    // The trap sentence ends the key, so the same trap seen again is one case.
    expect(c!.key).toBe('trap|qarx-lexical-qa|demo|a|Bob lives in Rome.');
    expect(casesFromTraps([trapRow(1)], [inst('a')], model, p, { ...opts, trapped })).toHaveLength(0);
  });
});

const mk = (key: string, extra: Partial<FailureCase> = {}): FailureCase => ({ key, kind: 'revision', perturbation: 'p', model: 'm', dataset: 'demo', id: key, question: 'q', gold: [], original: { passage: 'a', answer: 'x' }, perturbed: { passage: 'b', answer: 'y' }, link: null, starred: false, found: 't0', ...extra });

describe('mergeCases', () => {
  it('a case seen again keeps its star and first-seen time, and is not duplicated', () => {
    const merged = mergeCases([mk('a', { starred: true, found: 'old' })], [mk('a', { found: 'new' }), mk('b'), mk('b')]);
    expect(merged.map((c) => [c.key, c.starred, c.found])).toEqual([['b', false, 't0'], ['a', true, 'old']]);
  });
  const runOf = (kind: string, date: string): CaseRun => ({ kind, date, datasets: ['Demo set'], allowNull: false, scoringLang: 'auto', rule: 'script' });
  it('a case a later run finds again stays under its first run and adds the later one, once (a run never loses a case it found)', () => {
    const sweep = runOf('sweep', 't1');
    const budget = runOf('budget', 't2');
    const merged = mergeCases([mk('a', { run: sweep, found: 't1' })], [mk('a', { run: budget, found: 't2' })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ run: sweep, alsoRuns: [budget], found: 't1' });
    // The same run again, and the first run again, add nothing.
    expect(mergeCases(merged, [mk('a', { run: budget }), mk('a', { run: sweep })])[0]?.alsoRuns).toEqual([budget]);
    // A case collected before runs were named takes the run that finds it.
    expect(mergeCases([mk('b')], [mk('b', { run: budget })])[0]).toMatchObject({ run: budget });
    expect(mergeCases([mk('b')], [mk('b', { run: budget })])[0]?.alsoRuns).toBeUndefined();
  });
  it('a case found again holds the later run\'s answers and is scored as that run scored ("no answer" on), its first run kept', () => {
    const sweep = runOf('sweep', 't1');
    const budget = { ...runOf('budget', 't2'), allowNull: true, rule: 'em' as const };
    const merged = mergeCases([mk('a', { run: sweep, perturbed: { passage: 'b', answer: 'y' } })], [mk('a', { run: budget, perturbed: { passage: 'b', answer: '' } })]);
    expect(merged[0]).toMatchObject({ run: sweep, alsoRuns: [budget], answersRun: budget, perturbed: { answer: '' } });
    expect(answersRun(merged[0]!)).toEqual(budget);
    // Found again by its first run: its answers are that run's, and so is their scoring.
    const back = mergeCases(merged, [mk('a', { run: sweep })])[0]!;
    expect(back.answersRun).toBeUndefined();
    expect(answersRun(back)).toEqual(sweep);
  });
  it('every run that found a case is among its runs, each once (property)', () => {
    const runs = ['sweep', 'budget', 'universal'].flatMap((k) => ['t1', 't2'].map((d) => runOf(k, d)));
    fc.assert(
      fc.property(fc.array(fc.option(fc.constantFrom(...runs), { nil: undefined }), { maxLength: 8 }), (found) => {
        let cases: FailureCase[] = [];
        for (const r of found) cases = mergeCases(cases, [mk('a', r ? { run: r } : {})]);
        const got = cases[0] ? caseRuns(cases[0]).map((r) => `${r.kind}|${r.date}`) : [];
        const want = [...new Set(found.filter((r): r is CaseRun => r !== undefined).map((r) => `${r.kind}|${r.date}`))];
        expect(got).toEqual(want);
      }),
    );
  });
  it('over the cap, unstarred cases are dropped and starred ones kept', () => {
    const old = [mk('s', { starred: true }), mk('o1'), mk('o2')];
    expect(mergeCases(old, [mk('n1'), mk('n2')], 3).map((c) => c.key).sort()).toEqual(['n1', 'n2', 's']);
  });
  it('never loses a starred case and never holds a key twice (property)', () => {
    const kase = fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), starred: fc.boolean() }).map(({ key, starred }) => mk(key, { starred }));
    fc.assert(
      fc.property(fc.uniqueArray(kase, { selector: (c) => c.key }), fc.array(kase.map((c) => ({ ...c, starred: false }))), fc.integer({ min: 1, max: 8 }), (old, found, max) => {
        const out = mergeCases(old, found, max);
        expect(new Set(out.map((c) => c.key)).size).toBe(out.length);
        for (const s of old.filter((c) => c.starred)) expect(out.find((c) => c.key === s.key)?.starred).toBe(true);
      }),
    );
  });
});

describe('groupCases, exports', () => {
  it('groups by perturbation, then model, in first-seen order', () => {
    const g = groupCases([mk('1', { perturbation: 'noise', model: 'A' }), mk('2', { perturbation: 'edit', model: 'A' }), mk('3', { perturbation: 'noise', model: 'B' }), mk('4', { perturbation: 'noise', model: 'A' })]);
    expect(g.map((x) => [x.perturbation, x.models.map((m) => [m.model, m.cases.map((c) => c.key)])])).toEqual([
      ['noise', [['A', ['1', '4']], ['B', ['3']]]],
      ['edit', [['A', ['2']]]],
    ]);
  });
  it('CSV neutralises formulas and parses back to the same cells', () => {
    const csv = casesToCsv([mk('a', { question: '=HYPERLINK("http://x")', gold: ['a', 'b'], perturbed: { passage: null, answer: '+1' } })]);
    const [head, first] = Papa.parse<string[]>(csv.trim()).data;
    expect(head).toContain('perturbed_answer');
    expect(first![head!.indexOf('question')]).toBe(`'=HYPERLINK("http://x")`);
    expect(first![head!.indexOf('perturbed_answer')]).toBe("'+1");
    expect(first![head!.indexOf('gold')]).toBe('a | b');
    expect(first![head!.indexOf('perturbed_passage')]).toBe('');
  });
  it('JSON names its format and holds every case', () => {
    expect(JSON.parse(casesToJson([mk('a')]))).toEqual({ format: 'qarx-failure-gallery', version: 1, cases: [mk('a')] });
  });
});

describe('loadFailures', () => {
  const store = (v: string | null) => ({ getItem: (k: string) => (k === GALLERY_KEY ? v : null) });
  it.each([
    { name: 'nothing stored', v: null, n: 0 },
    { name: 'not JSON', v: '{oops', n: 0 },
    { name: 'not an array', v: '{"a":1}', n: 0 },
    { name: 'entries of another shape are dropped', v: JSON.stringify([mk('a'), { key: 1 }, null, 'x']), n: 1 },
  ])('$name', ({ v, n }) => {
    expect(loadFailures(store(v))).toHaveLength(n);
  });
  it('later runs that are not runs are dropped, the valid ones kept', () => {
    const ok: CaseRun = { kind: 'budget', date: 't2', datasets: ['Demo set'], allowNull: false, scoringLang: 'auto', rule: 'script' };
    const [c] = loadFailures(store(JSON.stringify([mk('a', { alsoRuns: [ok, { kind: 3 } as unknown as CaseRun] })])));
    expect(c?.alsoRuns).toEqual([ok]);
    const [d] = loadFailures(store(JSON.stringify([{ ...mk('b'), alsoRuns: 'x' }])));
    expect(d && 'alsoRuns' in d).toBe(false);
  });
});

// Colour-blind safety: Machado et al. (2009) full-severity matrices on linear RGB, distances in CIELAB (ΔE76).
const MACHADO: Record<string, number[][]> = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};
const linear = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
function lab([r, g, b]: number[]): number[] {
  const [R, G, B] = [r!, g!, b!].map((x) => Math.min(1, Math.max(0, x)));
  const X = (0.4124 * R! + 0.3576 * G! + 0.1805 * B!) / 0.95047, Y = 0.2126 * R! + 0.7152 * G! + 0.0722 * B!, Z = (0.0193 * R! + 0.1192 * G! + 0.9505 * B!) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}
const simulate = (hex: string, m: number[][]) => lab(m.map((row) => row.reduce((a, k, j) => a + k * linear(hex)[j]!, 0)));
const deltaE = (a: number[], b: number[]) => Math.hypot(...a.map((x, i) => x - b[i]!));
const luminance = (hex: string) => { const [r, g, b] = linear(hex); return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!; };
const contrast = (a: string, b: string) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x! + 0.05) / (y! + 0.05); };

describe('palette', () => {
  const pairs = (o: Record<string, string>) => Object.entries(o).flatMap(([ka, a], i) => Object.entries(o).slice(i + 1).map(([kb, b]) => [ka, a, kb, b] as const));
  const four = { C2C: CATEGORY_COLORS.C2C, C2W: CATEGORY_COLORS.C2W, W2C: CATEGORY_COLORS.W2C, W2W: CATEGORY_COLORS.W2W };
  it.each(Object.keys(MACHADO))('the four categories and the name sources stay apart under %s (ΔE ≥ 15)', (kind) => {
    for (const [ka, a, kb, b] of [...pairs(four), ...pairs(SOURCE_COLORS)]) expect.soft(deltaE(simulate(a, MACHADO[kind]!), simulate(b, MACHADO[kind]!)), `${ka} vs ${kb}`).toBeGreaterThanOrEqual(15);
  });
  it('the old green/red pair failed the check this palette passes (the test can fail)', () => {
    expect(deltaE(simulate('#2e8b57', MACHADO.deuteranopia!), simulate('#d1495b', MACHADO.deuteranopia!))).toBeLessThan(15);
  });
  it('white category chips are readable (≥ 4.5:1) for C2C, C2W, W2C, W2W', () => {
    for (const c of Object.values(four)) expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it('the audit HTML report draws each category, partial included, in the app’s colour (issue 38.3)', () => {
    const t = { kind: 'synthetic', title: 't', columns: ['dataset', 'variant', 'seed', 'measure', 'value'], rows: PAIR_CATEGORIES.map((c) => ['d', 'keyboard', 1, c, 1]) };
    const svg = categoryChart({ name: 'm', device: 'cpu', overview: { kind: 'overview', title: 'o', columns: [], rows: [] }, tables: [t] });
    for (const c of PAIR_CATEGORIES) expect(svg).toContain(`fill="${CATEGORY_COLORS[c]}"><title>d · keyboard · seed 1: ${c} 1 of 5</title>`);
  });
  it('styles.css holds the same category colours', () => {
    const css = readFileSync(join(import.meta.dirname, '../../src/app/shell/styles.css'), 'utf8');
    for (const [cat, v] of Object.entries(CATEGORY_VARS)) expect(css).toMatch(new RegExp(`${v}: ${CATEGORY_COLORS[cat as keyof typeof CATEGORY_COLORS]};`, 'i'));
  });
});

describe('wrapLabel', () => {
  it.each([
    { text: 'InDistName', max: 10, want: ['InDistName'] },
    // Issue 41.8: a name longer than a line keeps its own line whole (the tick shrinks its font instead).
    { text: 'InDistName', max: 6, want: ['InDistName'] },
    { text: 'PER InDistName', max: 8, want: ['PER', 'InDistName'] },
    { text: 'ORG RandStr', max: 6, want: ['ORG', 'RandStr'] },
    { text: 'PER RandStr', max: 8, want: ['PER', 'RandStr'] },
    { text: 'fact-update', max: 8, want: ['fact-', 'update'] },
    { text: 'one two three four five six', max: 7, want: ['one two', 'three', 'four…'] },
    { text: '', max: 10, want: [] },
  ])('$text at $max → $want', ({ text, max, want }) => {
    expect(wrapLabel(text, max)).toEqual(want);
  });
  it('never cuts a word: every line is whole words (or a hyphenated word split after its hyphen)', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z]{1,14}$/), { minLength: 1, maxLength: 3 }), fc.integer({ min: 3, max: 12 }), (words, max) => {
        const lines = wrapLabel(words.join(' '), max);
        expect(lines.flatMap((l) => l.split(' '))).toEqual(words);
      }),
    );
  });
});

describe('tickFontSize', () => {
  it.each([
    { lines: ['PER'], band: 100, want: 11 },
    { lines: ['InDistName'], band: 80, want: 11 },
    { lines: ['InDistName'], band: 60, want: 9 },
    { lines: ['InDistName'], band: 20, want: 8 },
    { lines: [], band: 10, want: 11 },
    { lines: ['ORG'], band: Number.NaN, want: 11 },
  ])('$lines in $band px → $want px', ({ lines, band, want }) => {
    expect(tickFontSize(lines, band)).toBe(want);
  });
});
