import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { ENTITY_CHOICES, NAME_SOURCES, ORIGINS } from '../../src/core/entity/options.ts';
import { NOISE_KINDS } from '../../src/core/natural/noise-kinds.ts';
import { TRAP_POSITIONS } from '../../src/core/trap/insert.ts';
import { FAMILIES } from '../../src/core/explain/search-options.ts';
import { PAIR_CATEGORIES } from '../../src/core/natural/categories.ts';
import { EXPERIMENT_PATHS } from '../../src/app/shell/routes.ts';
import { decodePermalink, encodePermalink, MAX_URL_LENGTH, parsePermalinkJson, permalinkUrl, type Permalink } from '../../src/core/results/permalink.ts';

const modelRef = fc.record(
  {
    kind: fc.constantFrom('local' as const, 'hub' as const),
    id: fc.stringMatching(/^[\w.-]{1,20}(\/[\w.-]{1,20})?$/),
    device: fc.constantFrom('auto' as const, 'webgpu' as const, 'wasm' as const),
    dtype: fc.constantFrom('auto' as const, 'fp32' as const, 'fp16' as const, 'q8' as const),
  },
  { requiredKeys: ['kind', 'id'] },
);
const seed = fc.nat({ max: Number.MAX_SAFE_INTEGER });
const question = fc.oneof(
  fc.record({ kind: fc.constant('instance' as const), dataset: fc.string({ minLength: 1, maxLength: 40 }), id: fc.string({ minLength: 1, maxLength: 40 }) }),
  fc.record({ kind: fc.constant('text' as const), passage: fc.string({ unit: 'binary', maxLength: 300 }), question: fc.string({ unit: 'binary', maxLength: 80 }) }),
);
const perturbation = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.constant({ kind: 'revision' as const }),
  fc.record({ kind: fc.constant('rename' as const), type: fc.constantFrom(...ENTITY_CHOICES), source: fc.constantFrom(...NAME_SOURCES), origin: fc.constantFrom(...ORIGINS), seed, resemble: fc.boolean() }),
  fc.record({ kind: fc.constant('trap' as const), source: fc.constantFrom('generated' as const, 'typed' as const, 'dataset' as const), position: fc.constantFrom(...TRAP_POSITIONS), seed, sentence: fc.string({ maxLength: 60 }) }),
  fc.record({ kind: fc.constant('noise' as const), noise: fc.constantFrom(...NOISE_KINDS), rate: fc.double({ min: 0, max: 1, noNaN: true }), seed }),
);
const change = fc.record({ field: fc.constantFrom('question' as const, 'context' as const), start: fc.nat(), end: fc.nat(), from: fc.string({ unit: 'binary', maxLength: 30 }), to: fc.string({ unit: 'binary', maxLength: 30 }) });
/** A found breaking edit ("Find a failure"), carried whole so the link replays it. */
const foundEdit = fc.record({
  kind: fc.constant('edit' as const),
  edits: fc.array(fc.record({ family: fc.constantFrom(...FAMILIES), label: fc.string({ maxLength: 60 }), changes: fc.array(change, { maxLength: 4 }) }), { minLength: 1, maxLength: 3 }),
  answers: fc.array(fc.record({ text: fc.string({ maxLength: 20 }), start: fc.nat() }), { maxLength: 3 }),
});
const explain = fc.record({ open: fc.boolean(), kind: fc.constantFrom('sentence' as const, 'word' as const), sentence: fc.nat({ max: 50 }) });
const list = fc.record({
  query: fc.string({ maxLength: 40 }),
  filters: fc.record({
    dataset: fc.oneof(fc.constant('all'), fc.string({ minLength: 1, maxLength: 20 })),
    answerable: fc.constantFrom('all' as const, 'answerable' as const, 'unanswerable' as const),
    entity: fc.constantFrom('all' as const, 'PER' as const, 'ORG' as const, 'GPE' as const, 'other' as const),
    revision: fc.constantFrom('all' as const, 'with-revision' as const),
    category: fc.constantFrom('all' as const, ...PAIR_CATEGORIES),
  }),
});
const permalink: fc.Arbitrary<Permalink> = fc.record(
  {
    v: fc.constant(1 as const),
    models: fc.array(modelRef, { minLength: 1, maxLength: 4 }),
    q: question,
    p: fc.oneof(perturbation, foundEdit),
    allowNull: fc.boolean(),
    explain,
    list,
    page: fc.constantFrom(...EXPERIMENT_PATHS),
  },
  // Links made before the explain mode, the list's search and the page travelled have none of them.
  { requiredKeys: ['v', 'models', 'q', 'p', 'allowNull'] },
);

