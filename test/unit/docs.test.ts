/**
 * The README stays a short overview whose links, commands and screenshot are real; the docs
 * sidebar names pages that exist; the docs-example marker is read exactly (test/support/doc-examples.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleShell, extractExamples } from '../support/doc-examples.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const README = read('README.md');

/** Relative Markdown link and image targets of a text (no URLs, no in-page anchors). */
function localLinks(md: string): string[] {
  return [...md.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((t) => !/^[a-z]+:/.test(t) && !t.startsWith('#'));
}

describe('README', () => {
  it('is a short overview (≤ 150 lines)', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(150);
  });

  it('links only to files that exist, the screenshot among them', () => {
    const links = localLinks(README);
    expect(links).toContain('docs/public/screenshot.png');
    for (const l of links) expect(existsSync(join(ROOT, l.split('#')[0] ?? l)), l).toBe(true);
  });

  it('names the test command CI runs, and the offline start command', () => {
    // .ci/run runs the README's test command: the two must not drift apart.
    const ci = read('.ci/run');
    expect(ci).toMatch(/^npm test 2>&1/m);
    expect(README).toContain('npm ci && npm test ');
    expect(README).toContain('npm ci && npm start ');
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toContain('vite preview');
    expect(pkg.scripts.docs).toBe('vitepress build docs');
  });
});

describe('docs site', () => {
  it('shows the command lines the GNU parallel and Slurm tests run', () => {
    // test/integration/audit-parallel.test.ts and slurm.test.ts run these lines as written here.
    const scale = read('docs/audits-at-scale.md');
    expect(scale).toContain('parallel -j 3 npx qarx audit --config audit.json --out results/shard-{} --shard {}/3 ::: 0 1 2');
    expect(scale).toContain('sbatch --parsable --array=0-3 --cpus-per-task=4 --mem=8G $QARX_HOME/deploy/slurm/audit.sbatch');
    expect(scale).toContain('sbatch --dependency=afterok:$jid --kill-on-invalid-dep=yes $QARX_HOME/deploy/slurm/merge.sbatch');
  });

  const config = read('docs/.vitepress/config.mts');
  const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));

  it('has a sidebar entry for every page but the home page, and every entry is a page', () => {
    const entries = [...config.matchAll(/link: '\/([^']*)'/g)].map((m) => m[1] ?? '');
    for (const e of entries) expect(pages, e).toContain(`${e}.md`);
    for (const p of pages.filter((p) => p !== 'index.md')) expect(entries, p).toContain(p.replace(/\.md$/, ''));
    expect(config).toMatch(/ignoreDeadLinks: false/);
  });

  it('links between pages only to pages that exist', () => {
    for (const p of pages) {
      for (const l of localLinks(read(join('docs', p)))) {
        const target = normalize(join(dirname(join('docs', p)), l.split('#')[0] ?? l));
        expect(existsSync(join(ROOT, target)), `${p} → ${l}`).toBe(true);
      }
    }
  });
});

describe('extractExamples', () => {
  const md = (...lines: string[]) => lines.join('\n');
  it.each([
    ['an unmarked block', md('```bash', 'npx qarx --help', '```'), []],
    ['a marked block', md('<!-- docs-test -->', '```bash', 'npx qarx --help', '```'), [{ line: 2, script: 'npx qarx --help', expect: [] }]],
    [
      'expectations in both quote styles',
      md('x', '<!-- docs-test expect="EM" expect=\'"total": 96\' -->', '```bash', 'a', 'b', '```', '```bash', 'c', '```'),
      [{ line: 3, script: 'a\nb', expect: ['EM', '"total": 96'] }],
    ],
  ])('%s', (_name, text, want) => {
    expect(extractExamples('f.md', text).map(({ line, script, expect: e }) => ({ line, script, expect: e }))).toEqual(want);
  });

  it.each([
    ['a marker before prose', md('<!-- docs-test -->', 'text'), /f\.md:1: .*directly followed/],
    ['a marker before a non-bash block', md('<!-- docs-test -->', '```json', '{}', '```'), /f\.md:1: .*directly followed/],
    ['an unknown attribute', md('<!-- docs-test timeout=3 -->', '```bash', 'x', '```'), /f\.md:1: unknown docs-test attribute "timeout=3"/],
    ['an unclosed block', md('<!-- docs-test -->', '```bash', 'x'), /f\.md:2: .*never closed/],
  ])('refuses %s', (_name, text, err) => {
    expect(() => extractExamples('f.md', text)).toThrow(err);
  });

  it('runs npx qarx through the checkout and refuses any other npx', () => {
    const sh = exampleShell({ file: 'f.md', line: 1, script: 'npx qarx --help', expect: [] }, "/a b/it's/qarx.mjs");
    expect(sh).toContain(`node '/a b/it'\\''s/qarx.mjs' "$@"`);
    expect(sh.split('\n')[0]).toBe('set -euo pipefail');
    expect(sh).toMatch(/only npx qarx runs here/);
  });
});
