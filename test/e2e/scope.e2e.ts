/**
 * The experiments' scope as a user meets it (issue 23): a search typed to find a question does not
 * narrow the next run, each card says what it will run on before it runs, and "Clear search and
 * filters" keeps the dataset. No model run: only what the page states.
 */
import { describe, expect, it } from 'vitest';
import { download, openExperiment, openSection, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });
/** The sweep's own rule, after the scope (src/core/experiments/scope.ts ruleText). */
const SWEEP_RULE = ' · each renamed where its answer entity is renamable, else left out with its reason';
const scopeText = async (id: string) => ((await app.page.getByTestId(`${id}-scope-text`).textContent()) ?? '').trim();
const count = (t: string) => Number(/^Runs on ([\d,]+) questions?:/.exec(t)?.[1]?.replace(/,/g, '') ?? NaN);

describe('every experiment states its scope before it runs', () => {
  it('a search typed in the Live view leaves the Experiments scope alone until it is included', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('Alexander Fleming');
    await openExperiment(app.page, 'entity/sweep');
    await expect.poll(() => scopeText('sweep'), { timeout: 30_000 }).toMatch(/^Runs on [\d,]+ questions: all datasets · no search \(the list's "Alexander Fleming" is not applied\) · each renamed where its answer entity is renamable, else left out with its reason$/);
    const all = count(await scopeText('sweep'));
    expect(all).toBeGreaterThan(50);
    // One rule per kind: paraphrases on the answerable questions, revision pairs on the pairs.
    await openExperiment(app.page, 'sensitivity/paraphrases');
    expect(await scopeText('paraphrase')).toMatch(/ · answerable only$/);
    expect(count(await scopeText('paraphrase'))).toBeLessThan(all);
    await openExperiment(app.page, 'natural/pairs');
    expect(await scopeText('natural')).toMatch(/^Runs on 16 questions: .* · with a revision pair$/);
    await openExperiment(app.page, 'generalization/table');
    expect(await scopeText('robust')).toMatch(new RegExp(`^Runs on 12 questions: .* · the first 12 of ${all}$`));
    await openExperiment(app.page, 'entity/sweep');

    await app.page.getByTestId('sweep-scope-change').click();
    await app.page.getByTestId('sweep-scope-search').check();
    await expect.poll(() => scopeText('sweep'), { timeout: 60_000 }).toMatch(/^Runs on [1-9] questions?: all datasets · search "Alexander Fleming" · each renamed where its answer entity is renamable, else left out with its reason$/);
    // One scope for all cards: the budget card says the same.
    const sweepScope = await scopeText('sweep');
    await openExperiment(app.page, 'entity/budget');
    // The same scope; the sweep adds its partition rule (issue 38.4: every question renamed or left out with its reason).
    expect(await scopeText('budget')).toBe(sweepScope.replace(SWEEP_RULE, ''));
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('sweep-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'scope-sweep-card');
    // A run on the narrowed scope records it, and its command reads the run's ids.
    await openExperiment(app.page, 'stability/traps');
    const narrowed = count(await scopeText('traps'));
    await app.page.getByTestId('traps-run').click();
    await app.page.getByTestId('traps-result-qarx').waitFor({ state: 'attached', timeout: 120_000 });
    expect(await app.page.getByTestId('traps-result-qarx').textContent()).toMatch(/^qarx perturb trap .* --ids ids\.txt src\/core\/data\/demo-set\.json trapped\.json && qarx compare .* --ids ids\.txt/);
    expect(await app.page.getByTestId('traps-result-scope-record').textContent()).toBe(`Ran on ${(await scopeText('traps')).replace(/^Runs on /, '')}`);
    const ids = await download(app.page, () => app.page.getByTestId('traps-result-ids').click());
    expect(ids.name).toBe('ids.txt');
    expect(ids.bytes.toString('utf8').trim().split('\n')).toHaveLength(narrowed);
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('sweep-scope-change').click();
    await app.page.getByTestId('sweep-scope-search').uncheck();
    await expect.poll(async () => count(await scopeText('sweep')), { timeout: 60_000 }).toBe(all);
  });

  it('"Clear search and filters" keeps the dataset chosen', async () => {
    await openSection(app.page, 'live');
    await app.page.getByRole('combobox', { name: 'Dataset', exact: true }).selectOption({ label: 'Demo set (built in)' });
    await app.page.getByLabel('Search questions, passages and answers').fill('zzqq nothing matches');
    await app.page.getByTestId('reset-filters').click();
    expect(await app.page.getByLabel('Search questions, passages and answers').inputValue()).toBe('');
    expect(await app.page.getByRole('combobox', { name: 'Dataset', exact: true }).locator('option:checked').textContent()).toBe('Demo set (built in)');
    await openExperiment(app.page, 'entity/sweep');
    await expect.poll(() => scopeText('sweep'), { timeout: 60_000 }).toMatch(/^Runs on [\d,]+ questions: Demo set \(built in\) · no search · each renamed where its answer entity is renamable, else left out with its reason$/);
    expect(app.errors).toEqual([]);
  });
});
