/**
 * The compiled CLI (scripts/build-cli.mjs → dist-cli/) behaves as the TypeScript one: every case
 * below runs `node bin/qarx.mjs …` twice, once on a fresh build (QARX_RUNTIME=js) and once through
 * tsx (QARX_RUNTIME=ts), and both must give the same exit code, stdout, stderr and written files.
 * The cases are the CLI suite's commands, each once: help and usage errors, every eval mode, every
 * perturbation, and the model commands on the shipped model. Time is never asserted.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/run-qarx.ts';

const BIN = join(ROOT, 'bin', 'qarx.mjs');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const FIX = join(ROOT, 'test', 'fixtures');
const EVAL = join(FIX, 'eval');
const MINI = join(FIX, 'cli', 'squad2-mini.json');
mkdirSync(join(ROOT, '.cache'), { recursive: true });
// The build lives under the checkout so its package imports resolve from node_modules, as dist-cli/ does.
const dist = mkdtempSync(join(ROOT, '.cache', 'cli-parity-'));
const tmp = mkdtempSync(join(tmpdir(), 'qarx-parity-'));
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs'), '--outdir', dist], { cwd: ROOT });
}, 120_000);

type Runtime = 'js' | 'ts';
interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  files: Record<string, string>;
}

/** Every file under `dir` (relative path → text). */
function filesIn(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

/**
 * Masks what differs between any two runs: the output directory, wall times, ISO dates and the
 * timed progress lines (printed every 2 s, so how many appear depends on the machine's speed).
 */
function masker(out: string): (s: string) => string {
  return (s) => s.split(out).join('<out>').replace(/^[a-z]+: (?:reading .*|\d+\/\d+ questions, .*)\n/gm, '').replace(/\bin \d+(?:\.\d+)? s\b/g, 'in <t> s').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<date>');
}

/** Runs `qarx …args(out)` on one runtime with its own output directory; paths under it read <out>. */
async function run(runtime: Runtime, name: string, args: (out: string) => string[]): Promise<Outcome> {
  const out = join(tmp, runtime, name);
  const env = { ...process.env, QARX_RUNTIME: runtime, QARX_DIST: dist, QARX_CACHE_DIR: join(tmp, 'cache') };
  const mask = masker(out);
  let r: { code: number; stdout: string; stderr: string };
  try {
    const ok = await promisify(execFile)(process.execPath, [BIN, ...args(out)], { cwd: ROOT, env, maxBuffer: 64 * 2 ** 20 });
    r = { code: 0, stdout: ok.stdout, stderr: ok.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    r = { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
  const files = Object.fromEntries(Object.entries(filesIn(out)).map(([k, v]) => [k, mask(v)]));
  return { code: r.code, stdout: mask(r.stdout), stderr: mask(r.stderr), files };
}

const f = (...p: string[]): string => join(FIX, ...p);
const pred = (out: string, name: string): string => join(out, name);

/** The CLI suite's commands; `args` gets the case's own output directory. */
const CASES: { name: string; args: (out: string) => string[]; model?: boolean }[] = [
  { name: 'help', args: () => ['--help'] },
  { name: 'no command', args: () => [] },
  { name: 'unknown command', args: () => ['frobnicate'] },
  { name: 'eval v1.1', args: () => ['eval', join(EVAL, 'squad-v1.json'), join(EVAL, 'squad-v1.pred.json')] },
  { name: 'eval v2.0 with na probs, legacy sums', args: () => ['eval', join(EVAL, 'squad-v2.json'), join(EVAL, 'squad-v2.pred.json'), '--na-prob-file', join(EVAL, 'squad-v2.na_probs.json'), '--na-prob-thresh', '0.4', '--py-sum', 'legacy'] },
  { name: 'eval v2.0 missing prediction', args: () => ['eval', join(EVAL, 'squad-v2.json'), join(EVAL, 'squad-v2-missing.pred.json')] },
  { name: 'eval DuReader', args: () => ['eval', join(EVAL, 'zh.json'), join(EVAL, 'zh.pred.json'), '--lang', 'zh'] },
  { name: 'eval adversarial', args: () => ['eval', '--adversarial', f('adversarial', 'addsent-mini.json'), f('adversarial', 'addsent-mini.pred.json')] },
  { name: 'eval adversarial slices', args: () => ['eval', '--adversarial', f('adversarial', 'addsent-mini.json'), f('adversarial', 'addsent-mini.pred.json'), '--slice', 'title', '--slice', 'qword'] },
  { name: 'eval slices', args: () => ['eval', f('slices', 'squad-meta.json'), f('slices', 'squad-meta.pred.json'), '--slice', 'domain', '--slice', 'qword', '--slice', 'answer-type', '--json'] },
  { name: 'eval unknown ids', args: () => ['eval', MINI, join(EVAL, 'squad-v1.pred.json')] },
  { name: 'eval missing file', args: (out) => ['eval', MINI, join(out, 'nope.json')] },
  { name: 'perturb entity randstr', args: (out) => ['perturb', 'entity', '--type', 'MIX', '--source', 'randstr', '--seed', '7', f('entity', 'renaming-in.json'), join(out, 'r.json')] },
  { name: 'perturb entity db', args: (out) => ['perturb', 'entity', '--type', 'PER', '--source', 'db', '--origin', 'cn', '--seed', '11', f('entity', 'renaming-in.json'), join(out, 'r.json')] },
  { name: 'perturb entity indist', args: (out) => ['perturb', 'entity', '--type', 'PER', '--source', 'indist', '--seed', '11', f('entity', 'renaming-in.json'), join(out, 'r.json')] },
  { name: 'perturb synthetic', args: (out) => ['perturb', 'synthetic', '--kind', 'ocr', '--rate', '0.3', '--seed', '4', f('entity', 'renaming-in.json'), join(out, 's.json')] },
  { name: 'perturb synonym', args: (out) => ['perturb', 'synthetic', '--kind', 'synonym', '--seed', '4', MINI, join(out, 's.json')] },
  { name: 'perturb paraphrase', args: (out) => ['perturb', 'paraphrase', '--kind', 'function-word', '--seed', '2', f('paraphrase', 'original.json'), join(out, 'p.json')] },
  { name: 'perturb trap', args: (out) => ['perturb', 'trap', '--position', 'start', '--seed', '5', join(EVAL, 'squad-v1.json'), join(out, 't.json')] },
  { name: 'perturb bad option', args: (out) => ['perturb', 'entity', '--source', 'wiki', f('entity', 'renaming-in.json'), join(out, 'x.json')] },
  { name: 'challenge from predictions', args: (out) => ['challenge', f('formats', 'pairs-original.json'), f('formats', 'pairs-perturbed.json'), '--pred', `A=${join(EVAL, 'squad-v1.pred.json')},${join(EVAL, 'squad-v1.pred.json')}`, '--out', join(out, 'c.json')] },
  { name: 'predict', model: true, args: (out) => ['predict', '--model', MODEL, '--data', MINI, '--out', join(out, 'pred'), '--dump-logits'] },
  { name: 'compare', model: true, args: () => ['compare', f('formats', 'pairs-original.json'), f('formats', 'pairs-perturbed.json'), '--model', MODEL, '--json'] },
  { name: 'universal', model: true, args: () => ['universal', f('entity', 'renaming-in.json'), '--model', MODEL, '--candidates', '3', '--top', '2', '--seed', '1', '--json'] },
  { name: 'sweep', model: true, args: () => ['sweep', MINI, '--model', MODEL, '--types', 'PER', '--sources', 'randstr', '--seeds', '1', '--json'] },
];

describe('compiled qarx = TypeScript qarx', () => {
  it.each(CASES)('$name', { timeout: 300_000 }, async ({ name, args }) => {
    const js = await run('js', name, args);
    const ts = await run('ts', name, args);
    expect(js).toEqual(ts);
  });

  it('eval of predict\'s own output is the same on both', { timeout: 300_000 }, async () => {
    // Runs after the predict case: both runtimes wrote their predictions; each scores its own.
    const outcomes = await Promise.all((['js', 'ts'] as const).map((rt) => run(rt, 'eval-own', () => ['eval', MINI, pred(join(tmp, rt, 'predict', 'pred'), 'predictions.json'), '--na-prob-file', pred(join(tmp, rt, 'predict', 'pred'), 'null_odds.json')])));
    expect(outcomes[0]?.code, outcomes[0]?.stderr).toBe(0);
    expect(outcomes[0]).toEqual(outcomes[1]);
  });

  it('the compiled run is the compiled code: a stale or missing build is refused under QARX_RUNTIME=js', async () => {
    const r = await promisify(execFile)(process.execPath, [BIN, '--help'], { cwd: ROOT, env: { ...process.env, QARX_RUNTIME: 'js', QARX_DIST: join(tmp, 'no-build') } }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in r ? r.code : 0).toBe(1);
    expect(r.stderr).toMatch(/QARX_RUNTIME=js but .*no-build holds no up-to-date build; run npm run build:cli/);
  });

  it('qarx eval checks eval.js against its own sources, and the dispatcher against all of them when an eval needs it', { timeout: 120_000 }, async () => {
    /** `qarx eval …args` under QARX_RUNTIME=js on a copy of the build whose build-info.json is edited by `edit`. */
    const evalOn = async (name: string, edit: (info: { builtAt: number; inputs: string[]; evalInputs: string[] }) => void, ...args: string[]) => {
      const copy = join(dist, '..', `${basename(dist)}-${name}`);
      cpSync(dist, copy, { recursive: true });
      const info = JSON.parse(readFileSync(join(copy, 'build-info.json'), 'utf8')) as { builtAt: number; inputs: string[]; evalInputs: string[] };
      edit(info);
      writeFileSync(join(copy, 'build-info.json'), JSON.stringify(info));
      try {
        const ok = await promisify(execFile)(process.execPath, [BIN, 'eval', ...args], { cwd: ROOT, env: { ...process.env, QARX_RUNTIME: 'js', QARX_DIST: copy } });
        return { code: 0, stderr: ok.stderr };
      } catch (e) {
        return e as { code: number; stderr: string };
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    };
    const plain = [join(EVAL, 'squad-v2.json'), join(EVAL, 'squad-v2.pred.json')];
    const sliced = [f('slices', 'squad-meta.json'), f('slices', 'squad-meta.pred.json'), '--slice', 'qword'];
    // Every source newer than the build: eval.js is not used either.
    expect((await evalOn('old', (i) => (i.builtAt = 0), ...plain)).code).toBe(1);
    // A source of the dispatcher gone, eval.js's all there: the plain eval runs, a sliced one is refused.
    const gone = (i: { inputs: string[] }) => i.inputs.push('src/cli/no-such-file.ts');
    expect(await evalOn('plain', gone, ...plain)).toMatchObject({ code: 0, stderr: '' });
    const r = await evalOn('sliced', gone, ...sliced);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/holds no up-to-date build/);
  });
});

/** A module hook that appends every bare import specifier (an npm package or a built-in) to $QARX_IMPORT_LOG, and every file module's URL to $QARX_IMPORT_LOG.files. */
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (!/^(\\.|\\/|file:|data:)/.test(specifier)) appendFileSync(process.env.QARX_IMPORT_LOG, specifier + '\\n');
  const r = await next(specifier, context);
  if (r.url.startsWith('file:')) appendFileSync(process.env.QARX_IMPORT_LOG + '.files', r.url + '\\n');
  return r;
}
`;

/** The npm packages the compiled `qarx …args` imports (built-ins left out). */
async function packagesImported(...args: string[]): Promise<string[]> {
  return (await importsAndOutput(join(tmp, 'cache'), ...args)).packages;
}

/** The files of the build (paths relative to it) the compiled `qarx …args` loads, in order. */
async function buildFilesLoaded(...args: string[]): Promise<string[]> {
  const prefix = pathToFileURL(dist).href + '/';
  return (await importsAndOutput(join(tmp, 'cache'), ...args)).files.filter((u) => u.startsWith(prefix)).map((u) => u.slice(prefix.length));
}

/** What the compiled `qarx …args` imports with a given cache dir (npm packages, built-ins left out, and file URLs), and what it printed. */
async function importsAndOutput(cache: string, ...args: string[]): Promise<{ packages: string[]; files: string[]; stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmp, 'imports-'));
  writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
  writeFileSync(join(dir, 'preload.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`);
  const log = join(dir, 'log.txt');
  writeFileSync(log, '');
  const env = { ...process.env, QARX_RUNTIME: 'js', QARX_DIST: dist, QARX_IMPORT_LOG: log, QARX_CACHE_DIR: cache, QARX_DEBUG_LOADS: '1' };
  writeFileSync(`${log}.files`, '');
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', pathToFileURL(join(dir, 'preload.mjs')).href, BIN, ...args], { cwd: ROOT, env, maxBuffer: 64 * 2 ** 20 });
  const packages = [...new Set(readFileSync(log, 'utf8').split('\n').filter((p) => p !== '' && !isBuiltin(p)))].sort();
  return { packages, files: [...new Set(readFileSync(`${log}.files`, 'utf8').split('\n').filter((p) => p !== ''))], stdout, stderr };
}

const HEAVY = ['compromise', '@faker-js/faker', 'country-state-city', 'pinyin-pro', 'synonyms', '@huggingface/transformers', 'onnxruntime-node', 'wtf_wikipedia'];

describe('each command imports its own dependencies only when it runs (compiled)', () => {
  it('qarx --help and qarx eval import no npm package at all', { timeout: 120_000 }, async () => {
    expect(await packagesImported('--help')).toEqual([]);
    expect(await packagesImported('eval', join(EVAL, 'squad-v2.json'), join(EVAL, 'squad-v2.pred.json'))).toEqual([]);
    expect(await packagesImported('eval', '--adversarial', f('adversarial', 'addsent-mini.json'), f('adversarial', 'addsent-mini.pred.json'), '--slice', 'qword')).toEqual([]);
  });

  it('qarx eval of a plain SQuAD file loads one file of the build (eval.js); a sliced one goes on to the dispatcher', { timeout: 120_000 }, async () => {
    expect(await buildFilesLoaded('eval', join(EVAL, 'squad-v2.json'), join(EVAL, 'squad-v2.pred.json'))).toEqual(['eval.js']);
    expect(await buildFilesLoaded('eval', join(EVAL, 'squad-v1.json'), join(EVAL, 'squad-v1.pred.json'))).toEqual(['eval.js']);
    const sliced = await buildFilesLoaded('eval', f('slices', 'squad-meta.json'), f('slices', 'squad-meta.pred.json'), '--slice', 'qword');
    expect(sliced.slice(0, 2)).toEqual(['eval.js', 'qarx.js']);
  });

  it('perturb synthetic OCR noise and predict load no NLP library (OCR noise tags no word); predict loads no image library', { timeout: 300_000 }, async () => {
    const synthetic = await packagesImported('perturb', 'synthetic', '--kind', 'ocr', MINI, join(tmp, 'imports-ocr.json'));
    expect(synthetic.filter((p) => HEAVY.includes(p))).toEqual([]);
    const predict = await packagesImported('predict', '--model', MODEL, '--data', MINI, '--out', join(tmp, 'imports-pred'));
    // transformers.js is bundled (scripts/build-cli.mjs); the ONNX runtime it loads is not, sharp never.
    expect(predict).toContain('onnxruntime-common');
    expect(predict.filter((p) => HEAVY.includes(p) || p === 'sharp')).toEqual([]);
  });

  it('a sweep whose tags are cached loads no NLP package (issue 29), and prints what the tagging run printed', { timeout: 300_000 }, async () => {
    const cache = mkdtempSync(join(tmp, 'sweep-cache-'));
    const args = ['sweep', f('entity', 'renaming-in.json'), '--model', MODEL, '--types', 'PER,ORG,GPE', '--sources', 'indist,db,randstr', '--seeds', '1', '--json'];
    const NLP = ['compromise', '@faker-js/faker', 'country-state-city', 'pinyin-pro', 'synonyms'];
    // QARX_DEBUG_LOADS: the stand-ins of scripts/build-cli.mjs say when they load their package
    // (bundled into dist-cli/lazy/, so the import hook does not see them; it sees any other way in).
    const loaded = (stderr: string) => [...stderr.matchAll(/^qarx: loading (\S+)$/gm)].map((m) => m[1]).sort();
    const first = await importsAndOutput(cache, ...args);
    // The first run tags the passages and builds the dictionaries: it needs compromise; the place names
    // come from name-data/places.json, not from faker and country-state-city (issue 44).
    expect(loaded(first.stderr)).toEqual(['compromise']);
    const second = await importsAndOutput(cache, ...args);
    expect(loaded(second.stderr)).toEqual([]);
    expect([...first.packages, ...second.packages].filter((p) => NLP.includes(p))).toEqual([]);
    const undated = (s: string) => s.replace(/"date": "[^"]*"/, '"date": "<date>"');
    expect(undated(second.stdout)).toBe(undated(first.stdout));
    expect(JSON.parse(first.stdout).cells.length).toBeGreaterThan(1);
  });
});
