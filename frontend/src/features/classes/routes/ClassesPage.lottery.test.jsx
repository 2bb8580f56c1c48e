import { screen, within } from "@testing-library/react";

import { listPage, stubApi } from "../../../testing/api";
import { makeClass, makeLotterySeason, makeSeason } from "../../../testing/fixtures";
import { renderWithProviders, visitor } from "../../../testing/renderWithProviders";
import { ClassesPage } from "./ClassesPage";

const firstPage = "/classes?status=Approved&ordering=soonest&page=1&page_size=24";

test("a lottery season's classes bring its notice, once, with the ways to the wishes and the draw", async () => {
  const lottery = makeLotterySeason();
  const firstCome = makeSeason({ id: 4, name: "Autumn Session" });
  stubApi({
    [firstPage]: listPage(
      [
        makeClass({ nameClass: "Pottery Wheel", seasonId: 3 }),
        makeClass({ nameClass: "Loom Weaving", seasonId: 3 }),
        makeClass({ nameClass: "Autumn Clay", seasonId: 4 }),
      ],
      3,
    ),
    "/seasons": [lottery, firstCome],
  });
  renderWithProviders(<ClassesPage />, { route: "/all-classes", auth: visitor });

  const notice = await screen.findByText(/^Places in Lottery Summer are drawn by lottery\./);
  expect(screen.getAllByText(/are drawn by lottery/)).toHaveLength(1);
  expect(screen.queryByText(/Places in Autumn Session/)).not.toBeInTheDocument();
  const links = within(notice.closest(".alert"));
  expect(links.getByRole("link", { name: "Make your wishes" })).toHaveAttribute(
    "href",
    "/dashboard/seasons/3/wishes",
  );
  expect(links.getByRole("link", { name: "The draw, for anyone to check" })).toHaveAttribute(
    "href",
    "/seasons/3/draw",
  );
});
