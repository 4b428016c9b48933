/**
 * Charts as files: the recharts SVG with its computed styles inlined (so it renders the same outside
 * the page), a title, and the legend (recharts draws it as HTML) redrawn in SVG; PNG at 2× from it.
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

/** The chart inside `figure` as a standalone SVG document with `title` above it and its legend below. */
export function chartSvg(figure: Element, title: string): string {
  const svg = chartSurface(figure);
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
  const items = legendItems(figure);
  const titleH = 28;
  const legendH = items.length ? 24 : 0;
  let x = 10;
  const legend = items
    .map((it) => {
      const part = `<rect x="${x}" y="${titleH + h + 6}" width="12" height="12" fill="${xmlText(it.color)}"/><text x="${x + 16}" y="${titleH + h + 16}" font-family="sans-serif" font-size="12" fill="#222">${xmlText(it.label)}</text>`;
      x += 28 + it.label.length * 7;
      return part;
    })
    .join('');
  clone.setAttribute('x', '0');
  clone.setAttribute('y', String(titleH));
  clone.setAttribute('width', String(w));
  clone.setAttribute('height', String(h));
  const inner = new XMLSerializer().serializeToString(clone);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="${SVG_NS}" width="${w}" height="${h + titleH + legendH}" viewBox="0 0 ${w} ${h + titleH + legendH}">` +
    `<title>${xmlText(title)}</title><rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="10" y="19" font-family="sans-serif" font-size="14" font-weight="600" fill="#222">${xmlText(title)}</text>${inner}${legend}</svg>`
  );
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
