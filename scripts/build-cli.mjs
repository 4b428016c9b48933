#!/usr/bin/env node
/**
 * npm run build:cli (also run by `npm ci` / `npm install` through `prepare`): compiles the qarx CLI
 * (src/cli/qarx.ts and everything it imports from src/) to JavaScript in dist-cli/, so `qarx` starts
 * without transpiling TypeScript. Plain .mjs because it runs right after install, before anything else.
 *
 *   node scripts/build-cli.mjs [--outdir DIR]
 *
 * - esbuild bundles our own source and the few small pure-JS packages that reading any data file
 *   needs (INLINE below: no node_modules look-ups, CommonJS wrappers or unused exports at start-up);
 *   every other package stays an import resolved from node_modules at run time, so onnxruntime-node's
 *   native binding, transformers.js's WASM files and the packages' data files are used as installed.
 * - eval.js: `qarx eval`'s plain path (src/cli/eval-main.ts) as one file, without splitting, which
 *   bin/qarx.mjs imports for `qarx eval`: one module to load instead of ~20 chunks (issue 29). It
 *   imports nothing lazily (bin/qarx.mjs hands it the dispatcher for every other eval): a lazy import
 *   would copy a module into a second instance, so the build fails on one.
 * - Code splitting: each command (and each module a command imports with `await import`) becomes its
 *   own chunk, so `qarx --help` loads only the dispatcher, and a package such as compromise is
 *   imported only when a command that needs it runs.
 * - JSON files are bundled (Node 20 would need import attributes to import them itself).
 * - build-info.json, written last, lists every source file in the bundle: bin/qarx.mjs uses the
 *   compiled CLI only while none of them is newer than the build, else runs the TypeScript via tsx.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outdir: { type: 'string', default: join(ROOT, 'dist-cli') } } });
const outdir = resolve(values.outdir);

/** Packages bundled into the CLI: small, pure JS, and on the path of every command that reads data. */
const INLINE = new Set(['valibot', 'fflate', 'jsonc-parser', 'papaparse', 'country-state-city']);

/** The package name of a bare import, e.g. '@faker-js/faker/locale/en' → '@faker-js/faker'. */
const packageOf = (path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');

/** Leaves npm packages (and node: built-ins) as run-time imports, except INLINE ones and JSON files. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.endsWith('.json') || INLINE.has(packageOf(args.path)) ? undefined : { path: args.path, external: true }));
  },
};

// An install without dev dependencies has no esbuild: say so rather than fail the install.
let build;
try {
  ({ build } = await import('esbuild'));
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
  console.log('build:cli: esbuild (a dev dependency) is not installed, so dist-cli/ is not built; qarx falls back to tsx (also a dev dependency).');
  process.exit(0);
}

const startedAt = Date.now();
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: { qarx: 'src/cli/qarx.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // ESM builds of the inlined packages (tree-shaken); a CommonJS one that calls require() gets Node's.
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire as __qarxCreateRequire } from 'node:module';\nconst require = __qarxCreateRequire(import.meta.url);" },
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
/** Fails the build on a lazy import in eval.js (see above). */
const evalLazy = {
  name: 'eval-lazy',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { errors: [{ text: `eval.js must import nothing lazily, got ${args.path} from ${relative(ROOT, args.importer)}` }] } : undefined));
  },
};
const evalResult = await build({
  absWorkingDir: ROOT,
  entryPoints: { eval: 'src/cli/eval-main.ts' },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire as __qarxCreateRequire } from 'node:module';\nconst require = __qarxCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [evalLazy, externalPackages],
});
const inputs = [...new Set([...Object.keys(result.metafile.inputs), ...Object.keys(evalResult.metafile.inputs)])].filter((p) => !p.includes('node_modules/'));
const sourcesOf = (meta) => Object.keys(meta.inputs).filter((p) => !p.includes('node_modules/')).map((p) => relative(ROOT, resolve(ROOT, p)));
// evalInputs: what eval.js is built from, all bin/qarx.mjs checks before running it.
const info = { builtAt: startedAt, inputs: inputs.map((p) => relative(ROOT, resolve(ROOT, p))), evalInputs: sourcesOf(evalResult.metafile) };
writeFileSync(join(outdir, 'build-info.json'), JSON.stringify(info, null, 1) + '\n');
const chunks = [...Object.keys(result.metafile.outputs), ...Object.keys(evalResult.metafile.outputs)].filter((p) => p.endsWith('.js')).length;
console.log(`build:cli: ${inputs.length} source files → ${chunks} files in ${relative(ROOT, outdir) || '.'} (${Date.now() - startedAt} ms)`);