const base: Permalink = { v: 1, models: [{ kind: 'local', id: 'qarx-lexical-qa' }], q: { kind: 'instance', dataset: 'demo', id: 'demo-per-01' }, p: { kind: 'rename', type: 'PER', source: 'db', origin: 'us', seed: 3, resemble: false }, allowNull: true };
const hashOf = (raw: unknown) => `#v1=${compressToEncodedURIComponent(JSON.stringify(raw))}`;

describe('permalink round trip', () => {
  it('decode(encode(x)) === x for every valid permalink', () => {
    fc.assert(
      fc.property(permalink, (link) => {
        const r = decodePermalink(encodePermalink(link));
        expect(r).toEqual({ link });
      }),
      { numRuns: 300 },
    );
  });

  it('the hash uses only URL-safe characters', () => {
    fc.assert(
      fc.property(permalink, (link) => {
        expect(encodePermalink(link)).toMatch(/^#v1=[A-Za-z0-9+\-$]*$/);
      }),
    );
  });

  it('a link made before the found edit, the explain mode, the search and the page travelled still opens as it was', () => {
    // The JSON of a link of the previous release (no explain, list or page; a renaming).
    const old = '{"v":1,"models":[{"kind":"local","id":"qarx-lexical-qa"}],"q":{"kind":"instance","dataset":"demo","id":"demo-per-01"},"p":{"kind":"rename","type":"PER","source":"db","origin":"us","seed":3,"resemble":false},"allowNull":true}';
    expect(decodePermalink(`#v1=${compressToEncodedURIComponent(old)}`)).toEqual({ link: base });
  });

  it('accepts the hash without its "#"', () => {
    expect(decodePermalink(encodePermalink(base).slice(1))).toEqual({ link: base });
  });
});

describe('permalink validation', () => {
  it.each([
    { name: 'not a permalink', hash: '#section-2', want: /not a QA Robustness Explorer permalink/ },
    { name: 'empty payload', hash: '#v1=', want: /damaged/ },
    { name: 'garbage payload', hash: '#v1=%%%%', want: /damaged/ },
    { name: 'truncated payload', hash: encodePermalink(base).slice(0, 30), want: /damaged|invalid/ },
    { name: 'not JSON', hash: `#v1=${compressToEncodedURIComponent('{not json')}`, want: /not valid JSON/ },
    { name: 'wrong version', hash: hashOf({ ...base, v: 2 }), want: /invalid field "v"/ },
    { name: 'no model', hash: hashOf({ ...base, models: [] }), want: /invalid field "models"/ },
    { name: 'model id with markup', hash: hashOf({ ...base, models: [{ kind: 'hub', id: '<img src=x onerror=alert(1)>' }] }), want: /invalid field "models.0.id"/ },
    { name: 'model from a URL', hash: hashOf({ ...base, models: [{ kind: 'hub', id: 'https://evil.example/m' }] }), want: /invalid field "models.0.id"/ },
    { name: 'files model (cannot travel)', hash: hashOf({ ...base, models: [{ kind: 'files', id: 'x' }] }), want: /invalid field "models.0.kind"/ },
    { name: 'unknown device of an added model', hash: hashOf({ ...base, models: [...base.models, { kind: 'hub', id: 'a/b', device: 'cuda' }] }), want: /invalid field "models.1.device"/ },
    { name: 'unknown dtype of an added model', hash: hashOf({ ...base, models: [...base.models, { kind: 'hub', id: 'a/b', dtype: 'int4' }] }), want: /invalid field "models.1.dtype"/ },
    { name: 'five models', hash: hashOf({ ...base, models: Array.from({ length: 5 }, () => base.models[0]) }), want: /invalid field "models"/ },
    { name: 'negative seed', hash: hashOf({ ...base, p: { ...base.p, seed: -1 } }), want: /invalid field "p.seed"/ },
    { name: 'fractional seed', hash: hashOf({ ...base, p: { ...base.p, seed: 1.5 } }), want: /invalid field "p.seed"/ },
    { name: 'unknown perturbation', hash: hashOf({ ...base, p: { kind: 'eval', code: 'alert(1)' } }), want: /invalid field "p.kind"/ },
    { name: 'unknown name source', hash: hashOf({ ...base, p: { ...base.p, source: 'javascript:alert(1)' } }), want: /invalid field "p.source"/ },
    { name: 'unknown trap position', hash: hashOf({ ...base, p: { kind: 'trap', source: 'generated', position: 'inside', seed: 1, sentence: '' } }), want: /invalid field "p.position"/ },
    { name: 'noise rate above 1', hash: hashOf({ ...base, p: { kind: 'noise', noise: 'keyboard', rate: 2, seed: 1 } }), want: /invalid field "p.rate"/ },
    { name: 'found edit of an unknown family', hash: hashOf({ ...base, p: { kind: 'edit', edits: [{ family: 'eval', label: '', changes: [] }], answers: [] } }), want: /invalid field "p.edits.0.family"/ },
    { name: 'found edit with no edits', hash: hashOf({ ...base, p: { kind: 'edit', edits: [], answers: [] } }), want: /invalid field "p.edits"/ },
    { name: 'found edit with a negative offset', hash: hashOf({ ...base, p: { kind: 'edit', edits: [{ family: 'trap', label: 't', changes: [{ field: 'context', start: -1, end: 0, from: '', to: 'x' }] }], answers: [] } }), want: /invalid field "p.edits.0.changes.0.start"/ },
    { name: 'unknown explain unit', hash: hashOf({ ...base, explain: { open: true, kind: 'token', sentence: 0 } }), want: /invalid field "explain.kind"/ },
    { name: 'unknown list filter value', hash: hashOf({ ...base, list: { query: '', filters: { dataset: 'all', answerable: 'all', entity: 'LOC', revision: 'all', category: 'all' } } }), want: /invalid field "list.filters.entity"/ },
    { name: 'page that is a URL', hash: hashOf({ ...base, page: 'https://evil.example' }), want: /invalid field "page"/ },
    { name: 'extra key (prototype pollution)', hash: hashOf({ ...base, __proto__: { polluted: 1 }, extra: 1 }), want: /invalid field/ },
    { name: 'question is a number', hash: hashOf({ ...base, q: { kind: 'text', passage: 'p', question: 7 } }), want: /invalid field "q.question"/ },
    { name: 'array instead of object', hash: hashOf([base]), want: /invalid field/ },
  ])('$name → error', ({ hash, want }) => {
    const r = decodePermalink(hash);
    expect('error' in r && r.error).toMatch(want);
  });

  it('keeps several models with their device and dtype, in order', () => {
    const link: Permalink = { ...base, models: [base.models[0]!, { kind: 'hub', id: 'qarx-test/tiny-distilbert', device: 'wasm', dtype: 'q8' }] };
    const r = decodePermalink(encodePermalink(link));
    expect('link' in r && r.link.models).toEqual(link.models);
  });

  it('keeps markup in free text as plain text (it is rendered as text, never as HTML)', () => {
    const link: Permalink = { ...base, q: { kind: 'text', passage: '<script>alert(1)</script> Paris', question: '<b>Where?</b>' } };
    expect(decodePermalink(encodePermalink(link))).toEqual({ link });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const r = decodePermalink(`#v1=${s}`);
        expect('link' in r || 'error' in r).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('parses the link file (plain JSON) with the same rules', () => {
    expect(parsePermalinkJson(JSON.stringify(base))).toEqual({ link: base });
    expect(parsePermalinkJson(JSON.stringify({ ...base, allowNull: 'yes' }))).toEqual({ error: expect.stringMatching(/invalid field "allowNull"/) });
  });
});

describe('permalinkUrl', () => {
  it('replaces an existing hash and returns the URL when it fits', () => {
    const url = permalinkUrl('http://localhost:4173/?device=wasm#old', base);
    expect(url).toMatch(/^http:\/\/localhost:4173\/\?device=wasm#v1=/);
    expect(decodePermalink(new URL(url!).hash)).toEqual({ link: base });
  });

  it('returns null when the link would be longer than the URL limit', () => {
    // Random letters do not compress: a 20 k passage cannot fit in 8 k characters.
    let x = 7;
    const noise = Array.from({ length: 20_000 }, () => String.fromCharCode(0x4e00 + ((x = (x * 1103515245 + 12345) % 2 ** 31) % 5000))).join('');
    const long: Permalink = { ...base, q: { kind: 'text', passage: noise, question: 'Q?' } };
    expect(permalinkUrl('http://localhost/', long)).toBeNull();
    expect(encodePermalink(long).length).toBeGreaterThan(MAX_URL_LENGTH);
  });
});
