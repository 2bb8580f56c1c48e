// Paragraphs are separated by a blank line; a single line break stays a line break.
export function paragraphsOf(text) {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/*
 * Text a person typed (a class's description, an instructor's bio) shown as they wrote it:
 * plain text in paragraphs, never markup. `lang` names the language it is written in where that
 * may not be the page's.
 */
export function PlainText({ id, text, lang, className = "", paragraphClassName = "" }) {
  return (
    <div id={id} lang={lang} className={className}>
      {paragraphsOf(text).map((paragraph, index) => (
        <p key={index} className={paragraphClassName} style={{ whiteSpace: "pre-line" }}>
          {paragraph}
        </p>
      ))}
    </div>
  );
}
