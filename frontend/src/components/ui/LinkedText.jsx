import { linkPieces } from "./linkPieces";
import { paragraphsOf } from "./PlainText";

/*
 * Text a person typed (a class's message to its families) as they wrote it, with its http(s)
 * addresses clickable: paragraphs at blank lines, line breaks kept, everything else plain text,
 * never markup. The links lead off the site, so they pass on no referrer and no ranking.
 */
export function LinkedText({ text, className = "", paragraphClassName = "" }) {
  return (
    <div className={className}>
      {paragraphsOf(text).map((paragraph, index) => (
        <p key={index} className={paragraphClassName} style={{ whiteSpace: "pre-line" }}>
          {linkPieces(paragraph).map((piece, at) =>
            piece.href ? (
              <a key={at} href={piece.href} rel="noopener noreferrer nofollow">
                {piece.href}
              </a>
            ) : (
              piece.text
            ),
          )}
        </p>
      ))}
    </div>
  );
}
