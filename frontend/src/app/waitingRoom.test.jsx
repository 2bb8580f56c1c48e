import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { MainLayout } from "../components/layout/MainLayout";
import { api } from "../lib/api";
import { ADMISSION_KEY, LINE_KEY, storeAdmission } from "../lib/waitingRoom";
import { untilTheLineForms } from "../api/waitingRoom";
import { answerFor, respond, stubApi } from "../testing/api";
import { makeLineStanding, makeSelection } from "../testing/fixtures";
import { renderRoutes, signedIn, visitor } from "../testing/renderWithProviders";
import { routes as appRoutes } from "./router";
import { WaitingRoomProvider } from "./waitingRoom";

const OPENED = new Date(Date.now() - 5 * 60 * 1000).toISOString();

// The room as the server answers the app's first GET /waitingRoom, without a place.
function room(fields = {}) {
  return makeLineStanding({
    opensAt: OPENED,
    line: null,
    position: null,
    estimatedWaitSeconds: null,
    pollSeconds: 10,
    ...fields,
  });
}

const ROOM_OFF = room({ active: false, admitted: true, season: null, opensAt: null });

const admittedNow = room({
  line: "token-1",
  admitted: true,
  admission: "admission-1",
  admissionExpiresAt: new Date(Date.now() + 20 * 60 * 1000).toISOString(),
});

// The app's routes, or a test's, inside the waiting room's provider as the app mounts it.
function renderApp({ route, auth = signedIn("student"), routes = appRoutes }) {
  const { router } = renderRoutes(routes, { route, auth, Around: WaitingRoomProvider });
  return { router, user: userEvent.setup() };
}

const mySelections = "/selectClass?email=student%40camp.test";

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

test("with the room on, a family opening its selected classes waits its turn first, then comes back", async () => {
  const fetch = stubApi({
    "/waitingRoom": room(),
    "POST /waitingRoom": admittedNow,
    [mySelections]: [makeSelection({ nameClass: "Pottery Wheel" })],
  });
  const { router } = renderApp({ route: "/dashboard/my-selected-classes" });

  expect(await screen.findByRole("heading", { level: 1, name: "Waiting Room" })).toBeVisible();
  expect(router.state.location.pathname).toBe("/waiting-room");
  expect(await screen.findByText("It's your turn!")).toBeVisible();

  expect(await screen.findByRole("article", { name: "Pottery Wheel" })).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes");
  expect(window.localStorage.getItem(ADMISSION_KEY)).toBe("admission-1");
  const asked = fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
  expect(asked.filter((request) => request.includes("/waitingRoom"))).toEqual([
    "GET /api/waitingRoom",
    "POST /api/waitingRoom",
  ]);
});

test.each([
  ["the payment page", "/dashboard/payment/12"],
  ["a checkout", "/dashboard/checkout/4"],
])("with the room on, %s sends a family without a turn to the line", async (_, path) => {
  stubApi({ "/waitingRoom": room(), "POST /waitingRoom": room({ line: "token-1", position: 40 }) });
  const { router } = renderApp({ route: path });

  expect(await screen.findByText("You are number 40 in line")).toBeVisible();
  expect(router.state.location.pathname).toBe("/waiting-room");
  expect(router.state.location.state.from.pathname).toBe(path);
});

test("a family holding an admission goes straight to its selected classes", async () => {
  storeAdmission("admission-1", new Date(Date.now() + 60_000).toISOString());
  stubApi({ "/waitingRoom": room(), [mySelections]: [makeSelection({ nameClass: "Batik" })] });
  const { router } = renderApp({ route: "/dashboard/my-selected-classes" });

  expect(await screen.findByRole("article", { name: "Batik" })).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes");
});

test("with the room off nothing waits, and what an earlier morning left is forgotten", async () => {
  window.localStorage.setItem(LINE_KEY, "token-old");
  stubApi({ "/waitingRoom": ROOM_OFF, [mySelections]: [makeSelection({ nameClass: "Batik" })] });
  const { router } = renderApp({ route: "/dashboard/my-selected-classes" });

  expect(await screen.findByRole("article", { name: "Batik" })).toBeVisible();
  expect(router.state.location.pathname).toBe("/dashboard/my-selected-classes");
  expect(window.localStorage.getItem(LINE_KEY)).toBeNull();
});

