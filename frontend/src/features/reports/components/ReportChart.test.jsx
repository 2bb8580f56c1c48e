import { chartConfig } from "./ReportChart";

const colours = {
  text: "#26212e",
  grid: "#e0d5c4",
  font: "system-ui",
  tones: { primary: "#b0431b", info: "#17707f" },
};

test("bars across, stacked: the values run along x, each series in its tone and stack", () => {
  const config = chartConfig(
    {
      kind: "bar",
      horizontal: true,
      stacked: true,
      labels: ["Wheel Throwing"],
      series: [
        { label: "Enrolled", data: [10], tone: "primary", stack: "demand" },
        { label: "Seats", data: [12], tone: "info", stack: "seats" },
      ],
    },
    colours,
  );

  expect(config.type).toBe("bar");
  expect(config.options.indexAxis).toBe("y");
  expect(config.options.scales.x).toMatchObject({ stacked: true, beginAtZero: true });
  expect(config.options.scales.y).toMatchObject({ stacked: true });
  expect(config.data.datasets).toEqual([
    expect.objectContaining({
      label: "Enrolled",
      data: [10],
      stack: "demand",
      backgroundColor: "#b0431b",
    }),
    expect.objectContaining({
      label: "Seats",
      data: [12],
      stack: "seats",
      backgroundColor: "#17707f",
    }),
  ]);
  expect(config.options.plugins.legend.display).toBe(true);
  // Counts are whole: no tick falls between two.
  expect(config.options.scales.x.ticks.precision).toBe(0);
});

test("a line of many days marks no point; the theme's text and grid colours are used", () => {
  const days = Array.from({ length: 90 }, (_, day) => `Day ${day}`);
  const config = chartConfig(
    {
      kind: "line",
      labels: days,
      series: [{ label: "Registrations", data: days.map(() => 1), tone: "primary" }],
    },
    colours,
  );

  expect(config.data.datasets[0]).toMatchObject({ pointRadius: 0, borderColor: "#b0431b" });
  expect(config.options.plugins.legend.display).toBe(false);
  expect(config.options.scales.x).toMatchObject({
    ticks: { color: "#26212e" },
    grid: { color: "#e0d5c4" },
  });
  expect(config.options.maintainAspectRatio).toBe(false);
});

test("the tooltip writes a value as the chart's axis does", () => {
  const config = chartConfig(
    {
      kind: "bar",
      format: "money",
      labels: ["Mar 1"],
      series: [{ label: "Net", data: [644.5], tone: "primary" }],
    },
    colours,
  );

  const label = config.options.plugins.tooltip.callbacks.label;
  expect(label({ dataset: { label: "Net" }, parsed: { x: 0, y: 644.5 } })).toBe("Net: $644.50");
  expect(config.options.scales.y.ticks.callback(1000)).toBe("$1,000.00");
});
