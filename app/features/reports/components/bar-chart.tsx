/**
 * A bar chart drawn on the server as inline SVG (docs/features.md, "Reports"): no chart library, no script.
 * Each bar's height is its value over the largest value; the bar carries its value and label as
 * data attributes (the tests compare them with the table). The SVG scales with its viewBox; its
 * <title> and <desc> name it, and the table after it is the accessible form of the same figures.
 */
import { useId } from "react";
import type { Series } from "../tables";

const WIDTH = 640;
const HEIGHT = 220;
const TOP = 20;
const BOTTOM = 28;
const LEFT = 8;
const RIGHT = 8;
/** The plot's height: a bar of the largest value is this tall. */
export const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;

/** A bar's height for `value` when the largest is `max` (0 when nothing to draw). */
export const barHeight = (value: number, max: number) => (max > 0 ? (Math.max(value, 0) / max) * PLOT_HEIGHT : 0);

export function BarChart({ title, desc, series }: { title: string; desc: string; series: Series }) {
  const id = useId();
  const { labels, values, format } = series;
  const max = Math.max(0, ...values);
  const n = Math.max(values.length, 1);
  const slot = (WIDTH - LEFT - RIGHT) / n;
  const bar = Math.max(slot * 0.7, 1);
  // Few bars get a label under each; many get the first and the last only.
  const labelEvery = n <= 12 ? 1 : Math.ceil(n / 6);
  const short = (label: string) => (label.length > 12 ? `${label.slice(0, 11)}…` : label);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full max-w-3xl"
      data-chart=""
      data-max={max}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      <line x1={LEFT} x2={WIDTH - RIGHT} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="#64748b" strokeWidth={1} />
      {max > 0 && (
        <text x={LEFT} y={12} fontSize={11} fill="#334155">
          {format(max)}
        </text>
      )}
      {values.map((value, i) => {
        const h = barHeight(value, max);
        const x = LEFT + i * slot + (slot - bar) / 2;
        return (
          <g key={`${labels[i]}-${i}`}>
            <rect
              x={x.toFixed(2)}
              y={(HEIGHT - BOTTOM - h).toFixed(2)}
              width={bar.toFixed(2)}
              height={h.toFixed(2)}
              fill="#1d4ed8"
              data-value={value}
              data-label={labels[i]}
            >
              <title>{`${labels[i]}: ${format(value)}`}</title>
            </rect>
            {(i % labelEvery === 0 || i === values.length - 1) && (
              <text x={(x + bar / 2).toFixed(2)} y={HEIGHT - 10} fontSize={10} textAnchor="middle" fill="#334155">
                {short(labels[i])}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
