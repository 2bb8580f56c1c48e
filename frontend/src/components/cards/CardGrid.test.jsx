import { waitFor, within } from "@testing-library/react";
import { renderBeforeEffects } from "../../testing/renderBeforeEffects";
import { CARDS_PER_ROW, CardGrid } from "./CardGrid";

const items = Array.from({ length: 5 * CARDS_PER_ROW }, (_, index) => ({ id: index + 1 }));

function renderGrid(props) {
  const { container, done } = renderBeforeEffects(
    <CardGrid
      items={items}
      getKey={(item) => item.id}
      renderItem={(item, imagePriority) => (
        <article aria-label={`Card ${item.id}`} data-priority={imagePriority} />
      )}
      {...props}
    />,
  );
  return { cards: () => within(container).queryAllByRole("article"), done };
}

test("a grid at the top of its page draws two rows with the page, then a row per paint", async () => {
  const grid = renderGrid({ atTop: true });

  expect(grid.cards()).toHaveLength(2 * CARDS_PER_ROW);
  expect(grid.cards()[0]).toHaveAttribute("data-priority", "high");
  await waitFor(() => expect(grid.cards()).toHaveLength(3 * CARDS_PER_ROW));

  await waitFor(() => expect(grid.cards()).toHaveLength(items.length));
  expect(grid.cards()[0]).toHaveAttribute("data-priority", "high");
  expect(grid.cards()[1]).toHaveAttribute("data-priority", "lazy");
  expect(grid.cards()[CARDS_PER_ROW]).toHaveAttribute("data-priority", "lazy");
  grid.done();
});

test("a grid further down its page draws every card at once", () => {
  const grid = renderGrid({ atTop: false });

  expect(grid.cards()).toHaveLength(items.length);
  grid.done();
});
