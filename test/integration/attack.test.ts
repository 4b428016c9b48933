/**
 * Explanations on the shipped model (real ONNX Runtime, no mocks): occlusion reuses the engine's
 * cached windows, input reduction keeps the answer, a found breaking edit really breaks it; and
 * `qarx attack` end to end (table, JSON with its run record and command, bad flags, Ctrl-C).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { scorePrediction } from '../../src/core/data/score.ts';
import { instancesToSquad } from '../../src/core/formats/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { DEFAULT_SEARCH, explainPredictor, findBreakingEdit, occlude, occlusionUnits, reduceInput } from '../../src/core/explain/index.ts';
import { ROOT, runMain } from '../support/run-qarx.ts';
import { applyEdits, type CheckedChange } from '../support/apply-edits.ts';

const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-attack-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const demo = loadDemoSet().filter((i) => i.lang === 'en' && !i.isImpossible);
let engine: QaEngine;
beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  engine = new QaEngine(m.tokenizer, m.runner);
});

describe('explanations on the shipped model', () => {
  it('occlusion of a long passage reuses the windows that do not hold the removed sentence', async () => {
    const inst = demo[0]!;
    // A passage of several windows: filler sentences after the original passage.
    const filler = Array.from({ length: 40 }, (_, k) => `Filler sentence number ${k} talks about nothing in particular at all.`).join(' ');
    const input = { id: 'long', question: inst.question, context: `${inst.context} ${filler}` };
    const predict = explainPredictor(engine, { versionTwo: false });
    const units = occlusionUnits(input, 'context', 'sentence');
    const occ = await occlude(input, units, 'context', 'sentence', predict);
    expect(occ.rows).toHaveLength(units.length);
    expect(occ.stats.windows).toBeGreaterThan(units.length + 1); // several windows per input
    expect(occ.stats.cached).toBeGreaterThan(0); // a removed filler sentence leaves the first windows as they were
    const again = await occlude(input, units, 'context', 'sentence', predict);
    expect(again.stats.computed).toBe(0);
    expect(again.rows).toEqual(occ.rows);
  });

  it('input reduction ends on a shorter question with the same answer', async () => {
    const inst = demo.find((i) => i.question.split(' ').length >= 5)!;
    const predict = explainPredictor(engine, { versionTwo: false });
    const r = await reduceInput({ id: inst.id, question: inst.question, context: inst.context }, 'question', predict);
    expect(r.after).toBeLessThan(r.before);
    expect(r.reduced.length).toBeLessThan(inst.question.length);
    const check = await engine.predict([{ id: 'r', question: r.reduced, context: inst.context }]);
    expect(check.predictions[0]?.text).toBe(r.answer);
  });

  it('a found breaking edit makes the answer wrong when answered again, within the budget', async () => {
    const predict = explainPredictor(engine, { versionTwo: false });
    let found = 0;
    for (const inst of demo.slice(0, 12)) {
      const r = await findBreakingEdit(inst, predict, { ...DEFAULT_SEARCH, budget: 20 });
      expect(r.calls).toBeLessThanOrEqual(20);
      if (r.outcome !== 'broken') continue;
      found++;
      const again = await engine.predict([{ id: 'x', question: r.perturbed!.question, context: r.perturbed!.context }]);
      expect(again.predictions[0]?.text).toBe(r.newAnswer);
      expect(scorePrediction(r.newAnswer!, r.perturbed!).em).toBe(0);
    }
    expect(found).toBeGreaterThan(0);
  });
});

describe('qarx attack', () => {
  const data = join(tmp, 'demo.json');
  beforeAll(() => writeFileSync(data, JSON.stringify(instancesToSquad(demo.slice(0, 6)))));

  it('prints the share broken per family with the run it came from, and the same figures as JSON', async () => {
    const text = await runMain('attack', '--model', MODEL, '--data', data, '--budget', '12', '--families', 'trap,rename');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^attack: smallest breaking edit · families trap sentence, entity renaming · names DBName · budget 12 calls per search/);
    expect(text.stdout).toContain('on 6 answerable questions');
    expect(text.stdout).toMatch(/^trap sentence +\d+ +\d+ /m);
    expect(text.stdout).toMatch(/^all families together /m);
    expect(text.stdout).toMatch(/^windows: \d+ \(\d+ run, \d+ reused from the cache\)/m);
    const json = await runMain('attack', '--model', MODEL, '--data', data, '--budget', '12', '--families', 'trap,rename', '--json');
    const r = JSON.parse(json.stdout) as { command: string; partial: boolean; record: { n: number; settings: { budget: number } }; rows: { key: string; correct: number; applicable: number; broken: number; calls: number }[] };
    expect(r.command).toBe(`qarx attack --model ${MODEL} --data ${data} --budget 12 --families trap,rename --json`);
    expect(r).toMatchObject({ partial: false, record: { n: 6, settings: { budget: 12 } } });
    expect(r.rows.map((x) => x.key)).toEqual(['trap', 'rename', 'all']);
    // The table and the JSON hold the same numbers.
    for (const row of r.rows) expect(text.stdout).toMatch(new RegExp(`  +${row.correct} +${row.applicable} +${row.broken} .* ${row.calls} `));
  });

  describe('issue 38.6: applicable questions and breaks a researcher can rebuild', () => {
    // Passages of this test's own, each after an emoji (so code points and UTF-16 differ); the
    // answers q1, q3, q5 and q9 are a year, a count and a place name the tagger does not mark, so
    // no renaming applies to them. Under the script rule a renamed name answered in part (the surname
    // alone, F1 0.67) is partial, not a break; q10's renamings (DBName, seed 3) make the model answer
    // the other climber (F1 0), so renaming breaks a question of its own.
    const P = [
      '🎻 Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891 and worked with Pierre Curie. She won the Nobel Prize in 1903.',
      '🚀 The Apollo 11 mission landed on the Moon in 1969. Neil Armstrong was the first person to walk on the surface, followed by Buzz Aldrin. The crew returned to Earth after eight days.',
      '📚 The library was founded by Andrew Carnegie in Pittsburgh in 1895. It holds 4 million books and opens at 9 o\'clock every morning.',
      '🧪 In 1928 the bacteriologist Alexander Fleming noticed mould on a plate in his London laboratory. Howard Florey later turned the discovery into a medicine.',
      '🎨 The painter Frida Kahlo lived in Coyoacán. Her husband Diego Rivera painted murals in Detroit and in Mexico City.',
      '🏔️ In 1953 the climber Edmund Hillary reached the summit of Everest with Tenzing Norgay. The expedition was led by John Hunt.',
    ];
    const QS: [number, string, string][] = [
      [0, 'Where was Marie Curie born?', 'Warsaw'],
      [0, 'In what year was Marie Curie born?', '1867'],
      [1, 'Who was the first person to walk on the Moon?', 'Neil Armstrong'],
      [1, 'How many days did the crew spend before returning?', 'eight'],
      [2, 'Who founded the library?', 'Andrew Carnegie'],
      [2, 'How many books does the library hold?', '4 million'],
      [3, 'Who noticed mould on a plate in 1928?', 'Alexander Fleming'],
      [3, 'Who turned the discovery into a medicine?', 'Howard Florey'],
      [4, 'Who painted murals in Detroit?', 'Diego Rivera'],
      [4, 'Where did Frida Kahlo live?', 'Coyoacán'],
      [5, 'Who led the expedition?', 'John Hunt'],
    ];
    const originals = new Map(QS.map(([p, question], i) => [`q${i}`, { question, context: P[p] as string }]));
    // SQuAD JSON with code-point answer_start, as Python writes it.
    const squad = { version: '1.1', data: P.map((context, p) => ({ title: `t${p}`, paragraphs: [{ context, qas: QS.flatMap(([pp, question, text], i) => (pp === p ? [{ id: `q${i}`, question, answers: [{ text, answer_start: Array.from(context.slice(0, context.indexOf(text))).length }] }] : [])) }] })) };
    const file = join(tmp, 'issue38.json');
    beforeAll(() => writeFileSync(file, JSON.stringify(squad)));
    type Row = { key: string; correct: number; applicable: number; broken: number; shareOfApplicable: number; shareOfCorrect: number; calls: number };
    type Result = { outcome: string; applicable: boolean; editCount: number; edits: { family: string; label: string; changes: CheckedChange[] }[]; question?: string; context?: string; answers?: { text: string; answer_start: number }[]; newAnswer: string | null };

    it('counts the questions each family could edit and divides the breaks by them, in the table and the JSON', async () => {
      const args = ['attack', '--model', MODEL, '--data', file, '--budget', '12', '--families', 'rename,trap'];
      const [text, json] = [await runMain(...args), await runMain(...args, '--json')];
      expect(text.code, text.stderr).toBe(0);
      const j = JSON.parse(json.stdout) as { rows: Row[]; questions: { id: string; correct: boolean; results: Record<string, Result> }[] };
      const rename = j.rows.find((x) => x.key === 'rename') as Row;
      const notRenamable = j.questions.filter((q) => q.correct && q.results.rename && !q.results.rename.applicable).map((q) => q.id);
      expect(notRenamable).toEqual(['q1', 'q3', 'q5', 'q9'].filter((id) => j.questions.find((q) => q.id === id)?.correct));
      expect(notRenamable.length).toBeGreaterThan(0);
      expect(rename.applicable).toBe(rename.correct - notRenamable.length);
      expect(rename.broken).toBeGreaterThan(0);
      expect(rename.shareOfApplicable).toBeCloseTo(rename.broken / rename.applicable, 12);
      expect(rename.shareOfCorrect).toBeCloseTo(rename.broken / rename.correct, 12);
      expect(text.stdout).toMatch(/^family +correct +applicable +broken +% broken +% of correct +calls +calls\/break$/m);
      expect(text.stdout).toContain('% broken = broken ÷ applicable');
      for (const row of j.rows) {
        const pct = (x: number) => (Number.isFinite(x) ? (100 * x).toFixed(1) : '–');
        expect(text.stdout).toMatch(new RegExp(`  +${row.correct} +${row.applicable} +${row.broken} +${pct(row.shareOfApplicable).replace('.', '\\.')} +${pct(row.shareOfCorrect).replace('.', '\\.')} +${row.calls} `));
      }
    });

    it('--json carries each break\'s edited question and passage, and applying its edits (code points) to the original rebuilds them', async () => {
      const r = await runMain('attack', '--model', MODEL, '--data', file, '--budget', '20', '--json');
      expect(r.code, r.stderr).toBe(0);
      const j = JSON.parse(r.stdout) as { questions: { id: string; results: Record<string, Result> }[] };
      const breaks = j.questions.flatMap((q) => Object.values(q.results).filter((x) => x.outcome === 'broken').map((x) => ({ id: q.id, x })));
      expect(new Set(breaks.flatMap(({ x }) => x.edits.map((e) => e.family)))).toEqual(new Set(['rename', 'trap', 'paraphrase', 'noise']));
      for (const { id, x } of breaks) {
        expect(typeof x.question, id).toBe('string');
        expect(applyEdits(originals.get(id)!, x.edits), `${id}: ${x.edits.map((e) => e.label).join(' + ')}`).toEqual({ question: x.question, context: x.context });
        expect(x.editCount).toBe(x.edits.length);
        // Gold answers at code-point offsets: Python's context[answer_start:answer_start + len(text)].
        for (const a of x.answers!) expect(Array.from(x.context!).slice(a.answer_start, a.answer_start + Array.from(a.text).length).join('')).toBe(a.text);
        expect(scorePrediction(x.newAnswer!, { answers: x.answers!.map((a) => ({ text: a.text, start: 0 })), isImpossible: false, lang: 'en' }).em).toBe(0);
      }
    });
  });

  it('refuses an unknown family and a zero budget before loading the model', async () => {
    const a = await runMain('attack', '--model', MODEL, '--data', data, '--families', 'rename,typo');
    expect([a.code, a.stderr]).toEqual([2, 'qarx: --families must list some of rename, trap, paraphrase, noise, got "rename,typo".\n']);
    const b = await runMain('attack', '--model', MODEL, '--data', data, '--budget', '0');
    expect(b.code).toBe(2);
  });

  describe('name source and pool (as sweep and budget spell them)', () => {
    const twelve = join(tmp, 'demo12.json');
    const poolFile = join(tmp, 'pool.json');
    // A narrowed InDistName pool: names the whole file's pool does not hold. The surnames have an
    // apostrophe, which the model splits at ("O'Keefe" → "Keefe", F1 0): a break under the script rule,
    // where a surname answered without its first name (F1 0.67) is only partial.
    const pool = { first: ['Symon', 'Inoke', 'Arles', 'Mezziah'], last: ["D'Amore", "O'Keefe", "D'Angelo", "O'Hara"] };
    beforeAll(() => {
      writeFileSync(twelve, JSON.stringify(instancesToSquad(demo.slice(0, 12))));
      writeFileSync(poolFile, JSON.stringify(pool));
    });

    it('--source indist --pool FILE renames with the pool\'s names only, and the record says so', async () => {
      const r = await runMain('attack', '--model', MODEL, '--data', twelve, '--families', 'rename', '--source', 'indist', '--pool', poolFile, '--budget', '12', '--json');
      expect(r.code, r.stderr).toBe(0);
      const j = JSON.parse(r.stdout) as { command: string; record: { settings: { source: string; pool: string } }; rows: { broken: number }[]; questions: { results: Record<string, { outcome: string; edits: { label: string }[] }> }[] };
      expect(j.record.settings).toMatchObject({ source: 'indist', pool: poolFile });
      expect(j.command).toContain(`--source indist --pool ${poolFile}`);
      const labels = j.questions.flatMap((q) => Object.values(q.results).flatMap((x) => x.edits.map((e) => e.label)));
      expect(labels.length).toBeGreaterThan(0);
      const names = new Set([...pool.first, ...pool.last]);
      for (const l of labels) {
        expect(l).toMatch(/\(InDistName, seed \d+\)$/);
        for (const m of l.matchAll(/→ ([^,(]+?)(?=,| \()/g)) expect(names.has(m[1] as string), `${m[1]} in ${l}`).toBe(true);
      }
    });

    it('names the source in the table\'s header: InDistName from every question of the file without --pool, RandStr', async () => {
      const a = await runMain('attack', '--model', MODEL, '--data', twelve, '--families', 'rename', '--source', 'indist', '--budget', '4');
      expect(a.code, a.stderr).toBe(0);
      expect(a.stdout).toMatch(/^attack: smallest breaking edit · families entity renaming · names InDistName \(pool: every question of the file\) · budget 4/);
      const b = await runMain('attack', '--model', MODEL, '--data', data, '--families', 'rename,trap', '--source', 'RandStr', '--budget', '4', '--json');
      expect(b.code, b.stderr).toBe(0);
      const j = JSON.parse(b.stdout) as { record: { settings: { source: string; pool?: string } }; questions: { results: Record<string, { edits: { family: string; label: string }[] }> }[] };
      expect(j.record.settings.source).toBe('randstr');
      expect(j.record.settings.pool).toBeUndefined();
      for (const q of j.questions) for (const x of Object.values(q.results)) for (const e of x.edits) if (e.family === 'rename') expect(e.label).toMatch(/\(RandStr, seed \d+\)$/);
    });

    it('refuses an unknown source and a missing or malformed pool, naming them, before loading the model', async () => {
      const a = await runMain('attack', '--model', MODEL, '--data', data, '--source', 'dbname');
      expect([a.code, a.stderr]).toEqual([2, 'qarx: --source must be one of indist, db, randstr (InDistName, DBName, RandStr), got "dbname".\n']);
      const b = await runMain('attack', '--model', MODEL, '--data', data, '--source', 'indist', '--pool', join(tmp, 'no-such-pool.json'));
      expect(b.code).not.toBe(0);
      expect(b.stderr).toContain('no-such-pool.json');
      const bad = join(tmp, 'bad-pool.json');
      writeFileSync(bad, '{"PER": "Ada"}');
      const c = await runMain('attack', '--model', MODEL, '--data', data, '--source', 'indist', '--pool', bad);
      expect(c.code).not.toBe(0);
      expect(c.stderr).toContain('bad-pool.json: "PER" must be a list of names.');
      expect(c.stderr).not.toContain('loading');
    });
  });

  it('Ctrl-C keeps the questions searched, marked partial, and exits 130', async () => {
    const big = join(tmp, 'big.json');
    writeFileSync(big, JSON.stringify(instancesToSquad(demo)));
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'qarx.mjs'), 'attack', '--model', MODEL, '--data', big, '--json'], { cwd: ROOT, env: { ...process.env, QARX_CACHE_DIR: join(tmp, 'cache') } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (/^attack: 1\//m.test(stderr) && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise((res) => child.on('close', res));
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/attack: interrupted: partial results \(\d+ of \d+ questions searched\)/);
    const r = JSON.parse(stdout) as { partial: boolean; done: number; total: number };
    expect(r.partial).toBe(true);
    expect(r.done).toBeGreaterThan(0);
    expect(r.done).toBeLessThan(r.total);
  });
});
