/** The import direction is part of the architecture: core is pure and never reaches outward. */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lints source text as if it lived at `path`; returns the messages of the import rule. */
async function importErrors(path: string, code: string): Promise<string[]> {
  const [res] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (res?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    { name: 'core → app', path: 'src/core/probe.ts', code: "import { useApp } from '../app/store/index.ts';\nexport const x = useApp;\n" },
    { name: 'core → worker', path: 'src/core/formats/probe.ts', code: "import type { WorkerEvent } from '../../worker/protocol.ts';\nexport type X = WorkerEvent;\n" },
    { name: 'core → cli', path: 'src/core/probe.ts', code: "import { main } from '../cli/qarx.ts';\nexport const x = main;\n" },
    { name: 'core → React', path: 'src/core/probe.ts', code: "import { useState } from 'react';\nexport const x = useState;\n" },
    { name: 'core → Node fs', path: 'src/core/probe.ts', code: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n" },
    { name: 'worker → app', path: 'src/worker/probe.ts', code: "import { useApp } from '../app/store/index.ts';\nexport const x = useApp;\n" },
  ])('$name is rejected', async ({ path, code }) => {
    expect(await importErrors(path, code)).toHaveLength(1);
  });

  it.each([
    { name: 'app → core', path: 'src/app/probe.ts', code: "import { QaEngine } from '../core/index.ts';\nexport const x = QaEngine;\n" },
    { name: 'worker → core', path: 'src/worker/probe.ts', code: "import { QaEngine } from '../core/index.ts';\nexport const x = QaEngine;\n" },
    { name: 'core → core', path: 'src/core/probe.ts', code: "import { decodeWindows } from './decode.ts';\nexport const x = decodeWindows;\n" },
  ])('$name is allowed', async ({ path, code }) => {
    expect(await importErrors(path, code)).toEqual([]);
  });
});
