"""CSV the site writes, safe to open in a spreadsheet.

A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel,
LibreOffice and Google Sheets as a formula, so a class or a person named `=HYPERLINK(...)` would
run in the admin's spreadsheet. Such a cell is written with a leading apostrophe, which the
spreadsheet shows as text (OWASP's advice for CSV injection).

Only text is guarded: a number (an int, a float, a Decimal) is written as the number it is, so
a negative amount (a discount, a refund) stays a number a spreadsheet adds up.
"""

import csv
import io
from datetime import date
from decimal import Decimal

from openpyxl import Workbook

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


NUMBERS = (int, float, Decimal)


def spreadsheet_safe(cell: object) -> str:
    text = str(cell)
    if isinstance(cell, NUMBERS) and not isinstance(cell, bool):
        return text
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


class SafeCsvWriter:
    """csv.writer whose every cell is made spreadsheet-safe: the one way the site writes CSV."""

    def __init__(self, target):
        self._writer = csv.writer(target)

    def writerow(self, row) -> None:
        self._writer.writerow([spreadsheet_safe(cell) for cell in row])


def xlsx_cell(value):
    """A cell as a workbook keeps it: numbers as numbers, days as days, text made safe."""
    if value is None or isinstance(value, (*NUMBERS, date)):
        return value
    return spreadsheet_safe(value)


def xlsx_bytes(headings, rows, *, title: str) -> bytes:
    """A workbook of one sheet: the heading row, then the rows, every cell made safe."""
    workbook = Workbook(write_only=True)
    # A sheet's title is at most 31 characters.
    sheet = workbook.create_sheet(title=title[:31])
    sheet.append([xlsx_cell(heading) for heading in headings])
    for row in rows:
        sheet.append([xlsx_cell(cell) for cell in row])
    stream = io.BytesIO()
    workbook.save(stream)
    return stream.getvalue()
