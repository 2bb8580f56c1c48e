import { paths } from "./paths";

// The front desk's pages beyond its first, named only by the office's own menu and pages.
export const frontDeskPaths = {
  desk: paths.frontDesk,
  // The day's takings by method, and closing the day.
  day: `${paths.frontDesk}/day`,
};
