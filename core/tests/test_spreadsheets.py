"""A spreadsheet adds up the site's amounts: numbers are written as numbers, negative ones too,
while text that a spreadsheet would run as a formula is still written as text."""

import csv
import io
from decimal import Decimal

import openpyxl
import pytest

from core.spreadsheets import SafeCsvWriter, spreadsheet_safe, xlsx_bytes

AMOUNTS = [Decimal("-55.00"), -12.5, -3, Decimal("100.00"), 20]


def test_numbers_negative_ones_too_are_written_as_numbers_in_csv():
    target = io.StringIO()
    SafeCsvWriter(target).writerow(AMOUNTS)

    cells = next(csv.reader(io.StringIO(target.getvalue())))

    assert cells == ["-55.00", "-12.5", "-3", "100.00", "20"]
    assert sum(Decimal(cell) for cell in cells) == Decimal("49.50")


def test_numbers_negative_ones_too_are_numbers_in_a_workbook():
    workbook = openpyxl.load_workbook(
        io.BytesIO(xlsx_bytes(["Amount"], [[a] for a in AMOUNTS], title="Money"))
    )

    cells = [row[0] for row in workbook.active.iter_rows(min_row=2, values_only=True)]

    assert all(isinstance(cell, int | float) for cell in cells)
    assert sum(cells) == pytest.approx(49.5)


@pytest.mark.parametrize(
    "text",
    ['=HYPERLINK("http://evil.test","Click")', "-cmd|' /C calc'!A0", "+1+1", "@SUM(A1)", "-55.0"],
)
def test_text_a_spreadsheet_would_run_is_still_written_as_text(text):
    target = io.StringIO()
    SafeCsvWriter(target).writerow([text])
    workbook = openpyxl.load_workbook(io.BytesIO(xlsx_bytes(["Name"], [[text]], title="Names")))

    assert next(csv.reader(io.StringIO(target.getvalue()))) == [f"'{text}"]
    assert spreadsheet_safe(text) == f"'{text}"
    assert list(workbook.active.iter_rows(min_row=2, values_only=True)) == [(f"'{text}",)]
