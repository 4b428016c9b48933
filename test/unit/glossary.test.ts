/** The glossary: one entry per term the app and qarx show, each defined once with its paper reference. */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldTerm, GLOSSARY, lookupTerm, searchGlossary } from '../../src/core/glossary/terms.ts';
import { jargonWords, uiTexts } from '../support/jargon.ts';

/** Words in UI text that look like jargon but are plain names of file formats, units, models or machine columns. */
const PLAIN = new Set(['JSON', 'CSV', 'URL', 'PNG', 'SVG', 'UTC', 'README', 'PhD', 'MB', 'GB', 'kB', 'KiB', 'MiB', 'GiB', 'DistilBERT', 'RoBERTa', 'TinyRoBERTa', 'mDeBERTa', 'v2', 'v3', 'squad2', 'squad_v2', 'model_int8', 'before_f1', 'after_f1']);
/** A hex colour in a style (b0417a), not a word. */
const HEX = /^(?=.*\d)[0-9a-f]{3,8}$/i;

/** The sources whose text people read: every component (any feature folder), the tour and the model catalogue. */
const UI_FILES = [...readdirSync('src/app', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx')).map((f) => `src/app/${f}`), 'src/app/teach/tour.ts', 'src/app/models/models.ts'];

/** Jargon words of `source` with no glossary entry, e.g. ['XyzName']. */
const missing = (source: string, file: string) => [...new Set(uiTexts(source, file).flatMap(jargonWords))].filter((w) => !PLAIN.has(w) && !HEX.test(w) && !lookupTerm(w));

describe('glossary data', () => {
  it('has a one- or two-sentence definition and a source for every entry, and unique ids', () => {
    expect(new Set(GLOSSARY.map((e) => e.id)).size).toBe(GLOSSARY.length);
    for (const e of GLOSSARY) {
      expect(e.definition.length, e.id).toBeGreaterThan(20);
      expect(e.source.length, e.id).toBeGreaterThan(5);
      // Sentences end in ". " before a capital; a definition holds at most two (three for the two-use entries).
      expect(e.definition.split(/[.!?] (?=[A-Z"])/).length, e.id).toBeLessThanOrEqual(3);
    }
  });

  it('resolves every spelling to one entry: no alias names two entries', () => {
    const owner = new Map<string, string>();
    for (const e of GLOSSARY) for (const k of [e.id, e.term, ...e.aliases]) {
      const prev = owner.get(foldTerm(k));
      expect(prev === undefined || prev === e.id, `${k}: ${prev} and ${e.id}`).toBe(true);
      owner.set(foldTerm(k), e.id);
    }
  });

  it.each([
    'DBName', 'InDistName', 'RandStr', 'MIX', 'RESEMBLE', 'M', 'T', 'budget B', 'B', 'D_worst', 'D_best', 'stability', 'rare-only', 'no-spans',
    'null score', 'SQuAD 2.0 null', 'C2W', 'W2C', 'C2C', 'W2W', 'relative F1 change', 'edit intention', 'partial', 'windows/s', 'EM', 'F1', 'DPR',
    'over-sensitivity', 'over-stability', 'trap span', 'generalization slice', 'universal names', 'seed spread', 'small-n marker', 'WASM', 'WebGPU',
    'q8', 'fp16', 'fp32', 'scope',
  ])('has an entry for %s', (t) => {
    expect(lookupTerm(t)).not.toBeNull();
  });

  it('looks terms up regardless of case, hyphens and underscores, and searches definitions', () => {
    expect(lookupTerm('dbname')?.term).toBe('DBName');
    expect(lookupTerm('Over Sensitivity')?.id).toBe('over-sensitivity');
    expect(lookupTerm('d worst')?.id).toBe('d-worst-best');
    expect(lookupTerm('no such term')).toBeNull();
    expect(searchGlossary('temperature').map((e) => e.id)).toContain('resemble-t');
  });

  it('cites the four papers by section for their terms (Yan §3.2, Balasubramanian Alg. 1 / Eq. 2, Wu, Tang §2.1)', () => {
    expect(lookupTerm('DBName')?.source).toMatch(/Yan et al\. 2022.*§3\.2/);
    expect(lookupTerm('D_worst')?.source).toMatch(/Balasubramanian et al\. 2020.*Algorithm 1/);
    expect(lookupTerm('RESEMBLE')?.source).toMatch(/Eq\. 2/);
    expect(lookupTerm('C2W')?.source).toMatch(/Wu et al\. 2025/);
    expect(lookupTerm('over-sensitivity')?.source).toMatch(/Tang et al\. 2021.*§2\.1/);
  });
});

describe('every term in a UI label has an entry', () => {
  it('finds jargon in JSX text, titles and strings, but not in code', () => {
    const src = `const a = x === 'ZZTop' ? 1 : 2;\nexport const B = () => <th className="XQ9" title="QRSName">drop in XyzName on rare-only, {\`\${n} C3PO\`}</th>;`;
    expect(missing(src, 'fixture.tsx')).toEqual(['QRSName', 'XyzName', 'rare-only', 'C3PO'].filter((w) => !lookupTerm(w)));
    expect(missing(src, 'fixture.tsx')).toContain('XyzName');
  });

  it('the app components, tour and model catalogue use no jargon without a glossary entry', () => {
    const bad = UI_FILES.flatMap((f) => missing(readFileSync(f, 'utf8'), f).map((w) => `${f}: ${w}`));
    expect(bad).toEqual([]);
  });

  it('every <Term k="…"> names a glossary entry', () => {
    const keys = UI_FILES.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/<Term k=(?:"([^"]+)"|\{`([^`]+)`\})/g)].map((m) => (m[1] ?? m[2]) as string));
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.map((k) => k.replace('${k}', 'worst')).filter((k) => !lookupTerm(k))).toEqual([]);
  });
});
