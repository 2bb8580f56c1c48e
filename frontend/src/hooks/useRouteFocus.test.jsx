import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef } from "react";
import { Link, Outlet } from "react-router-dom";

import { RouteAnnouncer } from "../components/layout/RouteAnnouncer";
import { renderRoutes } from "../testing/renderWithProviders";
import { useRouteFocus } from "./useRouteFocus";
import { useTitle } from "./useTitle";

function Layout() {
  const main = useRef(null);
  const announcement = useRouteFocus(main);
  return (
    <>
      <nav>
        <Link to="/classes">All Classes</Link>
        <Link to="/empty">Empty</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
      <RouteAnnouncer announcement={announcement} />
    </>
  );
}

function Page({ title }) {
  useTitle(title);
  return <h1>{title}</h1>;
}

const routes = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <Page title="Home" /> },
      { path: "/classes", element: <Page title="All Classes" /> },
      { path: "/empty", element: <p>Nothing here</p> },
    ],
  },
];

async function nextFrame() {
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

test("the first page leaves focus where the browser puts it", async () => {
  renderRoutes(routes, { route: "/" });
  await nextFrame();

  expect(document.activeElement).toBe(document.body);
});

test("after a move, focus is on the new page's heading and its title is announced", async () => {
  renderRoutes(routes, { route: "/" });

  await userEvent.click(screen.getByRole("link", { name: "All Classes" }));
  await nextFrame();

  const heading = screen.getByRole("heading", { name: "All Classes" });
  expect(document.activeElement).toBe(heading);
  expect(heading).toHaveAttribute("tabindex", "-1");
  expect(screen.getByText("All Classes | Camp", { selector: "[aria-live]" })).toBeInTheDocument();
});

test("a page without a heading gets focus on main, never the body", async () => {
  renderRoutes(routes, { route: "/" });

  await userEvent.click(screen.getByRole("link", { name: "Empty" }));
  await nextFrame();

  expect(document.activeElement).toBe(screen.getByRole("main"));
});

// A second layout with a focus hook of its own, as the dashboard's beside the public pages'.
function DashboardFrame() {
  const main = useRef(null);
  const announcement = useRouteFocus(main);
  return (
    <>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
      <RouteAnnouncer announcement={announcement} />
    </>
  );
}

function Notice() {
  return <Link to="/dashboard">Go to My Selected Classes</Link>;
}

test("a move into another layout puts focus on its page's heading, not the body", async () => {
  renderRoutes(
    [
      { element: <Layout />, children: [{ path: "/", element: <Notice /> }] },
      {
        element: <DashboardFrame />,
        children: [{ path: "/dashboard", element: <Page title="My Selected Classes" /> }],
      },
    ],
    { route: "/" },
  );

  await userEvent.click(screen.getByRole("link", { name: "Go to My Selected Classes" }));
  await nextFrame();

  expect(screen.getByRole("heading", { name: "My Selected Classes" })).toHaveFocus();
});
