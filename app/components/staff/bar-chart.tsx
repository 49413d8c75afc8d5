/**
 * A bar chart drawn on the server as SVG, no script (the first-response report, the insights page). It is one
 * image with a title; the table beside it, which every chart has, is the accessible reading of its figures.
 */

export type Bar = { label: string; value: number };

const CHART = { width: 480, height: 220, left: 56, bottom: 36, top: 16, right: 8 };
/** Longer labels are cut (the table beside the chart has them whole). */
const LABEL_MAX = 12;

export function BarChart({
  bars,
  title,
  id,
  top,
  formatValue = String,
}: {
  bars: Bar[];
  title: string;
  id: string;
  top?: number;
  formatValue?: (value: number) => string;
}) {
  const highest = top ?? Math.max(1, Math.ceil(Math.max(0, ...bars.map((bar) => bar.value))));
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = plotWidth / Math.max(bars.length, 1);
  const y = (value: number) => CHART.top + plotHeight - (Math.min(value, highest) / highest) * plotHeight;
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      className="h-auto w-full max-w-xl"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${id}-title`}>{title}</title>
      <line x1={CHART.left} y1={y(0)} x2={CHART.width - CHART.right} y2={y(0)} stroke="#2b2d2f" />
      <line x1={CHART.left} y1={CHART.top} x2={CHART.left} y2={y(0)} stroke="#2b2d2f" />
      <text x={CHART.left - 6} y={y(highest) + 4} textAnchor="end" fontSize="12" fill="#2b2d2f">
        {formatValue(highest)}
      </text>
      <text x={CHART.left - 6} y={y(0) + 4} textAnchor="end" fontSize="12" fill="#2b2d2f">
        {formatValue(0)}
      </text>
      {bars.map((bar, index) => {
        const height = y(0) - y(bar.value);
        const x = CHART.left + index * slot + slot * 0.15;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a bar is its place on the axis; two may share a label
          <g key={`${index}-${bar.label}`}>
            <rect x={x} y={y(0) - height} width={slot * 0.7} height={height} fill="#c8102e" />
            <text
              x={x + slot * 0.35}
              y={CHART.height - CHART.bottom + 16}
              textAnchor="middle"
              fontSize="11"
              fill="#2b2d2f"
            >
              {bar.label.length > LABEL_MAX ? `${bar.label.slice(0, LABEL_MAX - 1)}…` : bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
