import { useCallback, useLayoutEffect, useRef } from "react";

/*
 * `callback` as one function for the component's whole life, calling the latest one given: for a
 * function made anew each render (it reads that render's state) handed to memoized children or
 * held by a provider, which would otherwise redraw whenever it is made again.
 */
export function useLatestCallback(callback) {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args) => latest.current(...args), []);
}
