/** Valibot issues in words for import messages (no module of its own would make squad.ts and common.ts import each other). */
import type * as v from 'valibot';

/** Valibot issues as "field.path: message; …", e.g. "answers.text[0]: Invalid type: Expected string but received 3". */
export function schemaText(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((i) => {
      const p = i.path?.map((s) => (typeof s.key === 'number' ? `[${s.key}]` : `.${String(s.key)}`)).join('') ?? '';
      return `${p.replace(/^\./, '') || 'value'}: ${issueMessage(i)}`;
    })
    .join('; ');
}

/** One valibot issue in words; a missing key says so rather than valibot's "Expected "qas" but received undefined". */
function issueMessage(i: v.BaseIssue<unknown>): string {
  return i.message.startsWith('Invalid key:') && i.received === 'undefined' ? 'required key is missing' : i.message;
}
