/**
 * Entity renaming as a user meets it (shipped model, WASM): renaming the answer entity of a demo
 * question live (diff, both answers, category, re-roll, sources), free text, and the experiments
 * view — a sweep with its charts, cancel keeping partial results, worst/best with RESEMBLE, export.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openExperiment, openSection, shot, sweepDrawn, useApp } from './harness.ts';

// test-hooks=1: the cancel test holds the sweep at a known cell (src/app/shell/test-hooks.ts).
const app = useApp({ query: 'device=wasm&test-hooks=1' });

const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();
const subs = async () => (await app.page.getByTestId('substitutions').locator('.sub').allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());

async function openDemo(search: string, question: string): Promise<void> {
  await openSection(app.page, 'live');
  await app.page.getByLabel('Search questions, passages and answers').fill(search);
  await app.page.getByTestId('instance-row').filter({ hasText: question }).first().click();
  await expect.poll(() => app.page.getByTestId('question-input').inputValue()).toBe(question);
}

describe('live entity renaming', () => {
  it('renames the answer entity of a demo question and shows the diff, both answers and the category', async () => {
    await openDemo('Alexander Fleming', 'Who noticed that a mould had killed the bacteria on a culture plate?');
    await app.page.getByTestId('rename-toggle').click();
    await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    await expect.poll(subs, { timeout: 30_000 }).toHaveLength(2);
    const [first, last] = await subs();
    expect(first).toMatch(/^Alexander → [A-Z][\w'-]+$/);
    expect(last).toMatch(/^Fleming → [A-Z][\w'-]+$/);
    expect(await app.page.getByTestId('rename-diff').locator('del').first().textContent()).toContain('Alexander');
    expect(await app.page.getByTestId('rename-diff').locator('ins').count()).toBeGreaterThan(0);
    await expect.poll(() => text('rename-original-text'), { timeout: 30_000 }).toBe('Alexander Fleming');
    const renamed = (first?.split(' → ')[1] ?? '') + ' ' + (last?.split(' → ')[1] ?? '');
    expect(await text('rename-perturbed-text')).not.toBe('…');
    expect(['C2C', 'C2W', 'partial']).toContain(await text('rename-category'));
    if ((await text('rename-category')) === 'C2C') expect(await text('rename-perturbed-text')).toContain(renamed.trim());
    expect(await text('entities')).toContain('PER');
    // The passage marks the renamable spans with their entity type.
    expect(await app.page.locator('.hl-ent-PER').count()).toBeGreaterThan(0);
    await shot(app.page, 'entity-live-db');
  });

  it('switches to random strings of the same length and casing, re-rolls, and is reproducible per seed', async () => {
    await app.page.getByTestId('rename-source').selectOption('randstr');
    await expect.poll(async () => (await subs())[0] ?? '', { timeout: 30_000 }).toMatch(/^Alexander → [A-Z][a-z]{8}$/);
    const seed1 = await subs();
    await app.page.getByTestId('rename-reroll').click();
    await expect.poll(() => app.page.getByTestId('rename-seed').inputValue()).toBe('2');
    await expect.poll(subs, { timeout: 30_000 }).not.toEqual(seed1);
    await app.page.getByTestId('rename-seed').fill('1');
    await expect.poll(subs, { timeout: 30_000 }).toEqual(seed1);
    await shot(app.page, 'entity-live-randstr');
  });

  it('shows the RESEMBLE answer beside the renamed one', async () => {
    await app.page.getByTestId('rename-resemble').check();
    await app.page.getByTestId('rename-defended').waitFor({ timeout: 30_000 });
    expect(await text('rename-defended-text')).not.toBe('');
    await app.page.getByTestId('rename-resemble').uncheck();
  });

  it('explains why a non-entity answer is not renamed', async () => {
    await openDemo('Golden Gate', 'In what year did the Golden Gate Bridge open?');
    await app.page.getByTestId('rename-skipped').waitFor({ timeout: 30_000 });
    expect(await text('rename-skipped')).toMatch(/not a named entity/);
  });

  it('App. B: under DBName a rare-word organization is still scored, its rare word kept and named', async () => {
    await app.page.getByTestId('rename-source').selectOption('db');
    await openDemo('Parlophone', 'Which label did the Beatles sign their first recording contract with?');
    await app.page.getByTestId('kept-rare').waitFor({ timeout: 30_000 });
    expect(await text('kept-rare')).toMatch(/kept: Parlophone \(rare words/);
    expect(await subs()).toEqual([]);
    await expect.poll(() => text('rename-category'), { timeout: 30_000 }).toMatch(/^(C2C|C2W|W2C|W2W|partial)$/);
    await app.page.getByTestId('rename-result').scrollIntoViewIfNeeded();
    await shot(app.page, 'entity-live-db-rare-kept');
  });

  it('Wu et al. 2025 script rule: a renamed answer partly right (F1 0.67) is partial, not C2W, and the line names the rule (issue 38.3)', async () => {
    // Seed 1, DBName, MIX: "Robert Cailliau" is renamed and the model answers the new surname alone (EM 0, F1 0.67).
    await openDemo('Robert Cailliau', 'Who helped to promote the project inside CERN?');
    await expect.poll(() => text('rename-original-text'), { timeout: 60_000 }).toBe('Robert Cailliau');
    await expect.poll(() => text('rename-category'), { timeout: 30_000 }).toBe('partial');
    expect(await app.page.getByTestId('rename-perturbed').textContent()).toMatch(/EM 0.*F1 66\.7|F1 66\.7.*EM 0/);
    expect(await app.page.locator('.category-line').first().textContent()).toMatch(/script rule: wrong = F1 < 0\.4/);
    const bg = await app.page.getByTestId('rename-category').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe('rgb(230, 159, 0)'); // partial's colour (palette.ts), as in every chart
    await app.page.getByTestId('rename-result').scrollIntoViewIfNeeded();
    await shot(app.page, 'entity-live-partial');
  });

  it('renames free text on word boundaries, compared with the model’s own answer', async () => {
    await app.page.getByRole('button', { name: 'Close' }).click();
    await app.page.getByTestId('rename-source').selectOption('db');
    await app.page.getByTestId('rename-type-PER').click();
    await app.page.getByTestId('passage-input').fill('Ann Hollis announced the new timetable in March. Hollis said that Ann would keep the annual concert.');
    await app.page.getByTestId('question-input').fill('Who announced the new timetable?');
    await expect.poll(() => text('answer-text'), { timeout: 60_000 }).toBe('Ann Hollis');
    await expect.poll(async () => (await subs()).join(' | '), { timeout: 30_000 }).toMatch(/^Ann → \S+ \| Hollis → \S+$/);
    const diff = (await app.page.getByTestId('rename-diff').locator(':scope > span, :scope > ins').allTextContents()).join('');
    expect(diff).toContain('announced');
    expect(diff).toContain('annual');
    // Whole words only: "announced" and "annual" are untouched, every "Ann" and "Hollis" is renamed.
    const removed = await app.page.getByTestId('rename-diff').locator('del').allTextContents();
    expect(removed.join(' ')).not.toMatch(/announced|annual/);
    expect((await app.page.getByTestId('rename-diff').locator('ins').allTextContents()).join(' ')).not.toMatch(/ounced|ual\b/);
    expect(diff).not.toMatch(/\b(Ann|Hollis)\b/);
    expect(await app.page.getByTestId('rename-result').textContent()).toContain('free text');
    await shot(app.page, 'entity-live-free-text');
  });

  it('renames the person the question names, in question and passage (question-person mode)', async () => {
    await openDemo('Irena Szabo', 'Where did Irena Szabo move in 1975?');
    await app.page.getByTestId('rename-target').selectOption('question-person');
    await expect.poll(async () => (await subs()).join(' | '), { timeout: 30_000 }).toMatch(/^Irena → \S+ \| Szabo → \S+$/);
    expect(await app.page.getByTestId('rename-type-GPE').isDisabled()).toBe(true);
    const renamed = (await subs()).map((x) => x.split(' → ')[1] ?? '');
    expect(await text('renamed-question')).toBe(`Question: Where did ${renamed.join(' ')} move in 1975?`);
    await shot(app.page, 'entity-live-question-person');
    await openDemo('Golden Gate', 'In what year did the Golden Gate Bridge open?');
    await app.page.getByTestId('rename-skipped').waitFor({ timeout: 30_000 });
    expect(await text('rename-skipped')).toMatch(/names no person/);
    await app.page.getByTestId('rename-target').selectOption('answer');
  });
});

describe('entity-renaming experiments', () => {
  it('runs a sweep over the demo set and draws the charts', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('');
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('sweep-card').waitFor({ timeout: 30_000 });
    await app.page.getByTestId('sweep-seeds').fill('2');
    // Issue 42.3: the coverage line before the run, per type, whose renamed and left-out counts add up to the scope.
    await expect.poll(async () => text('tagger-coverage-before'), { timeout: 30_000 }).toMatch(/left out of \d+/);
    const before = await text('tagger-coverage-before');
    const scopeBefore = Number(/Runs on (\d+) questions/.exec(await text('sweep-scope-text'))?.[1]);
    const leftOutBefore = /left out of (\d+): ([^;]*)/.exec(before);
    expect(Number(leftOutBefore?.[1])).toBe(scopeBefore);
    const renamable = Number(/renamable answer entity for (\d+) of/.exec(before)?.[1]);
    const reasons = [...(leftOutBefore?.[2] ?? '').matchAll(/(\d+) /g)].reduce((a, m) => a + Number(m[1]), 0);
    expect(renamable + reasons, before).toBe(scopeBefore);
    expect(before).toMatch(/\(\d+\.\d%: PER \d+, ORG \d+, GPE \d+\)/);
    // Issue 44: the table is painted in a frame of its own; the charts come after it. Noted in the first frame after the run's end.
    await app.page.evaluate(() => {
      const w = window as unknown as { qarxEndFrame?: { charts: number; wait: string | null } };
      const ended = () => document.querySelector('[data-testid="sweep-table"]') && !document.querySelector('[data-testid="sweep-progress"]');
      let started = false;
      const watch = new MutationObserver(() => {
        if (document.querySelector('[data-testid="sweep-progress"]')) started = true;
        if (!started || !ended()) return;
        watch.disconnect();
        requestAnimationFrame(() => (w.qarxEndFrame = { charts: document.querySelectorAll('[data-testid="sweep-card"] figure.chart').length, wait: document.querySelector('[data-testid="sweep-charts-wait"]')?.textContent ?? null }));
      });
      watch.observe(document, { subtree: true, childList: true });
    });
    await app.page.getByTestId('sweep-run').click();
    await app.page.getByTestId('sweep-progress').waitFor({ timeout: 30_000 });
    await expect.poll(async () => app.page.getByTestId('sweep-progress').count(), { timeout: 120_000 }).toBe(0);
    expect(await app.page.waitForFunction(() => (window as unknown as { qarxEndFrame?: unknown }).qarxEndFrame).then((h) => h.jsonValue())).toEqual({ charts: 0, wait: 'Drawing the charts…' });
    const rows = app.page.getByTestId('sweep-table').locator('tbody tr');
    // 4 types × 3 sources, plus 4 more DBName origins for PER.
    expect(await rows.count()).toBe(4 * 3 + 4);
    expect(await rows.first().textContent()).toMatch(/^PERInDistName–\d+/);
    // Every cell says what it left out and why; DBName scores the ORG questions InDistName does (App. B).
    await app.page.getByTestId('sweep-left-out').locator('summary').click();
    const leftOut = await text('sweep-left-out');
    const orgRenamed = (source: string) => new RegExp(`ORG · ${source}: (\\d+) renamed`).exec(leftOut)?.[1];
    expect(orgRenamed('DBName')).toBe(orgRenamed('InDistName'));
    // Issue 38.4: one count per run. Each cell's renamed + left-out reasons add up to the scope the card states, and the
    // coverage line (the MIX selection) counts the same: its PER/ORG/GPE are the type cells' renamed plus any answer lost.
    const scopeN = /Runs on (\d+) questions/.exec(await text('sweep-scope-text'))?.[1];
    expect([...leftOut.matchAll(/\((\d+) in all\)/g)].map((m) => m[1])).toEqual(Array(4 * 3).fill(scopeN));
    const cov = await text('tagger-coverage');
    expect(cov).toContain(`left out of ${scopeN}: `);
    // The line before the run counted what the run counted (the built-in tagger: one partition).
    expect(cov).toContain(before.replace(/^Before a run: /, ''));
    for (const t of ['PER', 'ORG', 'GPE']) {
      const line = new RegExp(`${t} · InDistName: [^(]*`).exec(leftOut)?.[0] ?? '';
      const count = (what: string) => Number(new RegExp(`(\\d+) ${what}`).exec(line)?.[1] ?? 0);
      expect(count('renamed') + count('answer lost in renaming'), `${t}: ${leftOut} vs ${cov}`).toBe(Number(new RegExp(`${t} (\\d+)`).exec(cov)?.[1]));
    }
    await sweepDrawn(app.page);
    for (const id of ['chart-type', 'chart-source', 'chart-origin', 'chart-errors']) {
      expect(await app.page.getByTestId(id).locator('.recharts-bar-rectangle').count(), id).toBeGreaterThan(0);
    }
    expect(await app.page.getByTestId('chart-type').locator('.recharts-errorBar').count()).toBeGreaterThan(0);
    await app.page.getByTestId('sweep-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'entity-sweep');
    await app.page.getByTestId('tagger-coverage').scrollIntoViewIfNeeded();
    await shot(app.page, 'entity-sweep-coverage');
  });

  it('keeps the finished cells of a cancelled sweep', async () => {
    await app.page.getByTestId('sweep-seeds').fill('20');
    // Seeds run innermost and a cancel drops the cell in progress. The test hook holds the sweep after
    // its 3rd cell until Cancel, so Cancel lands at a known point whatever the machine's speed.
    await app.page.evaluate(() => (window as unknown as { qarxTest: { holdSweep(n: number): void } }).qarxTest.holdSweep(3));
    await app.page.getByTestId('sweep-run').click();
    await app.page.getByTestId('sweep-progress').waitFor({ timeout: 30_000 });
    const seedCells = () => app.page.getByTestId('sweep-row-partial').locator('td:nth-child(5)').allTextContents();
    await expect.poll(async () => (await seedCells()).map((t) => t.trim()), { timeout: 120_000 }).toEqual(['3/20 (partial)']);
    await app.page.getByTestId('sweep-cancel').click();
    await expect.poll(async () => (await app.page.getByTestId('sweep-card').textContent()) ?? '', { timeout: 30_000 }).toContain('Cancelled');
    const kept = await app.page.getByTestId('sweep-table').locator('tbody tr').count();
    expect(kept).toBe(1);
    // Unfinished rows say how many seeds they got and stay out of the charts.
    const partial = app.page.getByTestId('sweep-row-partial');
    expect(await partial.count()).toBe(1);
    expect(await partial.first().textContent()).toMatch(/3\/20 \(partial\)/);
    expect(await text('sweep-std-note')).toMatch(/marked partial and left out of the charts/);
    expect(await app.page.getByTestId('sweep-std-note').textContent()).toContain('over perturbation seeds');
    expect(await app.page.getByTestId('sweep-progress').count()).toBe(0);
    const partialRows = await partial.count();
    await app.page.getByTestId('sweep-seeds').fill('2');
    // The planned seeds are the run's (20), not the field's new value.
    expect(await partial.count()).toBe(partialRows);
  });

  it('measures worst/best over a budget with and without RESEMBLE', async () => {
    await openExperiment(app.page, 'entity/budget');
    await app.page.getByTestId('budget-source').selectOption('randstr');
    // The RandStr rule is said where the source is chosen (Yan et al.'s released code).
    expect(await text('budget-randstr-rule')).toMatch(/first letter and a final "s" kept/);
    await app.page.getByTestId('budget-b').fill('5');
    await app.page.getByTestId('budget-run').click();
    await app.page.getByTestId('budget-table').waitFor({ timeout: 120_000 });
    const table = (await app.page.getByTestId('budget-table').textContent()) ?? '';
    expect(table).toContain('D_worst');
    expect(table).toContain('+ RESEMBLE');
    expect(await text('budget-stability')).toMatch(/^\d+(\.\d)?%$/);
    await app.page.getByTestId('budget-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'entity-budget');
  });

  it('exports the renamed set as SQuAD JSON with the substitutions', async () => {
    await openExperiment(app.page, 'entity/export');
    const download = app.page.waitForEvent('download', { timeout: 60_000 });
    await app.page.getByTestId('export-run').click();
    const file = await (await download).path();
    const json = JSON.parse(readFileSync(file, 'utf8')) as { perturbation: { source: string }; data: { paragraphs: { context: string; qas: { perturbation: { entity: { type: string }; substitutions: { from: string; to: string }[] } }[] }[] }[] };
    expect(json.perturbation.source).toBe('db');
    const qas = json.data.flatMap((a) => a.paragraphs.flatMap((p) => p.qas));
    expect(qas.length).toBeGreaterThan(20);
    // DBName keeps an ORG's rare words (Yan et al. App. B): such a question stays in the set unchanged, so every source scores the same questions.
    for (const q of qas) if (q.perturbation.substitutions.length === 0) expect(q.perturbation.entity.type).toBe('ORG');
    expect(qas.filter((q) => q.perturbation.substitutions.length > 0).length).toBeGreaterThan(20);
    expect(await text('export-message')).toMatch(/^Exported \d+ renamed questions of 96/);
    expect(app.errors).toEqual([]);
  });
});
