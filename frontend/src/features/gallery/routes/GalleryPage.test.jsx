import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { listPage, respond, stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { ARTWORK_SIZES, makeGalleryPiece } from "../../../testing/galleryFixtures";
import { expectSizedLazyImage } from "../../../testing/images";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { GalleryPage } from "./GalleryPage";

const owls = makeGalleryPiece();
const vase = makeGalleryPiece({
  id: 42,
  title: "",
  classId: 9,
  className: "Wheel Throwing",
  firstNames: ["Sam"],
});
const firstPage = "/gallery?page=1&page_size=24";

function renderPage(route = "/gallery") {
  const rendered = renderWithProviders(<GalleryPage />, { route, path: "/gallery" });
  return { ...rendered, user: userEvent.setup() };
}

test("shows each piece with its photo at the size it is shown, its makers' first names and class", async () => {
  stubApi({ [firstPage]: listPage([owls, vase], 2) });
  renderPage();

  expect(await screen.findByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  expect(document.title).toBe("Gallery | Camp");
  const pieces = await screen.findAllByRole("figure");
  expect(pieces.map((piece) => piece.textContent)).toEqual([
    "Two owlsby Ada and NoaClay Creatures",
    "Untitledby SamWheel Throwing",
  ]);
  const photo = within(pieces[0]).getByRole("img", { name: "Photo of Two owls" });
  expectSizedLazyImage(photo);
  expect(photo).toHaveAttribute("src", owls.picture.src);
  expect(photo).toHaveAttribute("srcset", owls.picture.srcset);
  expect(photo).toHaveAttribute("sizes", ARTWORK_SIZES);
  expect(photo).toHaveAttribute("width", "800");
  expect(photo).toHaveAttribute("height", "600");
  expect(within(pieces[1]).getByRole("link", { name: "Wheel Throwing" })).toHaveAttribute(
    "href",
    "/classes/9",
  );
  // One page holds them all: no page links.
  expect(screen.queryByRole("navigation", { name: "Gallery pages" })).not.toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("a long gallery is read a page at a time, the page in the address", async () => {
  const older = makeGalleryPiece({ id: 3, title: "First pinch pot" });
  stubApi({
    [firstPage]: listPage([owls], 30),
    "/gallery?page=2&page_size=24": listPage([older], 30),
  });
  const { user, router } = renderPage();

  const pages = within(await screen.findByRole("navigation", { name: "Gallery pages" }));
  expect(pages.getByText("Page 1 of 2")).toBeVisible();
  expect(pages.queryByRole("link", { name: "Newer pieces" })).not.toBeInTheDocument();
  await user.click(pages.getByRole("link", { name: "Older pieces" }));

  expect(await screen.findByText("First pinch pot")).toBeVisible();
  expect(router.state.location.search).toBe("?page=2");
  expect(screen.getByText("Page 2 of 2")).toBeVisible();
  expect(screen.getByRole("link", { name: "Newer pieces" })).toHaveAttribute("href", "/gallery");
});

test("an empty gallery says so", async () => {
  stubApi({ [firstPage]: listPage([], 0) });
  renderPage();

  expect(await screen.findByText("No artwork is on show yet.")).toBeVisible();
});

test("a gallery that could not be loaded says so", async () => {
  stubApi({ [firstPage]: respond(400, { message: "Bad page.", errors: { page: ["Bad."] } }) });
  renderPage();

  expect(await screen.findByRole("alert")).toHaveTextContent("The gallery could not be loaded.");
});
