/**
 * Issue 43.4: the audit's summary (summary.json/md, report.html) includes the validation of
 * `--batch B --annotations F…`; one without the other is a usage error; a bad batch stops the audit before it runs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUMMARY_FORMAT, AUDIT_VERSION, type AuditSummary } from '../../src/core/audit/format.ts';
import { summaryMarkdown } from '../../src/cli/audit/summary.ts';
import { reportHtml } from '../../src/cli/audit/report-html.ts';
import { parseAuditArgs, parseMergeArgs } from '../../src/cli/commands/audit.ts';
import { auditValidation } from '../../src/cli/validation-input.ts';
import { batchToJson, annotationFileToJson } from '../../src/core/validation/files.ts';
import { ann, vbatch, vcase, vfile } from '../support/validation-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'qarx-val-audit-'));
const batch = vbatch([vcase('q1', { perturbation: '<b>typo</b>' }), vcase('q2')]);
writeFileSync(join(dir, 'batch.json'), batchToJson(batch));
writeFileSync(join(dir, 'a.json'), annotationFileToJson(vfile('A', [ann('q1', true), ann('q2', false)])));
writeFileSync(join(dir, 'b.json'), annotationFileToJson(vfile('B<script>', [ann('q1', true), ann('q2', true), ann('zz', true)])));
const ci = { b: 200, seed: 1 };

const empty: AuditSummary = { format: SUMMARY_FORMAT, version: AUDIT_VERSION, name: 'demo', generated: '2026-12-02T09:00:00Z', planned: 0, ok: 0, failed: [], missing: [], units: [], models: [] };

describe('the audit with --batch and --annotations', () => {
  const validation = auditValidation({ batch: join(dir, 'batch.json'), annotations: [join(dir, 'a.json'), join(dir, 'b.json')] }, ci);

  it('reads the files into the summary, keeping the problems as lines', () => {
    expect(validation?.annotators).toEqual(['A', 'B<script>']);
    expect(validation?.problems).toEqual([`${join(dir, 'b.json')}, case zz, caseId: no case with this id in batch "b1"; judgement left out`]);
  });

  it('summary.md gets a section, report.html an escaped one', () => {
    const s = { ...empty, validation: validation! };
    expect(summaryMarkdown(s)).toMatch(/## Human validation \(batch b1\)\n\n```text\nValidation of batch b1 \(2 cases/);
    const html = reportHtml(s);
    expect(html).toContain('<h2>Human validation (batch b1)</h2>');
    expect(html).toContain('B&lt;script&gt;');
    expect(html).not.toContain('B<script>');
    expect(summaryMarkdown(empty)).not.toContain('Human validation');
  });

  it('nothing given: no validation; one without the other: a usage error; options parsed by audit and merge', () => {
    expect(auditValidation({}, ci)).toBeNull();
    expect(() => auditValidation({ batch: join(dir, 'batch.json') }, ci)).toThrow(/--batch and --annotations go together/);
    expect(() => auditValidation({ batch: join(dir, 'a.json'), annotations: [join(dir, 'a.json')] }, ci)).toThrow(/its format is "qarx-annotations"/);
    expect(parseAuditArgs(['--config', 'c.json', '--out', 'o', '--batch', 'b.json', '--annotations', 'x.json', '--annotations', 'y.json'])).toMatchObject({ batch: 'b.json', annotations: ['x.json', 'y.json'] });
    expect(parseMergeArgs(['d1', '--out', 'o', '--batch', 'b.json', '--annotations', 'x.json'])).toMatchObject({ batch: 'b.json', annotations: ['x.json'] });
  });
});
