/**
 * Every Kubernetes manifest under deploy/ is valid against the Kubernetes API schema, offline and
 * strictly (a misspelled field fails), and the container arguments of the qarx Jobs are accepted by
 * qarx's own argument parsers once Kubernetes has expanded $(VAR) for each completion index.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAuditArgs, parseMergeArgs } from '../../src/cli/commands/audit.ts';
import { expandArgs, loadManifests, typeErrors, validatorErrors, type Manifest } from '../support/k8s.ts';
import { ROOT } from '../support/run-qarx.ts';

const manifests = loadManifests(join(ROOT, 'deploy'));

interface Container { name: string; image: string; command?: string[]; args?: string[]; env?: { name: string; value?: string }[] }
interface JobDoc { metadata: { name: string }; spec: { completions?: number; completionMode?: string; template: { spec: { containers: Container[] } } } }
const jobs = manifests.filter((m) => m.doc.kind === 'Job').map((m) => ({ file: m.file, job: m.doc as unknown as JobDoc }));
const job = (name: string) => jobs.find((j) => j.job.metadata.name === name)?.job as JobDoc;

/** A manifest as a loose tree, to break it on purpose at any depth. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the edits reach into arbitrary YAML
type Loose = Record<string, any>;

/** A deep copy of a manifest with `edit` applied, labelled `what`. */
function mutated(m: Manifest, what: string, edit: (d: Loose) => unknown): Manifest {
  const doc = structuredClone(m.doc) as Loose;
  edit(doc);
  return { file: `${m.file} with ${what}`, doc: doc as Manifest['doc'] };
}

describe('deploy/ manifests against the Kubernetes API schema', () => {
  it('finds the audit and merge Jobs, and every manifest is valid', () => {
    expect(manifests.map((m) => `${m.file} ${m.doc.apiVersion} ${m.doc.kind}`)).toEqual(['deploy/k8s/audit-job.yaml batch/v1 Job', 'deploy/k8s/merge-job.yaml batch/v1 Job']);
    expect(manifests.flatMap(validatorErrors)).toEqual([]);
    expect(typeErrors(manifests)).toEqual([]);
  }, 60_000);

  const c0 = (d: Loose) => d.spec.template.spec.containers[0];
  const CASES: [string, (d: Loose) => unknown, RegExp][] = [
    ['a misspelled Job spec field', (d) => ((d.spec.completion = 4), delete d.spec.completions), /'completion' does not exist in type 'IJobSpec'/],
    ['a misspelled container field', (d) => (c0(d).imagee = c0(d).image), /'imagee' does not exist in type 'IContainer'/],
    ['a misspelled env entry field', (d) => (c0(d).env[0] = { name: 'SHARDS', vaule: '4' }), /'vaule' does not exist/],
    ['a misspelled volume mount field', (d) => (c0(d).volumeMounts[0] = { name: 'data', mountpath: '/data' }), /'mountpath' does not exist/],
    ['a misspelled top-level field', (d) => (d.metdata = d.metadata), /'metdata' does not exist/],
    ['a string where a number goes', (d) => (d.spec.completions = 'four'), /spec\/completions must be integer/],
    ['a bad quantity', (d) => (c0(d).resources.limits.cpu = 'two'), /limits\/cpu must match format "quantity"/],
    ['a container without a name', (d) => delete c0(d).name, /containers\/0 must have required property name/],
    ['an unknown kind', (d) => (d.kind = 'Jobb'), /no Kubernetes API type batch\/v1 Jobb/],
  ];
  // One TypeScript program for all the broken copies (a program takes seconds).
  const broken = CASES.map(([what, edit]) => mutated(manifests[0] as Manifest, what, edit));
  let typeErrs: string[] = [];
  beforeAll(() => {
    typeErrs = typeErrors(broken.filter((m) => m.doc.kind === 'Job'));
  }, 60_000);
  it.each(CASES.map((c, i) => [c[0], i, c[2]] as const))('rejects %s', (_what, i, message) => {
    const m = broken[i] as Manifest;
    const errors = [...validatorErrors(m), ...typeErrs.filter((e) => e.startsWith(`${m.file}:`))];
    expect(errors.join('\n')).toMatch(message);
  });
});

describe('the qarx Jobs run the image entrypoint with arguments qarx accepts', () => {
  const env = (c: Container) => Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value ?? '']));

  it('every Job container leaves the command to the image (ENTRYPOINT node bin/qarx.mjs) and names one image', () => {
    for (const { job: j } of jobs) for (const c of j.spec.template.spec.containers) expect(c.command, `${j.metadata.name}/${c.name}`).toBeUndefined();
    expect(new Set(jobs.flatMap(({ job: j }) => j.spec.template.spec.containers.map((c) => c.image))).size).toBe(1);
  });

  it('each index of the audit Job is shard index/completions, with its own results folder', () => {
    const a = job('qarx-audit');
    expect(a.spec.completionMode).toBe('Indexed');
    const n = a.spec.completions ?? 0;
    const c = a.spec.template.spec.containers[0] as Container;
    const outs = new Set<string>();
    for (let i = 0; i < n; i++) {
      const args = expandArgs(c.args ?? [], { ...env(c), JOB_COMPLETION_INDEX: String(i) });
      expect(args[0]).toBe('audit');
      const o = parseAuditArgs(args.slice(1));
      expect(o.shard).toEqual({ index: i, count: n });
      outs.add(o.out);
    }
    expect(outs.size).toBe(n);
  });

  it('the merge Job joins exactly the audit Job\'s shard folders', () => {
    const a = job('qarx-audit');
    const ac = a.spec.template.spec.containers[0] as Container;
    const shardDirs = Array.from({ length: a.spec.completions ?? 0 }, (_, i) => parseAuditArgs(expandArgs(ac.args ?? [], { ...env(ac), JOB_COMPLETION_INDEX: String(i) }).slice(1)).out);
    const mc = job('qarx-merge').spec.template.spec.containers[0] as Container;
    const args = expandArgs(mc.args ?? [], env(mc));
    expect(args[0]).toBe('merge');
    expect(parseMergeArgs(args.slice(1)).dirs).toEqual(shardDirs);
  });

  it.each([
    ['a shell variable Kubernetes does not expand', ['--config', 'a.json', '--out', 'r', '--shard', '$JOB_COMPLETION_INDEX/4'], /--shard must be i\/n/],
    ['a $(VAR) with no env entry', ['--config', 'a.json', '--out', 'r', '--workers', '$(WORKER)'], /workers/],
    ['an option qarx audit does not have', ['--config', 'a.json', '--out', 'r', '--shards', '0/4'], /Unknown option '--shards'/],
    ['no --out', ['--config', 'a.json'], /audit needs --config/],
  ])('the parser refuses %s', (_what, args, message) => {
    expect(() => parseAuditArgs(expandArgs(args, { SHARDS: '4' }))).toThrow(message);
  });
});
