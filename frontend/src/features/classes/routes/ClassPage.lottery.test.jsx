import { screen } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { makeClass, makeLotterySeason } from "../../../testing/fixtures";
import { renderWithProviders, visitor } from "../../../testing/renderWithProviders";
import { ClassPage } from "./ClassPage";

test("a class of a lottery season says its places are drawn, with the way to the wishes", async () => {
  stubApi({
    "/classes/7": makeClass({ _id: 7, nameClass: "Pottery Wheel", seasonId: 3 }),
    "/seasons": [makeLotterySeason()],
  });
  renderWithProviders(<ClassPage />, { route: "/classes/7", path: "/classes/:id", auth: visitor });

  expect(
    await screen.findByText(
      /^Places in Lottery Summer are drawn by lottery\. Make your wishes by /,
    ),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Make your wishes" })).toHaveAttribute(
    "href",
    "/dashboard/seasons/3/wishes",
  );
  expect(screen.getByRole("link", { name: "The draw, for anyone to check" })).toHaveAttribute(
    "href",
    "/seasons/3/draw",
  );
});
