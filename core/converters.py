"""The path converter for every row id in a URL.

Django's `int` converter passes any run of digits to the view, and an id past the database's
integer range then fails inside the query (an OverflowError on SQLite) as a 500. Such an id names
no row, so the view is handed an id that names none either, and answers as for any missing row:
404. Not matching the pattern instead would let the id fall through to the next pattern (an
e-mail check, the browser app's catch-all page) and answer 200.
"""

# Every table's key is a BigAutoField (DEFAULT_AUTO_FIELD): a signed 64-bit integer.
LARGEST_ROW_ID = 2**63 - 1
# Both databases count row ids from 1.
NO_ROW_ID = 0


def may_name_a_row(row_id: int) -> bool:
    """Whether an id is within the range of the tables' keys: one outside it names no row, and
    SQLite refuses to compare with a number past its integers."""
    return NO_ROW_ID < row_id <= LARGEST_ROW_ID


class RowIdConverter:
    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        row_id = int(value)
        return row_id if row_id <= LARGEST_ROW_ID else NO_ROW_ID

    def to_url(self, value: int) -> str:
        return str(value)
