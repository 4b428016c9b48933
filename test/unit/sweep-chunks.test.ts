/**
 * Issue 44 (sweep ≥ 2.5× the pipeline page): what a sweep makes V8 compile. The build's largest chunks
 * (`experiment`, `answer-type`, `rename`: 2.3–2.9 MB each) were mostly package data the sweep barely
 * uses — country-state-city's state and country records (0.76 MB, for their names), faker's locale
 * modules (0.75 MB of object literals, for their city names), pinyin-pro's dictionaries (0.27 MB, for
 * the name-list generator only) — and the experiments view loaded the renaming with all its name lists
 * because the progress line's formatter lived beside the input planner. These keep it so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagesOf, staticClosure } from '../../scripts/lib/import-cycles.ts';
import { PLACES_FILE, placeSources, placesJson } from '../../scripts/make-place-lists.ts';
import { placeLists } from '../../src/core/entity/lexicon.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const src = (p: string) => join(ROOT, 'src', p);
const closures = new Map<string, Set<string>>();
/** An entry's static closure, computed once per file (each is a walk over hundreds of modules). */
const closureOf = (entry: string): Set<string> => closures.get(entry) ?? closures.set(entry, staticClosure(src(entry))).get(entry)!;
const packagesIn = (entry: string) => new Set([...closureOf(entry)].flatMap((f) => packagesOf(f)));

/** What a sweep loads: the page's experiments view, the inference worker's sweep, the data worker's tagging and name pool. */
const SWEEP_ENTRIES = ['app/experiments/ExperimentsView.tsx', 'core/experiments/sweep/unit.ts', 'core/entity/experiment.ts', 'core/ner/answer-type.ts', 'core/entity/rename.ts', 'worker/qa.worker.ts', 'worker/data.worker.ts'];

/** Packages whose few names the app takes from generated files instead (or needs only in scripts). */
const DATA_PACKAGES = ['@faker-js/faker', 'country-state-city', 'pinyin-pro'];

/** Modules that carry the name lists and the tagger's lexicons (megabytes once bundled). */
const NAME_MODULES = ['core/entity/rename.ts', 'core/entity/names.ts', 'core/entity/lexicon.ts', 'core/entity/typing.ts', 'core/entity/spans.ts', 'core/ner/answer-type.ts', 'core/ner/name-rules.ts'];

describe('what a sweep compiles (issue 44)', () => {
  it.each(SWEEP_ENTRIES.flatMap((e) => DATA_PACKAGES.map((p) => [e, p])))('%s does not load the package %s', (entry, p) => {
    expect(packagesIn(entry).has(p)).toBe(false);
  });

  it.each(NAME_MODULES)("the page's experiments view does not load %s (the worker renames and tags, not the page)", (m) => {
    expect(closureOf('app/experiments/ExperimentsView.tsx').has(src(m))).toBe(false);
  });

  it('the check follows imports: the sweep does load compromise (the tagger) and the name lists', () => {
    expect(packagesIn('core/experiments/sweep/unit.ts').has('compromise')).toBe(true);
    expect(closureOf('core/experiments/sweep/unit.ts').has(src('core/entity/names.ts'))).toBe(true);
  });

  it('name-data/places.json is what scripts/make-place-lists.ts generates from the packages', () => {
    expect(readFileSync(PLACES_FILE, 'utf8')).toBe(placesJson(placeSources()));
  });

  it('the place lists from the file are those the packages gave (hand-checked members)', () => {
    const p = placeLists();
    expect(p.country).toContain('France');
    expect(p.state).toContain('Texas');
    expect(p.state).not.toContain('France');
    expect(p.city.length).toBeGreaterThan(1000);
    expect(p.country.every((c) => /^[A-Z][A-Za-z' -]*[a-z]$/.test(c))).toBe(true);
  });
});
