/** The import direction is part of the architecture: core is pure and never reaches outward, and no modules import each other in a loop. */
import { ESLint } from 'eslint';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, importGraph, importsOf, storeStateType, type ImportEdge } from '../../scripts/lib/import-cycles.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lints source text as if it lived at `path`; returns the messages of the import rule. */
async function importErrors(path: string, code: string): Promise<string[]> {
  const [res] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (res?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    { name: 'core → app', path: 'src/core/probe.ts', code: "import { useApp } from '../app/store/index.ts';\nexport const x = useApp;\n" },
    { name: 'core → worker', path: 'src/core/formats/probe.ts', code: "import type { WorkerEvent } from '../../worker/protocol.ts';\nexport type X = WorkerEvent;\n" },
    { name: 'core → cli', path: 'src/core/probe.ts', code: "import { main } from '../cli/qarx.ts';\nexport const x = main;\n" },
    { name: 'core → React', path: 'src/core/probe.ts', code: "import { useState } from 'react';\nexport const x = useState;\n" },
    { name: 'core → Node fs', path: 'src/core/probe.ts', code: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n" },
    { name: 'worker → app', path: 'src/worker/probe.ts', code: "import { useApp } from '../app/store/index.ts';\nexport const x = useApp;\n" },
  ])('$name is rejected', async ({ path, code }) => {
    expect(await importErrors(path, code)).toHaveLength(1);
  });

  it.each([
    { name: 'app → core', path: 'src/app/probe.ts', code: "import { QaEngine } from '../core/index.ts';\nexport const x = QaEngine;\n" },
    { name: 'worker → core', path: 'src/worker/probe.ts', code: "import { QaEngine } from '../core/index.ts';\nexport const x = QaEngine;\n" },
    { name: 'core → core', path: 'src/core/probe.ts', code: "import { decodeWindows } from './decode.ts';\nexport const x = decodeWindows;\n" },
  ])('$name is allowed', async ({ path, code }) => {
    expect(await importErrors(path, code)).toEqual([]);
  });
});

describe('import cycles', () => {
  it('src has none (the store slices\' type-only AppState import is the one allowed loop)', () => {
    const cycles = findCycles(importGraph(join(ROOT, 'src')), storeStateType);
    expect(cycles.map((c) => c.map((f) => relative(ROOT, f)).join(' → '))).toEqual([]);
  });

  const edges = (spec: Record<string, string[]>) => new Map(Object.entries(spec).map(([k, v]): [string, ImportEdge[]] => [k, v.map((to) => ({ to: to.replace(/^type:/, ''), typeOnly: to.startsWith('type:') }))]));
  it.each<{ name: string; graph: Record<string, string[]>; want: string[][] }>([
    { name: 'a chain is no cycle', graph: { a: ['b'], b: ['c'], c: [] }, want: [] },
    { name: 'two modules importing each other', graph: { a: ['b'], b: ['a'] }, want: [['a', 'b', 'a']] },
    { name: 'a type-only edge still closes a loop', graph: { a: ['b'], b: ['type:a'] }, want: [['a', 'b', 'a']] },
    { name: 'a module importing itself', graph: { a: ['a'] }, want: [['a', 'a']] },
    { name: 'one tangle is reported once, by its shortest loop', graph: { a: ['b', 'c'], b: ['c'], c: ['a'], d: ['e'], e: ['d'] }, want: [['a', 'c', 'a'], ['d', 'e', 'd']] },
    { name: 'imports of files outside the tree are ignored', graph: { a: ['zz'] }, want: [] },
  ])('$name', ({ graph, want }) => {
    expect(findCycles(edges(graph))).toEqual(want);
  });

  it("skips only the store slices' type-only import of store/index.ts", () => {
    const index = join('src', 'app', 'store', 'index.ts');
    expect(findCycles(edges({ [index]: ['slice'], slice: [`type:${index}`] }), storeStateType)).toEqual([]);
    expect(findCycles(edges({ [index]: ['slice'], slice: [index] }), storeStateType)).toEqual([['slice', index, 'slice']]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'qarx-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('reads every import form from the source, not from comments or strings', () => {
    mkdirSync(join(dir, 'sub'));
    for (const f of ['b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts', 'g.tsx', 'sub/index.ts']) writeFileSync(join(dir, f), 'export const x = 1;\nexport type T = number;\n');
    const code = [
      "import { x } from './b.ts';",
      "import type { T } from './c.ts';",
      "import { type T as U } from './d.ts';",
      "export { x as y } from './e.ts';",
      "const later = () => import('./f.ts');",
      "import { x as z } from './g.tsx';",
      "import { x as w } from './sub';",
      "// import { x } from './nope.ts';",
      "const s = \"import { x } from './nope2.ts'\";",
      "import { readFileSync } from 'node:fs';",
      'export { later, s, z, w, readFileSync };',
    ].join('\n');
    writeFileSync(join(dir, 'a.ts'), code);
    const got = importsOf(join(dir, 'a.ts')).map((e) => [relative(dir, e.to), e.typeOnly]);
    expect(got).toEqual([
      ['b.ts', false],
      ['c.ts', true],
      ['d.ts', true],
      ['e.ts', false],
      ['f.ts', false],
      ['g.tsx', false],
      [join('sub', 'index.ts'), false],
    ]);
  });
});
