/*
 * The school pages' small text format (the back office says the same beside the field):
 * paragraphs between blank lines, a line starting with "## " is a heading, lines starting with
 * "- " make a list. Everything else is text, shown as typed: it never becomes markup.
 */
export function pageBlocks(body) {
  const blocks = [];
  let current = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const rawLine of (body ?? "").split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) {
      close();
    } else if (line.startsWith("## ")) {
      close();
      blocks.push({ type: "heading", text: line.slice(3).trim() });
    } else if (line.startsWith("- ")) {
      if (current?.type !== "list") {
        close();
        current = { type: "list", items: [] };
      }
      current.items.push(line.slice(2).trim());
    } else {
      if (current?.type !== "paragraph") {
        close();
        current = { type: "paragraph", lines: [] };
      }
      current.lines.push(line);
    }
  }
  close();
  return blocks;
}
