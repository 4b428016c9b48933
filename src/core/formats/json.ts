/** JSON parsing with errors that name the file, line and column instead of a character position. */

/** A bad input file; the message names the file and where in it. */
export class InputError extends Error {
  override name = 'InputError';
}

/** Line and column (1-based) of a character offset, e.g. lineCol('a\nbc', 3) → { line: 2, col: 2 }. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, col: offset - last };
}

/**
 * Parses JSON or throws an InputError like "data.json: invalid JSON at line 3, column 7: Unexpected token }".
 */
export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(msg);
    const lc = /line (\d+) column (\d+)/.exec(msg);
    // Engines word this differently; "end of input" has no position, so point at the end.
    const at = pos ? Number(pos[1]) : /end of (JSON )?input/i.test(msg) ? text.length : null;
    const where = lc ? `line ${lc[1]}, column ${lc[2]}` : at !== null ? (({ line, col }) => `line ${line}, column ${col}`)(lineCol(text, at)) : 'unknown position';
    const reason = msg.replace(/\s*(in JSON )?at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)/, '');
    throw new InputError(`${file}: invalid JSON at ${where}: ${reason}`);
  }
}
