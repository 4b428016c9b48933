import { describe, expect, it } from 'vitest';
import { describeRun, noAnswerReason, runTime, type RunRecord } from '../../src/core/results/run-record.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';

const base: RunRecord = {
  datasets: ['Demo set (built in)'],
  n: 64,
  selected: 76,
  query: '',
  filters: { dataset: 'all', answerable: 'all' },
  model: 'qarx-lexical-qa',
  dtype: 'fp32',
  device: 'wasm',
  versionTwo: true,
  versionTwoReason: noAnswerReason(true),
  settings: { seeds: 5, sources: ['indist', 'db'] },
  date: '2026-11-23T16:10:42.000Z',
};

describe('run records', () => {
  it.each([
    { name: 'plain', r: base, text: 'Demo set (built in) · 64 of 76 questions · qarx-lexical-qa fp32 WASM · no answer on · seeds 5, sources InDistName/DBName · 2026-11-23 16:10:42 UTC' },
    { name: 'search and a filter', r: { ...base, n: 3, selected: 3, query: 'curie', filters: { dataset: 'all', answerable: 'answerable' } }, text: 'Demo set (built in) · 3 questions (search "curie", answerable answerable) · qarx-lexical-qa fp32 WASM · no answer on · seeds 5, sources InDistName/DBName · 2026-11-23 16:10:42 UTC' },
    { name: 'scored as Chinese', r: { ...base, n: 1, selected: 1, scoringLang: 'zh' as const, settings: {} }, text: 'Demo set (built in) · 1 question · qarx-lexical-qa fp32 WASM · no answer on · scored as Chinese (DuReader-robust) · 2026-11-23 16:10:42 UTC' },
    { name: 'scored automatically', r: { ...base, n: 1, selected: 1, scoringLang: 'auto' as const, settings: {} }, text: 'Demo set (built in) · 1 question · qarx-lexical-qa fp32 WASM · no answer on · 2026-11-23 16:10:42 UTC' },
    { name: 'SQuAD 1.1 data', r: { ...base, n: 1, selected: 1, versionTwo: false, settings: {} }, text: 'Demo set (built in) · 1 question · qarx-lexical-qa fp32 WASM · no answer off · 2026-11-23 16:10:42 UTC' },
    { name: 'a picked dataset is named by its name, not its internal id', r: { ...base, datasets: ['dureader-meta.json'], n: 3, selected: 3, filters: { dataset: 'ds-mwwgiupa-2-cg6umh', answerable: 'all' }, settings: {} }, text: 'dureader-meta.json · 3 questions · qarx-lexical-qa fp32 WASM · no answer on · 2026-11-23 16:10:42 UTC' },
    { name: 'nested settings as words, versionTwo left to "no answer"', r: { ...base, n: 1, selected: 1, settings: { budget: 10, resemble: { m: 3, temperature: 2, type: 'MIX' }, versionTwo: true } }, text: 'Demo set (built in) · 1 question · qarx-lexical-qa fp32 WASM · no answer on · budget 10, resemble (m 3, temperature 2, type MIX) · 2026-11-23 16:10:42 UTC' },
    { name: 'a settings object beside a list', r: { ...base, n: 1, selected: 1, settings: { noise: { kind: 'keyboard', rate: 0.3 }, types: ['PER', 'GPE'] } }, text: 'Demo set (built in) · 1 question · qarx-lexical-qa fp32 WASM · no answer on · noise (kind keyboard typo, rate 0.3), types PER/GPE · 2026-11-23 16:10:42 UTC' },
    { name: 'the CI setting in words, resampling questions', r: { ...base, n: 1, selected: 1, settings: { rule: 'script', ci: { bootstrap: 1000, seed: 1, byPassage: false } } }, text: 'Demo set (built in) · 1 question · qarx-lexical-qa fp32 WASM · no answer on · rule script, 95% CI: 1,000 bootstrap resamples, seed 1, resampling questions · 2026-11-23 16:10:42 UTC' },
    { name: 'the CI setting in words, resampling whole passages', r: { ...base, n: 1, selected: 1, settings: { ci: { bootstrap: 2000, seed: 7, byPassage: true } } }, text: 'Demo set (built in) · 1 question · qarx-lexical-qa fp32 WASM · no answer on · 95% CI: 2,000 bootstrap resamples, seed 7, resampling whole passages · 2026-11-23 16:10:42 UTC' },
    { name: 'name sources, origins and paraphrase kinds by their labels', r: { ...base, n: 1, selected: 1, settings: { source: 'randstr', origins: ['us', 'in'], kinds: ['reorder', 'function-word'] } }, text: 'Demo set (built in) · 1 question · qarx-lexical-qa fp32 WASM · no answer on · source RandStr, origins US/India, kinds word reordering/function-word replacement · 2026-11-23 16:10:42 UTC' },
    { name: 'setting names and yes/no in words, a comma-joined list of kinds by its labels', r: { ...base, n: 1, selected: 1, settings: { datasetParaphrases: true, kinds: 'reorder, function-word', seed: 1 } }, text: 'Demo set (built in) · 1 question · qarx-lexical-qa fp32 WASM · no answer on · dataset paraphrases yes, kinds word reordering/function-word replacement, seed 1 · 2026-11-23 16:10:42 UTC' },
  ])('$name', ({ r, text }) => expect(describeRun(r)).toBe(text));

  it('says why "no answer" is on or off', () => {
    expect(noAnswerReason(true)).toMatch(/^on: .*unanswerable/);
    expect(noAnswerReason(false)).toMatch(/^off: .*answerable/);
  });

  it.each([
    ['sweep', { types: ['PER'], sources: ['db'], seeds: 1, origin: 'us', origins: ['us'] }],
    ['budget', { type: 'MIX', source: 'db', origin: 'us', budget: 10, resemble: { m: 3, temperature: 2, seed: 9 } }],
    ['universal', { type: 'PER', source: 'db', origin: 'us', candidates: 5, top: 3, seed: 1 }],
  ])('a %s run with a Hub entity tagger carries --tagger (absent: none)', (kind, settings) => {
    expect(qarxCommand(kind, { ...base, settings: { ...settings, tagger: 'Xenova/bert-base-NER' } }).command).toMatch(/ --tagger Xenova\/bert-base-NER /);
    expect(qarxCommand(kind, { ...base, settings }).command).not.toMatch(/--tagger/);
    if (kind === 'budget') expect(qarxCommand(kind, { ...base, settings }).command).toMatch(/ --seed 9 /);
  });

  it.each([
    ['sweep', { types: ['PER'], sources: ['db'], seeds: 1, origin: 'us', origins: ['us'] }, /^qarx sweep .* --squad2 --lang en --json$/],
    ['budget', { type: 'MIX', source: 'db', origin: 'us', budget: 10 }, /^qarx budget .* --squad2 --lang en --json$/],
    ['universal', { type: 'PER', source: 'db', origin: 'us', candidates: 5, top: 3, seed: 1 }, /^qarx universal .* --squad2 --lang en --json$/],
    ['traps', { source: 'generated', position: 'after', seed: 1 }, /&& qarx compare .* --squad2 --lang en --json$/],
    ['paraphrase', { kinds: 'reorder', seed: 1 }, /&& qarx compare .* --squad2 --lang en --json$/],
  ])('carries the scoring override of a %s run as --lang', (kind, settings, re) => {
    expect(qarxCommand(kind, { ...base, scoringLang: 'en', settings }).command).toMatch(re);
    expect(qarxCommand(kind, { ...base, scoringLang: 'auto', settings }).command).not.toMatch(/--lang/);
    expect(qarxCommand(kind, { ...base, settings }).command).not.toMatch(/--lang/);
  });

  it.each([
    ['a sweep with InDistName on a narrowed selection', 'sweep', { types: ['PER'], sources: ['indist', 'db'], seeds: 1, origin: 'us', origins: ['us'] }, {}, true],
    ['a budget with InDistName on a search', 'budget', { type: 'MIX', source: 'indist', origin: 'us', budget: 2 }, { n: 3, selected: 3, query: 'curie' }, true],
    ['a sweep with InDistName on the whole data', 'sweep', { types: ['PER'], sources: ['indist'], seeds: 1, origin: 'us', origins: ['us'] }, { n: 76, selected: 76 }, false],
    ['a budget with DBName on a narrowed selection', 'budget', { type: 'MIX', source: 'db', origin: 'us', budget: 2 }, {}, false],
  ])('says when InDistName names came from more questions than the command gets: %s', (_, kind, settings, over, warned) => {
    const note = qarxCommand(kind, { ...base, ...over, settings }).note;
    expect(note.includes("InDistName names came from all questions of Demo set (built in) (the app's pool)")).toBe(warned);
  });

  it("the qarx note names the search and filters in words and leaves the dataset id out", () => {
    const picked = qarxCommand('sweep', { ...base, datasets: ['dev.json'], filters: { dataset: 'ds-1-abc', answerable: 'all' }, settings: { types: ['PER'], sources: ['db'], seeds: 1, origin: 'us', origins: ['us'] } });
    expect(picked.note).not.toMatch(/ds-1-abc|narrowed/);
    const narrowed = qarxCommand('sweep', { ...base, datasets: ['dev.json'], query: 'curie', filters: { dataset: 'ds-1-abc', answerable: 'answerable' }, settings: { types: ['PER'], sources: ['db'], seeds: 1, origin: 'us', origins: ['us'] } });
    expect(narrowed.note).toContain('narrowed as recorded (search "curie", answerable answerable)');
  });
});


describe('runTime: when a run started, as every label shows it', () => {
  it.each([
    ['2026-11-23T16:10:42.000Z', '2026-11-23 16:10:42 UTC'],
    // Two runs of one minute read apart.
    ['2026-11-23T16:10:43.999Z', '2026-11-23 16:10:43 UTC'],
    ['2026-01-02T03:04:05Z', '2026-01-02 03:04:05 UTC'],
    // A file's time in another zone is converted, not relabelled.
    ['2026-12-02T07:12:09+02:00', '2026-12-02 05:12:09 UTC'],
    // No date: shown as written, never a bare " UTC".
    ['garbage', 'garbage'],
    ['', 'an unknown time'],
  ])('%s → %s', (iso, want) => expect(runTime(iso)).toBe(want));
});
