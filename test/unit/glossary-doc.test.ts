/** docs/glossary.md and `qarx help TERM` come from src/core/glossary/terms.ts: the page is up to date and the CLI prints the same entries. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GLOSSARY } from '../../src/core/glossary/terms.ts';
import { glossaryEntryText, glossaryList, glossaryMarkdown } from '../../src/core/glossary/doc.ts';
import { runMain } from '../support/run-qarx.ts';

describe('glossary page and qarx help', () => {
  it('docs/glossary.md is the generated page (run npm run docs:glossary after editing the glossary)', () => {
    expect(readFileSync('docs/glossary.md', 'utf8')).toBe(glossaryMarkdown());
  });

  it('the page has one row per entry, with its anchor, and escapes pipes in cells', () => {
    const md = glossaryMarkdown();
    for (const e of GLOSSARY) expect(md).toContain(`<a id="${e.id}"></a>`);
    // Every table row has exactly four cells: no unescaped pipe splits one.
    for (const row of md.split('\n').filter((l) => l.startsWith('| <a'))) expect(row.split(/(?<!\\)\|/).length).toBe(6);
  });

  it('qarx help DBName prints the entry with its source (Yan et al. 2022 §3.2)', async () => {
    const r = await runMain('help', 'dbname');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(glossaryEntryText(GLOSSARY.find((e) => e.id === 'dbname')!));
    expect(r.stdout).toMatch(/Source: Yan et al\. 2022.*§3\.2/);
  });

  it('qarx help takes a term of several words and aliases (D_worst, "relative F1 change")', async () => {
    expect((await runMain('help', 'D_worst')).stdout).toMatch(/^D_worst \/ D_best/);
    expect((await runMain('help', 'relative', 'F1', 'change')).stdout).toMatch(/^relative F1 change/);
  });

  it('qarx help glossary lists every term; an unknown term exits 2 naming terms that mention it', async () => {
    const all = await runMain('help', 'glossary');
    expect(all.code).toBe(0);
    expect(all.stdout).toBe(glossaryList());
    for (const e of GLOSSARY) expect(all.stdout).toContain(e.term);
    const bad = await runMain('help', 'canonical names of the budget');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no glossary entry for "canonical names of the budget"/);
    const near = await runMain('help', 'Algorithm 2');
    expect(near.stderr).toContain('universal names');
  });
});
