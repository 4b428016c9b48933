/** Axis pieces shared by the charts: tick labels that wrap instead of running together, and percentage axes held to 0–100. */

/**
 * Splits a tick label into lines of at most `max` characters at spaces and after hyphens, never inside
 * a name (a longer word keeps its own line: WrappedTick shrinks its font instead), e.g.
 * wrapLabel('PER InDistName', 6) → ['PER', 'InDistName']; at most three lines, a longer label ends in "…" after a whole word.
 */
export function wrapLabel(text: string, max = 10): string[] {
  // Pieces with the glue that joins them to the previous one: a space between words, nothing after a hyphen.
  const pieces: { t: string; glue: string }[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const parts = word.length > max ? word.split(/(?<=-)(?=.)/) : [word];
    parts.forEach((t, i) => pieces.push({ t, glue: i === 0 ? ' ' : '' }));
  }
  const lines: string[] = [];
  for (const { t, glue } of pieces) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + glue + t).length <= max) lines[lines.length - 1] = last + glue + t;
    else lines.push(t);
  }
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines[2]}…`] : lines;
}

/** Average advance of one character of an 11 px tick label in px, for fitting without a DOM to measure in. */
const TICK_CHAR = 6.4;

/** The font size (px, 11 down to 8) at which the longest of `lines` fits `band` px, e.g. tickFontSize(['InDistName'], 50) === 8. */
export function tickFontSize(lines: readonly string[], band: number): number {
  const longest = Math.max(0, ...lines.map((l) => l.length));
  if (!Number.isFinite(band) || band <= 0 || longest === 0) return 11;
  return Math.max(8, Math.min(11, Math.floor((11 * (band - 4)) / (longest * TICK_CHAR))));
}

/** A recharts x-axis tick whose label wraps onto up to three lines, shrunk to its slot rather than broken inside a name (recharts passes x, y, payload, the axis width and tick count). */
export function WrappedTick({ x = 0, y = 0, payload, max = 10, width, visibleTicksCount }: { x?: number; y?: number; payload?: { value: string | number }; max?: number; width?: number; visibleTicksCount?: number }) {
  const lines = wrapLabel(String(payload?.value ?? ''), max);
  const size = tickFontSize(lines, width && visibleTicksCount ? width / visibleTicksCount : Number.NaN);
  return (
    <text x={x} y={y + 12} textAnchor="middle" fontSize={size} fill="#444">
      {lines.map((l, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : size + 2}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

/** The width (px) under which a chart of `n` categories scrolls rather than squeezes: 48 px per category label (a two-line name such as "PER InDistName" at 8 px) and 70 px of y-axis, e.g. categoryMinWidth(9) === 502. */
export const categoryMinWidth = (n: number): number => 70 + 48 * n;

/** A percentage y-axis: 0–100 whatever the error bars reach (recharts would widen it to 100.1), ticks every 25. */
export const PCT_AXIS = { domain: [0, 100] as [number, number], allowDataOverflow: true, ticks: [0, 25, 50, 75, 100] };

/** Props of a y-axis title, e.g. <YAxis label={yTitle('EM (%)')} />. */
export const yTitle = (value: string) => ({ value, angle: -90, position: 'insideLeft' as const, offset: 10, fontSize: 11, style: { textAnchor: 'middle' as const } });

/** Props of an x-axis title under wrapped ticks, e.g. <XAxis label={xTitle('entity type')} />. */
export const xTitle = (value: string) => ({ value, position: 'insideBottom' as const, offset: 0, fontSize: 11 });
