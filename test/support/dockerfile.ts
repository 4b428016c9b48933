/**
 * The Dockerfile's steps without Docker (base images cannot be pulled here): parsed with dockerfile-ast,
 * each stage's filesystem a folder, COPY from a build context that honours .dockerignore, RUN steps
 * mapped to what they do in a checkout. `npm ci` is the one step not rerun: the stage gets this
 * checkout's node_modules and runs npm ci's `prepare` script; `npm prune --omit=dev` is checked
 * separately (the CLI's imports are production packages in package-lock.json).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { Copy, DockerfileParser, Entrypoint, Env, From, User, Workdir } from 'dockerfile-ast';

/** One stage as built: its name, base image, folder standing for its /, and what the image records. */
export interface Stage {
  name: string | null;
  image: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  entrypoint: string[] | null;
  runs: string[];
}

/** A .dockerignore pattern as a RegExp over context-relative paths (`*` within a segment, `**` across). */
function ignoreRegex(pattern: string): RegExp {
  const p = pattern.replace(/^\/+|\/+$/g, '');
  const body = p.split('**').map((part) => part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')).join('.*');
  return new RegExp(`^${body}(/.*)?$`);
}

/** True when .dockerignore's patterns leave `rel` out of the build context (no `!` exceptions are used). */
export function ignoredBy(patterns: string[], rel: string): boolean {
  return patterns.some((p) => ignoreRegex(p).test(rel));
}

/** The patterns of a .dockerignore file. */
export function readIgnore(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}

/** A build context as a clean checkout has it: the repository's files that git tracks or does not ignore. */
export function cleanContext(repo: string, dest: string): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) if (existsSync(join(repo, f))) cpSync(join(repo, f), join(dest, f));
}

/** The folder standing for an image path in a stage. */
const inStage = (stage: Stage, path: string) => join(stage.root, posix.resolve(stage.workdir, path));

/** Runs one COPY: sources from the context (minus ignored paths) or from an earlier stage. */
function copy(step: Copy, stage: Stage, stages: Stage[], context: string, ignore: string[]): void {
  const args = step.getArguments().map((a) => a.getValue());
  const dest = args.pop() ?? '';
  const from = step.getFromFlag()?.getValue() ?? null;
  const source = from === null ? null : stages.find((s) => s.name === from);
  if (from !== null && !source) throw new Error(`COPY --from=${from}: no such stage`);
  const intoDir = dest.endsWith('/') || args.length > 1;
  for (const src of args) {
    const path = source ? inStage(source, src) : join(context, src);
    if (!source && ignoredBy(ignore, posix.normalize(src))) throw new Error(`COPY ${src}: .dockerignore leaves it out of the context`);
    if (!existsSync(path)) throw new Error(`COPY ${src}: not found in ${source ? `stage ${from}` : 'the build context'}`);
    const target = intoDir && !statSync(path).isDirectory() ? join(inStage(stage, dest), basename(src)) : inStage(stage, dest);
    const filter = (p: string) => source !== null || !ignoredBy(ignore, posix.relative(context, p));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(path, target, { recursive: true, verbatimSymlinks: true, filter });
  }
}

/** Runs one RUN step as it works in a checkout; a step this does not know fails (so the test keeps up with the Dockerfile). */
function run(command: string, stage: Stage, checkout: string): void {
  const cwd = inStage(stage, '.');
  const env = { ...process.env, ...stage.env };
  if (/^npm ci\b/.test(command)) {
    symlinkSync(join(checkout, 'node_modules'), join(cwd, 'node_modules'));
    const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    execFileSync('sh', ['-c', pkg.scripts.prepare ?? 'true'], { cwd, env, stdio: 'pipe' });
  } else if (!/^npm prune --omit=dev\b/.test(command)) throw new Error(`RUN ${command}: not a step this emulation knows`);
}

/** Builds every stage of `dockerfile` from `context` into folders under `out`; the last is the image. */
export function buildStages(dockerfile: string, context: string, out: string, checkout: string): Stage[] {
  const ignore = existsSync(join(context, '.dockerignore')) ? readIgnore(join(context, '.dockerignore')) : [];
  const stages: Stage[] = [];
  let stage: Stage | null = null;
  for (const step of DockerfileParser.parse(readFileSync(dockerfile, 'utf8')).getInstructions()) {
    if (step instanceof From) {
      stage = { name: step.getBuildStage(), image: step.getImage() ?? '', root: join(out, `stage-${stages.length}`), workdir: '/', env: {}, user: null, entrypoint: null, runs: [] };
      mkdirSync(stage.root, { recursive: true });
      stages.push(stage);
      continue;
    }
    if (!stage) throw new Error(`${step.getKeyword()} before FROM`);
    if (step instanceof Workdir) {
      stage.workdir = posix.resolve(stage.workdir, step.getArgumentsContent() ?? '/');
      mkdirSync(inStage(stage, '.'), { recursive: true });
    } else if (step instanceof Env) for (const p of step.getProperties()) stage.env[p.getName()] = p.getValue() ?? '';
    else if (step instanceof Copy) copy(step, stage, stages, context, ignore);
    else if (step instanceof User) stage.user = step.getArgumentsContent();
    else if (step instanceof Entrypoint) stage.entrypoint = step.getJSONStrings().map((s) => s.getJSONValue());
    else if (step.getKeyword() === 'RUN') {
      const command = step.getArgumentsContent() ?? '';
      stage.runs.push(command);
      run(command, stage, checkout);
    }
  }
  return stages;
}
