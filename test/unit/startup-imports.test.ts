/**
 * What the page's start-up parses (issue 29.2): the entry (boot.ts), the page's main bundle
 * (main.tsx: the store and the always-rendered views), the inference worker and the data worker
 * reach the NLP packages and the name lists only through dynamic imports, so a first answer never
 * waits for them. Checked on the static import graph esbuild resolves from each entry.
 */
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Packages the first answer does not need: the entity tagger, name lists, wikitext parser, synonyms. */
const HEAVY = ['compromise', '@faker-js/faker', 'country-state-city', 'pinyin-pro', 'wtf_wikipedia', 'synonyms'];

const packageOf = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? null;

/** Every heavy package `entry` reaches through static imports, each with the chain that reaches it. */
async function heavyStaticImports(entry: string): Promise<string[]> {
  const r = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, format: 'esm', splitting: true, outdir: 'out', platform: 'browser', logLevel: 'silent', jsx: 'automatic', loader: { '.css': 'empty', '.svg': 'empty' }, external: ['virtual:*'] });
  const inputs: Metafile['inputs'] = r.metafile.inputs;
  const from = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const f = queue.shift()!;
    for (const im of inputs[f]?.imports ?? []) {
      if (im.kind !== 'import-statement' || im.external || from.has(im.path)) continue;
      from.set(im.path, f);
      queue.push(im.path);
    }
  }
  const found: string[] = [];
  for (const f of from.keys()) {
    const p = packageOf(f);
    if (!p || !HEAVY.includes(p) || found.some((x) => x.startsWith(`${p} `))) continue;
    const chain: string[] = [];
    for (let x: string | null | undefined = from.get(f); x; x = from.get(x)) if (!packageOf(x)) chain.push(x);
    found.push(`${p} ← ${chain.join(' ← ')}`);
  }
  return found;
}

describe('start-up code imports no NLP package or name list statically', () => {
  it.each(['src/app/shell/boot.ts', 'src/app/shell/main.tsx', 'src/worker/qa.worker.ts', 'src/worker/data.worker.ts'])('%s', async (entry) => {
    expect(await heavyStaticImports(entry)).toEqual([]);
  }, 60_000);

  it('the check finds one where it exists (core/natural/noise.ts imports compromise)', async () => {
    expect((await heavyStaticImports('src/core/natural/noise.ts')).some((x) => x.startsWith('compromise '))).toBe(true);
  }, 60_000);
});
