/**
 * The shipped model's tokenizer, transformers.js against the core WordPiece tokenizer, in Node:
 * (1) building it from tokenizer.json text (what a browser visit does once the file is read:
 * transformers.js JSON.parses it whole and builds its Tokenizer and get_vocab() Map; the core
 * scans the vocabulary into one Map), (2) tokenizing the demo set's passages renamed 20 times
 * each (what a sweep does; the core remembers each pre-token's pieces). Interleaved, medians,
 * the machine's load printed with each figure. The build is also timed in headless Chromium.
 *
 *   npm run bench:tokenizer [-- --rounds 15] [--no-browser]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BertTokenizer } from '@huggingface/transformers';
import { loadDemoSet } from '../src/core/data/demo.ts';
import { qaTokenizerFromText } from '../src/core/qa/wordpiece-text.ts';
import { browserBuildTimes } from './lib/tokenizer-browser.ts';
import { isolateAstralCjk } from '../src/core/qa/offsets.ts';
import type { QaTokenizer } from '../src/core/qa/tokenizer.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, 'no-browser': { type: 'boolean', default: false } } });
const ROUNDS = Math.max(3, Number(values.rounds));
const DIR = join(import.meta.dirname, '..', 'public', 'models', 'qarx-lexical-qa');
const TEXT = readFileSync(join(DIR, 'tokenizer.json'), 'utf8');
const CONFIG = JSON.parse(readFileSync(join(DIR, 'tokenizer_config.json'), 'utf8')) as Record<string, unknown>;

/** transformers.js' path after the read: JSON.parse, its Tokenizer, and the old adapter's get_vocab() Map. */
function libraryBuild(): (text: string) => string[] {
  const tok = new BertTokenizer(JSON.parse(TEXT), CONFIG);
  tok.get_vocab();
  return (text) => tok.tokenize(isolateAstralCjk(text));
}

function coreBuild(): QaTokenizer {
  const t = qaTokenizerFromText(TEXT, CONFIG);
  if (!t) throw new Error('the shipped tokenizer is not core WordPiece');
  return t;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const load = () => loadavg()[0]?.toFixed(1);
const timed = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

// The sweep's shape: every passage again with one name swapped, 20 names each.
const NAMES = ['Amara Okafor', 'Li Wei', 'José Álvarez', 'Søren Kierkegaard', 'Nguyễn Văn An', 'Aleksandr Petrov', 'Fatima Zahra', 'Hiroshi Tanaka', 'Olivia Smith', 'Kwame Mensah', 'Zoë Brontë', 'Rafael Núñez', 'Chen Jing', 'Anika Sharma', 'Lars Eriksson', 'Mei Lin', 'Tomás Ó Briain', 'Yusuf Demir', 'Ingrid Bergman', 'Ayasha Redcloud'];
const passages = loadDemoSet().map((i) => i.context);
const renamed = passages.flatMap((p) => {
  const name = /\b[A-Z][a-z]+ [A-Z][a-z]+\b/.exec(p)?.[0] ?? /\b[A-Z][a-z]+\b/.exec(p)?.[0] ?? '';
  return NAMES.map((n) => (name ? p.split(name).join(n) : `${n} ${p}`));
});

const lib = libraryBuild();
const core = coreBuild();
for (const p of [...passages, ...renamed]) if (JSON.stringify(lib(p)) !== JSON.stringify(core.tokenize(p))) throw new Error(`tokens differ on: ${p.slice(0, 80)}`);

const build = { lib: [] as number[], core: [] as number[] };
const sweep = { lib: [] as number[], core: [] as number[] };
const loads: string[] = [];
for (let r = 0; r < ROUNDS; r++) {
  loads.push(load() ?? '?');
  build.lib.push(timed(libraryBuild));
  build.core.push(timed(coreBuild));
  // Each sweep starts from a fresh tokenizer that has tokenized the original passages (as the sweep's first step does).
  const l = libraryBuild();
  const c = coreBuild();
  for (const p of passages) {
    l(p);
    c.tokenize(p);
  }
  sweep.lib.push(timed(() => renamed.forEach((p) => l(p))));
  sweep.core.push(timed(() => renamed.forEach((p) => c.tokenize(p))));
}
const row = (name: string, m: { lib: number[]; core: number[] }) =>
  console.log(`${name.padEnd(44)} transformers.js ${median(m.lib).toFixed(1).padStart(7)} ms   core ${median(m.core).toFixed(1).padStart(7)} ms   ratio ${(median(m.lib) / median(m.core)).toFixed(2)}×`);
console.log(`${ROUNDS} interleaved rounds, medians; load ${loads.join(' ')}`);
row('build from tokenizer.json text (939 kB)', build);
row(`tokenize ${renamed.length} renamed passages`, sweep);
if (!values['no-browser']) {
  const before = load();
  const b = await browserBuildTimes(TEXT, CONFIG, ROUNDS);
  row(`Chromium: build from the text (load ${before}→${load()})`, b);
}
console.log(`(the ${passages.length + renamed.length} passages give identical tokens both ways)`);
