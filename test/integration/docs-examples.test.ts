/**
 * The documentation's code examples run: every ```bash block of docs/*.md and README.md marked
 * `<!-- docs-test … -->` (test/support/doc-examples.ts) runs in a fresh folder on the shipped model
 * and the files the project ships, and must exit 0 and print what its marker expects. No docs build
 * is needed: the Markdown itself is read.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleShell, extractExamples, type DocExample } from '../support/doc-examples.ts';
import { ROOT } from '../support/run-qarx.ts';

const DOCS = join(ROOT, 'docs');
const files = [...readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => join('docs', f)), 'README.md'];
const examples: DocExample[] = files.flatMap((f) => extractExamples(f, readFileSync(join(ROOT, f), 'utf8')));
const tmp = mkdtempSync(join(tmpdir(), 'qarx-docs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('documentation examples', () => {
  it('every experiment family page, the CLI reference and the README carry runnable examples', () => {
    const pages = new Set(examples.map((e) => e.file));
    for (const page of ['entity-renaming', 'natural-edits', 'over-sensitivity', 'over-stability', 'generalization', 'audit', 'cli', 'getting-started', 'formats', 'audits-at-scale']) {
      expect(pages, `docs/${page}.md has no <!-- docs-test --> block`).toContain(join('docs', `${page}.md`));
    }
    expect(pages).toContain('README.md');
  });

  it.each(examples.map((e, i) => [`${e.file}:${e.line}`, e, i] as const))('%s runs', async (_name, example, i) => {
    // A fresh folder in which the checkout's shipped folders resolve as in the checkout.
    const dir = mkdtempSync(join(tmp, `ex-${i}-`));
    for (const d of ['public', 'src', 'test', 'deploy']) symlinkSync(join(ROOT, d), join(dir, d));
    let r: { code: number; stdout: string; stderr: string };
    try {
      const o = await promisify(execFile)('bash', ['-c', exampleShell(example, join(ROOT, 'bin', 'qarx.mjs'))], { cwd: dir, maxBuffer: 64 << 20 });
      r = { code: 0, stdout: o.stdout, stderr: o.stderr };
    } catch (e) {
      const x = e as { code: number; stdout: string; stderr: string };
      r = { code: x.code, stdout: x.stdout, stderr: x.stderr };
    }
    expect(r.code, `${example.file}:${example.line} exited ${r.code}\n${r.stderr.slice(-2000)}`).toBe(0);
    for (const s of example.expect) expect(r.stdout, `${example.file}:${example.line} should print "${s}"`).toContain(s);
  }, 300_000);
});
