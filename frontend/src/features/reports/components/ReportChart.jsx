import { useEffect, useRef } from "react";

import { Chart } from "./chartLibrary";
import { chartColours, useThemeOnScreen } from "./chartColours";
import { formatValue } from "./figures";

// A line with a dot on every day is a blur once the days are many: beyond this, the line alone.
const MOST_POINTS_MARKED = 45;

/*
 * Chart.js's configuration for a chart the report describes: `kind` ("bar" or "line"), the
 * `labels` along the category axis, each of the `series` ({label, data, tone, stack}), bars
 * drawn across (`horizontal`) and stacked (`stacked`), and how a value reads (`format`: "count",
 * "money" or "rate"), painted in `colours` (chartColours.js).
 */
export function chartConfig(chart, colours) {
  const { kind, labels, series, horizontal = false, stacked = false, format = "count" } = chart;
  const write = (value) => formatValue(format, value);
  const axis = (extra) => ({
    stacked,
    ticks: { color: colours.text },
    grid: { color: colours.grid },
    border: { color: colours.grid },
    ...extra,
  });
  const valueAxis = axis({
    beginAtZero: true,
    ...(format === "rate" ? { max: 1 } : {}),
    ticks: {
      color: colours.text,
      callback: write,
      ...(format === "count" ? { precision: 0 } : {}),
    },
  });
  const line = kind === "line";
  return {
    type: kind,
    data: {
      labels,
      datasets: series.map(({ label, data, tone, stack }) => ({
        label,
        data,
        stack,
        backgroundColor: colours.tones[tone],
        borderColor: colours.tones[tone],
        borderWidth: line ? 2 : 0,
        pointRadius: line && labels.length <= MOST_POINTS_MARKED ? 2 : 0,
      })),
    },
    options: {
      // Figures, not a show: drawn at once, and again at once when the theme changes.
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: horizontal ? "y" : "x",
      color: colours.text,
      font: { family: colours.font || undefined },
      interaction: { mode: "index", intersect: false },
      scales: horizontal ? { x: valueAxis, y: axis() } : { x: axis(), y: valueAxis },
      plugins: {
        legend: { display: series.length > 1, labels: { color: colours.text } },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label}: ${write(horizontal ? item.parsed.x : item.parsed.y)}`,
          },
        },
      },
    },
  };
}

/*
 * A chart drawn on a canvas by Chart.js, in a box `height` tall (CSS, reports.css by default)
 * that it fills at any width. The picture is named by `label` and points at the table that
 * holds its figures (`tableId`), its text alternative for anyone who cannot see it. A browser
 * that gives no 2D canvas (drawing turned off) shows the box empty: the table says it all.
 */
export function ReportChart({ chart, label, tableId, height }) {
  const canvasRef = useRef(null);
  const theme = useThemeOnScreen();

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!context) return undefined;
    const drawn = new Chart(context, chartConfig(chart, chartColours(canvas.parentElement)));
    return () => drawn.destroy();
  }, [chart, theme]);

  return (
    <div className="report-chart" style={height ? { height } : undefined}>
      <canvas ref={canvasRef} role="img" aria-label={label} aria-details={tableId} />
    </div>
  );
}
