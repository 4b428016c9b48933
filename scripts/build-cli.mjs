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
 * - LAZY packages (the NLP ones: compromise, the synonym dictionary; faker, country-state-city and
 *   pinyin-pro are no longer imported by the sources, issue 44) are not imported at start-up: each import of one becomes a stand-in whose exports
 *   load the package (synchronously, Node's require of an ES module) on first use. A sweep whose
 *   tags and dictionaries are cached (tag-cache.ts) then never loads them: they were most of its
 *   start-up (issue 29). QARX_DEBUG_LOADS=1 prints a line when one is loaded (a test checks it);
 *   a Node without require(esm) (before 20.19) loads them at start-up as before.
 * - JSON files are bundled (Node 20 would need import attributes to import them itself).
 * - build-info.json, written last, lists every source file in the bundle: bin/qarx.mjs uses the
 *   compiled CLI only while none of them is newer than the build, else runs the TypeScript via tsx.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outdir: { type: 'string', default: join(ROOT, 'dist-cli') } } });
const outdir = resolve(values.outdir);

/**
 * Packages bundled into the CLI: small, pure JS, and on the path of every command that reads data;
 * and transformers.js, so that its import of sharp (image decoding, never used for QA, yet a third
 * of a model command's start-up: libvips' native start) goes through LAZY below. transformers.js'
 * file-relative defaults (cache dir, local model path) are never used: the CLI sets both.
 */
const INLINE = new Set(['valibot', 'fflate', 'jsonc-parser', 'papaparse', '@huggingface/transformers']);

/**
 * Packages loaded on first use (see above): the exports our sources import from each ('default'
 * included), and whether the package is bundled into a file of its own, dist-cli/lazy/<name>.js
 * (tree-shaken to those exports, with its dependencies: one file to load), or required from
 * node_modules (sharp: native code).
 */
const LAZY = {
  compromise: { names: ['default'], bundle: true },
  synonyms: { names: ['default'], bundle: true },
  sharp: { names: ['default'], bundle: false },
};

/** The bundled file of a LAZY package, relative to the build's root, e.g. 'lazy/faker-js-faker.js'. */
const lazyFile = (pkg) => `lazy/${pkg.replace(/^@/, '').replace('/', '-')}.js`;

/**
 * The stand-in module of a LAZY package: each export is a Proxy over a function that loads the
 * package on first use (a call or a property read) and forwards to the real export; methods are
 * bound to the real object. An unknown export name fails the build (esbuild: no matching export).
 */
function lazyModule(pkg) {
  const { names, bundle } = LAZY[pkg];
  const proxies = names.map((n) => `${n === 'default' ? 'export default' : `export const ${n} =`} lazyExport(${JSON.stringify(n)});`).join('\n');
  return `import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
const PKG = ${JSON.stringify(pkg)};
const FILE = ${JSON.stringify(bundle ? lazyFile(pkg) : null)};
/** What to load: the package's bundled file (beside chunks/), else its ES module entry (what a static import resolves). */
function target() {
  if (!FILE) return fileURLToPath(import.meta.resolve(PKG));
  const here = dirname(fileURLToPath(import.meta.url));
  return join(basename(here) === 'chunks' ? dirname(here) : here, FILE);
}
// Node without require(esm): load it now, as a static import would.
let ns = process.features.require_module ? null : await import(pathToFileURL(target()).href);
function load() {
  if (!ns) {
    if (process.env.QARX_DEBUG_LOADS) process.stderr.write('qarx: loading ' + PKG + '\\n');
    ns = createRequire(import.meta.url)(target());
  }
  return ns;
}
function real(name) {
  const m = load();
  return name === 'default' && m.__esModule !== true && !('default' in m) ? m : m[name];
}
function lazyExport(name) {
  return new Proxy(function () {}, {
    apply: (_, self, args) => Reflect.apply(real(name), self, args),
    construct: (_, args) => Reflect.construct(real(name), args),
    get: (_, key) => {
      const target = real(name);
      const v = Reflect.get(target, key);
      return typeof v === 'function' ? v.bind(target) : v;
    },
    has: (_, key) => Reflect.has(real(name), key),
    ownKeys: () => Reflect.ownKeys(real(name)),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(name), key);
      return d && { ...d, configurable: true };
    },
  });
}
${proxies}
`;
}

