/**
 * Finds import cycles between the project's own modules (relative imports, re-exports and dynamic
 * import() calls; `import type` included, since a type cycle still ties the modules together).
 * Parsed with the TypeScript compiler, so comments and strings never count as imports.
 * Run `npx tsx scripts/lib/import-cycles.ts [dir] [--all]` to list them (--all: also the store
 * slices' AppState type loop, see storeStateType); test/unit/architecture.test.ts keeps src at zero.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import edge: the module it points at and whether only types cross it. */
export interface ImportEdge {
  to: string;
  typeOnly: boolean;
  /** An import() call: the module loads when the call runs, not with the importer. */
  dynamic?: boolean;
}

/** Every .ts/.tsx file under `dir` (absolute paths, sorted). */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The file a relative specifier names (the project writes extensions; bare and folder forms are tried too). */
function resolveSpecifier(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(c) && existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/** One import specifier as written, e.g. { spec: './score.ts', typeOnly: false }. */
interface Specifier {
  spec: string;
  typeOnly: boolean;
  dynamic: boolean;
}

/** Every import specifier of one file (imports, re-exports, import() calls, import types). */
function specifiersOf(file: string): Specifier[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Specifier[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean, dynamic = false) => {
    if (spec && ts.isStringLiteral(spec)) out.push({ spec: spec.text, typeOnly, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const c = node.importClause;
      // `import { type A, type B }` erases like `import type { A, B }`.
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
      const allTypes = !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal as ts.Expression, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The relative imports of one file, e.g. [{ to: '/…/src/core/score.ts', typeOnly: false }]. */
export function importsOf(file: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const { spec, typeOnly, dynamic } of specifiersOf(file)) {
    const to = resolveSpecifier(file, spec);
    if (to) edges.push(dynamic ? { to, typeOnly, dynamic } : { to, typeOnly });
  }
  return edges;
}

/** The npm packages a file loads with itself (static, non-type imports of bare specifiers), e.g. 'compromise'. */
export function packagesOf(file: string): string[] {
  const bare = specifiersOf(file).filter((s) => !s.typeOnly && !s.dynamic && !s.spec.startsWith('.'));
  // '@scope/name/sub' → '@scope/name', 'name/sub' → 'name'
  return [...new Set(bare.map((s) => s.spec.split('/').slice(0, s.spec.startsWith('@') ? 2 : 1).join('/')))];
}

/** Every module that loads with `file` (its static, non-type imports, transitively), `file` included. */
export function staticClosure(file: string): Set<string> {
  const seen = new Set<string>([file]);
  const todo = [file];
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    for (const e of importsOf(f)) {
      if (e.typeOnly || e.dynamic || seen.has(e.to)) continue;
      seen.add(e.to);
      todo.push(e.to);
    }
  }
  return seen;
}

/** The import graph of every source file under `dir`, keyed by absolute path. */
export function importGraph(dir: string): Map<string, ImportEdge[]> {
  return new Map(sourceFiles(dir).map((f) => [f, importsOf(f)]));
}

/**
 * The cycles of a graph: each strongly connected component of two or more modules (or one that
 * imports itself), as one shortest cycle through its first module, so each tangle is reported once.
 */
export function findCycles(graph: ReadonlyMap<string, readonly ImportEdge[]>, skip: (from: string, edge: ImportEdge) => boolean = () => false): string[][] {
  const succ = (n: string) => [...new Set((graph.get(n) ?? []).filter((e) => !skip(n, e)).map((e) => e.to))].filter((t) => graph.has(t));
  // Tarjan's strongly connected components, iterative so a deep graph cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const comps: string[][] = [];
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; next: string[] }[] = [];
    const enter = (n: string) => {
      index.set(n, counter);
      low.set(n, counter++);
      stack.push(n);
      onStack.add(n);
      work.push({ node: n, next: succ(n) });
    };
    enter(root);
    while (work.length) {
      const top = work.at(-1)!;
      const w = top.next.shift();
      if (w !== undefined) {
        if (!index.has(w)) enter(w);
        else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) low.set(work.at(-1)!.node, Math.min(low.get(work.at(-1)!.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const comp: string[] = [];
        let x: string;
        do {
          x = stack.pop()!;
          onStack.delete(x);
          comp.push(x);
        } while (x !== top.node);
        if (comp.length > 1 || succ(top.node).includes(top.node)) comps.push(comp.sort());
      }
    }
  }
  return comps.map((comp) => shortestCycle(comp[0]!, new Set(comp), succ)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The one allowed loop: zustand slices type `get()` as the whole store, so a slice imports the
 * AppState type from store/index.ts, which imports the slice. Type-only, erased at runtime.
 */
export const storeStateType = (_from: string, e: ImportEdge): boolean => e.typeOnly && e.to.endsWith(join('src', 'app', 'store', 'index.ts'));

/** The shortest path from `start` back to itself inside `within` (breadth first), e.g. [a, b, a]. */
function shortestCycle(start: string, within: ReadonlySet<string>, succ: (n: string) => string[]): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i]!;
    for (const w of succ(n)) {
      if (!within.has(w)) continue;
      if (w === start) {
        const path = [n];
        while (path[0] !== start) path.unshift(prev.get(path[0]!)!);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, n);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const all = process.argv.includes('--all');
  const dir = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'src');
  const cycles = findCycles(importGraph(dir), all ? undefined : storeStateType);
  for (const c of cycles) console.log(c.map((f) => relative(process.cwd(), f)).join(' → '));
  console.log(`${cycles.length} import cycle(s) under ${relative(process.cwd(), dir) || '.'}`);
  process.exitCode = cycles.length ? 1 : 0;
}
