/**
 * How many questions entity renaming renames on a dataset, per path (the app's import types the
 * answers; the CLI reads the file as is) and per skip reason: `npx tsx scripts/rename-counts.ts [file…]`
 * (no file: the built-in demo set, its English questions with and without their hand-set types).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { loadDemoSet } from '../src/core/data/demo.ts';
import type { Instance } from '../src/core/data/types.ts';
import { buildNamePool, renameInstance, type EntityChoice, type RenameOptions } from '../src/core/entity/rename.ts';
import { importFile } from '../src/core/formats/index.ts';
import { answerTypeOf } from '../src/core/ner/answer-type.ts';

/** The answer types the app's import gives (src/worker/import-job.ts). */
const typed = (xs: Instance[]): Instance[] => xs.map((x) => ({ ...x, answerType: answerTypeOf(x) }));

/** Renamed ids and skip counts of one path. */
function run(xs: Instance[], opts: RenameOptions): { ids: Set<string>; out: Map<string, string>; skipped: Record<string, number> } {
  const pool = buildNamePool(xs);
  const ids = new Set<string>();
  const out = new Map<string, string>();
  const skipped: Record<string, number> = {};
  for (const x of xs) {
    const r = renameInstance(x, opts, pool);
    if (typeof r === 'string') skipped[r] = (skipped[r] ?? 0) + 1;
    else {
      ids.add(x.id);
      out.set(x.id, JSON.stringify([r.perturbed.context, r.perturbed.question, r.perturbed.answers]));
    }
  }
  return { ids, out, skipped };
}

async function sets(): Promise<[string, Instance[], Instance[]][]> {
  const files = process.argv.slice(2);
  if (!files.length) {
    const demo = loadDemoSet().filter((x) => x.lang === 'en');
    return [['demo set (hand-set types vs none)', demo, demo.map((x) => ({ ...x, answerType: undefined }))]];
  }
  const out: [string, Instance[], Instance[]][] = [];
  for (const f of files) {
    const r = await importFile(f, new Uint8Array(readFileSync(f)), { dataset: basename(f) });
    out.push([basename(f), typed(r.instances), r.instances]);
  }
  return out;
}

for (const [name, app, cli] of await sets()) {
  console.log(`${name}: ${app.length} questions`);
  for (const type of ['MIX', 'PER', 'ORG', 'GPE'] as EntityChoice[]) {
    for (const source of ['db', 'indist'] as const) {
      const opts: RenameOptions = { type, source, origin: 'us', seed: 1 };
      const a = run(app, opts);
      const c = run(cli, opts);
      const differ = new Set([...a.ids, ...c.ids].filter((id) => !a.ids.has(id) || !c.ids.has(id) || a.out.get(id) !== c.out.get(id)));
      console.log(`  ${type.padEnd(3)} ${source.padEnd(6)} app ${a.ids.size} ${JSON.stringify(a.skipped)} | cli ${c.ids.size} ${JSON.stringify(c.skipped)} | differ ${differ.size}`);
    }
  }
}
