/**
 * Issue 38 §7 for the kinds that read their own files or have no drop of their own: revision pairs
 * (two aligned SQuAD files written from the demo's revision pairs), universal names (no audit unit),
 * Adversarial SQuAD (a small file in Jia & Liang's layout: 24-hex ids, `-high-conf-turk0` variants)
 * and the original score (no command). Per kind, the same figure — n, F1 before and after, the drop
 * (original − perturbed, positive = worse), its paired 95% CI and p — on the app's table and its
 * CSV/JSON export, the shown `qarx` command run as printed, and the audit unit and summary; the
 * card's counts add up. The other kinds: cli-reproduce-agree.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { decideNoAnswer, noAnswerData } from '../../src/core/data/no-answer.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { DEFAULT_UNIVERSAL, enginePredictor, runUniversal, topNames, type UniversalConfig } from '../../src/core/entity/index.ts';
import { importFile, importPairFiles, instancesToSquad } from '../../src/core/formats/index.ts';
import type { QaEngine } from '../../src/core/index.ts';
import { answerTypeOf } from '../../src/core/ner/answer-type.ts';
import { runPairs, summarizePairs } from '../../src/core/natural/pairs.ts';
import { runAdversarial } from '../../src/core/trap/experiment.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';
import { experimentCi, type PairedStats } from '../../src/core/stats/index.ts';
import { pairsComparisons } from '../../src/core/experiments/natural/ci.ts';
import { universalComparisons } from '../../src/core/experiments/universal/ci.ts';
import { adversarialComparisons } from '../../src/core/experiments/adversarial/ci.ts';
import { appRecord, loadFixture, runRecorded } from '../support/reproduce.ts';
import { auditFigures, auditOutcome, CI, compareFigure, expectSame, exportedRows, figure, fromStats, measureFigure, num, summaryRow, type Figure } from '../support/agree.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-agree-files-'));
let fx: { tmp: string; data: string; demo: Instance[]; engine: QaEngine };
beforeAll(async () => void (fx = await loadFixture(tmp)), 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes `data` as JSON into the test's folder and imports it as the app's data worker does (answers typed). */
async function writeAndImport(name: string, data: unknown): Promise<{ path: string; instances: Instance[] }> {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(data));
  const instances = (await importFile(path, readFileSync(path), { dataset: name })).instances.map((x) => ({ ...x, answerType: answerTypeOf(x) }));
  return { path, instances };
}

const noAnswer = (xs: readonly Instance[]) => xs.some((i) => i.isImpossible);

