/**
 * Charts as files: the recharts SVG with its computed styles inlined (so it renders the same outside
 * the page), a title, the legend (recharts draws it as HTML) redrawn in SVG and the chart's note lines
 * (the small-n line); PNG at 2× from it.
 */

const STYLE_PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'opacity', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'dominant-baseline', 'visibility'];
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Escapes text for XML, e.g. xmlText('a < b & c') === 'a &lt; b &amp; c'. */
export function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The legend entries shown beside a chart: label and colour of each. */
function legendItems(figure: Element): { label: string; color: string }[] {
  return [...figure.querySelectorAll('.recharts-legend-item')].map((li) => {
    const icon = li.querySelector('path, rect, line');
    const color = icon ? getComputedStyle(icon).fill || icon.getAttribute('fill') || '#333' : '#333';
    return { label: li.textContent?.trim() ?? '', color: color === 'none' && icon ? getComputedStyle(icon).stroke : color };
  });
}

/**
 * The chart's own drawing: the largest SVG of the figure outside the legend (recharts draws each
 * legend icon as a small svg.recharts-surface too, which an export must not take for the chart).
 */
export function chartSurface(figure: Element): SVGSVGElement | null {
  const area = (el: Element) => {
    const b = el.getBoundingClientRect();
    return b.width * b.height;
  };
  const svgs = [...figure.querySelectorAll('svg')].filter((el) => !el.closest('.recharts-legend-wrapper, .chart-exports'));
  return svgs.reduce<SVGSVGElement | null>((best, el) => (best === null || area(el) > area(best) ? el : best), null);
}

/** The chart inside `figure` as a standalone SVG document with `title` above it and its legend and notes (.chart-note) below. */
export function chartSvg(figure: Element, title: string): string {
  const svg = chartSurface(figure);
  const notes = [...figure.querySelectorAll('.chart-note')].map((el) => el.textContent?.trim() ?? '').filter(Boolean);
  const empty = figure.querySelector<HTMLElement>('[data-chart-empty]');
  if (!svg && empty) {
    // Nothing to draw: the file says why in the chart's place, at its on-screen size.
    const box = empty.getBoundingClientRect();
    const w = Math.round(box.width) || 400;
    const h = Math.round(box.height) || 220;
    return composeChartSvg({ title, chart: emptyChartSvg(empty.dataset.chartEmpty ?? '', w, h, TITLE_H), width: w, height: h, legend: [], notes });
  }
  if (!svg) throw new Error('This chart has nothing drawn yet.');
  const clone = svg.cloneNode(true) as SVGSVGElement;
  // Inline every computed style as presentation attributes: CSS variables and the page's stylesheet
  // do not travel with the file, and style attributes set from script break the page's CSP (style-src 'self').
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const target = to[i] as Element;
    for (const p of STYLE_PROPS) {
      const v = cs.getPropertyValue(p);
      if (v) target.setAttribute(p, v);
    }
    target.removeAttribute('style');
    target.removeAttribute('class');
  });
  const box = svg.getBoundingClientRect();
  const w = Math.round(box.width) || Number(svg.getAttribute('width')) || 400;
  const h = Math.round(box.height) || Number(svg.getAttribute('height')) || 220;
  clone.setAttribute('x', '0');
  clone.setAttribute('y', String(TITLE_H));
  clone.setAttribute('width', String(w));
  clone.setAttribute('height', String(h));
  return composeChartSvg({ title, chart: new XMLSerializer().serializeToString(clone), width: w, height: h, legend: legendItems(figure), notes });
}

const TITLE_H = 28;
const LEGEND_ROW = 20;
const NOTE_ROW = 16;
/** Approximate advance of one character of the 12 px legend and 11 px note text, for wrapping (no DOM to measure in). */
const LEGEND_CHAR = 7;
const NOTE_CHAR = 6.2;

/** Splits `text` into lines of at most `max` characters at spaces (a longer word keeps its own line), e.g. wrapWords('a bb cc', 4) → ['a bb', 'cc']. */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A standalone chart SVG: `title` on top, the chart's own drawing (`chart`, `width` × `height`,
 * placed at y = 28), then its colour legend (wrapped into rows) and its note lines (e.g. the
 * small-n line), so the file explains itself without the page around it.
 */
export function composeChartSvg(c: { title: string; chart: string; width: number; height: number; legend: readonly { label: string; color: string }[]; notes: readonly string[] }): string {
  const { width: w, height: h } = c;
  let x = 10;
  let row = 0;
  const legend = c.legend
    .map((it) => {
      const itemW = 28 + it.label.length * LEGEND_CHAR;
      if (x > 10 && x + itemW > w) {
        x = 10;
        row++;
      }
      const y = TITLE_H + h + 6 + row * LEGEND_ROW;
      const part = `<rect x="${x}" y="${y}" width="12" height="12" fill="${xmlText(it.color)}"/><text x="${x + 16}" y="${y + 10}" font-family="sans-serif" font-size="12" fill="#222">${xmlText(it.label)}</text>`;
      x += itemW;
      return part;
    })
    .join('');
  const legendH = c.legend.length ? (row + 1) * LEGEND_ROW + 4 : 0;
  const noteLines = c.notes.flatMap((n) => wrapWords(n, Math.max(20, Math.floor((w - 20) / NOTE_CHAR))));
  const notes = noteLines.map((line, i) => `<text x="10" y="${TITLE_H + h + legendH + 12 + i * NOTE_ROW}" font-family="sans-serif" font-size="11" fill="#444">${xmlText(line)}</text>`).join('');
  const total = TITLE_H + h + legendH + (noteLines.length ? noteLines.length * NOTE_ROW + 6 : 0);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="${SVG_NS}" width="${w}" height="${total}" viewBox="0 0 ${w} ${total}">` +
    `<title>${xmlText(c.title)}</title><rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="10" y="19" font-family="sans-serif" font-size="14" font-weight="600" fill="#222">${xmlText(c.title)}</text>${c.chart}${legend}${notes}</svg>`
  );
}

/** A chart's place with nothing drawn: a dashed `width` × `height` frame at y = `top` with `reason` centred in it, e.g. emptyChartSvg('Nothing to draw: ORG has 0 questions in this run.', 400, 260, 28). */
export function emptyChartSvg(reason: string, width: number, height: number, top: number): string {
  const lines = wrapWords(reason, Math.max(16, Math.floor((width - 40) / 7)));
  const first = height / 2 - ((lines.length - 1) * 18) / 2;
  const text = lines.map((l, i) => `<text x="${width / 2}" y="${first + i * 18}" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" font-size="13" fill="#444">${xmlText(l)}</text>`).join('');
  return `<svg x="0" y="${top}" width="${width}" height="${height}"><rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" fill="#fafafa" stroke="#c8c8c8" stroke-dasharray="4 3"/>${text}</svg>`;
}

/** Renders an SVG document to PNG at `scale` (2 for sharp prints), e.g. await svgToPng(svg, 2). */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  const img = new Image();
  // A data: URL (allowed by the page's img-src) keeps the canvas untainted, so it can be read back.
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(img.width * scale);
  canvas.height = Math.round(img.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the chart as PNG.');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The PNG could not be made.'))), 'image/png'));
}
