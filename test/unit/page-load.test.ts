/**
 * Issue 44 (second visit ≤ 40% of the first): what the page's main thread loads before the first
 * answer. boot.ts starts the inference worker and then imports main.tsx; everything those two load
 * statically is fetched, compiled and evaluated on the main thread on every visit (Chromium reads
 * module code back only from the third visit on, docs/benchmarks.md "What the second visit still
 * spends (h14-boot)"). The build's largest chunks (the name lists, compromise, the renaming and
 * answer-typing rules, the noise and paraphrase tables, 1–3 MB each) belong to the workers and to
 * experiments started later: a static import of something small that drags one of them in would
 * add seconds to every visit, so this keeps them out of the page's start.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagesOf, staticClosure } from '../../scripts/lib/import-cycles.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const src = (p: string) => join(ROOT, 'src', p);

/** The modules the page evaluates before its first answer: boot.ts, then main.tsx. */
const page = new Set([...staticClosure(src('app/shell/boot.ts')), ...staticClosure(src('app/shell/main.tsx'))]);
const pagePackages = new Set([...page].flatMap((f) => packagesOf(f)));

/** Source modules behind the build's large chunks (experiment, answer-type, rename, typing, noise). */
const LARGE = [
  'core/entity/names.ts',
  'core/entity/names-ar.ts',
  'core/entity/lexicon.ts',
  'core/entity/rename.ts',
  'core/entity/typing.ts',
  'core/entity/experiment.ts',
  'core/entity/spans.ts',
  'core/ner/answer-type.ts',
  'core/natural/noise.ts',
  'core/trap/declarative.ts',
  'core/sensitivity/paraphrase-en.ts',
  'core/sensitivity/paraphrase-zh.ts',
  'core/explain/search.ts',
  'core/runtime/transformers.ts',
  'worker/qa.worker.ts',
  'worker/data.worker.ts',
];

/** Packages of the workers and of later steps (NLP, name data, runtime, storage, Wikipedia, charts). */
const LATE_PACKAGES = [
  'compromise',
  '@faker-js/faker',
  'country-state-city',
  'naughty-words',
  'pinyin-pro',
  'synonyms',
  '@huggingface/transformers',
  '@huggingface/tokenizers',
  'onnxruntime-web',
  'dexie',
  'hyparquet',
  'wtf_wikipedia',
  'recharts',
];

describe("the page's start loads none of the large chunks (issue 44, second visit)", () => {
  it.each(LARGE)('boot.ts and main.tsx do not load %s statically', (p) => {
    expect(page.has(src(p))).toBe(false);
  });

  it.each(LATE_PACKAGES)('boot.ts and main.tsx do not load the package %s statically', (p) => {
    expect(pagePackages.has(p)).toBe(false);
  });

  it('boot.ts starts the worker before any of the app: main.tsx and the store are not in its closure', () => {
    const boot = staticClosure(src('app/shell/boot.ts'));
    expect(boot.has(src('app/shell/main.tsx'))).toBe(false);
    expect(boot.has(src('app/store/app.ts'))).toBe(false);
  });

  it('the check follows imports into packages: the inference worker does load transformers.js and ONNX Runtime', () => {
    const worker = [...staticClosure(src('worker/qa.worker.ts'))].flatMap((f) => packagesOf(f));
    expect(worker).toContain('@huggingface/transformers');
    expect(worker).toContain('onnxruntime-web');
  });

  it('the check sees what the page does load: React and the store', () => {
    expect(pagePackages.has('react-dom')).toBe(true);
    expect(page.has(src('app/store/app.ts'))).toBe(true);
  });
});
