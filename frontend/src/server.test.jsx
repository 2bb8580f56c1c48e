import { startingSoonKey } from "./api/classes";
import { config } from "./config/config";
import { classListKey, render } from "./server";
import { makeInstructor, makeScheduledClass } from "./testing/fixtures";

const about = {
  slug: "about",
  title: "About us",
  body: "We teach clay and paper.",
  updatedAt: null,
};

// A route's module arrives through React.lazy here too: the first drawing asks for it, and
// camp/server_render.py draws again once it is in.
async function drawn(url, firstScreen) {
  render(url, firstScreen);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return JSON.parse(render(url, firstScreen));
}

test("a public page is drawn from the answers the page carries, as a visitor sees it", async () => {
  const { html } = await drawn("/about", { answers: { "/pages/about": about } });

  expect(html).toContain("We teach clay and paper.");
  expect(html).toContain(">Log In<");
  expect(html).not.toContain("<!--$!-->");
});

test("no style attribute is left for the page's policy to block: each is a rule of its own", async () => {
  const instructors = [
    { _id: 1, name: "Maya Lindqvist", photo: "/static/img/maya.webp", email: "maya@camp.test" },
  ];
  const { html, css } = await drawn("/all-instructors", {
    answers: { "/instructors": instructors },
  });

  expect(html).toContain("Maya Lindqvist");
  expect(html).not.toMatch(/ style="/);
  const marks = [...html.matchAll(/data-drawn-style="(\d+)"/g)].map((found) => found[1]);
  expect(marks.length).toBeGreaterThan(0);
  for (const mark of new Set(marks)) {
    expect(css).toMatch(new RegExp(`\\[data-drawn-style="${mark}"\\]\\{[^}]+ !important`));
  }
  expect(css).not.toContain("<");
});

test("a filtered address names the key the list asks the API by, its junk left out", () => {
  expect(classListKey("category=pottery&ordering=price&age=abc")).toBe(
    "/classes?status=Approved&category=pottery&ordering=price&page=1&page_size=24",
  );
  expect(classListKey("")).toBe("/classes?status=Approved&ordering=soonest&page=1&page_size=24");
});

// The calendar date now in a time zone, as YYYY-MM-DD.
function dateIn(timeZone) {
  return new Date().toLocaleDateString("en-CA", { timeZone });
}

test("home asks for the classes starting soon from the school's date, as the server carries them", async () => {
  // Of two zones a day apart, one is always on another date than this machine.
  const school = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find(
    (zone) => dateIn(zone) !== new Date().toLocaleDateString("en-CA"),
  );
  const soon = makeScheduledClass({ nameClass: "Morning Watercolor" });
  config.schoolTimeZone = school;
  try {
    const { html } = await drawn("/", {
      answers: {
        "/popularClasses": [],
        "/instructors": [makeInstructor()],
        [startingSoonKey(dateIn(school))]: [soon],
      },
    });

    expect(html).toContain("Morning Watercolor");
    expect(html).not.toContain("Loading the classes starting soon");
  } finally {
    delete config.schoolTimeZone;
  }
});

test("home asks with the school's date the page was made with, where the page names it", async () => {
  const soon = makeScheduledClass({ nameClass: "Morning Watercolor" });
  // A date the page names that this machine's clock would not give: a hundred days from now.
  const pageDate = new Date(Date.now() + 100 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  config.schoolToday = pageDate;
  try {
    const { html } = await drawn("/", {
      answers: {
        "/popularClasses": [],
        "/instructors": [makeInstructor()],
        [startingSoonKey(pageDate)]: [soon],
      },
    });

    expect(html).toContain("Morning Watercolor");
  } finally {
    delete config.schoolToday;
  }
});
