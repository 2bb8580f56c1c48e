import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";

import { fetcher } from "../lib/api";
import { listPage, stubApi } from "./api";
import { makeClass, makeInstructor } from "./fixtures";
import { AppProviders } from "../app/providers";
import { RouteTree } from "../app/router";
import { memoryRouterHandle } from "./renderWithProviders";

/*
 * The whole app as the browser runs it (the real auth provider and Firebase adapter, the route
 * table, SWR), for the tests of when the Firebase SDK is downloaded. Those tests replace the
 * SDK's modules ("firebase/app", "firebase/auth") with fakes that record being imported.
 */
export function renderApp(route) {
  const { router, RouterProbe } = memoryRouterHandle();
  render(
    <SWRConfig
      value={{ provider: () => new Map(), fetcher, dedupingInterval: 0, shouldRetryOnError: false }}
    >
      <MemoryRouter initialEntries={[route]}>
        <AppProviders>
          <RouteTree />
        </AppProviders>
        <RouterProbe />
      </MemoryRouter>
    </SWRConfig>,
  );
  return router;
}

// What the public pages ask our server for, and a signed-in student's token exchange and role.
export function stubPublicApi() {
  return stubApi({
    "/popularClasses": [makeClass({ nameClass: "Watercolor Basics" })],
    "/instructors": [makeInstructor({ name: "Ada Brush" })],
    "/classes?status=Approved&ordering=soonest&page=1&page_size=24": listPage(
      [makeClass({ nameClass: "Pottery Wheel" })],
      1,
    ),
    "/jwt": {
      token: "api-token",
      user: { _id: 7, name: "Sam", photo: "", email: "sam@camp.test", role: "student" },
    },
  });
}
