import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeSelection } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MySelectedClassesPage } from "./MySelectedClassesPage";

const mySelections = "/selectClass?email=student%40camp.test";

const watercolor = makeSelection();
const pottery = makeSelection({ _id: 12, classId: 4, nameClass: "Pottery Wheel", price: 120 });

// The two classes priced together, as GET /cart answers.
const CART = {
  count: 2,
  total: 165.5,
  lines: [watercolor, pottery].map((selection) => ({
    selectionId: selection._id,
    classId: selection.classId,
    className: selection.nameClass,
    participantId: selection.participantId,
    participantName: selection.participantName,
    listPrice: selection.price,
    adjustments: [],
    price: selection.price,
  })),
};

function renderPage(route = "/dashboard/my-selected-classes") {
  const rendered = renderRoutes(
    [
      { path: "/dashboard/my-selected-classes", element: <MySelectedClassesPage /> },
      { path: "*", element: <h1>Other page</h1> },
    ],
    { route, auth: signedIn("student") },
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
  const fetch = stubApi({ [mySelections]: [watercolor, pottery], "/cart": CART });
  renderPage();

  expect(await screen.findByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
  expect(document.title).toBe("My Selected Classes | Camp");
  // The list, then what its checkout costs (the panel at the top asks, once the list is in),
  // beside each class's add-ons and questions for the checkout.
  await waitFor(() =>
    expect(requests(fetch).filter((request) => !request.startsWith("GET /api/classes/"))).toEqual([
      `GET /api${mySelections}`,
      "GET /api/cart",
    ]),
  );
  expect(requests(fetch)).toEqual(
    expect.arrayContaining(["GET /api/classes/3", "GET /api/classes/4"]),
  );
  const image = card("Watercolor Basics").getByRole("img", { name: "Watercolor Basics" });
  expect(image).toHaveAttribute("src", watercolor.image);
  expect(image).toHaveAttribute("loading", "lazy");
  expect(card("Watercolor Basics").getByText("Ada Brush")).toBeInTheDocument();
  expect(card("Watercolor Basics").getByText("4")).toBeInTheDocument();
  expect(card("Watercolor Basics").getByText("$45.50")).toBeInTheDocument();
  expect(card("Pottery Wheel").getByText("$120.00")).toBeInTheDocument();
});

test("the page leads with checking out every class together, at the server's total", async () => {
  stubApi({ [mySelections]: [watercolor, pottery], "/cart": CART });
  renderPage();

  const together = await screen.findByRole("region", { name: "Check out together" });
  expect(await within(together).findByText(/^2 classes: \$165\.50/)).toBeInTheDocument();
  // First on the page: before any class's own row.
  const [firstRow] = screen.getAllByRole("article");
  expect(
    together.compareDocumentPosition(firstRow) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
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

describe("a family's selected classes", () => {
  const ana = { participantId: 1, participantName: "Ana Lopez" };
  const mia = { participantId: 7, participantName: "Mia Lopez" };
  const watercolorForAna = makeSelection({ ...ana });
  const potteryForMia = makeSelection({ _id: 12, classId: 4, nameClass: "Pottery Wheel", ...mia });
  const watercolorForMia = makeSelection({ _id: 13, ...mia });
  const miasSelections = `${mySelections}&participant=7`;

  function participantFilter() {
    return screen.queryByRole("combobox", { name: "Show" });
  }

  test("each card says whom the class is selected for, and its buttons name them", async () => {
    stubApi({ [mySelections]: [watercolorForAna, watercolorForMia, potteryForMia] });
    renderPage();

    const [forAna, forMia] = await screen.findAllByRole("article", { name: "Watercolor Basics" });
    expect(within(forAna).getByText("For").nextElementSibling).toHaveTextContent("Ana Lopez");
    expect(within(forMia).getByText("For").nextElementSibling).toHaveTextContent("Mia Lopez");
    expect(card("Pottery Wheel").getByText("Mia Lopez")).toBeVisible();
    expect(within(forMia).getByRole("link", { name: "Pay" })).toHaveAccessibleDescription(
      "Watercolor Basics Mia Lopez",
    );
  });

  test("removing asks about the class and the participant it is for", async () => {
    stubApi({ [mySelections]: [watercolorForAna, watercolorForMia] });
    const { user } = renderPage();
    const [, forMia] = await screen.findAllByRole("article", { name: "Watercolor Basics" });

    await user.click(within(forMia).getByRole("button", { name: "Delete" }));

    expect(
      screen.getByRole("dialog", {
        name: "Remove Watercolor Basics for Mia Lopez from your selected classes?",
      }),
    ).toBeInTheDocument();
  });

  test("with one participant named there is nothing to filter", async () => {
    stubApi({ [mySelections]: [watercolorForAna, makeSelection({ _id: 12, ...ana })] });
    renderPage();

    await screen.findAllByRole("article", { name: "Watercolor Basics" });
    expect(participantFilter()).not.toBeInTheDocument();
  });

  test("choosing a participant asks the server for their selections and keeps it in the address", async () => {
    const fetch = stubApi({
      [mySelections]: [watercolorForAna, watercolorForMia, potteryForMia],
      [miasSelections]: [watercolorForMia, potteryForMia],
    });
    const { user, router } = renderPage();
    await screen.findByRole("article", { name: "Pottery Wheel" });
    const filter = participantFilter();
    expect(
      within(filter)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Everyone", "Ana Lopez", "Mia Lopez"]);
    expect(filter).toHaveValue("");

    await user.selectOptions(filter, "Mia Lopez");

    await waitFor(() =>
      expect(screen.getAllByRole("article", { name: "Watercolor Basics" })).toHaveLength(1),
    );
    expect(requests(fetch)).toContain(`GET /api${miasSelections}`);
    expect(router.state.location.search).toBe("?participant=7");
    expect(screen.getAllByText("Mia Lopez", { selector: "dd" })).toHaveLength(2);
    expect(screen.queryByText("Ana Lopez", { selector: "dd" })).not.toBeInTheDocument();
    // Every participant stays on offer, to switch to another one or back to everyone.
    expect(within(participantFilter()).getAllByRole("option")).toHaveLength(3);

    await user.selectOptions(participantFilter(), "Everyone");

    expect(router.state.location.search).toBe("");
    expect(await screen.findAllByRole("article", { name: "Watercolor Basics" })).toHaveLength(2);
  });

  test("Back undoes the choice of a participant", async () => {
    stubApi({
      [mySelections]: [watercolorForAna, potteryForMia],
      [miasSelections]: [potteryForMia],
    });
    const { user, router } = renderPage();
    await screen.findByRole("article", { name: "Pottery Wheel" });
    await user.selectOptions(participantFilter(), "Mia Lopez");
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Watercolor Basics" })).not.toBeInTheDocument(),
    );

    await act(() => router.navigate(-1));

    expect(router.state.location.search).toBe("");
    expect(participantFilter()).toHaveValue("");
    expect(await screen.findByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
  });

  test("the participant in the address is asked for on arrival, as after a reload", async () => {
    const fetch = stubApi({
      [mySelections]: [watercolorForAna, potteryForMia],
      [miasSelections]: [potteryForMia],
    });
    renderPage("/dashboard/my-selected-classes?participant=7");

    expect(await screen.findByRole("article", { name: "Pottery Wheel" })).toBeInTheDocument();
    await waitFor(() => expect(participantFilter()).toHaveValue("7"));
    expect(screen.queryByRole("article", { name: "Watercolor Basics" })).not.toBeInTheDocument();
    expect(requests(fetch)).toContain(`GET /api${miasSelections}`);
  });

  test("a selection removed in a participant's list leaves it", async () => {
    const answers = {
      [mySelections]: [watercolorForAna, potteryForMia],
      [miasSelections]: [potteryForMia],
      "/selectClass/12": { deletedCount: 1 },
    };
    const fetch = stubApi(answers);
    const { user } = renderPage("/dashboard/my-selected-classes?participant=7");
    await screen.findByRole("article", { name: "Pottery Wheel" });
    answers[mySelections] = [watercolorForAna];
    answers[miasSelections] = [];

    await user.click(card("Pottery Wheel").getByRole("button", { name: "Delete" }));
    await user.click(screen.getByRole("button", { name: "Remove" }));

    expect(await screen.findByText("No selected classes for this participant.")).toBeVisible();
    expect(requests(fetch)).toContain("DELETE /api/selectClass/12");
    // Everyone's list, also cached, is asked again: the class left it too.
    expect(requests(fetch).filter((request) => request === `GET /api${mySelections}`)).toHaveLength(
      2,
    );
  });
});
