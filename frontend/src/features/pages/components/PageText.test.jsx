import { render, screen, within } from "@testing-library/react";

import { PageText } from "./PageText";
import { pageBlocks } from "./pageBlocks";

test("paragraphs, headings and lists are read from the body's small format", () => {
  expect(
    pageBlocks("We keep little.\nVery little.\n\n## Who sees it\n- You\n- Admins\n\nThat is all."),
  ).toEqual([
    { type: "paragraph", lines: ["We keep little.", "Very little."] },
    { type: "heading", text: "Who sees it" },
    { type: "list", items: ["You", "Admins"] },
    { type: "paragraph", lines: ["That is all."] },
  ]);
});

test("an empty body has no blocks", () => {
  expect(pageBlocks("")).toEqual([]);
  expect(pageBlocks(undefined)).toEqual([]);
});

test("the body is drawn as headings, lists and paragraphs", () => {
  render(<PageText body={"Hello.\n\n## Who sees it\n\n- You\n- The instructor"} />);

  expect(screen.getByText("Hello.").tagName).toBe("P");
  expect(screen.getByRole("heading", { level: 2, name: "Who sees it" })).toBeInTheDocument();
  const items = within(screen.getByRole("list")).getAllByRole("listitem");
  expect(items.map((item) => item.textContent)).toEqual(["You", "The instructor"]);
});

test("markup an admin types is shown as text, never run", () => {
  const { container } = render(
    <PageText body={'<img src=x onerror="alert(1)"> <b>bold</b>\n\n## <i>Heading</i>'} />,
  );

  expect(container.querySelector("img, b, i, script")).toBeNull();
  expect(screen.getByText('<img src=x onerror="alert(1)"> <b>bold</b>')).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "<i>Heading</i>" })).toBeInTheDocument();
});
