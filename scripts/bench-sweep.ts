/**
 * npm run bench:sweep: issue 29's realistic sweep benchmark. The shipped model
 * (public/models/qarx-lexical-qa) on SQuAD 2.0-like text generated here (lib/squad-like.ts: SQuAD
 * dev's passage lengths, a third unanswerable, ≈ 5% of answerable questions renamable), side by side:
 *   - `qarx sweep … --types PER,ORG,GPE --sources indist,db,randstr --seeds 2` as a user runs it
 *     (compiled CLI, a fresh process): first with an empty tag cache (every passage tagged once),
 *     then again (tags read from the cache);
 *   - the transformers.js question-answering pipeline in a fresh process, called once per
 *     answerable question and once per renamed question of every cell (the renamed texts are
 *     prepared beforehand and their renaming is not counted: the stricter comparison).
 * Prints wall and CPU seconds, questions per second, the ratios (target ≥ 2.5×) and the share of
 * the sweep's CPU samples inside compromise (the entity tagger), from a CPU profile of each run.
 * --before DIR also runs an older build (a copy of bin/ and dist-cli/, e.g. made from an earlier
 * commit) the same way, for before → after figures. --browser also runs the same workload in
 * Chromium on WASM (the app's sweep path with the dataset's tags, vs the pipeline per question;
 * src/bench/sweep.ts; needs `npm run build:bench`, which builds the benchmark pages). Exits 0 either way (speed is never a test).
 *
 *   npm run bench:sweep -- [--questions 200,1000] [--before DIR] [--browser]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readInstances } from '../src/cli/data.ts';
import { runSweep, type SweepConfig } from '../src/core/entity/index.ts';
import { newTagStore, tagStoreData, withTagStore, type TagStoreData } from '../src/core/entity/tag-store.ts';
import type { Instance } from '../src/core/data/types.ts';
import type { BenchReply } from '../src/bench/bench.worker.ts';
import { launch, startPreview } from '../test/e2e/harness.ts';
import type { QaInput } from '../src/core/types.ts';
import { squadLike } from './lib/squad-like.ts';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, '.cache', 'bench-sweep');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const { values } = parseArgs({ options: { questions: { type: 'string', default: '200,1000' }, before: { type: 'string' }, browser: { type: 'boolean', default: false } } });
const SIZES = values.questions.split(',').map(Number);
const CONFIG: SweepConfig = { target: 'answer', types: ['PER', 'ORG', 'GPE'], sources: ['indist', 'db', 'randstr'], seeds: 2, origin: 'us', origins: ['us', 'in', 'cn', 'fr', 'ar'] };
const SWEEP_ARGS = ['--types', 'PER,ORG,GPE', '--sources', 'indist,db,randstr', '--seeds', '2', '--json'];

/** The pipeline side: loads the pipeline, answers every input once, prints nothing. */
const PIPELINE = `import { readFileSync } from 'node:fs';
import { pipeline, env } from '@huggingface/transformers';
env.allowRemoteModels = false;
env.localModelPath = process.argv[3];
const inputs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const qa = await pipeline('question-answering', process.argv[4], { dtype: 'fp32', device: 'cpu' });
for (const x of inputs) await qa(x.question, x.context);
`;

type Run = { wall: number; cpu: number; tagger: { tagging: number; compromise: number } };
/** Our functions that run compromise on a text (spans.ts, answer-type.ts). */
const TAGGING = new Set(['tagEntities', 'compromiseType']);

/** Whether a profiled frame is compromise's: the package itself, or its bundled file in a compiled CLI (dist-cli/lazy/). */
const isCompromise = (url: string) => url.includes('/compromise/') || url.endsWith('/lazy/compromise.js');

/**
 * Shares of a CPU profile's sampled time (0..1): `tagging` inside our tagging functions (compromise
 * on a passage or an answer), `compromise` anywhere in compromise (its start-up included).
 */
