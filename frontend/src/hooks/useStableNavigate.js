import { useCallback, useLayoutEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";

/*
 * React Router's navigate, as one function for the app's whole life. Its own changes with every
 * move (it resolves relative paths from the page shown), so a provider holding it would hand every
 * consumer a new value on each move.
 */
export function useStableNavigate() {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  return useCallback((to, options) => latest.current(to, options), []);
}
