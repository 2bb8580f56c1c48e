import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { answerFor, respond, stubApi } from "../../../testing/api";
import { makeArtwork } from "../../../testing/artworkFixtures";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { watchDownloads } from "../../../testing/downloads";
import { makeChild, myself } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { FamilyPage } from "./FamilyPage";

// A child's portfolio on My Family: their pieces by season, a photo each, and the season's PDF.
const saved = watchDownloads({ objectUrl: "blob:camp/portfolio", token: "api-token" });

const mia = makeChild({ dateOfBirth: "2018-01-01" });
const miaTagged = [{ id: 2, firstName: "Mia" }];
const bowl = makeArtwork({
  id: 41,
  title: "Blue bowl",
  stage: "ready",
  readyAt: "2027-07-08T15:00:00Z",
  participants: miaTagged,
});
const owl = makeArtwork({ id: 42, title: "", stage: "drying", participants: miaTagged });
const lastYear = makeArtwork({
  id: 17,
  title: "Paper kite",
  seasonId: 2,
  seasonName: "Summer 2026",
  takenOn: "2026-07-14",
  participants: miaTagged,
});

// The page's JSON answers, with the PDF as the server sends it.
function network(pieces = [bowl, owl, lastYear]) {
  const answers = {
    "/participants": [myself, mia],
    "/policies": [],
    "/frontDesk/log": [],
    "/participants/1/artworks": [],
    "/participants/2/artworks": pieces,
  };
  const json = stubApi(answers);
  global.fetch = jest.fn(async (url, init = {}) => {
    if (String(url).includes("/portfolio.pdf")) {
      return new Response("%PDF-1.7", {
        status: 200,
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="mia-lopez-summer-2027.pdf"',
        },
      });
    }
    if (init.method === "DELETE") {
      answers["/participants/2/artworks"] = answers["/participants/2/artworks"].filter(
        (piece) => !String(url).endsWith(`/artworks/${piece.id}`),
      );
      return answerFor(url, init, 200, { deletedCount: 1 });
    }
    return json(url, init);
  });
  return global.fetch;
}

function renderPage() {
  renderRoutes([{ path: "/dashboard/family", element: <FamilyPage /> }], {
    route: "/dashboard/family",
    auth: signedIn("student"),
  });
  return userEvent.setup();
}

async function portfolioOf(name) {
  const card = await screen.findByRole("article", { name });
  return within(await within(card).findByRole("region", { name: "Portfolio" }));
}

test("a child's pieces are shown by season, newest first, each with its photo and stage", async () => {
  network();
  renderPage();

  const portfolio = await portfolioOf("Mia Lopez");
  const seasons = await portfolio.findAllByRole("heading", { level: 4 });
  expect(seasons.map((heading) => heading.textContent)).toEqual(["Summer 2027", "Summer 2026"]);

  const summer = within(portfolio.getByRole("region", { name: "Summer 2027" }));
  const pieces = summer.getAllByRole("figure");
  expect(pieces).toHaveLength(2);
  expect(pieces[0]).toHaveAccessibleName("Blue bowl");
  expect(pieces[1]).toHaveAccessibleName("Untitled piece");
  const photo = summer.getByRole("img", { name: "Blue bowl" });
  expect(photo).toHaveAttribute("src", bowl.picture.src);
  expect(photo).toHaveAttribute("srcset", bowl.picture.srcset);
  expect(photo).toHaveAttribute("sizes", bowl.picture.sizes);
  expect(photo).toHaveAttribute("width", "800");
  expect(photo).toHaveAttribute("height", "600");
  expect(photo).toHaveAttribute("loading", "lazy");

  const ready = within(summer.getByRole("figure", { name: "Blue bowl" }));
  expect(ready.getByText("Ready for pick-up")).toHaveClass("text-bg-success");
  expect(ready.getByText("Watercolour for Kids")).toBeVisible();
  expect(ready.getByText("Tue, Jul 6, 2027")).toBeVisible();
  expect(
    within(summer.getByRole("figure", { name: "Untitled piece" })).getByText("Drying"),
  ).not.toHaveClass("text-bg-success");

  const links = summer.getAllByRole("link", { name: "Download photo" });
  expect(links[0]).toHaveAttribute("href", bowl.picture.download);
  expect(links[0]).toHaveAttribute("download");
  // The account holder has no piece: no portfolio is drawn for them.
  const ana = within(screen.getByRole("article", { name: "Ana Lopez" }));
  expect(ana.queryByRole("region", { name: "Portfolio" })).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a season's portfolio downloads as a PDF, asked with the session's token", async () => {
  const fetch = network();
  const user = renderPage();

  const portfolio = await portfolioOf("Mia Lopez");
  const season = within(await portfolio.findByRole("region", { name: "Summer 2026" }));
  await user.click(season.getByRole("button", { name: "Download portfolio (PDF)" }));

  await waitFor(() =>
    expect(saved).toEqual([{ href: "blob:camp/portfolio", download: "mia-lopez-summer-2027.pdf" }]),
  );
  const [url, init] = fetch.mock.calls.find(([called]) => String(called).includes(".pdf"));
  expect(url).toBe("/api/participants/2/portfolio.pdf?seasonId=2");
  expect(init.headers).toMatchObject({
    Authorization: "Bearer api-token",
    Accept: "application/pdf",
  });
});

