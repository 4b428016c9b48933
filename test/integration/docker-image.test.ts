/**
 * The Dockerfile without Docker (no base image can be pulled here): its stages built by
 * test/support/dockerfile.ts from a clean checkout's files (honouring .dockerignore); the image's
 * ENTRYPOINT then runs an audit on the shipped model with the compiled CLI alone (no src/, no tsx),
 * as the non-root user the image names; and the packages the compiled CLI imports survive
 * `npm prune --omit=dev`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStages, cleanContext, ignoredBy, readIgnore, type Stage } from '../support/dockerfile.ts';
import { ROOT } from '../support/run-qarx.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-image-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the image's ENTRYPOINT with args in its WORKDIR and ENV (the container's view). */
async function runImage(image: Stage, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [cmd, ...rest] = image.entrypoint ?? [];
  const cwd = join(image.root, image.workdir);
  try {
    const r = await promisify(execFile)(cmd === 'node' ? process.execPath : (cmd ?? ''), [...rest, ...args], { cwd, env: { PATH: process.env.PATH, HOME: tmp, ...image.env } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

describe('Dockerfile', () => {
  it('builds from a clean checkout into a non-root node:20-slim image whose entrypoint audits with the shipped model', async () => {
    const context = join(tmp, 'context');
    cleanContext(ROOT, context);
    const stages = buildStages(join(context, 'Dockerfile'), context, join(tmp, 'stages'), ROOT);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const s of stages) expect(s.image).toBe('node:20-slim');
    expect(stages[0]?.runs.some((r) => r.startsWith('npm ci'))).toBe(true);
    expect(stages[0]?.env.ONNXRUNTIME_NODE_INSTALL).toBe('skip');
    const image = stages.at(-1) as Stage;
    expect(image.entrypoint).toEqual(['node', 'bin/qarx.mjs']);
    expect(image.user).toMatch(/^(?!root$|0$)[a-z_][a-z0-9_-]*$/);
    // The image holds the compiled CLI and the shipped model, no sources and no tests.
    const app = join(image.root, image.workdir);
    expect(readdirSync(app).sort()).toEqual(['bin', 'dist-cli', 'node_modules', 'package.json', 'public']);
    expect(existsSync(join(app, 'public', 'models', 'qarx-lexical-qa', 'onnx', 'model.onnx'))).toBe(true);

    const help = await runImage(image, '--help');
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('qarx audit');
    writeFileSync(join(tmp, 'audit.json'), JSON.stringify({ name: 'image', datasets: [{ name: 'demo', builtin: 'demo', lang: 'en', limit: 3 }], models: [{ path: '${QARX_MODELS}/qarx-lexical-qa' }], experiments: [{ kind: 'synthetic', noise: ['ocr'] }] }));
    image.env.QARX_MODELS = join(app, 'public', 'models');
    const r = await runImage(image, 'audit', '--config', join(tmp, 'audit.json'), '--out', join(tmp, 'results'), '--shard', '0/1', '--workers', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('audit [shard 0/1]: 1 unit: 1 ok, 0 failed');
  }, 300_000);

  it('the compiled CLI imports only production packages, so npm prune --omit=dev keeps them', () => {
    const dist = join(ROOT, 'dist-cli');
    const imports = new Set<string>();
    for (const f of readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.js'))) {
      // Import statements end with ';' and calls with ')': a message such as "conversion from 'int32' to …" is neither.
      for (const m of readFileSync(join(dist, f), 'utf8').matchAll(/(?:\bfrom\s*["']([^"'./][^"']*)["']\s*;|\b(?:import|require|require\.resolve|requireFromHere)\(\s*["']([^"'./][^"']*)["']\s*\))/g)) {
        const spec = m[1] ?? m[2] ?? '';
        if (!isBuiltin(spec) && /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/.*)?$/.test(spec)) imports.add(spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
      }
    }
    // transformers.js and the NLP packages are bundled (build-cli.mjs); ONNX Runtime's native binding is not.
    expect([...imports]).toEqual(expect.arrayContaining(['onnxruntime-node', 'onnxruntime-common']));
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = [...imports].filter((p) => !lock.packages[`node_modules/${p}`] || lock.packages[`node_modules/${p}`]?.dev);
    expect(devOnly, 'packages the compiled CLI imports that npm prune --omit=dev removes').toEqual([]);
  });

  it('.dockerignore keeps checkouts, builds and results out of the context but not what the Dockerfile copies', () => {
    const ignore = readIgnore(join(ROOT, '.dockerignore'));
    for (const p of ['node_modules', 'dist-cli', '.git', 'results/shard-0/units/x.json', 'qarx-audit-1_0.log']) expect(ignoredBy(ignore, p), p).toBe(true);
    for (const p of ['package.json', 'src/cli/qarx.ts', 'public/models/qarx-lexical-qa/config.json', 'scripts/build-cli.mjs']) expect(ignoredBy(ignore, p), p).toBe(false);
  });
});
