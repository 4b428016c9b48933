/**
 * Every result kind reopens in Live whole (issue 41.1), on one page (shipped model, WASM): a real
 * paraphrase run's case, then a case of each other kind put in the gallery as its run leaves it —
 * renaming (sweep), worst/best, universal name, revision pair, noise, trap, Adversarial SQuAD and a
 * found breaking edit (free text). Each opens with its dataset, question and gold, the run's
 * "no answer" setting, the perturbation's live control where
 * there is one, and both answers with their scores; "Cases these runs broke" names each run.
 * (The paraphrase run checks that Live takes the run's "no answer" setting, whichever it was.)
 */
import { describe, expect, it } from 'vitest';
import demo from '../../src/core/data/demo-set.json';
import type { FailureCase } from '../../src/core/results/gallery.ts';
import type { Permalink } from '../../src/core/results/permalink.ts';
import { openExperiment, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

const text = async (id: string) => ((await app.page.getByTestId(id).first().textContent()) ?? '').trim();
const allowNull = () => app.page.getByTestId('answer-card').locator('input[type="checkbox"]').isChecked();

type DemoInstance = (typeof demo.instances)[number];
const inst = (id: string): DemoInstance => demo.instances.find((i) => i.id === id)!;
const model = { kind: 'local' as const, id: 'qarx-lexical-qa' };
const DATE = '2026-12-02T04:00:00.000Z';

/** A case of `kind` from a `runKind` run on demo question `id`, as the collectors leave it (on the demo set, with its unanswerable questions, a run has "no answer" on). */
function kase(kind: FailureCase['kind'], runKind: string, id: string, p: Permalink['p'], perturbed: { passage?: string; question?: string; answer: string }): FailureCase {
  const i = inst(id);
  const free = runKind === 'live';
  return {
    key: `${kind}|${id}`,
    kind,
    perturbation: `${kind} of ${id}`,
    model: model.id,
    dataset: free ? 'live' : 'demo',
    id: free ? 'live' : id,
    question: i.question,
    gold: [...new Set(i.answers.map((a) => a.text))],
    original: { passage: i.context, answer: i.answers[0]!.text },
    ...(perturbed.question ? { perturbedQuestion: perturbed.question } : {}),
    perturbed: { passage: perturbed.passage ?? i.context, answer: perturbed.answer },
    link: { v: 1, models: [model], q: free ? { kind: 'text', passage: i.context, question: i.question } : { kind: 'instance', dataset: 'demo', id }, p, allowNull: true },
    starred: false,
    found: DATE,
    run: { kind: runKind, date: DATE, datasets: ['Demo set'], allowNull: true, scoringLang: 'auto', rule: 'script' },
  };
}

const swapped = (id: string, from: string, to: string) => inst(id).context.split(from).join(to);
const RENAME = { kind: 'rename', type: 'PER', source: 'randstr', origin: 'us', seed: 3, resemble: false } as const;
/** Each kind: its page, the case, and the live control that shows its perturbation again (null: the reopened case's diff shows it). */
const KINDS: { name: string; page: string | null; run: string; c: FailureCase; live: string | null }[] = [
  { name: 'renaming (sweep)', page: 'entity/sweep', run: 'Sweep run', c: kase('rename', 'sweep', 'demo-per-07', RENAME, { passage: swapped('demo-per-07', inst('demo-per-07').answers[0]!.text, 'Qorv Dalen'), answer: 'nobody' }), live: 'rename-result' },
  { name: 'worst/best renaming', page: 'entity/budget', run: 'run of', c: kase('rename', 'budget', 'demo-per-08', { ...RENAME, seed: 5 }, { answer: 'nobody' }), live: 'rename-result' },
  { name: 'universal name', page: 'entity/universal', run: 'run of', c: kase('universal', 'universal', 'demo-per-09', { kind: 'none' }, { passage: `Qorvath Dalen. ${inst('demo-per-09').context}`, answer: 'Qorvath Dalen' }), live: null },
  { name: 'revision pair', page: 'natural/pairs', run: 'Revision pairs run', c: kase('revision', 'natural', 'demo-per-05', { kind: 'revision' }, { answer: 'Pierre Curie' }), live: 'revision-panel' },
  { name: 'synthetic noise', page: 'natural/pairs', run: 'run of', c: kase('noise', 'synthetic', 'demo-per-10', { kind: 'noise', noise: 'keyboard', rate: 0.3, seed: 1 }, { answer: 'nobody' }), live: 'noise-panel' },
  { name: 'trap sentence', page: 'stability/traps', run: 'run of', c: kase('trap', 'traps', 'demo-per-03', { kind: 'trap', source: 'dataset', position: 'after', seed: 1, sentence: '' }, { answer: 'Ivo Brandt' }), live: 'trap-passage' },
  { name: 'Adversarial SQuAD variant', page: 'stability/traps', run: 'run of', c: kase('adversarial', 'adversarial', 'demo-per-06', { kind: 'none' }, { passage: `${inst('demo-per-06').context} Jonas Vell conducted the Fifth Symphony.`, answer: 'Jonas Vell' }), live: null },
  { name: 'found breaking edit (free text)', page: null, run: 'Found in Live', c: kase('attack', 'live', 'demo-per-11', { kind: 'none' }, { passage: `${inst('demo-per-11').context} Mara Tell did too.`, answer: 'Mara Tell' }), live: null },
];

/** Checks what every reopened case shows: question, dataset and gold, the run, its scoring and both scored answers. */
async function expectWhole(c: FailureCase, run: string): Promise<void> {
  await expect.poll(() => new URL(app.page.url()).hash, { timeout: 30_000 }).toBe('#/live');
  const card = app.page.getByTestId('reopened-case');
  await card.waitFor({ timeout: 60_000 });
  expect(await app.page.getByTestId('question-input').inputValue()).toBe(c.question);
  if (c.link?.q.kind === 'instance') {
    expect(await text('instance-head')).toContain(`Demo set (built in) · ${c.id}`);
    expect(await text('gold-answers')).toContain(c.gold[0]);
  } else {
    // Free text has no article: no Wikipedia title is left over from the question before.
    expect(await app.page.getByTestId('wiki-title').inputValue()).toBe('');
  }
  expect(await text('reopened-run')).toContain(run);
  expect(await text('reopened-scoring')).toContain('“no answer” on');
  expect(await allowNull()).toBe(true);
  expect(await text('reopened-original')).toMatch(new RegExp(`${c.original.answer}.*EM 100 · F1 100\\.0`));
  expect(await text('reopened-perturbed')).toMatch(/EM 0 · F1 \d+\.\d/);
  expect(await text('reopened-category')).toBe('C2W');
}

describe('every result kind reopens in Live whole (issue 41.1)', () => {
  it('a paraphrase from a real run opens its dataset question with gold, the run, its scoring and both answers, and asks the paraphrase again', async () => {
    await openExperiment(app.page, 'sensitivity/paraphrases');
    await app.page.getByTestId('paraphrase-run').click();
    await app.page.getByTestId('paraphrase-table').waitFor({ timeout: 120_000 });
    const list = app.page.getByTestId('result-cases');
    await list.waitFor({ timeout: 30_000 });
    // 41.10: the list says which run each question belongs to.
    expect(await text('result-cases-run-title')).toMatch(/^Paraphrases \(DPR\) run of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC on Demo set.* · qarx-lexical-qa$/);
    await list.getByTestId('result-case-open').first().click();
    await expect.poll(() => new URL(app.page.url()).hash, { timeout: 30_000 }).toBe('#/live');
    const card = app.page.getByTestId('reopened-case');
    await card.waitFor({ timeout: 60_000 });
    expect(await text('instance-head')).toContain('Demo set (built in) · demo-');
    expect(await text('reopened-run')).toContain('Paraphrases (DPR) run of');
    // The run's own "no answer" setting is the one Live now has.
    const runOn = (await text('reopened-scoring')).includes('“no answer” on');
    expect(await allowNull()).toBe(runOn);
    const paraphrase = (await text('reopened-question')).replace(/^paraphrase\s*/, '');
    expect(paraphrase).not.toBe(await app.page.getByTestId('question-input').inputValue());
    expect(await text('reopened-original')).toMatch(/EM \d+ · F1/);
    expect(await text('reopened-perturbed')).toMatch(/EM \d+ · F1/);
    // The paraphrase is asked again beside the original, live.
    await app.page.getByTestId('paraphrase-answers').waitFor({ timeout: 60_000 });
    expect(await app.page.getByTestId('paraphrase-input').inputValue()).toBe(paraphrase);
    await card.scrollIntoViewIfNeeded();
    await shot(app.page, 'reopen-paraphrase');
    expect(app.errors).toEqual([]);
  });

  it('every other kind opens from its run\'s list (or the gallery) with its run, the run\'s scoring, the perturbation and both scored answers', async () => {
    await app.page.evaluate((cases) => localStorage.setItem('qarx.gallery.v1', JSON.stringify(cases)), KINDS.map((k) => k.c));
    await app.page.reload();
    await app.page.getByTestId('answer-text').waitFor({ timeout: 120_000 });
    for (const k of KINDS) {
      if (k.page) {
        await openExperiment(app.page, k.page);
        const row = app.page.getByTestId('result-cases').locator('li').filter({ hasText: k.c.perturbation });
        await row.getByTestId('result-case-open').click();
      } else {
        await app.page.getByTestId('gallery-toggle').click();
        await app.page.getByTestId('gallery-case').filter({ hasText: k.c.question }).getByTestId('gallery-open').click();
      }
      await expectWhole(k.c, k.run);
      if (k.live) await app.page.getByTestId(k.live).first().waitFor({ timeout: 60_000 });
      else {
        await app.page.getByTestId('reopened-passage').locator('summary').click();
        expect(await app.page.getByTestId('reopened-diff').locator('ins').count()).toBeGreaterThan(0);
      }
      if (k.name === 'universal name') {
        await app.page.getByTestId('reopened-case').scrollIntoViewIfNeeded();
        await shot(app.page, 'reopen-universal');
      }
    }
    expect(app.errors).toEqual([]);
  });
});
