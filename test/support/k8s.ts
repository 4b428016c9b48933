/**
 * Kubernetes manifests checked offline against the API schema of npm kubernetes-models (generated
 * from Kubernetes' OpenAPI spec): its validators (types, formats, required fields) and, since they
 * let unknown fields through, its TypeScript interfaces, whose excess-property check rejects any
 * field the API does not define (a misspelled one), at any depth.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './run-qarx.ts';

/** One YAML document of a manifest file. */
export interface Manifest {
  file: string;
  doc: { apiVersion: string; kind: string; [k: string]: unknown };
}

/** Every .yaml/.yml file under dir (recursively), each document parsed strictly (duplicate keys and syntax errors throw). */
export function loadManifests(dir: string): Manifest[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.ya?ml$/.test(f)).sort();
  return files.flatMap((f) =>
    parseAllDocuments(readFileSync(join(dir, f), 'utf8'), { uniqueKeys: true, strict: true }).map((d) => {
      if (d.errors.length) throw new Error(`${f}: ${d.errors.map((e) => e.message).join('; ')}`);
      return { file: relative(ROOT, join(dir, f)), doc: d.toJS() as Manifest['doc'] };
    }),
  );
}

/** The kubernetes-models module of an apiVersion and kind, e.g. batch/v1 Job → kubernetes-models/batch/v1/Job. */
export const modelModule = (apiVersion: string, kind: string) => `kubernetes-models/${apiVersion}/${kind}`;

const require = createRequire(import.meta.url);

/** The schema validator's errors for one manifest (an unknown apiVersion/kind is one). */
export function validatorErrors(m: Manifest): string[] {
  let mod: Record<string, new (d: unknown) => { validate(): void }>;
  try {
    mod = require(modelModule(m.doc.apiVersion, m.doc.kind)) as typeof mod;
  } catch {
    return [`${m.file}: no Kubernetes API type ${m.doc.apiVersion} ${m.doc.kind}`];
  }
  const Model = mod[m.doc.kind];
  try {
    if (!Model) throw new Error(`kubernetes-models exports no ${m.doc.kind}`);
    new Model(m.doc).validate();
    return [];
  } catch (e) {
    return [`${m.file}: ${(e as Error).message}`];
  }
}

/** TypeScript's errors for the manifests written as object literals of their API interfaces (I<Kind>): unknown fields fail. */
export function typeErrors(manifests: Manifest[]): string[] {
  const path = join(ROOT, 'test', 'support', '__k8s_manifests__.ts');
  const lines = manifests.map((m, i) => `import type { I${m.doc.kind} as T${i} } from '${modelModule(m.doc.apiVersion, m.doc.kind)}';`);
  manifests.forEach((m, i) => lines.push(`// ${m.file}\nexport const m${i}: T${i} = ${JSON.stringify(m.doc, null, 1)};`));
  const text = lines.join('\n');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, types: [], module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022 };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (f, lang, ...rest) => (f === path ? ts.createSourceFile(f, text, lang) : getSourceFile.call(host, f, lang, ...rest));
  host.fileExists = (f) => f === path || fileExists.call(host, f);
  host.readFile = (f) => (f === path ? text : readFile.call(host, f));
  const program = ts.createProgram([path], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    // The manifest a diagnostic is in: the nearest "// file" comment above its line.
    const file = line >= 0 ? (text.split('\n').slice(0, line + 1).reverse().find((l) => l.startsWith('// '))?.slice(3) ?? '?') : '?';
    // JSON's quoted keys read '"key"' in the message: show the field name as written in YAML.
    return `${file}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').replace(/'"([^"]*)"'/g, "'$1'")}`;
  });
}

/** Kubernetes' $(VAR) expansion of a container's args from its env (an unknown $(VAR) stays as written, as the kubelet does). */
export function expandArgs(args: string[], env: Record<string, string>): string[] {
  return args.map((a) => a.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name: string) => env[name] ?? whole));
}
