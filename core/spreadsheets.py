"""CSV the site writes, safe to open in a spreadsheet.

A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel,
LibreOffice and Google Sheets as a formula, so a class or a person named `=HYPERLINK(...)` would
run in the admin's spreadsheet. Such a cell is written with a leading apostrophe, which the
spreadsheet shows as text (OWASP's advice for CSV injection).
"""

import csv

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> str:
    text = str(cell)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


class SafeCsvWriter:
    """csv.writer whose every cell is made spreadsheet-safe: the one way the site writes CSV."""

    def __init__(self, target):
        self._writer = csv.writer(target)

    def writerow(self, row) -> None:
        self._writer.writerow([spreadsheet_safe(cell) for cell in row])
