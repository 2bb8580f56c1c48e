import { screen, within } from "@testing-library/react";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeClass } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

const approved = makeClass({ nameClass: "Watercolor Basics", status: "Approved" });
const soldOut = makeClass({ nameClass: "Pottery Wheel", status: "Approved", seats: 0 });
const pending = makeClass({ nameClass: "Secret Sculpture", status: "Pending" });
const denied = makeClass({ nameClass: "Rejected Origami", status: "Denied" });

function renderPage() {
  return renderWithProviders(<ClassesPage />, { route: "/all-classes" });
}

test("the page lists only approved classes from the server", async () => {
  const fetch = stubApi({ "/classes": [approved, pending, soldOut, denied] });
  renderPage();

  expect(screen.getByRole("status")).toHaveTextContent("Loading classes…");
  const list = await screen.findByRole("list");
  const names = within(list)
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.textContent);
  expect(names).toEqual(["Watercolor Basics", "Pottery Wheel"]);
  expect(fetch).toHaveBeenCalledWith("/api/classes", expect.anything());
  expect(document.title).toBe("All Classes | Camp");
  expect(screen.getByRole("heading", { level: 1, name: "All Classes" })).toBeInTheDocument();
});

test("the page says so when no class is approved yet", async () => {
  stubApi({ "/classes": [pending] });
  renderPage();

  expect(await screen.findByText("No classes are open yet.")).toBeInTheDocument();
});

test("a failed request shows an alert", async () => {
  stubApi({ "/classes": respond(500, { message: "Server error." }) });
  renderPage();

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("The classes could not be loaded.");
  expect(alert).toHaveTextContent("Server error.");
});

test("the loaded page has no serious accessibility violations", async () => {
  stubApi({ "/classes": [approved, soldOut] });
  renderPage();
  await screen.findByRole("list");

  await expectNoSeriousA11yViolations();
});
