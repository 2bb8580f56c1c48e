import { useNavigate } from "react-router-dom";

import { useLatestCallback } from "./useLatestCallback";

/*
 * React Router's navigate, as one function for the app's whole life. Its own changes with every
 * move (it resolves relative paths from the page shown), so a provider holding it would hand every
 * consumer a new value on each move.
 */
export function useStableNavigate() {
  return useLatestCallback(useNavigate());
}
