import { render } from "@testing-library/react";
import { Fragment } from "react";
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from "react-router-dom";
import { SWRConfig } from "swr";

import { RouteTree } from "../app/router";
import { fetcher } from "../lib/api";
import { AuthContext } from "../lib/auth";
import { NoticesContext } from "../lib/notices";

export const visitor = {
  user: null,
  role: null,
  loading: false,
  logOut: async () => {},
  notify: () => {},
  prepareSignIn: () => {},
};

// A signed-in session as the auth provider would publish it.
export function signedIn(role, overrides = {}) {
  return {
    user: {
      email: `${role}@camp.test`,
      displayName: `Sam ${role[0].toUpperCase()}${role.slice(1)}`,
      photoURL: `https://images.camp.test/${role}.png`,
    },
    role,
    loading: false,
    logOut: jest.fn(async () => {}),
    notify: jest.fn(),
    prepareSignIn: jest.fn(),
    profileChanged: jest.fn(),
    ...overrides,
  };
}

/*
 * A handle on the memory router a test renders in: where it is now (`state.location`, and
 * `state.historyAction`, how it got there) and `navigate`, as the app's own links and Back do.
 */
export function memoryRouterHandle() {
  const seen = { location: null, historyAction: null, navigate: null };
  function RouterProbe() {
    seen.location = useLocation();
    seen.historyAction = useNavigationType();
    seen.navigate = useNavigate();
    return null;
  }
  const router = {
    get state() {
      return { location: seen.location, historyAction: seen.historyAction };
    },
    navigate: (to, options) => seen.navigate(to, options),
  };
  return { router, RouterProbe };
}

/*
 * Mounts a route tree in a memory router at `route`, as the app draws its own (app/router.jsx),
 * with a session and a fresh SWR cache. The session objects above carry `notify` beside it: the
 * app's notices are sent there, so a test checks what a page told the person on the session it
 * rendered with. `Around`, if given, wraps the route tree inside the router, as the app mounts its
 * providers that need one (the waiting room's).
 */
export function renderRoutes(routes, { route = "/", auth = visitor, Around = Fragment } = {}) {
  const { router, RouterProbe } = memoryRouterHandle();
  const notices = { notice: "", notify: auth.notify ?? (() => {}), dismiss: () => {} };
  const result = render(
    <NoticesContext.Provider value={notices}>
      <AuthContext.Provider value={auth}>
        <SWRConfig
          value={{
            provider: () => new Map(),
            fetcher,
            dedupingInterval: 0,
            shouldRetryOnError: false,
          }}
        >
          <MemoryRouter initialEntries={[route]}>
            <Around>
              <RouteTree routes={routes} />
            </Around>
            <RouterProbe />
          </MemoryRouter>
        </SWRConfig>
      </AuthContext.Provider>
    </NoticesContext.Provider>,
  );
  return { ...result, router };
}

/*
 * Renders `ui` at `route` the way the app wires it. Any other path renders a page naming itself,
 * so tests can follow links and check where they landed.
 */
export function renderWithProviders(ui, { route = "/", path = route, auth } = {}) {
  return renderRoutes(
    [
      { path, element: ui },
      { path: "*", element: <OtherPage /> },
    ],
    { route, auth },
  );
}

export function OtherPage() {
  return <h1>Other page</h1>;
}
