import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
} from "react";

const Hydrating = createContext(false);

/*
 * Around the app. `takingOver` while React draws a page on the server (camp/server_render.py)
 * and while the browser takes over that HTML (hydration): every part first renders as the
 * server drew it, then, once the page is taken over, learns it in one transition and shows what
 * is true here. A transition, so React redraws those parts in slices between the phone's input
 * rather than in one long task.
 */
export function HydrationProvider({ takingOver = false, children }) {
  const [hydrating, setHydrating] = useState(takingOver);
  useEffect(() => {
    if (hydrating) startTransition(() => setHydrating(false));
  }, [hydrating]);
  return createElement(Hydrating.Provider, { value: hydrating }, children);
}

/*
 * True while the page is drawn on the server and taken over, false otherwise: a part that
 * depends on what only the browser knows (the session, the stored theme) first matches the
 * server's HTML, then shows what is true here.
 */
export function useHydrating() {
  return useContext(Hydrating);
}
