/**
 * A small SVG chart of one or two series over time: bars (stacked when there are two) or lines. Drawn with SVG
 * attributes and classes only, never a style attribute, so it needs nothing beyond the dashboard's CSP (style-src
 * 'self'); colours come from the stylesheet. The figure has a text summary for screen readers, and each bar or point
 * a <title> with its period and values.
 */

/** One series: a name (legend and titles), a class for its colour, and a value per slot (null: no data). */
export interface Series {
  name: string;
  className: string;
  values: Array<number | null>;
}

export interface ChartProps {
  title: string;
  /** What the chart says in one sentence (read by screen readers instead of the drawing). */
  summary: string;
  /** A label per slot (its period), for the titles and the axis. */
  labels: string[];
  series: Series[];
  kind: "bars" | "lines";
  format: (value: number) => string;
}

/** The drawing's units: about the size it is shown at in a half-width card, so its text stays legible. */
const WIDTH = 460;
const HEIGHT = 170;
const PAD = { top: 10, right: 8, bottom: 24, left: 58 };

/** A round number at or above `max` for the top of the axis (1, 2 or 5 times a power of ten). */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export function Chart({ title, summary, labels, series, kind, format }: ChartProps) {
  const slots = labels.length;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const totals = labels.map((_, i) =>
    kind === "bars"
      ? series.reduce((n, s) => n + (s.values[i] ?? 0), 0)
      : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const top = niceMax(Math.max(0, ...totals));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const slotW = plotW / Math.max(1, slots);
  const barW = Math.max(1, slotW * 0.72);
  const x = (i: number) => PAD.left + i * slotW + (slotW - barW) / 2;
  const ticks = [0, top / 2, top];
  const every = Math.max(1, Math.ceil(slots / 5));
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  return (
    <figure className="chart">
      <figcaption className="chart-head">
        <span className="chart-title">{title}</span>
        <span className="chart-legend" aria-hidden="true">
          {series.map((s) => (
            <span key={s.name} className="legend-item">
              <svg className="legend-swatch" viewBox="0 0 10 10" width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" rx="2" className={s.className} />
              </svg>
              {s.name}
            </span>
          ))}
        </span>
      </figcaption>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line className="chart-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="chart-axis" x={PAD.left - 8} y={y(t) + 4} textAnchor="end">
              {format(t)}
            </text>
          </g>
        ))}
        {labels.map((label, i) =>
          i % every === 0 ? (
            <text
              key={label}
              className="chart-axis"
              x={PAD.left + i * slotW + slotW / 2}
              y={HEIGHT - 8}
              textAnchor="middle"
            >
              {label}
            </text>
          ) : null,
        )}
        {kind === "bars"
          ? labels.map((label, i) => {
              let base = 0;
              const parts = series.map((s) => {
                const v = s.values[i] ?? 0;
                const rect =
                  v > 0 ? (
                    <rect
                      key={s.name}
                      className={s.className}
                      x={x(i)}
                      width={barW}
                      y={y(base + v)}
                      height={Math.max(1, y(base) - y(base + v))}
                      rx={barW > 4 ? 1.5 : 0}
                    />
                  ) : null;
                base += v;
                return rect;
              });
              if (base === 0) return null;
              return (
                <g key={label}>
                  <title>{`${label}: ${series.map((s) => `${s.name} ${format(s.values[i] ?? 0)}`).join(", ")}`}</title>
                  {parts}
                </g>
              );
            })
          : series.map((s) => {
              // One line per run of periods with data: a period without traffic is a gap, not a slope.
              const runs: string[][] = [[]];
              s.values.forEach((v, i) => {
                if (v === null) runs.push([]);
                else runs[runs.length - 1]?.push(`${x(i) + barW / 2},${y(v)}`);
              });
              return (
                <g key={s.name}>
                  {runs
                    .filter((run) => run.length > 1)
                    .map((run) => (
                      <polyline key={run[0]} className={`chart-line ${s.className}`} points={run.join(" ")} />
                    ))}
                  {s.values.map((v, i) =>
                    v === null ? null : (
                      <circle key={labels[i]} className={s.className} cx={x(i) + barW / 2} cy={y(v)} r={2.5}>
                        <title>{`${labels[i]}: ${s.name} ${format(v)}`}</title>
                      </circle>
                    ),
                  )}
                </g>
              );
            })}
      </svg>
    </figure>
  );
}
