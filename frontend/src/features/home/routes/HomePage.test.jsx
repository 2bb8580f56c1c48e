import { screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";

import { fetcher } from "../../../lib/api";

import { respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import {
  makeClass,
  makeInstructor,
  makeMeetings,
  makeScheduledClass,
} from "../../../testing/fixtures";
import { renderBeforeEffects } from "../../../testing/renderBeforeEffects";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { HomePage } from "./HomePage";
import { expectSizedLazyImage } from "../../../testing/images";

const popular = [
  makeClass({ nameClass: "Clay Animals", enroll: 12 }),
  makeClass({ nameClass: "Paper Lanterns", enroll: 1 }),
];
const instructors = Array.from({ length: 8 }, () => makeInstructor());

function section(name) {
  return within(screen.getByRole("region", { name }));
}

test("home has its title, the hero and the About section", async () => {
  stubApi({ "/popularClasses": popular, "/instructors": instructors });
  renderWithProviders(<HomePage />);

  expect(document.title).toBe("Home | Camp");
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Camp");
  expect(screen.getByRole("heading", { name: "Unleash Your Creativity" })).toBeInTheDocument();
  expect(section("About Us").getByRole("link", { name: "More About Us" })).toHaveAttribute(
    "href",
    "/about",
  );
  await screen.findAllByRole("article");
});

test("home lists the popular classes from the server", async () => {
  stubApi({ "/popularClasses": popular, "/instructors": instructors });
  renderWithProviders(<HomePage />);

  const classes = section("Popular Classes");
  const clay = within(await classes.findByRole("article", { name: "Clay Animals" }));
  expect(clay.getByText("12 students enrolled")).toBeInTheDocument();
  expectSizedLazyImage(clay.getByRole("img", { name: "Clay Animals" }));
  expect(classes.getByText("1 student enrolled")).toBeInTheDocument();
});

test("home shows the first six instructors only", async () => {
  stubApi({ "/popularClasses": popular, "/instructors": instructors });
  renderWithProviders(<HomePage />);

  const instructorsSection = section("Most Popular Instructors");
  const names = (await instructorsSection.findAllByRole("heading", { level: 3 })).map(
    (heading) => heading.textContent,
  );
  expect(names).toEqual(instructors.slice(0, 6).map((instructor) => instructor.name));
  for (const photo of instructorsSection.getAllByRole("img")) expectSizedLazyImage(photo);
  expect(instructorsSection.getByRole("link", { name: "See all instructors" })).toHaveAttribute(
    "href",
    "/all-instructors",
  );
});

test("a failed section shows its own alert and leaves the rest of home alone", async () => {
  stubApi({ "/popularClasses": respond(500, { message: "Server error." }), "/instructors": [] });
  renderWithProviders(<HomePage />);

  expect(await section("Popular Classes").findByRole("alert")).toHaveTextContent(
    "The popular classes could not be loaded.",
  );
  expect(
    await section("Most Popular Instructors").findByText("No instructors have joined yet."),
  ).toBeInTheDocument();
});

test("home has no serious accessibility violations", async () => {
  stubApi({ "/popularClasses": popular, "/instructors": instructors });
  renderWithProviders(<HomePage />);
  await screen.findAllByRole("article", { name: /Instructor/ });

  await expectNoSeriousA11yViolations();
});

describe("Starting soon", () => {
  // The school's date, as the page asks with it (the device's zone is the school's here).
  const today = new Date().toLocaleDateString("en-CA");
  const startingSoon = `/classes?status=Approved&startsAfter=${today}&ordering=soonest&page=1&page_size=6`;
  const soon = [
    makeScheduledClass({ nameClass: "Morning Watercolor" }),
    makeScheduledClass({
      nameClass: "Teen Wheel Throwing",
      ageMin: 13,
      ageMax: 17,
      meetings: makeMeetings(["2027-06-21"], "13:00", "16:00"),
      meetingDays: ["mon"],
      startTime: "13:00",
      endTime: "16:00",
    }),
  ];

  test("lists the next classes to begin, soonest first, each linked to its page", async () => {
    const fetch = stubApi({
      "/popularClasses": popular,
      "/instructors": instructors,
      [startingSoon]: soon,
    });
    renderWithProviders(<HomePage />);

    const section = within(await screen.findByRole("region", { name: "Starting soon" }));
    const names = (await section.findAllByRole("heading", { level: 3 })).map(
      (heading) => heading.textContent,
    );
    expect(names).toEqual(["Morning Watercolor", "Teen Wheel Throwing"]);
    const teens = within(section.getByRole("article", { name: "Teen Wheel Throwing" }));
    expect(teens.getByRole("link", { name: "Teen Wheel Throwing" })).toHaveAttribute(
      "href",
      `/classes/${soon[1]._id}`,
    );
    expect(teens.getByText("Jun 21 · 1:00 PM–4:00 PM")).toBeInTheDocument();
    expect(teens.getByText("Ages 13–17")).toBeInTheDocument();
    expect(teens.getByText("Instructor: Ada Brush")).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api${startingSoon}`);
    // Below the first screen: the pictures wait for the lazy loader.
    expectSizedLazyImage(teens.getByRole("img", { name: "Teen Wheel Throwing" }));
  });

  test("is left out when no class is about to begin", async () => {
    stubApi({ "/popularClasses": popular, "/instructors": instructors, [startingSoon]: [] });
    renderWithProviders(<HomePage />);

    // While it loads it holds its place; the empty answer takes it away.
    expect(screen.getByRole("region", { name: "Starting soon" })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Starting soon" })).not.toBeInTheDocument(),
    );
    expect(
      await section("Popular Classes").findByRole("article", { name: "Clay Animals" }),
    ).toBeInTheDocument();
  });
});

test("home draws the hero and About first, and the lists below the fold once that is painted", async () => {
  stubApi({ "/popularClasses": popular, "/instructors": instructors });

  const home = renderBeforeEffects(
    <SWRConfig value={{ provider: () => new Map(), fetcher }}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </SWRConfig>,
  );
  const page = within(home.container);
  expect(page.getByRole("heading", { name: "About Us" })).toBeInTheDocument();
  expect(page.queryByRole("region", { name: "Popular Classes" })).not.toBeInTheDocument();

  expect(await page.findByRole("region", { name: "Popular Classes" })).toBeInTheDocument();
  home.done();
});
