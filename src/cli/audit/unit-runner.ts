/**
 * Runs audit units one at a time with a cache of loaded data and models: used as is by
 * `qarx audit` (one process) and inside each worker thread (`--workers N`), each with its own ONNX
 * session and intra-op thread count. A unit that fails becomes a unit file with its error.
 */
import { loadDemoSet } from '../../core/data/demo.ts';
import type { Instance } from '../../core/data/types.ts';
import { AUDIT_VERSION, UNIT_FORMAT, type UnitFile } from '../../core/audit/format.ts';
import { buildNamePool, enginePredictor, type NamePool } from '../../core/entity/index.ts';
import { modelScope, QaEngine } from '../../core/index.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import { decideNoAnswer, noAnswerData, type NoAnswerData, type NoAnswerDecision } from '../../core/data/no-answer.ts';
import { readDataset } from '../data.ts';
import { err } from '../io.ts';
import { showNoAnswer } from '../no-answer.ts';
import { openModel, tagWithModel } from '../model.ts';
import { pickDevice, type DeviceChoice } from './device.ts';
import { runExperiment } from './experiments.ts';
import { dataInputs, loadFingerprinted, loadTaggerFingerprinted, type Digest } from './fingerprint.ts';
import type { ModelInputs, UnitInputs } from '../../core/audit/inputs.ts';
import { selectIds } from '../scope-opts.ts';
import type { PlannedUnit, UnitSources } from './plan.ts';

export interface RunnerOptions {
  device: DeviceChoice;
  /** ONNX Runtime intra-op threads per session (null: its default, all cores). */
  threads: number | null;
  hubHost?: string;
  cacheDir?: string;
}

type Loaded = Awaited<ReturnType<typeof openModel>>;

export class UnitRunner {
  // Each cached input keeps the fingerprint of the bytes it was loaded from (fingerprint.ts): the unit file records those.
  private data = new Map<string, Promise<{ instances: Instance[]; evidence: NoAnswerData; digest: Digest }>>();
  private taggings = new Map<string, Promise<{ instances: Instance[]; pool: NamePool; inputs: ModelInputs }>>();
  private models = new Map<string, Promise<{ model: Loaded; device: string; inputs: ModelInputs }>>();
  /** Datasets whose no-answer decision this process has shown (one line per dataset, not per unit). */
  private shownNoAnswer = new Set<string>();
  constructor(private readonly opts: RunnerOptions) {}

  /**
   * The questions of a unit's dataset (read once per process), narrowed by its lang and limit, or by
   * its ids (in their order); with ids, the InDistName pool is the config's, else that of every
   * question of the data (as the app's, and as `--ids` does); without, the experiment's own.
   */
  private async instances(u: PlannedUnit): Promise<{ instances: Instance[]; pool: NamePool | undefined; noAnswer: NoAnswerDecision; digest: Digest }> {
    const src = u.sources.data;
    const key = 'builtin' in src ? `builtin:${src.builtin}` : src.path;
    let p = this.data.get(key);
    if (!p) this.data.set(key, (p = readHashed(src)));
    const { lang, limit } = u.spec.dataset;
    const { instances: whole, evidence, digest } = await p;
    // The whole file decides no answer (core/data/no-answer.ts), not the unit's language, ids or limit.
    const noAnswer = decideNoAnswer(evidence);
    if (!this.shownNoAnswer.has(key)) {
      this.shownNoAnswer.add(key);
      showNoAnswer(noAnswer, `audit: dataset "${u.spec.dataset.name}"`);
    }
    const all = whole.filter((i) => lang === null || i.lang === lang);
    const scope = u.sources.scope;
    const pool = scope?.pool ?? (scope?.ids ? (await import('../../core/entity/rename.ts')).buildNamePool(whole) : undefined);
    if (scope?.ids) return { instances: selectIds(all, scope.ids, `dataset "${u.spec.dataset.name}", ids`), pool, noAnswer, digest };
    return { instances: limit === null ? all : all.slice(0, limit), pool, noAnswer, digest };
  }

  /** A unit's model, loaded once per process on the device picked (CUDA falls back to the CPU when it fails to start). */
  private model(src: UnitSources['model'], dtype: string | null): Promise<{ model: Loaded; device: string; inputs: ModelInputs }> {
    const spec = 'hub' in src ? src.hub : src.path;
    const key = `${spec}\u0000${dtype ?? ''}`;
    let p = this.models.get(key);
    if (!p) {
      const o = { 'hub-host': this.opts.hubHost, 'cache-dir': this.opts.cacheDir, dtype: dtype ?? undefined, threads: this.opts.threads ?? undefined };
      const load = async () => {
        const pick = pickDevice(this.opts.device);
        if (pick.device === 'cuda') {
          try {
            return { model: await openModel(spec, { ...o, device: 'cuda' }), device: 'cuda' };
          } catch (e) {
            if (this.opts.device === 'cuda') throw e;
            err(`audit: CUDA did not start (${e instanceof Error ? e.message : String(e)}); running on the CPU\n`);
          }
        }
        return { model: await openModel(spec, { ...o, device: 'cpu' }), device: 'cpu' };
      };
      p = loadFingerprinted(src, this.opts.cacheDir, load).then(({ loaded, inputs }) => ({ ...loaded, inputs }));
      this.models.set(key, p);
      // A model that failed to load is tried again by the next unit that needs it.
      p.catch(() => this.models.delete(key));
    }
    return p;
  }