/** The bundled LAZY packages and their dependencies, read from their package.json (whose own bare imports are bundled with them). */
function bundledWithLazy() {
  const out = new Set();
  const add = (pkg) => {
    if (out.has(pkg)) return;
    out.add(pkg);
    const deps = JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).dependencies ?? {};
    for (const d of Object.keys(deps)) add(d);
  };
  for (const [pkg, { bundle }] of Object.entries(LAZY)) if (bundle) add(pkg);
  return [...out].map((p) => `/node_modules/${p}/`);
}
const LAZY_BUNDLED_DIRS = bundledWithLazy();

/**
 * Imports of a LAZY package from our sources resolve to its stand-in (a subpath of one fails the
 * build: add it to LAZY); a bundled one's file (entry `lazy-entry:<package>`) re-exports the names.
 */
const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    b.onResolve({ filter: /^lazy-entry:/ }, (args) => ({ path: args.path.slice('lazy-entry:'.length), namespace: 'lazy-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-entry' }, (args) => {
      const names = LAZY[args.path].names;
      const named = names.filter((n) => n !== 'default');
      const parts = [...(names.includes('default') ? ['default'] : []), ...named];
      return { contents: `export { ${parts.join(', ')} } from ${JSON.stringify(args.path)};\n`, loader: 'js', resolveDir: ROOT };
    });
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const pkg = packageOf(args.path);
      if (!(pkg in LAZY) || args.namespace === 'lazy' || args.namespace === 'lazy-entry' || args.kind === 'entry-point') return undefined;
      if (args.path !== pkg) return { errors: [{ text: `${args.path}: a subpath of a lazily loaded package; import '${pkg}' or add the subpath to LAZY in scripts/build-cli.mjs` }] };
      return { path: pkg, namespace: 'lazy' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({ contents: lazyModule(args.path), loader: 'js', resolveDir: ROOT }));
  },
};

/** The package name of a bare import, e.g. '@faker-js/faker/locale/en' → '@faker-js/faker'. */
const packageOf = (path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');

/** Leaves npm packages (and node: built-ins) as run-time imports, except INLINE ones and JSON files. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      // A lazy file's package and its dependencies are bundled into it.
      const inLazyFile = args.namespace === 'lazy-entry' || LAZY_BUNDLED_DIRS.some((d) => args.importer.includes(d));
      return args.path.endsWith('.json') || INLINE.has(packageOf(args.path)) || inLazyFile ? undefined : { path: args.path, external: true };
    });
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
/** What both builds share: ES modules for Node 20 in outdir, with a source map and a metafile. */
const NODE_ESM = {
  absWorkingDir: ROOT,
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // ESM builds of the inlined packages (tree-shaken); a CommonJS one that calls require() gets Node's.
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire as __qarxCreateRequire } from 'node:module';\nconst require = __qarxCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
};
const result = await build({
  ...NODE_ESM,
  entryPoints: { qarx: 'src/cli/qarx.ts', ...Object.fromEntries(Object.entries(LAZY).filter(([, v]) => v.bundle).map(([pkg]) => [lazyFile(pkg).slice(0, -3), `lazy-entry:${pkg}`])) },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [lazyPackages, externalPackages],
});
/** Fails the build on a lazy import in eval.js (see above). */
const evalLazy = {
  name: 'eval-lazy',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { errors: [{ text: `eval.js must import nothing lazily, got ${args.path} from ${relative(ROOT, args.importer)}` }] } : undefined));
  },
};
const evalResult = await build({ ...NODE_ESM, entryPoints: { eval: 'src/cli/eval-main.ts' }, plugins: [evalLazy, externalPackages] });
// Source files only: not packages, nor the LAZY stand-ins (`lazy:<package>`, no file).
const isSource = (p) => !p.includes('node_modules/') && !/^lazy(-entry)?:/.test(p);
const inputs = [...new Set([...Object.keys(result.metafile.inputs), ...Object.keys(evalResult.metafile.inputs)])].filter(isSource);
const sourcesOf = (meta) => Object.keys(meta.inputs).filter(isSource).map((p) => relative(ROOT, resolve(ROOT, p)));
// evalInputs: what eval.js is built from, all bin/qarx.mjs checks before running it.
const info = { builtAt: startedAt, inputs: inputs.map((p) => relative(ROOT, resolve(ROOT, p))), evalInputs: sourcesOf(evalResult.metafile) };
writeFileSync(join(outdir, 'build-info.json'), JSON.stringify(info, null, 1) + '\n');
const chunks = [...Object.keys(result.metafile.outputs), ...Object.keys(evalResult.metafile.outputs)].filter((p) => p.endsWith('.js')).length;
console.log(`build:cli: ${inputs.length} source files → ${chunks} files in ${relative(ROOT, outdir) || '.'} (${Date.now() - startedAt} ms)`);
