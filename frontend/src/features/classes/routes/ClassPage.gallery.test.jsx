import { screen, waitFor, within } from "@testing-library/react";

import { listPage, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { makeScheduledClass } from "../../../testing/fixtures";
import { makeGalleryPiece } from "../../../testing/galleryFixtures";
import { expectSizedLazyImage } from "../../../testing/images";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

// A class's page shows the pieces made in it that the gallery shows, below the rest, from a
// chunk of their own.
const clay = makeScheduledClass({ _id: 7, nameClass: "Clay Creatures" });
const strip = "/gallery?classId=7&page=1&page_size=12";

function renderPage() {
  return renderWithProviders(<ClassPage />, { route: "/classes/7", path: "/classes/:id" });
}

test("the class's pieces in the gallery show in a strip, first names only", async () => {
  const owls = makeGalleryPiece();
  const fox = makeGalleryPiece({ id: 40, title: "Sleeping fox", firstNames: ["Leo"] });
  const fetch = stubApi({ "/classes/7": clay, [strip]: listPage([owls, fox], 14) });
  renderPage();

  const section = within(await screen.findByRole("region", { name: "Made in this class" }));
  expect(section.getAllByRole("figure").map((piece) => piece.textContent)).toEqual([
    "Two owlsby Ada and Noa",
    "Sleeping foxby Leo",
  ]);
  const photo = section.getByRole("img", { name: "Photo of Two owls" });
  expectSizedLazyImage(photo);
  // Each piece is as wide in the strip on every screen: the copy for that width is enough.
  expect(photo).toHaveAttribute("sizes", "192px");
  expect(photo).toHaveAttribute("srcset", owls.picture.srcset);
  // The rest of the class's pieces are in the gallery.
  expect(section.getByRole("link", { name: "See more in the gallery" })).toHaveAttribute(
    "href",
    "/gallery",
  );
  expect(section.queryByRole("link", { name: "Clay Creatures" })).not.toBeInTheDocument();
  expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api${strip}`);
  await expectNoSeriousA11yViolations();
});

test("a class with no piece in the gallery shows no strip", async () => {
  const fetch = stubApi({ "/classes/7": clay, [strip]: listPage([], 0) });
  renderPage();

  expect(await screen.findByRole("heading", { level: 1, name: "Clay Creatures" })).toBeVisible();
  await waitFor(() => expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api${strip}`));
  expect(screen.queryByRole("region", { name: "Made in this class" })).not.toBeInTheDocument();
});
