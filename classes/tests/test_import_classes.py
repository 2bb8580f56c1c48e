"""manage.py import_classes: the API's rules for every row, all or nothing, and re-runnable."""

from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from accounts.models import Role
from classes.models import Class, ClassStatus
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db

HEADER = "nameClass,instructorEmail,seats,price,image,status\n"
GOOD = (
    "Summer Clay Sculpture,maya@camp.test,10,42.00,https://images.camp.test/clay.jpg,Approved\n"
    "Botanical Watercolour,Maya@Camp.test,16,24.50,/static/img/demo/watercolor.webp,Pending\n"
    "Relief Printmaking,kofi@camp.test,12,27.75,https://images.camp.test/print.jpg,Denied\n"
)


@pytest.fixture
def instructors():
    return {
        "maya": UserFactory(role=Role.INSTRUCTOR, email="maya@camp.test"),
        "kofi": UserFactory(role=Role.INSTRUCTOR, email="kofi@camp.test"),
        "sam": UserFactory(role=Role.STUDENT, email="sam@camp.test"),
    }


def csv_file(tmp_path: Path, rows: str) -> str:
    path = tmp_path / "classes.csv"
    path.write_text(HEADER + rows)
    return str(path)


def test_a_good_file_is_imported_with_each_status(tmp_path, instructors, capsys):
    call_command("import_classes", csv_file(tmp_path, GOOD))

    classes = {c.name: c for c in Class.objects.all()}
    assert set(classes) == {"Summer Clay Sculpture", "Botanical Watercolour", "Relief Printmaking"}
    clay = classes["Summer Clay Sculpture"]
    assert (clay.instructor, clay.seats, clay.price, clay.enroll, clay.status) == (
        instructors["maya"],
        10,
        Decimal("42.00"),
        0,
        ClassStatus.APPROVED,
    )
    assert classes["Botanical Watercolour"].status == ClassStatus.PENDING
    assert classes["Relief Printmaking"].status == ClassStatus.DENIED
    assert "3 created, 0 unchanged." in capsys.readouterr().out


def test_a_file_with_bad_rows_writes_nothing_and_names_each_line(tmp_path, instructors, capsys):
    bad = (
        "Way Too Long A Name For Any Class At This Camp,maya@camp.test,10,4,https://i.camp.test/a.jpg,Approved\n"
        "Clay,sam@camp.test,10,4.00,https://images.camp.test/a.jpg,Approved\n"
        "Clay,nobody@camp.test,-1,abc,ftp://x,Maybe\n"
    )

    with pytest.raises(CommandError, match="3 invalid row"):
        call_command("import_classes", csv_file(tmp_path, GOOD + bad))

    assert Class.objects.count() == 0
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 3
    assert errors[0].startswith("Line 5: nameClass:")
    assert errors[1] == "Line 6: instructorEmail: sam@camp.test is not an instructor."
    assert errors[2].startswith("Line 7: seats:")
    for reason in ("price:", "image:", "no account has the e-mail", "status: must be one of"):
        assert reason in errors[2]


def test_skip_invalid_imports_only_the_valid_rows(tmp_path, instructors, capsys):
    bad = "Clay,sam@camp.test,10,4.00,https://images.camp.test/a.jpg,Approved\n"

    call_command("import_classes", csv_file(tmp_path, GOOD + bad), "--skip-invalid")

    assert Class.objects.count() == 3
    captured = capsys.readouterr()
    assert "Line 5: instructorEmail: sam@camp.test is not an instructor." in captured.err
    assert "3 created, 0 unchanged, 1 skipped as invalid." in captured.out


def test_importing_again_adds_no_duplicates(tmp_path, instructors, capsys):
    path = csv_file(tmp_path, GOOD)
    call_command("import_classes", path)
    capsys.readouterr()

    call_command("import_classes", path)

    assert Class.objects.count() == 3
    assert "0 created, 3 unchanged." in capsys.readouterr().out


def test_a_file_without_the_columns_is_refused(tmp_path, instructors):
    path = tmp_path / "classes.csv"
    path.write_text("name,seats\nClay,3\n")

    with pytest.raises(CommandError, match="lacks the columns: nameClass, instructorEmail"):
        call_command("import_classes", str(path))


def test_the_sample_file_imports_after_the_demo_seed(emulator, capsys):
    call_command("seed_demo")
    before = Class.objects.count()

    call_command("import_classes", str(settings.BASE_DIR / "docs" / "sample_classes.csv"))

    assert Class.objects.count() == before + 4
    assert "4 created, 0 unchanged." in capsys.readouterr().out
