"""Text for the PDFs the school makes (a family's statement, an incident report) with fpdf2's
built-in fonts, which show Latin-1 only."""

import unicodedata


def printable(text: str) -> str:
    """`text` as the built-in fonts can show it: a letter outside Latin-1 keeps its base letter
    where it has one ("Nguyễn" reads "Nguyen"), else becomes "?"."""
    shown = []
    for character in text:
        if ord(character) < 256:
            shown.append(character)
            continue
        base = "".join(
            part
            for part in unicodedata.normalize("NFKD", character)
            if ord(part) < 256 and not unicodedata.combining(part)
        )
        shown.append(base or "?")
    return "".join(shown)
