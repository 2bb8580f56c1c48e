import axe from "axe-core";

/*
 * Runs axe-core over the rendered page and fails on serious or critical violations. jsdom does not
 * lay out or paint, so colour contrast is left to the end-to-end run in a real browser.
 */
export async function expectNoSeriousA11yViolations(root = document.body) {
  const results = await axe.run(root, {
    resultTypes: ["violations"],
    rules: { "color-contrast": { enabled: false } },
  });
  const serious = results.violations
    .filter((violation) => ["serious", "critical"].includes(violation.impact))
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.html),
    }));
  expect(serious).toEqual([]);
}
