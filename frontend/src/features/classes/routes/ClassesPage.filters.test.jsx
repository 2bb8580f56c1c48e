import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useSWRConfig } from "swr";

import { revalidateClassLists } from "../../../api/classes";
import { listPage, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { categories, makeScheduledClass } from "../../../testing/fixtures";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { TYPING_DELAY_MS } from "../hooks/useTypedFilter";
import { ClassesPage } from "./ClassesPage";

const watercolor = makeScheduledClass({ nameClass: "Watercolor Basics" });
const clay = makeScheduledClass({
  nameClass: "Clay Critters",
  category: "pottery-ceramics",
  categoryName: "Pottery & ceramics",
});

// The API path of the first page of the approved classes under `filters` ("a=1&b=2"); the
// sort goes last, soonest first unless the filters name another.
function firstPageWith(filters = "") {
  const sorted = filters.includes("ordering=")
    ? filters
    : [filters, "ordering=soonest"].filter(Boolean).join("&");
  return `/classes?status=Approved&${sorted}&page=1&page_size=24`;
}

function classRequests(fetch) {
  return fetch.mock.calls
    .map(([url]) => url)
    .filter((url) => url.startsWith("/api/classes"))
    .map((url) => url.slice("/api".length));
}

function renderAt(route = "/all-classes", extra = null) {
  const rendered = renderWithProviders(
    <>
      <ClassesPage />
      {extra}
    </>,
    { route, path: "/all-classes" },
  );
  return { ...rendered, user: userEvent.setup() };
}

function search(router) {
  return router.state.location.search;
}

test("an address with filters sets every control and asks the server for that list", async () => {
  const filters =
    "search=clay&category=pottery-ceramics&age=9&day=wed&partOfDay=morning" +
    "&startsAfter=2027-06-01&startsBefore=2027-06-30&minPrice=10&maxPrice=80.5" +
    "&hasSeats=true&ordering=-price";
  const fetch = stubApi({
    "/categories": categories,
    [firstPageWith(filters)]: listPage([clay], 1),
  });
  renderAt(`/all-classes?${filters}`);

  expect(await screen.findByRole("article", { name: "Clay Critters" })).toBeInTheDocument();
  expect(classRequests(fetch)).toEqual([firstPageWith(filters)]);
  expect(screen.getByLabelText("Search classes")).toHaveValue("clay");
  await waitFor(() => expect(screen.getByLabelText("Category")).toHaveValue("pottery-ceramics"));
  expect(screen.getByRole("option", { name: "Pottery & ceramics" }).selected).toBe(true);
  expect(screen.getByLabelText("Fits age")).toHaveValue(9);
  expect(screen.getByLabelText("Meets on")).toHaveValue("wed");
  expect(screen.getByLabelText("Time of day")).toHaveValue("morning");
  expect(screen.getByLabelText("Starts on or after")).toHaveValue("2027-06-01");
  expect(screen.getByLabelText("Starts on or before")).toHaveValue("2027-06-30");
  expect(screen.getByLabelText("Min price ($)")).toHaveValue(10);
  expect(screen.getByLabelText("Max price ($)")).toHaveValue(80.5);
  expect(screen.getByLabelText("Only classes with seats left")).toBeChecked();
  expect(screen.getByLabelText("Sort by")).toHaveValue("-price");
});

test("without filters the page asks as before and sorts by soonest start", async () => {
  const fetch = stubApi({
    "/categories": categories,
    [firstPageWith()]: listPage([watercolor], 1),
  });
  renderAt();

  await screen.findByRole("article", { name: "Watercolor Basics" });
  expect(classRequests(fetch)).toEqual([firstPageWith()]);
  expect(screen.getByLabelText("Sort by")).toHaveValue("soonest");
  expect(screen.queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument();
});

test("values the server would refuse are left out of the request", async () => {
  const fetch = stubApi({
    "/categories": categories,
    [firstPageWith("age=7")]: listPage([watercolor], 1),
  });
  renderAt(
    "/all-classes?age=7&day=funday&partOfDay=night&startsAfter=2027-02-30&minPrice=-3" +
      "&hasSeats=maybe&ordering=soonest&category=<b>",
  );

  await screen.findByRole("article", { name: "Watercolor Basics" });
  expect(classRequests(fetch)).toEqual([firstPageWith("age=7")]);
  expect(screen.getByLabelText("Meets on")).toHaveValue("");
});

test("choosing a filter or a sort adds a history entry and asks for the new list", async () => {
  const fetch = stubApi({
    "/categories": categories,
    [firstPageWith()]: listPage([watercolor, clay], 2),
    [firstPageWith("category=pottery-ceramics")]: listPage([clay], 1),
    [firstPageWith("category=pottery-ceramics&ordering=price")]: listPage([clay], 1),
  });
  const { router, user } = renderAt();
  await screen.findByRole("article", { name: "Watercolor Basics" });
  await screen.findByRole("option", { name: "Pottery & ceramics" });

  await user.selectOptions(screen.getByLabelText("Category"), "pottery-ceramics");

  expect(search(router)).toBe("?category=pottery-ceramics");
  expect(router.state.historyAction).toBe("PUSH");
  await waitFor(() =>
    expect(screen.queryByRole("article", { name: "Watercolor Basics" })).not.toBeInTheDocument(),
  );
  expect(screen.getByRole("article", { name: "Clay Critters" })).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText("Sort by"), "Price: low to high");

  expect(search(router)).toBe("?category=pottery-ceramics&ordering=price");
  await waitFor(() =>
    expect(classRequests(fetch)).toContain(
      firstPageWith("category=pottery-ceramics&ordering=price"),
    ),
  );

  // The default sort is the address without one.
  await user.selectOptions(screen.getByLabelText("Sort by"), "Soonest start");
  expect(search(router)).toBe("?category=pottery-ceramics");

  // Back undoes one choice at a time, and the controls follow.
  await act(() => router.navigate(-1));
  expect(screen.getByLabelText("Sort by")).toHaveValue("price");
  await act(() => router.navigate(-1));
  await act(() => router.navigate(-1));
  expect(search(router)).toBe("");
  expect(screen.getByLabelText("Category")).toHaveValue("");
  expect(await screen.findByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
});

test("the seats checkbox and the dates write the address", async () => {
  stubApi({ "/categories": categories, [firstPageWith()]: listPage([watercolor], 1) });
  const { router, user } = renderAt();
  await screen.findByRole("article", { name: "Watercolor Basics" });

  await user.click(screen.getByLabelText("Only classes with seats left"));
  expect(search(router)).toBe("?hasSeats=true");

  await user.type(screen.getByLabelText("Starts on or after"), "2027-07-01");
  await waitFor(() => expect(search(router)).toBe("?hasSeats=true&startsAfter=2027-07-01"));
  // The later date cannot come before the earlier one.
  await waitFor(() =>
    expect(screen.getByLabelText("Starts on or before")).toHaveAttribute("min", "2027-07-01"),
  );

  await user.click(screen.getByLabelText("Only classes with seats left"));
  expect(search(router)).toBe("?startsAfter=2027-07-01");
});

test("typing a search waits for a pause, then asks once for what was typed", async () => {
  jest.useFakeTimers();
  try {
    const fetch = stubApi({
      "/categories": categories,
      [firstPageWith()]: listPage([watercolor, clay], 2),
      [firstPageWith("search=clay")]: listPage([clay], 1),
    });
    const { router } = renderAt();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await screen.findByRole("article", { name: "Watercolor Basics" });

    await user.type(screen.getByLabelText("Search classes"), "clay");
    act(() => jest.advanceTimersByTime(TYPING_DELAY_MS - 1));

    expect(search(router)).toBe("");
    act(() => jest.advanceTimersByTime(1));
    expect(search(router)).toBe("?search=clay");
    expect(await screen.findByRole("article", { name: "Clay Critters" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Watercolor Basics" })).not.toBeInTheDocument();
    expect(classRequests(fetch)).toEqual([firstPageWith(), firstPageWith("search=clay")]);
    expect(screen.getByLabelText("Search classes")).toHaveValue("clay");
  } finally {
    jest.useRealTimers();
  }
});

test("one burst of typing is one history entry: Back returns to the list before it", async () => {
  stubApi({
    "/categories": categories,
    [firstPageWith()]: listPage([watercolor, clay], 2),
    [firstPageWith("search=clay")]: listPage([clay], 1),
    [firstPageWith("search=clay+critters")]: listPage([clay], 1),
  });
  const { router, user } = renderAt();
  await screen.findByRole("article", { name: "Watercolor Basics" });
  const box = screen.getByLabelText("Search classes");

  await user.type(box, "clay");
  await waitFor(() => expect(search(router)).toBe("?search=clay"));
  expect(router.state.historyAction).toBe("PUSH");

  await user.type(box, " critters");
  await waitFor(() => expect(search(router)).toBe("?search=clay+critters"));
  // The rest of the typing replaced the entry the burst began.
  expect(router.state.historyAction).toBe("REPLACE");

  await act(() => router.navigate(-1));

  expect(search(router)).toBe("");
  expect(box).toHaveValue("");
  expect(await screen.findByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
});

test("Enter sends the search at once", async () => {
  stubApi({
    "/categories": categories,
    [firstPageWith()]: listPage([watercolor], 1),
    [firstPageWith("search=paint")]: listPage([watercolor], 1),
  });
  const { router, user } = renderAt();
  await screen.findByRole("article", { name: "Watercolor Basics" });

  await user.type(screen.getByLabelText("Search classes"), "paint{Enter}");

  expect(search(router)).toBe("?search=paint");
});

test("no match says so, and Clear filters keeps the sort and starts a new search", async () => {
  stubApi({
    "/categories": categories,
    [firstPageWith("search=glass&day=sun&ordering=popular")]: listPage([], 0),
    [firstPageWith("ordering=popular")]: listPage([watercolor], 1),
  });
  const { router, user } = renderAt("/all-classes?search=glass&day=sun&ordering=popular");

  expect(await screen.findByText("No classes match these filters.")).toBeInTheDocument();
  expect(screen.queryByText("No classes are open yet.")).not.toBeInTheDocument();
  const clearButtons = screen.getAllByRole("button", { name: "Clear filters" });
  expect(clearButtons).toHaveLength(2);

  await user.click(clearButtons[1]);

  expect(search(router)).toBe("?ordering=popular");
  expect(await screen.findByRole("article", { name: "Watercolor Basics" })).toBeInTheDocument();
  const box = screen.getByLabelText("Search classes");
  expect(box).toHaveValue("");
  expect(box).toHaveFocus();
  expect(screen.getByLabelText("Meets on")).toHaveValue("");
  expect(screen.getByLabelText("Sort by")).toHaveValue("popular");
});

test("on a phone the filters fold behind a Filters button that says how many are in use", async () => {
  stubApi({
    "/categories": categories,
    [firstPageWith("age=9&hasSeats=true")]: listPage([watercolor], 1),
  });
  const { user } = renderAt("/all-classes?age=9&hasSeats=true");
  await screen.findByRole("article", { name: "Watercolor Basics" });

  const toggle = screen.getByRole("button", { name: "Filters 2 in use" });
  expect(toggle.parentElement).toHaveClass("d-md-none");
  expect(toggle).toHaveAttribute("aria-expanded", "false");
  const panel = document.getElementById(toggle.getAttribute("aria-controls"));
  expect(panel).toContainElement(screen.getByLabelText("Fits age"));
  // Folded on a phone; from the md breakpoint up it always shows.
  expect(panel).toHaveClass("d-none", "d-md-block");
  // Search and sort stay in view either way.
  expect(panel).not.toContainElement(screen.getByLabelText("Search classes"));
  expect(panel).not.toContainElement(screen.getByLabelText("Sort by"));

  await user.click(toggle);

  expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect(panel).not.toHaveClass("d-none");
  expect(panel).toHaveClass("d-md-block");

  await user.click(toggle);

  expect(toggle).toHaveAttribute("aria-expanded", "false");
  expect(panel).toHaveClass("d-none");
});

test("a filtered list is asked for again after a class changes elsewhere", async () => {
  const answers = {
    "/categories": categories,
    [firstPageWith("search=clay")]: listPage([clay], 1),
  };
  const fetch = stubApi(answers);
  let mutate;
  function Revalidator() {
    ({ mutate } = useSWRConfig());
    return null;
  }
  renderAt("/all-classes?search=clay", <Revalidator />);
  await screen.findByRole("article", { name: "Clay Critters" });
  const newlyApproved = makeScheduledClass({ nameClass: "Clay Whistles" });
  answers[firstPageWith("search=clay")] = listPage([clay, newlyApproved], 2);
  fetch.mockClear();

  await act(() => revalidateClassLists(mutate));

  expect(await screen.findByRole("article", { name: "Clay Whistles" })).toBeInTheDocument();
  expect(classRequests(fetch)).toContain(firstPageWith("search=clay"));
});

test("the search form and its filters have no serious accessibility violations", async () => {
  stubApi({
    "/categories": categories,
    [firstPageWith("hasSeats=true")]: listPage([watercolor, clay], 2),
  });
  renderAt("/all-classes?hasSeats=true");
  await screen.findByRole("article", { name: "Watercolor Basics" });

  expect(screen.getByRole("search", { name: "Find a class" })).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
  // The result count is read out when a filter changes it.
  expect(within(document.body).getByText("Showing 2 of 2 classes")).toHaveAttribute(
    "aria-live",
    "polite",
  );
});