/** Every surface's figure of revision pairs on two aligned files written from the demo's revision pairs (`lost`: plus one whose edit removed the answer). */
async function naturalFigures(lost: boolean): Promise<Record<string, Figure>> {
  // The demo's English revision pairs as the two aligned files a researcher brings.
  const pairs = loadDemoSet().filter((i) => i.lang === 'en' && i.revision);
  expect(pairs.length).toBeGreaterThan(5);
  const strip = ({ revision: _r, ...i }: Instance): Instance => i;
  const edited = pairs.map((i) => ({ ...strip(i), context: i.revision?.context ?? '', answers: i.revision?.answers ?? [] }));
  // With `lost`, one more question whose edit removed the answer: no pair on any surface, and said so.
  const first = pairs[0] as Instance;
  const gone: Instance = { ...strip(first), id: `${first.id}-lost`, context: `${first.context} ` };
  const [a, b] = [instancesToSquad([...pairs.map(strip), ...(lost ? [gone] : [])]), instancesToSquad([...edited, ...(lost ? [{ ...gone, context: 'The passage was rewritten without it.', answers: [] }] : [])])];
  writeFileSync(join(tmp, 'original.json'), JSON.stringify(a));
  writeFileSync(join(tmp, 'edited.json'), JSON.stringify(b));
  const imported = await importPairFiles('original.json', readFileSync(join(tmp, 'original.json')), 'edited.json', readFileSync(join(tmp, 'edited.json')), { dataset: 'pairs' });
  const instances = imported.instances.map((x) => ({ ...x, answerType: answerTypeOf(x) }));
  // The app's decision for the imported pair dataset (data.worker datasetNoAnswerData): its questions and stored file version.
  const versionTwo = decideNoAnswer(noAnswerData(instances, imported.fileVersion)).versionTwo;
  const pr = await runPairs(instances, enginePredictor(fx.engine, { versionTwo }), undefined, { rule: 'script' });
  const sum = summarizePairs(pr.rows);
  const ci = experimentCi(pairsComparisons(instances, pr.rows), CI);
  const settings = { rule: 'script', ci: CI };
  const rows = exportedRows(instances, 'natural', { rows: pr.rows, dropped: 0, answerMissing: pr.dropped.answerMissing, label: 'natural edits', ci }, settings, pr.rows.length);
  // The card's counts add up: C2C + C2W + W2C + W2W + partial = questions.
  const v = (m: string) => num(rows.find((r) => r.measure === m)?.['natural edits']);
  expect(['C2C', 'C2W', 'W2C', 'W2W', 'partial'].reduce((x, c) => x + v(c), 0)).toBe(v('questions'));
  const cli = await runRecorded(fx, qarxCommand('natural', appRecord(instances, settings, pr.rows.length)).command);
  // The counts add up: pairs + left out (the import's issues) = questions of the original file. qarx compare
  // leaves the same question out but names it on stderr only (its --json "dropped" counts answers lost at
  // runPairs, not questions without a usable counterpart): n is checked below, the left-out count is not.
  const leftOut = imported.issues.filter((x) => x.kind === 'no-revision').reduce((x, i) => x + (i.count ?? 1), 0);
  expect(pr.rows.length + leftOut).toBe(pairs.length + (lost ? 1 : 0));
  expect(pr.rows.map((x) => x.id)).not.toContain(gone.id);
  return {
    app: fromStats(sum.n, sum.original.f1, sum.perturbed.f1, ci.rows.pairs),
    'CSV/JSON export': measureFigure(rows, 'natural edits', 'questions', 'f1_original', 'f1_changed'),
    'qarx compare --ci': compareFigure(cli),
    ...(await auditFigures(instances, fx.engine, { kind: 'natural', rule: 'script' }, null)),
  };
}

