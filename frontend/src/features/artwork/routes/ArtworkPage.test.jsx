import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { answerFor, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeReviewedPiece } from "../../../testing/galleryFixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ArtworkPage } from "./ArtworkPage";

jest.setTimeout(20_000);

const waiting = makeReviewedPiece();
const untagged = makeReviewedPiece({ id: 43, title: "", participants: [] });
const approvedAt = "2027-06-19T10:00:00-07:00";
const shown = makeReviewedPiece({ id: 44, title: "Blue bowl", approvedAt, inGallery: true });
const keptOut = makeReviewedPiece({ id: 45, title: "Kite", approvedAt, inGallery: false });

function renderPage(route = "/dashboard/artwork") {
  const auth = signedIn("admin");
  const rendered = renderRoutes([{ path: "/dashboard/artwork", element: <ArtworkPage /> }], {
    route,
    auth,
  });
  return { ...rendered, auth, user: userEvent.setup() };
}

function card(title) {
  return within(screen.getByRole("article", { name: title }));
}

test("lists the pieces waiting for approval, and those approved with whether the gallery shows them", async () => {
  stubApi({
    "/artworks?approved=false": [waiting, untagged],
    "/artworks?approved=true": [shown, keptOut],
  });
  const { user, router } = renderPage();

  expect(await screen.findByRole("heading", { level: 1, name: "Artwork" })).toBeVisible();
  expect(document.title).toBe("Artwork | Camp");
  await screen.findByRole("article", { name: "Two owls" });
  expect(card("Two owls").getByText("by Ada and Noa")).toBeVisible();
  expect(card("Two owls").getByRole("link", { name: "Clay Creatures" })).toHaveAttribute(
    "href",
    "/classes/7",
  );
  expect(card("Two owls").getByText(/photographed Wed, Jun 16, 2027/)).toBeVisible();
  expect(card("Two owls").getByRole("img", { name: "Photo of Two owls" })).toHaveAttribute(
    "srcset",
    waiting.picture.srcset,
  );
  expect(card("Untitled").getByText("No child tagged")).toBeVisible();
  expect(card("Untitled").getByRole("button", { name: "Approve Untitled" })).toBeEnabled();

  await user.click(screen.getByRole("link", { name: "Approved" }));

  expect(router.state.location.search).toBe("?show=approved");
  expect(await card("Blue bowl").findByText("In the gallery.")).toBeVisible();
  expect(
    card("Kite").getByText("Not shown: a child tagged on it has no photo consent."),
  ).toBeVisible();
  expect(card("Kite").getByRole("button", { name: "Withdraw Kite" })).toBeVisible();
  await expectNoSeriousA11yViolations();
});

test("approving a piece sends it to the gallery and asks for the lists again", async () => {
  let approved = false;
  const fetch = stubApi({});
  fetch.mockImplementation(async (url, init) => {
    const request = `${init?.method ?? "GET"} ${url}`;
    if (request === "POST /api/artworks/41/approval") {
      approved = true;
      return answerFor(url, init, 200, { ...waiting, approvedAt, inGallery: true });
    }
    if (request === "GET /api/artworks?approved=false") {
      return answerFor(url, init, 200, approved ? [] : [waiting]);
    }
    return answerFor(url, init, 404, { message: "Not found." });
  });
  const { user, auth } = renderPage();

  await user.click(await screen.findByRole("button", { name: "Approve Two owls" }));

  expect(await screen.findByText("No piece is waiting.")).toBeVisible();
  const posted = fetch.mock.calls.find(([, init]) => init?.method === "POST");
  expect(JSON.parse(posted[1].body)).toEqual({ approved: true });
  expect(auth.notify).toHaveBeenCalledWith("Two owls is approved for the gallery.");
});

test("withdrawing a piece that is no longer there says why", async () => {
  stubApi({
    "/artworks?approved=true": [shown],
    "POST /artworks/44/approval": respond(404, { message: "No such piece." }),
  });
  const { user } = renderPage("/dashboard/artwork?show=approved");

  await user.click(await screen.findByRole("button", { name: "Withdraw Blue bowl" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("No such piece.");
  await waitFor(() =>
    expect(screen.getByRole("button", { name: "Withdraw Blue bowl" })).toBeEnabled(),
  );
});

test("a list that could not be loaded says so", async () => {
  stubApi({ "/artworks?approved=false": respond(403, { message: "Only admins may do this." }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent("The pieces could not be loaded.");
});
