import { screen } from "@testing-library/react";

import { makeLotterySeason, makeSeason } from "../../testing/fixtures";
import { renderWithProviders, signedIn, visitor } from "../../testing/renderWithProviders";
import { formatDateTime } from "../ui/schedule";
import { LotteryNotice } from "./LotteryNotice";

const DAY = 24 * 60 * 60 * 1000;

function renderNotice(season, auth = visitor) {
  renderWithProviders(<LotteryNotice season={season} />, { route: "/all-classes", auth });
}

test("while the wishes are open: how places are given, and the ways to the wishes and the draw", () => {
  const season = makeLotterySeason();
  renderNotice(season, signedIn("student"));

  const closes = formatDateTime(season.wishesCloseAt);
  expect(
    screen.getByText(
      `Places in Lottery Summer are drawn by lottery. Make your wishes by ${closes}.`,
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

test("a visitor is offered the wishes too: signing in leads there", () => {
  renderNotice(makeLotterySeason());

  expect(screen.getByRole("link", { name: "Make your wishes" })).toBeInTheDocument();
});

test("staff make no wishes: only the draw is offered", () => {
  renderNotice(makeLotterySeason(), signedIn("admin"));

  expect(screen.queryByRole("link", { name: "Make your wishes" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "The draw, for anyone to check" })).toBeInTheDocument();
});

test("once the wishes closed, it says so, and the family finds its wishes and the result", () => {
  renderNotice(makeLotterySeason({ wishesOpenedAgo: 9 * DAY, wishesCloseIn: -2 * 60 * 60 * 1000 }));
  expect(
    screen.getByText("Places in Lottery Summer are drawn by lottery. The wishes have closed."),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Your wishes and the result" })).toBeInTheDocument();
});

test("after the draw, it says places were drawn", () => {
  renderNotice(makeLotterySeason({ wishesOpenedAgo: 9 * DAY, wishesCloseIn: -2 * DAY }));

  expect(screen.getByText("Places in Lottery Summer were drawn by lottery.")).toBeInTheDocument();
});

test("a season whose places go first come has no notice", () => {
  const { container } = renderWithProviders(<LotteryNotice season={makeSeason()} />);

  expect(container).toBeEmptyDOMElement();
});