test("a piece is deleted from the portfolio once the parent confirms", async () => {
  const fetch = network();
  const user = renderPage();

  const portfolio = await portfolioOf("Mia Lopez");
  const bowlFigure = await portfolio.findByRole("figure", { name: "Blue bowl" });
  const deleteButton = within(bowlFigure.closest("li")).getByRole("button", { name: "Delete" });
  await user.click(deleteButton);

  const confirm = within(
    screen.getByRole("dialog", { name: "Delete Blue bowl from Mia's portfolio?" }),
  );
  expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
  await user.click(confirm.getByRole("button", { name: "Delete" }));

  await waitFor(() =>
    expect(portfolio.queryByRole("figure", { name: "Blue bowl" })).not.toBeInTheDocument(),
  );
  const deletes = fetch.mock.calls.filter(([, init]) => init?.method === "DELETE");
  expect(deletes.map(([url]) => url)).toEqual(["/api/participants/2/artworks/41"]);
  expect(portfolio.getByRole("figure", { name: "Untitled piece" })).toBeVisible();
});

test("cancelling the question deletes nothing", async () => {
  const fetch = network();
  const user = renderPage();

  const portfolio = await portfolioOf("Mia Lopez");
  const bowlFigure = await portfolio.findByRole("figure", { name: "Blue bowl" });
  await user.click(within(bowlFigure.closest("li")).getByRole("button", { name: "Delete" }));
  await user.click(screen.getByRole("button", { name: "Cancel" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
  expect(portfolio.getByRole("figure", { name: "Blue bowl" })).toBeVisible();
});

test("a child with no piece yet is told where their pieces will appear", async () => {
  network([]);
  renderPage();

  const portfolio = await portfolioOf("Mia Lopez");
  expect(
    await portfolio.findByText(
      "When Mia's instructor photographs a piece Mia made, it appears here.",
    ),
  ).toBeVisible();
  expect(portfolio.queryByRole("button", { name: "Download portfolio (PDF)" })).toBeNull();
});

test("a portfolio that cannot be loaded says so", async () => {
  stubApi({
    "/participants": [myself, mia],
    "/policies": [],
    "/frontDesk/log": [],
    "/participants/1/artworks": [],
    "/participants/2/artworks": respond(404, { message: "Not found." }),
  });
  renderPage();

  const portfolio = await portfolioOf("Mia Lopez");
  expect(await portfolio.findByText("The portfolio could not be loaded.")).toBeVisible();
});

test("pieces of a class in no season are listed together, with no season's PDF", async () => {
  network([makeArtwork({ id: 43, seasonId: null, seasonName: null, participants: miaTagged })]);
  renderPage();

  const portfolio = await portfolioOf("Mia Lopez");
  const other = within(await portfolio.findByRole("region", { name: "Other classes" }));
  expect(other.getByRole("figure", { name: "Blue bowl" })).toBeVisible();
  expect(other.queryByRole("button", { name: "Download portfolio (PDF)" })).toBeNull();
});
