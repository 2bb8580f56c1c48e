import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link } from "react-router-dom";

import { renderRoutes } from "../testing/renderWithProviders";

// jsdom lays nothing out: the page's scroll position is set by hand, as a person's scrolling would.
function scrollPageTo(y) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}

const routes = [
  {
    path: "/",
    element: (
      <>
        <h1>Classes</h1>
        <Link to="/classes/7">Clay Creatures</Link>
        <Link to="/about#studio">Our studio</Link>
      </>
    ),
  },
  { path: "/classes/7", element: <h1>Clay Creatures</h1> },
  {
    path: "/about",
    element: (
      <>
        <h1>About</h1>
        <h2 id="studio">The studio</h2>
      </>
    ),
  },
];

let scrollTo;
beforeEach(() => {
  scrollTo = jest.spyOn(window, "scrollTo").mockImplementation(() => {});
  Element.prototype.scrollIntoView = jest.fn();
});

afterEach(() => {
  scrollTo.mockRestore();
  delete Element.prototype.scrollIntoView;
  scrollPageTo(0);
});

test("a new page starts at its top, and Back returns to where the person was", async () => {
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, { route: "/" });
  scrollPageTo(640);

  await user.click(screen.getByRole("link", { name: "Clay Creatures" }));
  expect(await screen.findByRole("heading", { name: "Clay Creatures" })).toBeInTheDocument();
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

  scrollPageTo(120);
  await act(() => router.navigate(-1));

  expect(await screen.findByRole("heading", { name: "Classes" })).toBeInTheDocument();
  expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
});

test("a link to a part of a page scrolls to that part", async () => {
  const user = userEvent.setup();
  renderRoutes(routes, { route: "/" });

  await user.click(screen.getByRole("link", { name: "Our studio" }));

  const part = await screen.findByRole("heading", { name: "The studio" });
  expect(part.scrollIntoView).toHaveBeenCalled();
});