describe('one figure on every surface (issue 38 §7), kinds with their own files', () => {
  it('revision pairs (Wu et al. 2025 §3): two aligned SQuAD files, original vs edited passage', async () => {
    expectSame(await naturalFigures(false));
  }, 300_000);

  // Issue 38 §2: a pair dataset's no-answer decision is its original file's (questions and version), on
  // every surface; the edited question without answers is a pair left out, not an unanswerable question.
  it('revision pairs where an edit removed an answer: the same figure (one no-answer decision, §2)', async () => {
    expectSame(await naturalFigures(true));
  }, 300_000);

  it('universal names (Yan et al. 2022 §4.3): per listed name, no audit unit', async () => {
    const versionTwo = noAnswer(fx.demo);
    const cfg: UniversalConfig = { ...DEFAULT_UNIVERSAL, source: 'db', candidates: 8, iterations: 4, sample: 4, top: 3, seed: 2 };
    const result = await runUniversal(fx.demo, cfg, enginePredictor(fx.engine, { versionTwo }), { rule: 'script' });
    const ci = experimentCi(universalComparisons(fx.demo, result), CI);
    const settings = { ...cfg, ci: CI };
    const rows = exportedRows(fx.demo, 'universal', { result, ci }, settings, fx.demo.length);
    const cli = (await runRecorded(fx, qarxCommand('universal', appRecord(fx.demo, settings)).command)) as { rows: { name: string; meanF1Drop: number }[]; ci: { name: string; stats: PairedStats | null }[] };
    const top = topNames(result).rows;
    expect(top.length).toBeGreaterThan(0);
    // The same names in the same order, every name's statistics the same on every surface.
    expect(cli.ci.map((c) => c.name)).toEqual(top.map((x) => x.name));
    expect(cli.rows.map((x) => x.name)).toEqual(result.rows.map((x) => x.name));
    // The card's counts add up: every drawn name has a row; the listed ones say they qualified.
    expect(rows.length).toBe(result.rows.length);
    expect(rows.filter((r) => r.worsens_more === true).length).toBe(num(rows[0]?.qualified));
    for (const [i, name] of top.map((x) => x.name).entries()) {
      const st = ci.rows[name];
      const exp = rows.find((r) => r.name === name) ?? {};
      const c = cli.ci[i]?.stats;
      const app = fromStats(st?.n, st?.original.f1.value, st?.perturbed.f1.value, st);
      // The table's drop column is the figure the CI bounds.
      expect(num(exp.mean_f1_drop), `${name}: table drop vs its CI's estimate`).toBeCloseTo(app.drop, 3);
      expectSame({
        app,
        'CSV/JSON export': { ...app, drop: num(exp.mean_f1_drop), lo: num(exp.drop_f1_lo), hi: num(exp.drop_f1_hi), p: num(exp.p_f1) },
        'qarx universal --ci': fromStats(c?.n, c?.original.f1.value, c?.perturbed.f1.value, c),
      });
    }
  }, 300_000);

  it('Adversarial SQuAD (Jia & Liang 2017): each original against its worst variant', async () => {
    // A small file in Jia & Liang's layout: originals with 24-hex ids, AddSent variants "<id>-high-conf-turk<k>" with a distractor sentence appended.
    const asked = fx.demo.filter((i) => !i.isImpossible).slice(0, 8);
    const hex = (k: number) => `5a1e0c0b9f3a4d0012ab${k.toString(16).padStart(4, '0')}`;
    const adv = asked.flatMap((i, k) => [
      { ...i, id: hex(k) },
      ...[0, 1].map((t) => ({ ...i, id: `${hex(k)}-high-conf-turk${t}`, context: `${i.context} ${t ? 'Nobody' : 'Someone else'} ${i.question.replace(/\?$/, '').toLowerCase()} in the other story.` })),
    ]);
    const { path, instances } = await writeAndImport('addsent.json', { ...instancesToSquad(adv), version: '1.1' });
    const versionTwo = noAnswer(instances);
    const r = await runAdversarial(instances, enginePredictor(fx.engine, { versionTwo }));
    if (!r) throw new Error('nothing scorable');
    const ci = experimentCi(adversarialComparisons(r.output.rows), CI);
    const settings = { ci: CI };
    const rows = exportedRows(instances, 'adversarial', { output: r.output, unscorable: r.unscorable, ci }, settings, instances.length);
    const [o, a] = ['original', 'adversarial'].map((m) => rows.find((x) => x.measure === m) ?? {}) as [Record<string, unknown>, Record<string, unknown>];
    // The card's counts add up: every question of the file is an original or one of its variants.
    expect(num(a.originals)).toBe(asked.length);
    expect(num(a.originals) + num(a.variants)).toBe(instances.length);
    const cli = (await runRecorded({ tmp, data: path }, qarxCommand('adversarial', appRecord(instances, settings)).command)) as { orig_f1: number; adv_f1: number; ci: PairedStats };
    const st = ci.rows.adversarial;
    expectSame({
      app: fromStats(st?.n, r.output.result.orig_f1, r.output.result.adv_f1, st),
      'CSV/JSON export': figure(a.originals, o.f1, a.f1, { lo: a.drop_f1_lo, hi: a.drop_f1_hi, p: a.p_f1 }),
      'qarx predict && qarx eval --adversarial --ci': fromStats(cli.ci.n, cli.orig_f1, cli.adv_f1, cli.ci),
      ...(await auditFigures(instances, fx.engine, { kind: 'adversarial' }, null)),
    });
  }, 300_000);

  it('original score (answerable questions, unperturbed): table, export, audit unit and summary', async () => {
    const o = await auditOutcome(fx.demo, fx.engine, { kind: 'original' }, null);
    const rows = exportedRows(fx.demo, 'original', o.payload, {}, fx.demo.length);
    const h = o.headline[0];
    const s = summaryRow({ kind: 'original' }, null, o, h?.label ?? '');
    // The card's count: the answerable questions of the file, each scored once.
    expect(num(rows[0]?.n)).toBe(fx.demo.filter((i) => !i.isImpossible).length);
    for (const [surface, n, f1] of [['audit unit', h?.n, h?.beforeF1], ['audit summary', s.n, s.before_f1]] as const) {
      expect(num(n), `${surface}: n`).toBe(num(rows[0]?.n));
      expect(num(f1), `${surface}: F1`).toBeCloseTo(num(rows[0]?.f1), 3);
    }
  }, 300_000);
});
