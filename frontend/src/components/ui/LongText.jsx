import "./long-text.css";

/*
 * A name, e-mail or address of any length, which never widens its box: it wraps wherever it
 * must, or with `truncate` keeps to one line ending in an ellipsis, the full text on hover.
 * Screen readers read the whole text either way: it is all in the page. Other props (an id)
 * go to the element, `as` (span by default) names it.
 */
export function LongText({ text, as: Tag = "span", truncate = false, className = "", ...rest }) {
  const classes = `long-text${truncate ? " long-text-truncate" : ""} ${className}`.trim();
  return (
    <Tag className={classes} title={truncate ? String(text ?? "") : undefined} {...rest}>
      {text}
    </Tag>
  );
}
