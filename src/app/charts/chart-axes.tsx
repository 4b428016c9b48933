/** Axis pieces shared by the charts: tick labels that wrap instead of running together, and percentage axes held to 0–100. */

/** Splits a tick label into lines of at most `max` characters at spaces, then inside long words at case changes, e.g. wrapLabel('PER InDistName', 6) → ['PER', 'InDist', 'Name']; at most three lines. */
export function wrapLabel(text: string, max = 10): string[] {
  // Pieces with the glue that joins them to the previous one: a space between words, nothing inside a word.
  const pieces: { t: string; glue: string }[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const parts = word.length > max ? word.split(/(?<=[a-z])(?=[A-Z])|(?<=-)/) : [word];
    parts.forEach((t, i) => pieces.push({ t, glue: i === 0 ? ' ' : '' }));
  }
  const lines: string[] = [];
  for (const { t, glue } of pieces) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + glue + t).length <= max) lines[lines.length - 1] = last + glue + t;
    else lines.push(t);
  }
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines.slice(2).join(' ').slice(0, max - 1)}…`] : lines;
}

/** A recharts x-axis tick whose label wraps onto up to three lines (recharts passes x, y and payload). */
export function WrappedTick({ x = 0, y = 0, payload, max = 10 }: { x?: number; y?: number; payload?: { value: string | number }; max?: number }) {
  const lines = wrapLabel(String(payload?.value ?? ''), max);
  return (
    <text x={x} y={y + 12} textAnchor="middle" fontSize={11} fill="#444">
      {lines.map((l, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : 13}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

/** A percentage y-axis: 0–100 whatever the error bars reach (recharts would widen it to 100.1), ticks every 25. */
export const PCT_AXIS = { domain: [0, 100] as [number, number], allowDataOverflow: true, ticks: [0, 25, 50, 75, 100] };

/** Props of a y-axis title, e.g. <YAxis label={yTitle('EM (%)')} />. */
export const yTitle = (value: string) => ({ value, angle: -90, position: 'insideLeft' as const, offset: 10, fontSize: 11, style: { textAnchor: 'middle' as const } });

/** Props of an x-axis title under wrapped ticks, e.g. <XAxis label={xTitle('entity type')} />. */
export const xTitle = (value: string) => ({ value, position: 'insideBottom' as const, offset: 0, fontSize: 11 });
