import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { listPage, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { categories, makeChance, makeScheduledClass, myself } from "../../../testing/fixtures";
import { renderWithProviders, signedIn } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

// Last summer, whenever the tests run: a class that has ended.
const LAST_YEAR = new Date().getFullYear() - 1;

// Still to come: the catalog, as the server answers it without `when`.
const comingClay = makeScheduledClass({ nameClass: "Clay Critters" });
// Ended last summer: the archive's.
const lastSummer = makeScheduledClass({
  nameClass: "Last Summer's Watercolor",
  startDate: `${LAST_YEAR}-06-15`,
  endDate: `${LAST_YEAR}-06-19`,
  registrationOpen: false,
});

const catalogPage = "/classes?status=Approved&ordering=soonest&page=1&page_size=24";
const archivePage = "/classes?status=Approved&when=past&ordering=soonest&page=1&page_size=24";

function renderAt(route, auth) {
  const rendered = renderWithProviders(<ClassesPage />, { route, path: "/all-classes", auth });
  return { ...rendered, user: userEvent.setup() };
}

test("the catalog asks for the classes still to come; Past classes asks for the archive", async () => {
  const fetch = stubApi({
    "/categories": categories,
    [catalogPage]: listPage([comingClay], 1),
    [archivePage]: listPage([lastSummer], 1),
  });
  const { router, user } = renderAt("/all-classes");
  await screen.findByRole("article", { name: "Clay Critters" });
  expect(screen.getByLabelText("Show")).toHaveValue("");

  await user.selectOptions(screen.getByLabelText("Show"), "Past classes (archive)");

  expect(router.state.location.search).toBe("?when=past");
  const card = await screen.findByRole("article", { name: "Last Summer's Watercolor" });
  expect(screen.queryByRole("article", { name: "Clay Critters" })).not.toBeInTheDocument();
  // No button that cannot be pressed: the card says the class has ended.
  expect(within(card).getByText("This class has ended.")).toBeInTheDocument();
  expect(within(card).queryByRole("button")).not.toBeInTheDocument();
  expect(within(card).getByRole("link", { name: "Last Summer's Watercolor" })).toHaveAttribute(
    "href",
    `/classes/${lastSummer._id}`,
  );
  // In the archive the default sort reads as what it is there.
  expect(screen.getByLabelText("Sort by")).toHaveDisplayValue("Most recently ended");
  const requested = fetch.mock.calls.map(([url]) => url).filter((url) => url.includes("/classes?"));
  expect(requested).toEqual([`/api${catalogPage}`, `/api${archivePage}`]);
});

test("an archive address opens the archive, and clearing the filters goes back to the catalog", async () => {
  stubApi({
    "/categories": categories,
    [catalogPage]: listPage([comingClay], 1),
    [archivePage]: listPage([lastSummer], 1),
  });
  const { router, user } = renderAt("/all-classes?when=past");

  await screen.findByRole("article", { name: "Last Summer's Watercolor" });
  expect(screen.getByLabelText("Show")).toHaveValue("past");
  expect(screen.getByText(/Classes that have ended, the most recent first/)).toBeInTheDocument();
  await expectNoSeriousA11yViolations(document.body);

  await user.click(screen.getByRole("button", { name: "Clear filters" }));

  expect(router.state.location.search).toBe("");
  expect(await screen.findByRole("article", { name: "Clay Critters" })).toBeInTheDocument();
});

test("a family is not asked who could take the archive's classes", async () => {
  const fetch = stubApi({
    "/categories": categories,
    "/participants": [myself],
    [archivePage]: listPage([lastSummer], 1),
    [catalogPage]: listPage([comingClay], 1),
    [`/eligibility?classIds=${comingClay._id}`]: {
      classes: { [comingClay._id]: [makeChance(myself)] },
    },
  });
  const { user } = renderAt("/all-classes?when=past", signedIn("student"));
  const asked = () =>
    fetch.mock.calls.map(([url]) => url).filter((url) => url.includes("eligibility"));

  await screen.findByRole("article", { name: "Last Summer's Watercolor" });
  expect(screen.getByText("This class has ended.")).toBeInTheDocument();
  // The catalog, by contrast, asks once the family is known.
  await user.selectOptions(screen.getByLabelText("Show"), "Classes still to come");
  await screen.findByRole("article", { name: "Clay Critters" });
  await waitFor(() => expect(asked()).toHaveLength(1));
  expect(asked()[0]).toContain(`classIds=${comingClay._id}`);
});
