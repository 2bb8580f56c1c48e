import { render, screen, within } from "@testing-library/react";

import { expectNoSeriousA11yViolations } from "../../testing/axe";
import { Cell, Row, RowHeader, StackedTable } from "./StackedTable";

function People() {
  return (
    <StackedTable caption="People" columns={["#", "Name", "Email"]}>
      <Row>
        <RowHeader label="#">1</RowHeader>
        <Cell label="Name">Ada Admin</Cell>
        <Cell label="Email">ada@camp.test</Cell>
      </Row>
    </StackedTable>
  );
}

test("the table keeps its caption, headers and header/cell pairs for screen readers", () => {
  render(<People />);

  const table = screen.getByRole("table", { name: "People" });
  expect(
    within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent),
  ).toEqual(["#", "Name", "Email"]);
  expect(within(table).getByRole("rowheader", { name: "1" })).toBeInTheDocument();
  expect(within(table).getByRole("cell", { name: "ada@camp.test" })).toBeInTheDocument();
});

test("each cell carries its column's label for a phone's card", () => {
  render(<People />);

  const table = screen.getByRole("table", { name: "People" });
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent);
  const [row] = within(table).getAllByRole("row").slice(1);
  const cells = [within(row).getByRole("rowheader"), ...within(row).getAllByRole("cell")];
  const labels = cells.map((cell) => cell.dataset.label);
  expect(labels).toEqual(headers);
});

test("axe finds nothing serious", async () => {
  const { container } = render(<People />);

  await expectNoSeriousA11yViolations(container);
});
