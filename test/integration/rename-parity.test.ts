/**
 * App-vs-CLI parity of entity renaming: one SQuAD file (written for this test) goes through the
 * app's path — core's importer, the data worker's import typing (import-job's classify), the
 * dataset's InDistName pool built from the rows in storage order, and the inference worker's
 * export command (exportRenamedJson) — and through `qarx perturb entity` in this process. Both
 * must rename the same questions into the same bytes, for several (target, type, source, seed).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { exportRenamedJson } from '../../src/core/entity/export.ts';
import { buildNamePool, mergePools, renameInstance, type RenameOptions } from '../../src/core/entity/rename.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { classify } from '../../src/worker/import-job.ts';
import { ROOT, runMain } from '../support/run-qarx.ts';

const IN = join(ROOT, 'test', 'fixtures', 'entity', 'selection.json');
const IN_ZH = join(ROOT, 'test', 'fixtures', 'entity', 'zh-selection.json');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-parity-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The app's instances: imported and typed as the data worker does, and the pool it sends with them. */
async function appSide(file = IN): Promise<{ instances: Instance[]; pool: ReturnType<typeof buildNamePool> }> {
  const name = file.split(/[\\/]/).pop() as string;
  const r = await importFile(name, new Uint8Array(readFileSync(file)), { dataset: name });
  classify(r.instances, 'ds-parity', () => undefined);
  // IndexedDB hands a dataset's rows back in key order ([dataset, id]), not file order.
  const stored = [...r.instances].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { instances: r.instances, pool: mergePools([buildNamePool(stored)]) };
}

const COMBOS: (RenameOptions & { renamed: number })[] = [
  // DBName scores the rare-word ORG questions too (Yan et al. App. B): as many as InDistName.
  // Issue 42's tagger types "Helen Shore" PER (compromise: GPE) and "Bank of Norway" ORG (compromise: none): 11 → 13.
  { target: 'answer', type: 'MIX', source: 'db', origin: 'us', seed: 1, renamed: 13 },
  { target: 'answer', type: 'MIX', source: 'indist', origin: 'us', seed: 5, renamed: 13 },
  { target: 'answer', type: 'PER', source: 'indist', origin: 'us', seed: 2, renamed: 5 },
  { target: 'answer', type: 'ORG', source: 'randstr', origin: 'us', seed: 3, renamed: 4 },
  { target: 'answer', type: 'GPE', source: 'db', origin: 'in', seed: 7, renamed: 4 },
  { target: 'question-person', type: 'PER', source: 'db', origin: 'fr', seed: 1, renamed: 5 },
  { target: 'question-person', type: 'PER', source: 'indist', origin: 'us', seed: 4, renamed: 5 },
];

// The Chinese fixture (11 questions, zh by guessLang): dictionary entities, whole-name substitutions.
const ZH_COMBOS: (RenameOptions & { renamed: number; file: string; total: number })[] = [
  { target: 'answer', type: 'MIX', source: 'db', origin: 'us', seed: 1, renamed: 9, file: IN_ZH, total: 11 },
  { target: 'answer', type: 'MIX', source: 'indist', origin: 'cn', seed: 5, renamed: 9, file: IN_ZH, total: 11 },
  { target: 'answer', type: 'PER', source: 'randstr', origin: 'us', seed: 3, renamed: 4, file: IN_ZH, total: 11 },
  { target: 'question-person', type: 'PER', source: 'db', origin: 'us', seed: 2, renamed: 9, file: IN_ZH, total: 11 },
];

describe('entity renaming: the app and qarx rename the same questions the same way', () => {
  it.each([...COMBOS.map((c) => ({ ...c, file: IN, total: 20 })), ...ZH_COMBOS])('$file $target $type $source seed $seed', { timeout: 180_000 }, async ({ renamed, file, total, ...opts }) => {
    const app = await appSide(file);
    const pool = opts.source === 'indist' ? app.pool : undefined;
    const exported = exportRenamedJson(app.instances, opts, pool);

    const out = join(tmp, `${total}-${opts.target}-${opts.type}-${opts.source}-${opts.seed}.json`);
    const args = ['perturb', 'entity', '--target', opts.target as string, '--type', opts.type, '--source', opts.source, '--origin', opts.origin, '--seed', String(opts.seed), file, out];
    const cli = await runMain(...args);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toContain(`renamed ${renamed} of ${total} questions`);
    expect(exported.renamed).toBe(renamed);
    // Byte for byte: the same questions, the same names, the same offsets and records.
    expect(readFileSync(out, 'utf8')).toBe(`${exported.json}\n`);

    // The live view and sweeps call renameInstance with the same pool: the same renamings again.
    const cliQuestions = (JSON.parse(exported.json) as { data: { paragraphs: { qas: { id: string; question: string }[] }[] }[] }).data.flatMap((a) => a.paragraphs.flatMap((p) => p.qas));
    const live = app.instances.flatMap((x) => {
      const r = renameInstance(x, opts, pool);
      return typeof r === 'string' ? [] : [{ id: x.id, question: r.perturbed.question }];
    });
    // The export groups questions by passage (SQuAD's nesting), so compare them by id.
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    expect([...live].sort(byId)).toEqual(cliQuestions.map((q) => ({ id: q.id, question: q.question })).sort(byId));
  });

  it('reports long names under their own reason on stderr (App. B: three words after the released titles and suffixes)', { timeout: 180_000 }, async () => {
    const cli = await runMain('perturb', 'entity', '--type', 'PER', '--source', 'db', IN, join(tmp, 'per.json'));
    // Johann Sebastian Bach and President Abraham Lincoln; "Queen Elizabeth II" loses its II and is renamed.
    expect(cli.stderr).toMatch(/left out: .*2 long-name \(sel-6, sel-7\)/);
  });

  it('rejects an unknown --target', async () => {
    const cli = await runMain('perturb', 'entity', '--target', 'passage', IN, join(tmp, 'x.json'));
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain('--target must be answer or question-person');
  });
});