// A page that selects a class, as the catalog's Select does.
function SelectPage() {
  return (
    <button type="button" onClick={() => api.post("/selectClass", { classId: 1 }).catch(() => {})}>
      Select
    </button>
  );
}

const catalog = [
  {
    path: "/",
    element: <MainLayout />,
    children: [
      {
        path: "all-classes",
        element: (
          <>
            <h1>All Classes</h1>
            <SelectPage />
          </>
        ),
      },
      { path: "waiting-room", element: <h1>The line</h1> },
    ],
  },
];

test("a write refused for want of a turn takes the family to the line, keeping where it was", async () => {
  storeAdmission("admission-stale", new Date(Date.now() + 60_000).toISOString());
  stubApi({
    "/waitingRoom": room(),
    "POST /selectClass": respond(
      429,
      { message: "Please wait your turn in line.", code: "waiting_room" },
      { "Retry-After": "5" },
    ),
  });
  const { router, user } = renderApp({ route: "/all-classes?category=clay", routes: catalog });

  await user.click(await screen.findByRole("button", { name: "Select" }));

  expect(await screen.findByRole("heading", { name: "The line" })).toBeVisible();
  expect(router.state.location.state.from).toMatchObject({
    pathname: "/all-classes",
    search: "?category=clay",
  });
  expect(window.localStorage.getItem(ADMISSION_KEY)).toBeNull();
});

test("the catalog stays open under a slim banner that leads to the line", async () => {
  stubApi({ "/waitingRoom": room() });
  const { router, user } = renderApp({ route: "/all-classes", routes: catalog, auth: visitor });

  const banner = await screen.findByText(/Summer registration takes families in turn/);
  expect(screen.getByRole("heading", { name: "All Classes" })).toBeVisible();
  await user.click(screen.getByRole("link", { name: "join the line" }));

  expect(router.state.location.pathname).toBe("/waiting-room");
  expect(router.state.location.state.from.pathname).toBe("/all-classes");
  expect(banner).not.toBeInTheDocument();
});

test.each([
  ["a family with a turn", signedIn("student"), true],
  ["an admin", signedIn("admin"), false],
])("no banner for %s", async (_, auth, admitted) => {
  if (admitted) storeAdmission("admission-1", null);
  const fetch = stubApi({ "/waitingRoom": room() });
  renderApp({ route: "/all-classes", routes: catalog, auth });

  await screen.findByRole("heading", { name: "All Classes" });
  // Once the app knows the room is on.
  await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/waitingRoom", expect.anything()));
  await act(() => fetch.mock.results[0].value);
  expect(screen.queryByText(/takes families in turn/)).not.toBeInTheDocument();
});

test("a page left open before an opening meets the line as it forms", async () => {
  jest.useFakeTimers();
  const soon = new Date(Date.now() + 10 * 60 * 1000).toISOString();
  const off = room({ active: false, admitted: true, opensAt: soon, pollSeconds: 30 });
  let asked = 0;
  global.fetch = jest.fn((url, init) => {
    asked += 1;
    return answerFor(url, init, 200, asked === 1 ? off : room({ opensAt: soon }));
  });
  renderApp({ route: "/all-classes", routes: catalog, auth: visitor });
  await screen.findByRole("heading", { name: "All Classes" });
  await act(() => global.fetch.mock.results[0].value);
  expect(screen.queryByText(/takes families in turn/)).not.toBeInTheDocument();

  await act(async () => jest.advanceTimersByTime(29_000));
  expect(asked).toBe(1);
  expect(await screen.findByText(/Summer registration takes families in turn/)).toBeVisible();
  expect(asked).toBe(2);
  jest.useRealTimers();
});

test("far from any opening, or once the line has formed, the room is not asked again", () => {
  const inDays = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
  const inMinutes = new Date(Date.now() + 5 * 60 * 1000).toISOString();
  const off = { ...ROOM_OFF, pollSeconds: 30 };

  expect(untilTheLineForms({ ...off, opensAt: inMinutes })).toBe(30_000);
  expect(untilTheLineForms({ ...off, opensAt: inDays })).toBe(0);
  expect(untilTheLineForms({ ...off, opensAt: OPENED })).toBe(0);
  expect(untilTheLineForms(off)).toBe(0);
  expect(untilTheLineForms(room({ opensAt: inMinutes }))).toBe(0);
  expect(untilTheLineForms(undefined)).toBe(0);
});
