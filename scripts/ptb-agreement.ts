/**
 * How often the ORG proper-noun test (src/core/entity/org-words.ts) agrees with the Penn Treebank
 * lists of Yan et al.'s released code, on the words of the ORG entities the tagger finds in SQuAD
 * passages: `npx tsx scripts/ptb-agreement.ts <dir with ptb.txt, ptb_nnp.txt> <squad.json…>`. The
 * lists are third-party data and are never shipped or read by tests; this prints the figure
 * docs/entity-renaming.md reports.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { importFile } from '../src/core/formats/index.ts';
import { detectEntities, nameWords } from '../src/core/entity/spans.ts';
import { placeKind } from '../src/core/entity/lexicon.ts';
import { orgWordKind, type OrgWordKind } from '../src/core/entity/org-words.ts';

const [dir, ...files] = process.argv.slice(2);
if (!dir || !files.length) throw new Error('usage: ptb-agreement.ts <nnp_dataset dir> <squad.json…>');
const lines = (f: string) => new Set(readFileSync(join(dir, f), 'utf8').split('\n').map((l) => l.trim()).filter(Boolean));
const ptb = lines('ptb.txt');
const nnp = lines('ptb_nnp.txt');

/** The released code's class of a lowercased word: nnp (in ptb_nnp), rare (not in ptb), else ordinary. */
function ptbKind(word: string): OrgWordKind {
  const w = word.toLowerCase();
  if (nnp.has(w) || nnp.has(`${w}.`)) return 'nnp';
  return ptb.has(w) || ptb.has(`${w}.`) ? 'ordinary' : 'rare';
}

const tokens: string[] = [];
const types = new Set<string>();
for (const f of files) {
  const r = await importFile(f, new Uint8Array(readFileSync(f)), { dataset: basename(f) });
  for (const ctx of new Set(r.instances.filter((x) => x.lang === 'en').map((x) => x.context))) {
    for (const e of detectEntities(ctx)) {
      if (e.type !== 'ORG') continue;
      for (const w of nameWords(e.text)) {
        // Contained places come first in the released code; only the remaining words are classed.
        if (!/^\p{Lu}/u.test(w.text) || placeKind(w.text)) continue;
        tokens.push(w.text);
        types.add(w.text);
      }
    }
  }
}

/** Confusion of ours (rows) against PTB (columns) and the share on the diagonal. */
function table(words: readonly string[], label: string): void {
  const kinds: OrgWordKind[] = ['nnp', 'rare', 'ordinary'];
  const m = new Map<string, number>();
  const examples = new Map<string, string[]>();
  for (const w of words) {
    const key = `${orgWordKind(w)}/${ptbKind(w)}`;
    m.set(key, (m.get(key) ?? 0) + 1);
    const ex = examples.get(key) ?? [];
    if (ex.length < 8 && !ex.includes(w)) ex.push(w);
    examples.set(key, ex);
  }
  const n = words.length;
  const agree = kinds.reduce((s, k) => s + (m.get(`${k}/${k}`) ?? 0), 0);
  const nnpAgree = words.filter((w) => (orgWordKind(w) === 'nnp') === (ptbKind(w) === 'nnp')).length;
  const renamedAgree = words.filter((w) => (orgWordKind(w) !== 'ordinary') === (ptbKind(w) !== 'ordinary')).length;
  console.log(`${label}: ${n} words; 3-class agreement ${((100 * agree) / n).toFixed(1)}%, NNP yes/no ${((100 * nnpAgree) / n).toFixed(1)}%, perturbable yes/no ${((100 * renamedAgree) / n).toFixed(1)}%`);
  console.log(`  ours \\ PTB   ${kinds.map((k) => k.padStart(9)).join('')}`);
  for (const a of kinds) console.log(`  ${a.padEnd(12)}${kinds.map((b) => String(m.get(`${a}/${b}`) ?? 0).padStart(9)).join('')}`);
  for (const [k, ex] of examples) if (k.split('/')[0] !== k.split('/')[1]) console.log(`    ${k}: ${ex.join(', ')}`);
}

table(tokens, 'ORG word tokens');
table([...types], 'ORG word types');
