/**
 * The token view of one model's answer: start and end probabilities over the passage tokens (all
 * windows merged), before (outlined bars) and after (filled bars) a perturbation, aligned on the
 * text; the merged n-best lists beside it; SVG and PNG downloads of the chart.
 */
import { useEffect, useRef, useState } from 'react';
import { alignTokens, type AlignedToken, type MergedCandidate, type TokenProb } from '../../core/qa/token-view.ts';
import type { ModelAnswer } from '../../worker/multi-protocol.ts';
import { chartSvg, svgToPng } from '../charts/chart-export.ts';
import type { CompareInputs } from '../results/compare-inputs.ts';
import { downloadBlob, downloadText } from '../shell/download.ts';
import { useApp } from '../store/index.ts';
import { modelOfKey } from '../store/multi-slice.ts';
import { countOf } from '../../core/text/plural.ts';
import { formatProb } from '../shell/format.ts';
import { Term } from '../teach/Term.tsx';
import { AnswerText } from '../shell/AnswerText.tsx';

const COL = 18;
const LEFT = 64;
const PANEL = 90;
const LABELS = 64;
const TOP = 8;
/** One colour per model letter (the letter and bar shapes tell them apart too). */
export const MODEL_COLORS: Record<string, string> = { A: '#2f6fb0', B: '#c0622f', C: '#3d8a4f', D: '#7b4fa8', E: '#8a6d1f' };

/** The token text of a column (the after side's, or the before side's when deleted). */
const textOf = (col: AlignedToken, before: string, after: string) => (col.after ? after.slice(col.after.start, col.after.end) : col.before ? before.slice(col.before.start, col.before.end) : '');

/** The index of the most probable token for start or end, e.g. to say where probability moved. */
function argmax(tokens: readonly TokenProb[], which: 'pStart' | 'pEnd'): TokenProb | null {
  return tokens.reduce<TokenProb | null>((m, t) => (!m || t[which] > m[which] ? t : m), null);
}

