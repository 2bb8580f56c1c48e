import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";

import { useDeleteSelection } from "../../api/selections";
import { respond, stubApi } from "../../testing/api";
import { expectNoSeriousA11yViolations } from "../../testing/axe";
import { makeCheckoutLine } from "../../testing/fixtures";
import { renderRoutes, signedIn, visitor } from "../../testing/renderWithProviders";
import { CartBar, formatCartTotal } from "./CartBar";

// Mia's and Leo's classes, priced together: Leo, the second child, has the sibling discount.
const CART = {
  count: 2,
  total: 192,
  lines: [
    {
      selectionId: 11,
      classId: 3,
      className: "Watercolor Basics",
      participantId: 7,
      participantName: "Mia Lopez",
      listPrice: 112,
      adjustments: [],
      price: 112,
    },
    {
      selectionId: 12,
      classId: 4,
      className: "Pottery Wheel",
      participantId: 8,
      participantName: "Leo Lopez",
      listPrice: 100,
      adjustments: [{ kind: "sibling", label: "Sibling discount", amount: -20 }],
      price: 80,
    },
  ],
};

const OPENED = {
  id: 5,
  status: "open",
  lines: [makeCheckoutLine()],
  promoCode: null,
  promoCodeProblem: "",
  credit: 0,
  total: 192,
  later: 0,
  holdExpiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
  clientSecret: "seti_9_secret_abc",
};

// A page with the bar below it, and a way to drop Mia's class as My Selected Classes does.
function Page() {
  const deleteSelection = useDeleteSelection("student@camp.test");
  const [gone, setGone] = useState(false);
  return (
    <>
      <main>
        <h1>All classes</h1>
        <button
          type="button"
          disabled={gone}
          onClick={() => deleteSelection(11).then(() => setGone(true))}
        >
          Drop Watercolor
        </button>
      </main>
      <CartBar />
    </>
  );
}

function renderBar({ auth = signedIn("student"), route = "/all-classes" } = {}) {
  const rendered = renderRoutes(
    [
      { path: "/all-classes", element: <Page /> },
      { path: "/dashboard/my-selected-classes", element: <Page /> },
      { path: "/dashboard/checkout/:id", element: <h1>Checkout page</h1> },
    ],
    { route, auth },
  );
  return { ...rendered, user: userEvent.setup() };
}

function bar() {
  return screen.queryByRole("region", { name: "Your cart" });
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
}

test("the bar says how many classes are selected and what their checkout costs", async () => {
  const fetch = stubApi({ "/cart": CART });
  renderBar();

  const checkout = await screen.findByRole("button", { name: "Checkout (2) · $192" });
  expect(within(bar()).getByRole("button")).toBe(checkout);
  expect(requests(fetch)).toEqual(["GET /api/cart"]);
  // Room is kept below the page, as tall as the bar, so that it covers nothing at the end.
  expect(bar().previousElementSibling).toHaveAttribute("aria-hidden", "true");
  expect(bar().previousElementSibling).toHaveStyle({ height: "4.5rem" });
});

test("a total with cents shows them", () => {
  expect(formatCartTotal(192)).toBe("$192");
  expect(formatCartTotal(1432.5)).toBe("$1,432.50");
  expect(formatCartTotal(0.05)).toBe("$0.05");
});

test("with nothing selected there is no bar", async () => {
  const fetch = stubApi({ "/cart": { count: 0, total: 0, lines: [] } });
  renderBar();

  await waitFor(() => expect(requests(fetch)).toEqual(["GET /api/cart"]));
  expect(bar()).not.toBeInTheDocument();
});

test.each([
  ["a visitor", visitor],
  ["an instructor", signedIn("instructor")],
  ["an admin", signedIn("admin")],
])("%s has no cart, and nothing is asked", async (_, auth) => {
  const fetch = stubApi({ "/cart": CART });
  renderBar({ auth });

  await screen.findByRole("heading", { name: "All classes" });
  expect(bar()).not.toBeInTheDocument();
  expect(fetch).not.toHaveBeenCalled();
});

test("the pages that are the cart already show no bar", async () => {
  const fetch = stubApi({ "/cart": CART });
  renderBar({ route: "/dashboard/my-selected-classes" });

  await waitFor(() => expect(requests(fetch)).toEqual(["GET /api/cart"]));
  expect(bar()).not.toBeInTheDocument();
});

test("a selection removed is counted out, its discount worked out again by the server", async () => {
  const answers = { "/cart": CART, "/selectClass/11": { deletedCount: 1 } };
  const fetch = stubApi(answers);
  const { user } = renderBar();
  await screen.findByRole("button", { name: "Checkout (2) · $192" });
  answers["/cart"] = {
    count: 1,
    total: 100,
    lines: [{ ...CART.lines[1], adjustments: [], price: 100 }],
  };

  await user.click(screen.getByRole("button", { name: "Drop Watercolor" }));

  expect(await screen.findByRole("button", { name: "Checkout (1) · $100" })).toBeInTheDocument();
  expect(requests(fetch)).toEqual(["GET /api/cart", "DELETE /api/selectClass/11", "GET /api/cart"]);
});

test("the bar opens one checkout of every selected class", async () => {
  const fetch = stubApi({ "/cart": CART, "POST /checkouts": respond(201, OPENED) });
  const { user, router } = renderBar();

  await user.click(await screen.findByRole("button", { name: "Checkout (2) · $192" }));

  await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/checkout/5"));
  const posted = fetch.mock.calls.filter(([, init]) => init?.method === "POST");
  expect(posted.map(([url, init]) => [url, JSON.parse(init.body)])).toEqual([
    [
      "/api/checkouts",
      {
        items: [
          { classId: 3, participantId: 7 },
          { classId: 4, participantId: 8 },
        ],
        applyCredit: false,
      },
    ],
  ]);
});

test("a class that can no longer be held is named, with the way to the selected classes", async () => {
  stubApi({
    "/cart": CART,
    "POST /checkouts": respond(409, {
      message: "Leo Lopez, Pottery Wheel: This class is full.",
      code: "class_full",
      line: 1,
      classId: 4,
      participantId: 8,
    }),
  });
  const { user, router } = renderBar();

  await user.click(await screen.findByRole("button", { name: "Checkout (2) · $192" }));

  expect(await within(bar()).findByRole("alert")).toHaveTextContent(
    "Leo Lopez, Pottery Wheel: This class is full.",
  );
  expect(within(bar()).getByRole("link", { name: "See my selected classes" })).toHaveAttribute(
    "href",
    "/dashboard/my-selected-classes",
  );
  expect(router.state.location.pathname).toBe("/all-classes");
  expect(screen.getByRole("button", { name: "Checkout (2) · $192" })).toBeEnabled();
});

test("the bar is reached from the keyboard and has no serious accessibility violations", async () => {
  stubApi({ "/cart": CART });
  const { user } = renderBar();
  const checkout = await screen.findByRole("button", { name: "Checkout (2) · $192" });

  await user.tab();
  await user.tab();

  expect(checkout).toHaveFocus();
  await expectNoSeriousA11yViolations();
  document.documentElement.dataset.bsTheme = "dark";
  try {
    await expectNoSeriousA11yViolations();
  } finally {
    delete document.documentElement.dataset.bsTheme;
  }
});
