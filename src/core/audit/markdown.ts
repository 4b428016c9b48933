/**
 * Text from files (audit, dataset and model names, settings, paths) as Markdown that shows it
 * literally: no raw HTML, no link or emphasis, no table cell or line it can end, no code block it
 * can close. Renderers such as the Hub's pass raw HTML through, so escaping is the only guard.
 */

/** HTML-escaped, Markdown punctuation backslash-escaped, line breaks shown as \n, e.g. mdText('a|<b>\n') === 'a\\|&lt;b&gt;\\\\n'. */
export function mdText(s: unknown): string {
  return String(s ?? '')
    .replace(/[\\`*_[\]|~#!()]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r\n|\r|\n/g, '\\\\n');
}

/** The longest run of `ch` in `s` (0 when none). */
const longestRun = (s: string, ch: string): number => Math.max(0, ...(s.match(new RegExp(`\\${ch}+`, 'g')) ?? []).map((r) => r.length));

/** An inline code span that shows `s` as it is: delimited by more backticks than any run inside, line breaks as \n (a span would fold them into spaces). */
export function mdCode(s: string): string {
  const one = s.replace(/\r\n|\r|\n/g, '\\n');
  const tick = '`'.repeat(longestRun(one, '`') + 1);
  const pad = /^`|`$|^ .* $/.test(one) || one === '' ? ' ' : '';
  return `${tick}${pad}${one}${pad}${tick}`;
}

/** A fenced code block that no line of `body` can close: its fence is longer than any backtick run inside. */
export function mdFence(body: string, info = ''): string {
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  return `${fence}${info}\n${body}\n${fence}`;
}