export function TokenView({ answer, inputs }: { answer: ModelAnswer; inputs: CompareInputs }) {
  const fig = useRef<HTMLElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { info, letter } = modelOfKey(useApp.getState(), answer.key);
  const color = MODEL_COLORS[letter] ?? '#444';
  const afterText = inputs.after.context;
  const beforeText = inputs.before?.context ?? afterText;
  const cols = answer.before ? alignTokens(beforeText, answer.before.view.tokens, afterText, answer.after.view.tokens) : answer.after.view.tokens.map((t) => ({ before: null, after: t }));
  const width = Math.max(LEFT + cols.length * COL + 12, LEFT + 560);
  // The scale follows the largest probability of either side, so a flat distribution still shows its shape.
  const top = niceCeil(Math.max(...cols.flatMap((c) => [c.before?.pStart ?? 0, c.before?.pEnd ?? 0, c.after?.pStart ?? 0, c.after?.pEnd ?? 0])));
  const h = (p: number) => (p / top) * PANEL;
  const height = TOP + PANEL + LABELS + PANEL + 40;
  const title = `Token probabilities — ${info?.id ?? answer.key} (${info?.device ?? ''} · ${info?.dtype ?? ''})`;
  const y0 = TOP + PANEL; // baseline of the start panel
  const y1 = TOP + PANEL + LABELS; // baseline of the end panel

  // Open where the text changed: that is where probability moves.
  // With one side only (no perturbation) nothing was deleted or inserted.
  const isChanged = (c: AlignedToken) => answer.before !== null && answer.before !== undefined && (!c.before || !c.after);
  const firstChanged = cols.findIndex(isChanged);
  // Only when the change is out of sight: scrolled, the legend under the chart moves away too.
  useEffect(() => {
    const el = scroller.current;
    if (el && firstChanged > 0 && LEFT + (firstChanged + 1) * COL > el.clientWidth) el.scrollLeft = Math.max(0, LEFT + firstChanged * COL - 120);
  }, [firstChanged, answer.key]);

  const download = (what: 'svg' | 'png') => {
    setError(null);
    try {
      if (!fig.current) return;
      const svg = chartSvg(fig.current, title);
      const name = `token-view-${(info?.id ?? answer.key).replace(/[^\w.-]+/g, '_')}.${what}`;
      if (what === 'svg') downloadText(name, svg, 'image/svg+xml');
      else void svgToPng(svg, 2).then((b) => downloadBlob(name, b), (e: unknown) => setError(String(e)));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const moved = (which: 'pStart' | 'pEnd') => {
    const b = answer.before ? argmax(answer.before.view.tokens, which) : null;
    const a = argmax(answer.after.view.tokens, which);
    const t = (x: TokenProb | null, text: string) => (x ? `“${text.slice(x.start, x.end)}” ${(100 * x[which]).toFixed(0)}%` : '—');
    return b ? `${t(b, beforeText)} → ${t(a, afterText)}` : t(a, afterText);
  };

  return (
    <div className="token-view" data-testid="token-view">
      <figure className="chart token-chart" ref={fig}>
        <figcaption>
          {title}{' '}
          <span className="chart-exports">
            <button type="button" className="small" onClick={() => download('svg')} aria-label="Token view: download as SVG">
              SVG
            </button>
            <button type="button" className="small" onClick={() => download('png')} aria-label="Token view: download as PNG">
              PNG
            </button>
          </span>
          {error && <span className="error">{error}</span>}
        </figcaption>
        {answer.after.prediction.text === '' && (
          <p className="hint" data-testid="token-no-answer">
            The model answers <AnswerText text="" />: its <Term k="null score">null score</Term> (not drawn here) beats every span below.
          </p>
        )}
        <p className="hint" data-testid="token-moved">
          Most likely {answer.after.prediction.text === '' ? 'span ' : ''}start: {moved('pStart')} · end: {moved('pEnd')}
          {answer.before ? '' : ' (no perturbation: one side only)'}
        </p>
        <div className="token-scroll" ref={scroller} tabIndex={0} role="group" aria-label="Token probability chart; scroll sideways for the whole passage">
          {/* The probability scales stay in view while the passage scrolls under them (exports take the larger chart). */}
          <svg className="token-axis" width={LEFT} height={height} viewBox={`0 0 ${LEFT} ${height}`} aria-hidden="true" data-testid="token-axis">
            <rect width={LEFT} height={height} fill="#fff" />
            <Axis y={y0} up label="P(start)" top={top} />
            <Axis y={y1} up={false} label="P(end)" top={top} />
          </svg>
          <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${countOf(cols.length, 'token')}`} data-testid="token-svg">
            <defs>
              <pattern id="tv-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="6" height="6" fill="#fff7e0" />
                <line x1="0" y1="0" x2="0" y2="6" stroke="#e8cf8a" strokeWidth="2" />
              </pattern>
            </defs>
            <Axis y={y0} up label="P(start)" top={top} />
            <Axis y={y1} up={false} label="P(end)" top={top} />
            {cols.map((col, i) => {
              const x = LEFT + i * COL;
              const changed = isChanged(col);
              const text = textOf(col, beforeText, afterText);
              return (
                <g key={i} data-testid="token-col" data-changed={changed ? (col.after ? 'inserted' : 'deleted') : undefined}>
                  {changed && <rect x={x} y={TOP} width={COL} height={height - TOP - 40} fill="url(#tv-hatch)" />}
                  {col.before && <rect x={x + 2} y={y0 - h(col.before.pStart)} width={6} height={h(col.before.pStart)} fill="none" stroke="#555" strokeWidth={1} />}
                  {col.after && <rect x={x + 9} y={y0 - h(col.after.pStart)} width={6} height={h(col.after.pStart)} fill={color} />}
                  {col.before && <rect x={x + 2} y={y1} width={6} height={h(col.before.pEnd)} fill="none" stroke="#555" strokeWidth={1} />}
                  {col.after && <rect x={x + 9} y={y1} width={6} height={h(col.after.pEnd)} fill={color} />}
                  <text x={x + COL / 2} y={y0 + 6} transform={`rotate(60 ${x + COL / 2} ${y0 + 6})`} fontSize={10} fontFamily="sans-serif" fill={changed ? '#8a4b00' : '#222'} textDecoration={col.after ? undefined : 'line-through'}>
                    {`${changed && col.after ? '+' : changed ? '−' : ''}${text.length > 9 ? `${text.slice(0, 8)}…` : text}`}
                  </text>
                </g>
              );
            })}
            {answer.before ? (
              <g fontSize={11} fontFamily="sans-serif" fill="#222">
                <rect x={LEFT} y={height - 24} width={10} height={10} fill="none" stroke="#555" />
                <text x={LEFT + 14} y={height - 15}>before (original passage)</text>
                <rect x={LEFT + 190} y={height - 24} width={10} height={10} fill={color} />
                <text x={LEFT + 204} y={height - 15}>after ({inputs.what ?? 'as shown'})</text>
                <rect x={LEFT + 330} y={height - 24} width={10} height={10} fill="url(#tv-hatch)" />
                <text x={LEFT + 344} y={height - 15}>token deleted (−) or inserted (+)</text>
              </g>
            ) : (
              <g fontSize={11} fontFamily="sans-serif" fill="#222">
                <rect x={LEFT} y={height - 24} width={10} height={10} fill={color} />
                <text x={LEFT + 14} y={height - 15}>probability of each passage token</text>
              </g>
            )}
          </svg>
        </div>
      </figure>
      <div className="nbest-pair">
        {answer.before && <NbestList title="n-best before" items={answer.before.nbest} testid="nbest-before" />}
        <NbestList title={answer.before ? 'n-best after' : 'n-best'} items={answer.after.nbest} testid="nbest-after" />
      </div>
    </div>
  );
}

/** The smallest of 0.05, 0.1, 0.2, 0.5, 1 at or above p, e.g. niceCeil(0.13) === 0.2. */
export function niceCeil(p: number): number {
  return [0.05, 0.1, 0.2, 0.5, 1].find((x) => x >= p - 1e-12) ?? 1;
}

/** A probability axis from 0 to `top` with its title, drawn upward (start) or downward (end) from baseline y. */
function Axis({ y, up, label, top }: { y: number; up: boolean; label: string; top: number }) {
  const at = (p: number) => (up ? y - (p / top) * PANEL : y + (p / top) * PANEL);
  return (
    <g fontSize={10} fontFamily="sans-serif" fill="#333">
      <line x1={LEFT - 4} x2={LEFT - 4} y1={at(0)} y2={at(top)} stroke="#888" />
      {[0, top / 2, top].map((p) => (
        <g key={p}>
          <line x1={LEFT - 8} x2={LEFT - 4} y1={at(p)} y2={at(p)} stroke="#888" />
          <text x={LEFT - 10} y={at(p) + 3} textAnchor="end">
            {Number(p.toFixed(3))}
          </text>
        </g>
      ))}
      {/* Centred on the panel: at probability 0.5 it sat on the panel's edge (and off the figure) whenever the scale tops at 0.5 or less. */}
      <text x={12} y={at(top / 2)} transform={`rotate(-90 12 ${at(top / 2)})`} textAnchor="middle" fontSize={11}>
        {label}
      </text>
    </g>
  );
}

function NbestList({ title, items, testid }: { title: string; items: MergedCandidate[]; testid: string }) {
  return (
    <div className="nbest-list" data-testid={testid}>
      <h4>{title}</h4>
      <ol>
        {items.slice(0, 8).map((c, i) => (
          <li key={i}>
            <span className="tv-cand"><AnswerText text={c.text} /></span> <span className="hint">{formatProb(c.probability)}{c.count > 1 ? ` · ${c.count} windows` : ''}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
