import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeSelection } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MySelectedClassesPage } from "./MySelectedClassesPage";

const mySelections = "/selectClass?email=student%40camp.test";

const watercolor = makeSelection();
const pottery = makeSelection({ _id: 12, classId: 4, nameClass: "Pottery Wheel", price: 120 });

function renderPage() {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/my-selected-classes", element: <MySelectedClassesPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route: "/dashboard/my-selected-classes", auth: signedIn("student") },
  );
  return { ...rendered, user: userEvent.setup() };
}

function card(name) {
  return within(screen.getByRole("article", { name }));
}

function requests(fetch) {
  return fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
}

test("each selected class shows its picture, name, instructor, seats and price", async () => {
  const fetch = stubApi({ [mySelections]: [watercolor, pottery] });
  renderPage();

  expect(await screen.findByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
  expect(document.title).toBe("My Selected Classes | Camp");
  expect(requests(fetch)).toEqual([`GET /api${mySelections}`]);
  const image = card("Watercolor Basics").getByRole("img", { name: "Watercolor Basics" });
  expect(image).toHaveAttribute("src", watercolor.image);
  expect(image).toHaveAttribute("loading", "lazy");
  expect(card("Watercolor Basics").getByText("Ada Brush")).toBeInTheDocument();
  expect(card("Watercolor Basics").getByText("4")).toBeInTheDocument();
  expect(card("Watercolor Basics").getByText("$45.50")).toBeInTheDocument();
  expect(card("Pottery Wheel").getByText("$120.00")).toBeInTheDocument();
});

test("Pay leads to the payment page of that selection", async () => {
  stubApi({ [mySelections]: [watercolor, pottery] });
  const { user, router } = renderPage();
  await screen.findByRole("article", { name: "Pottery Wheel" });

  const pay = card("Pottery Wheel").getByRole("link", { name: "Pay" });
  expect(pay).toHaveAttribute("href", "/dashboard/payment/12");
  await user.click(pay);

  expect(router.state.location.pathname).toBe("/dashboard/payment/12");
});

test("Delete asks first and, once confirmed, removes the selection and its card", async () => {
  const answers = { [mySelections]: [watercolor, pottery], "/selectClass/11": { deletedCount: 1 } };
  const fetch = stubApi(answers);
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Watercolor Basics" });

  await user.click(card("Watercolor Basics").getByRole("button", { name: "Delete" }));
  const dialog = screen.getByRole("dialog", {
    name: "Remove Watercolor Basics from your selected classes?",
  });
  expect(requests(fetch)).not.toContain("DELETE /api/selectClass/11");
  // What the server lists once the selection is gone.
  answers[mySelections] = [pottery];
  await user.click(within(dialog).getByRole("button", { name: "Remove" }));

  await waitFor(() =>
    expect(screen.queryByRole("article", { name: "Watercolor Basics" })).not.toBeInTheDocument(),
  );
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(screen.getByRole("article", { name: "Pottery Wheel" })).toBeInTheDocument();
  expect(requests(fetch)).toContain("DELETE /api/selectClass/11");
  expect(screen.getByRole("heading", { level: 1, name: "My Selected Classes" })).toHaveFocus();
});

test("cancelling the confirmation keeps the selection", async () => {
  const fetch = stubApi({ [mySelections]: [watercolor] });
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Watercolor Basics" });

  await user.click(card("Watercolor Basics").getByRole("button", { name: "Delete" }));
  await user.click(screen.getByRole("button", { name: "Cancel" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(screen.getByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
  expect(requests(fetch).some((request) => request.startsWith("DELETE"))).toBe(false);
});

test("a refused delete is shown and the card stays", async () => {
  stubApi({
    [mySelections]: [watercolor],
    "/selectClass/11": respond(404, { message: "No such selected class." }),
  });
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Watercolor Basics" });

  await user.click(card("Watercolor Basics").getByRole("button", { name: "Delete" }));
  await user.click(screen.getByRole("button", { name: "Remove" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("No such selected class.");
  expect(screen.getByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
});

test("with nothing selected the page says so and points to the classes", async () => {
  stubApi({ [mySelections]: [] });
  renderPage();

  expect(await screen.findByText(/You have not selected any classes yet\./)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Browse all classes" })).toHaveAttribute(
    "href",
    "/all-classes",
  );
});

test("the page and its dialog have no serious accessibility violations", async () => {
  stubApi({ [mySelections]: [watercolor, pottery] });
  const { user } = renderPage();
  await screen.findByRole("article", { name: "Pottery Wheel" });
  await expectNoSeriousA11yViolations();

  await user.click(card("Pottery Wheel").getByRole("button", { name: "Delete" }));
  await expectNoSeriousA11yViolations();
});
