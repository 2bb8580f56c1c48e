import { render, screen } from "@testing-library/react";

import { expectSizedEagerImage, expectSizedLazyImage } from "../../testing/images";
import { PICTURE_SIZES } from "../ui/pictureSources";
import { ImageCard } from "./ImageCard";

const POTTERY = "/static/img/demo/pottery-640w.webp";

test("a card's picture is downloaded at a card's width, lazily below the fold", () => {
  render(<ImageCard image={POTTERY} imageAlt="Pottery" title="Pottery" />);

  const picture = screen.getByRole("img", { name: "Pottery" });
  expect(picture).toHaveAttribute(
    "srcset",
    "/static/img/demo/pottery-320w.webp 320w, /static/img/demo/pottery-480w.webp 480w, " +
      "/static/img/demo/pottery-640w.webp 640w",
  );
  expect(picture).toHaveAttribute("sizes", PICTURE_SIZES.card);
  expectSizedLazyImage(picture);
});

test("the first card's picture, the page's largest paint, is fetched at once and first", () => {
  render(<ImageCard image={POTTERY} imageAlt="Pottery" title="Pottery" imagePriority="high" />);

  expectSizedEagerImage(screen.getByRole("img", { name: "Pottery" }), { high: true });
});

test("a card's width is what the grid gives each of its three columns", () => {
  // The server preloads All Classes' first picture with this very `sizes` (core/pictures.py).
  expect(PICTURE_SIZES.card).toBe(
    "(min-width: 1400px) 416px, (min-width: 1200px) 356px, (min-width: 992px) 296px, " +
      "(min-width: 768px) 216px, (min-width: 576px) 516px, calc(100vw - 24px)",
  );
});
