/** The glossary as text: the docs page (docs/glossary.md) and the `qarx help TERM` output, both from src/core/glossary/terms.ts. */
import { GLOSSARY, type GlossaryEntry } from './terms.ts';

/** A table cell's text with its pipes escaped, e.g. cell('a|b') === 'a\\|b'. */
const cell = (s: string): string => s.replace(/\|/g, '\\|');

/** docs/glossary.md: a title, how to keep it up to date, and one table row per term in glossary order. */
export function glossaryMarkdown(): string {
  const rows = GLOSSARY.map((e) => `| <a id="${e.id}"></a>**${cell(e.term)}** | ${cell(e.aliases.join(', ')) || '–'} | ${cell(e.definition)} | ${cell(e.source)} |`);
  return [
    '# Glossary',
    '',
    '<!-- Generated from src/core/glossary/terms.ts by `npm run docs:glossary`; edit the source, not this page. -->',
    '',
    'Every term the app and `qarx` show, with the paper passage it comes from. The same text is the',
    "app's hover/focus help and Glossary view, and `qarx help TERM` prints one entry (`qarx help glossary` lists all).",
    'Wherever the app shows a term it is dotted-underlined at its first use in each table, list or card: hover, Tab to it or',
    'tap it for its definition (Escape closes it). A select, radio or checkbox whose choices are terms (InDistName, MIX, C2W …)',
    'shows their definitions while it has focus or the pointer, and a screen reader reads them as its description.',
    '',
    '| term | also | definition | source |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** One entry for a terminal, e.g. 'DBName (also: database name, db)\n  New names …\n  Source: Yan et al. …'. */
export function glossaryEntryText(e: GlossaryEntry): string {
  return `${e.term}${e.aliases.length ? ` (also: ${e.aliases.join(', ')})` : ''}\n  ${e.definition}\n  Source: ${e.source}\n`;
}

/** `qarx help glossary`: every term with the first sentence of its definition, one per line. */
export function glossaryList(): string {
  const width = Math.max(...GLOSSARY.map((e) => e.term.length));
  const first = (s: string) => /^.*?[.!?](?= |$)/.exec(s)?.[0] ?? s;
  return `${GLOSSARY.map((e) => `${e.term.padEnd(width)}  ${first(e.definition)}`).join('\n')}\n\nqarx help TERM prints a term's whole entry and its source.\n`;
}
