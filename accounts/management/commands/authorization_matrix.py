"""Print or write the authorization matrix that camp/tests/test_authorization_matrix.py checks."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from camp.testing.authorization_matrix import markdown_table

START = "<!-- authorization-matrix:start (manage.py authorization_matrix --write) -->\n"
END = "<!-- authorization-matrix:end -->"


class Command(BaseCommand):
    help = "Render the authorization matrix as Markdown, or write it into docs/security.md."

    def add_arguments(self, parser):
        action = parser.add_mutually_exclusive_group(required=True)
        action.add_argument("--markdown", action="store_true", help="Print the table.")
        action.add_argument(
            "--write", action="store_true", help="Replace the table in docs/security.md."
        )

    def handle(self, *args, markdown: bool, write: bool, **options):
        table = markdown_table()
        if markdown:
            self.stdout.write(table, ending="")
            return
        doc = Path(settings.BASE_DIR) / "docs" / "security.md"
        text = doc.read_text(encoding="utf-8")
        if START not in text or END not in text:
            raise CommandError(f"{doc} has no authorization matrix markers.")
        before, rest = text.split(START, 1)
        _, after = rest.split(END, 1)
        doc.write_text(before + START + table + END + after, encoding="utf-8")
        self.stdout.write(f"Wrote the authorization matrix into {doc}.")