function taggerShare(profileDir: string): { tagging: number; compromise: number } {
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return { tagging: NaN, compromise: NaN };
  const p = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as { nodes: { id: number; callFrame: { url: string; functionName: string }; children?: number[] }[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, [boolean, boolean]>();
  const kind = (id: number): [boolean, boolean] => {
    const known = memo.get(id);
    if (known) return known;
    const f = byId.get(id)?.callFrame;
    const up = parent.get(id);
    const above = up === undefined ? [false, false] : kind(up);
    const v: [boolean, boolean] = [above[0] || TAGGING.has(f?.functionName ?? ''), above[1] || isCompromise(f?.url ?? '')];
    memo.set(id, v);
    return v;
  };
  let all = 0;
  let tagging = 0;
  let compromise = 0;
  p.samples.forEach((s, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    const [t, c] = kind(s);
    all += dt;
    if (t && c) tagging += dt;
    if (c) compromise += dt;
  });
  return { tagging: tagging / all, compromise: compromise / all };
}

/** Runs node with args in a fresh process: wall and CPU seconds (children included), and the tagger's share when profiled. */
function timed(args: string[], env: Record<string, string> = {}, profile = false): Promise<Run> {
  const prof = join(DIR, 'prof');
  rmSync(prof, { recursive: true, force: true });
  const t0 = performance.now();
  const child = spawn('/usr/bin/time', ['-f', '%U %S', process.execPath, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  return new Promise((done, fail) =>
    child.on('close', (code) => {
      const wall = (performance.now() - t0) / 1000;
      if (code !== 0) return fail(new Error(`${args.join(' ')} exited ${code}: ${stderr.slice(-800)}`));
      const [u, s] = (stderr.trim().split('\n').at(-1) ?? '0 0').split(' ').map(Number) as [number, number];
      done({ wall, cpu: u + s, tagger: profile ? taggerShare(prof) : { tagging: NaN, compromise: NaN } });
    }),
  );
}

/** The pipeline's inputs (every answerable question, then every renamed question of every cell), and the entity tags the sweep used (the app's are saved at import). */
async function pipelineInputs(file: string): Promise<{ instances: Instance[]; inputs: QaInput[]; answerable: number; renamed: number; tags: TagStoreData }> {
  const instances = await readInstances(file);
  const asked: QaInput[][] = [];
  const store = newTagStore();
  await withTagStore(
    () =>
      runSweep(instances, CONFIG, async (inputs) => {
        asked.push(inputs);
        return { predictions: inputs.map((x) => ({ id: x.id, text: '', best: null, nbest: [], nullScoreDiff: null, windows: 0 })), cancelled: false };
      }),
    store,
  );
  const answerable = instances.filter((i) => !i.isImpossible).map((i) => ({ id: i.id, question: i.question, context: i.context }));
  const renamed = asked.slice(1).flat();
  return { instances, inputs: [...answerable, ...renamed], answerable: answerable.length, renamed: renamed.length, tags: tagStoreData(store) };
}

/** The same workload in Chromium on WASM, q8 as the app runs it: the app's sweep path against the pipeline, both in one fresh worker. */
async function inBrowser(url: string, p: Awaited<ReturnType<typeof pipelineInputs>>): Promise<BenchReply> {
  const browser = await launch(false);
  try {
    const page = await browser.newPage();
    await page.goto(`${url}bench.html`);
    await page.getByTestId('bench-log').getByText('ready').waitFor();
    const req = { kind: 'sweep-bench', device: 'wasm', dtype: 'q8', root: '/models/', model: 'qarx-lexical-qa', threads: 2, instances: p.instances, config: CONFIG, versionTwo: true, tags: p.tags, pipelineInputs: p.inputs };
    return await page.evaluate((r) => (window as unknown as { qarxBench(r: object): Promise<BenchReply> }).qarxBench(r), req);
  } finally {
    await browser.close();
  }
}

const f = (x: number, d = 2) => x.toFixed(d);
const preview = values.browser ? await startPreview() : null;
const pct = (x: number) => (Number.isFinite(x) ? `${f(100 * x, 0)}%` : '–');

mkdirSync(DIR, { recursive: true });
const b = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], { cwd: ROOT, stdio: 'inherit' });
if (b.status !== 0) throw new Error('npm run build:cli failed');
writeFileSync(join(DIR, 'pipeline.mjs'), PIPELINE);
console.log(`shipped model ${MODEL} (fp32, onnxruntime-node CPU); sweep PER/ORG/GPE × indist/db/randstr × 2 seeds (+ PER·db × 4 more origins); load average ${loadavg().map((x) => f(x, 1)).join(' ')}`);
for (const n of SIZES) {
  const data = join(DIR, `squad-like-${n}.json`);
  writeFileSync(data, JSON.stringify(squadLike({ questions: n, seed: 29 })));
  const p = await pipelineInputs(data);
  const inputsFile = join(DIR, `pipeline-inputs-${n}.json`);
  writeFileSync(inputsFile, JSON.stringify(p.inputs));
  console.log(`\n${n} questions (${p.answerable} answerable; ${p.renamed} renamed question-cells = ${f((100 * p.renamed) / p.answerable / 13, 1)}% of answerable × 13 cells)`);
  const pipe = await timed([join(DIR, 'pipeline.mjs'), inputsFile, `${join(MODEL, '..')}/`, 'qarx-lexical-qa']);
  console.log(`  transformers.js pipeline, ${p.inputs.length} calls : ${f(pipe.wall)} s wall (${f(n / pipe.wall, 0)} q/s), ${f(pipe.cpu)} s CPU`);
  const sweepOf = async (label: string, bin: string, cache: string) => {
    const r = await timed([bin, 'sweep', data, '--model', MODEL, ...SWEEP_ARGS], { QARX_CACHE_DIR: cache, QARX_RUNTIME: 'js' }, true);
    console.log(`  ${label.padEnd(38)}: ${f(r.wall)} s wall (${f(n / r.wall, 0)} q/s, ${f(pipe.wall / r.wall)}× the pipeline), ${f(r.cpu)} s CPU (${f(pipe.cpu / r.cpu)}×); tagging ${pct(r.tagger.tagging)} of the CPU samples (all of compromise, start-up included: ${pct(r.tagger.compromise)})`);
  };
  const cache = join(DIR, 'tag-cache');
  if (values.before) await sweepOf('qarx sweep, --before build', join(values.before, 'bin', 'qarx.mjs'), join(DIR, 'before-cache'));
  rmSync(cache, { recursive: true, force: true });
  await sweepOf('qarx sweep, first run (tags cached)', join(ROOT, 'bin', 'qarx.mjs'), cache);
  await sweepOf('qarx sweep, second run (cached tags)', join(ROOT, 'bin', 'qarx.mjs'), cache);
  if (preview) {
    const r = await inBrowser(preview.url, p);
    const s = r.sweep;
    if (!s) console.log(`  in Chromium (WASM): failed — ${r.error ?? 'no reply'}`);
    else {
      const engine = s.engine.loadSecs + s.engine.secs;
      const pipeline = s.pipeline.loadSecs + s.pipeline.secs;
      console.log(`  in Chromium (WASM, q8, ${r.threads} threads): app sweep path ${f(s.engine.secs)} s (${f(s.engine.importSecs)} s of it importing the experiments' code; + ${f(s.engine.loadSecs)} s model load; ${s.engine.windows} windows, ${s.engine.cells} cells) vs pipeline ${f(s.pipeline.secs)} s for ${s.pipeline.calls} calls (+ ${f(s.pipeline.loadSecs)} s load): ${f(s.pipeline.secs / s.engine.secs)}× without the loads, ${f(pipeline / engine)}× with them; from Run once the Experiments section has loaded the code (as the app does when it opens): ${f(s.pipeline.secs / (s.engine.secs - s.engine.importSecs))}×`);
    }
  }
}
await preview?.server.close();
console.log('\ntarget: qarx sweep ≥ 2.5× the pipeline (wall time, 2 cores); CPU time is shown too since other work shares the machine');
