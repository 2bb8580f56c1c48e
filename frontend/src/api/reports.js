import useSWR from "swr";

import { fetchFile } from "../lib/api";

/*
 * The school's season at a glance, for admins. GET /reports/season?season=&from=&to= (each
 * optional: the server picks the season whose registration opened last, and the range from its
 * first opening to the later of today and its last day): {season, seasons, from, to, generatedAt,
 * currency, registrationsByDay, openingDay, classes, money, instalments, attendance,
 * missingCare}. Each of its tables is also a file, GET /reports/<table>.csv or .xlsx with the
 * same query.
 */

export const REPORT_TABLES = [
  "registrations",
  "opening-day",
  "classes",
  "money",
  "money-by-week",
  "money-by-category",
  "instalments",
  "attendance",
];

const FORMATS = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

// `?season=3&from=2027-03-01&to=2027-08-20`, leaving out what is not chosen (the server's default).
function reportQuery({ season, from, to } = {}) {
  const query = new URLSearchParams();
  if (season) query.set("season", String(season));
  if (from) query.set("from", from);
  if (to) query.set("to", to);
  const text = query.toString();
  return text ? `?${text}` : "";
}

export function seasonReportKey(choice) {
  return `/reports/season${reportQuery(choice)}`;
}

/*
 * The report for the choice, the one shown before kept while the next one is on its way (or was
 * refused): the season picker it carries stays on the page.
 */
export function useSeasonReport(choice) {
  return useSWR(seasonReportKey(choice), { keepPreviousData: true });
}

export function reportFilePath(table, format, choice) {
  return `/reports/${table}.${format}${reportQuery(choice)}`;
}

/*
 * One table of the report as a file ("csv" or "xlsx"), asked with the bearer token, so it
 * arrives as bytes: {blob, filename}, the name the server gave it, else one made from the table.
 * Asked at each press, never cached: the season moves on between two downloads.
 */
export async function fetchReportFile(table, format, choice) {
  const { blob, filename } = await fetchFile(reportFilePath(table, format, choice), {
    accept: FORMATS[format],
  });
  return { blob, filename: filename || `camp-${table}.${format}` };
}
