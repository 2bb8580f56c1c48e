// The office's pages, one chunk for both: the desk and the day's takings.
export { DayClosePage } from "./DayClosePage";
export { FrontDeskPage } from "./FrontDeskPage";
