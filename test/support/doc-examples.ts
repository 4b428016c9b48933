/**
 * The runnable code examples of the documentation: a ```bash block directly preceded by a line
 * `<!-- docs-test -->` (optionally `<!-- docs-test expect="text" expect='"quoted"' -->`) runs as a test
 * (test/integration/docs-examples.test.ts): in a fresh folder that sees the checkout's public/, src/,
 * test/ and deploy/, with `npx qarx` running bin/qarx.mjs; it must exit 0 and print every `expect`.
 */

/** One marked block: where it is, its shell text and the strings its stdout must contain. */
export interface DocExample {
  readonly file: string;
  readonly line: number;
  readonly script: string;
  readonly expect: readonly string[];
}

const MARKER = /^<!--\s*docs-test\b(.*?)-->\s*$/;
// expect="text" or expect='text with "quotes"'.
const EXPECT = /expect=(?:"([^"]*)"|'([^']*)')/g;
const FENCE_OPEN = /^```bash\s*$/;

/** The marked examples of one Markdown text; a marker not followed by a ```bash block throws, naming its line. */
export function extractExamples(file: string, markdown: string): DocExample[] {
  const lines = markdown.split(/\r?\n/);
  const out: DocExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = MARKER.exec(lines[i] ?? '');
    if (!m) continue;
    const attrs = m[1] ?? '';
    const rest = attrs.replace(EXPECT, '').trim();
    if (rest) throw new Error(`${file}:${i + 1}: unknown docs-test attribute "${rest}" (only expect="…" or expect='…')`);
    const expect = [...attrs.matchAll(EXPECT)].map((x) => x[1] ?? x[2] ?? '');
    if (!FENCE_OPEN.test(lines[i + 1] ?? '')) throw new Error(`${file}:${i + 1}: a docs-test marker must be directly followed by a \`\`\`bash block`);
    const end = lines.findIndex((l, j) => j > i + 1 && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`${file}:${i + 2}: the \`\`\`bash block is never closed`);
    out.push({ file, line: i + 2, script: lines.slice(i + 2, end).join('\n'), expect });
    i = end;
  }
  return out;
}

/**
 * The shell text that runs an example: strict bash, with `npx qarx …` (and `qarx …`) running the
 * checkout's bin/qarx.mjs and any other npx refused, so an example never reaches the registry.
 */
export function exampleShell(example: DocExample, qarxBin: string): string {
  const bin = `'${qarxBin.replace(/'/g, `'\\''`)}'`;
  return [
    'set -euo pipefail',
    `qarx() { node ${bin} "$@"; }`,
    'npx() { if [ "${1:-}" = qarx ]; then shift; qarx "$@"; else echo "docs example: only npx qarx runs here" >&2; return 127; fi; }',
    example.script,
  ].join('\n');
}
