import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from "chart.js";

/*
 * Chart.js with only the parts the report draws (bars and lines on a category and a number axis,
 * a legend, a tooltip): the rest of the library stays out of the admins' chunk.
 */
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
);

export { Chart };