  /** A unit's questions tagged by its NER tagger and the untagged pool, once per dataset and tagger in this process. */
  private tagged(u: PlannedUnit, instances: Instance[], tagger: string): Promise<{ instances: Instance[]; pool: NamePool; inputs: ModelInputs }> {
    const key = `${JSON.stringify(u.spec.dataset)}\u0000${tagger}`;
    let p = this.taggings.get(key);
    if (!p) {
      p = loadTaggerFingerprinted(tagger, this.opts.cacheDir, () => tagWithModel(instances, tagger, { 'hub-host': this.opts.hubHost, 'cache-dir': this.opts.cacheDir })).then(({ loaded, inputs }) => ({ instances: loaded.instances, pool: buildNamePool(instances), inputs }));
      this.taggings.set(key, p);
      p.catch(() => this.taggings.delete(key));
    }
    return p;
  }

  /** Runs one unit; never throws: a failure is a unit file with status 'failed' and the error. */
  async run(u: PlannedUnit, onProgress: (done: number, total: number) => void = () => {}): Promise<UnitFile> {
    const started = new Date();
    const t0 = performance.now();
    const base = { format: UNIT_FORMAT, version: AUDIT_VERSION, id: u.id, label: u.label, spec: u.spec, started: started.toISOString() } as const;
    let device = 'cpu';
    try {
      const { instances, pool, noAnswer, digest } = await this.instances(u);
      if (instances.length === 0) throw new Error(`dataset "${u.spec.dataset.name}" has no questions${u.spec.dataset.lang ? ` in ${u.spec.dataset.lang}` : ''}`);
      const loaded = await this.model(u.sources.model, u.spec.model.dtype);
      device = loaded.device;
      const engine = new QaEngine(loaded.model.tokenizer, loaded.model.runner, { scope: modelScope(loaded.model) });
      const versionTwo = noAnswer.versionTwo;
      // A tagger (sweep, budget) chooses the answer entities; the InDistName pool stays the untagged dataset's, as in the app.
      const tagged = u.sources.tagger ? await this.tagged(u, instances, u.sources.tagger) : null;
      const out = await runExperiment(u.spec.experiment, u.spec.seed, tagged?.instances ?? instances, enginePredictor(engine, { versionTwo }), versionTwo, onProgress, u.spec.ci, pool ?? tagged?.pool);
      const run: RunRecord = {
        datasets: [u.spec.dataset.name],
        n: out.n,
        selected: instances.length,
        query: '',
        filters: {},
        model: u.spec.model.name,
        dtype: loaded.model.dtype,
        device,
        versionTwo,
        versionTwoReason: noAnswer.reason,
        settings: u.spec.ci ? { ...out.settings, ci: u.spec.ci } : out.settings,
        date: base.started,
      };
      // What the result was computed from, checked on resume.
      const inputs: UnitInputs = { data: digest, model: loaded.inputs, ...(tagged ? { tagger: tagged.inputs } : {}) };
      return { ...base, status: 'ok', error: null, kind: out.kind, run, table: out.table, payload: out.payload, headline: out.headline, notes: out.notes, runtime: { device, threads: this.opts.threads }, seconds: +((performance.now() - t0) / 1000).toFixed(3), inputs };
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      return { ...base, status: 'failed', error, kind: u.spec.experiment.kind, run: null, table: null, payload: null, headline: [], notes: [], runtime: { device, threads: this.opts.threads }, seconds: +((performance.now() - t0) / 1000).toFixed(3) };
    }
  }

  /** Frees every ONNX session. */
  async dispose(): Promise<void> {
    for (const p of this.models.values()) await p.then((m) => m.model.dispose()).catch(() => undefined);
    this.models.clear();
  }
}

/**
 * A data source's questions and its digest, hashed before it is read: a file that changes while
 * read then fails the next resume's check instead of passing it. A file that cannot be hashed is
 * read anyway, so its error is the one every command gives (e.g. 'x.json: no such file').
 */
async function readHashed(src: UnitSources['data']): Promise<{ instances: Instance[]; evidence: NoAnswerData; digest: Digest }> {
  let digest: Digest;
  try {
    digest = await dataInputs(src);
  } catch (e) {
    if (!('builtin' in src)) await readDataset(src.path);
    throw e;
  }
  return { ...('builtin' in src ? demoDataset() : await readDataset(src.path)), digest };
}

/** The built-in demo set as a dataset: its questions and what they say about no answer (it has no version string). */
function demoDataset(): { instances: Instance[]; evidence: NoAnswerData } {
  const instances = loadDemoSet();
  return { instances, evidence: noAnswerData(instances) };
}
