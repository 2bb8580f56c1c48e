"""manage.py import_classes: the API's rules for every row (schedules too), all or nothing, and
re-runnable."""

from datetime import datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from accounts.models import Role
from classes.models import Class, ClassStatus, Meeting
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db

LOS_ANGELES = ZoneInfo("America/Los_Angeles")

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


DETAILED_HEADER = (
    "nameClass,instructorEmail,seats,price,image,status,description,category,level,location,"
    "ageMin,ageMax,startDate,endDate,meetingDays,startTime,endTime,noMeetingDates,"
    "registrationClosesAt\n"
)


def detailed_csv(tmp_path: Path, rows: str) -> str:
    path = tmp_path / "classes.csv"
    path.write_text(DETAILED_HEADER + rows)
    return str(path)


# The rows are a season written out as dates: read on the day it was written against.
@pytest.mark.usefixtures("on_the_reference_day")
class TestDetailColumns:
    def test_every_detail_is_imported_and_the_meetings_made(self, tmp_path, instructors, capsys):
        rows = (
            "Summer Clay Sculpture,maya@camp.test,10,42.00,https://images.camp.test/clay.jpg,"
            'Approved,"Coil, pinch and slab.\n\nEach child fires two pieces.",pottery-ceramics,'
            "All levels,Clay Studio,8,12,2027-06-28,2027-07-09,mon wed fri,09:00,11:30,"
            "2027-07-02 2027-07-07,2027-06-21T17:00\n"
            "Evening Loom Weaving,kofi@camp.test,8,35.00,https://images.camp.test/loom.jpg,"
            'Pending,,Textiles & weaving,beginner,Studio B,18,,2027-06-29,2027-07-08,"tue,thu",'
            "18:00,20:00,,\n"
        )

        call_command("import_classes", detailed_csv(tmp_path, rows))

        clay = Class.objects.get(name="Summer Clay Sculpture")
        assert (
            clay.description,
            clay.category.slug,
            clay.level,
            clay.location,
            clay.age_min,
            clay.age_max,
        ) == (
            "Coil, pinch and slab.\n\nEach child fires two pieces.",
            "pottery-ceramics",
            "all-levels",
            "Clay Studio",
            8,
            12,
        )
        assert clay.meeting_days == [0, 2, 4]
        # Two weeks of Monday, Wednesday and Friday, less Friday 2 and Wednesday 7 July.
        days = [meeting.day for meeting in Meeting.objects.filter(camp_class=clay)]
        assert [day.isoformat() for day in days] == [
            "2027-06-28",
            "2027-06-30",
            "2027-07-05",
            "2027-07-09",
        ]
        first = Meeting.objects.filter(camp_class=clay).first()
        assert first.start == datetime(2027, 6, 28, 9, tzinfo=LOS_ANGELES)
        assert first.end == datetime(2027, 6, 28, 11, 30, tzinfo=LOS_ANGELES)
        assert clay.starts_at == first.start
        assert clay.registration_closes_at == datetime(2027, 6, 21, 17, tzinfo=LOS_ANGELES)
        assert clay.status == ClassStatus.APPROVED

        weaving = Class.objects.get(name="Evening Loom Weaving")
        assert (weaving.category.slug, weaving.level, weaving.age_min, weaving.age_max) == (
            "textiles-weaving",
            "beginner",
            18,
            None,
        )
        assert weaving.description == ""
        assert weaving.registration_closes_at is None
        assert Meeting.objects.filter(camp_class=weaving).count() == 4
        assert "2 created, 0 unchanged." in capsys.readouterr().out

    def test_a_one_day_workshop_needs_no_end_date_nor_weekdays(self, tmp_path, instructors):
        row = (
            "Saturday Mosaic Workshop,maya@camp.test,12,30.00,https://images.camp.test/m.jpg,"
            "Approved,,,,,,,2027-07-10,,,10:00,15:00,,\n"
        )

        call_command("import_classes", detailed_csv(tmp_path, row))

        workshop = Class.objects.get()
        assert [meeting.day.isoformat() for meeting in workshop.meetings.all()] == ["2027-07-10"]
        assert (workshop.end_date.isoformat(), workshop.meeting_days) == ("2027-07-10", [5])

    def test_a_row_without_details_is_to_be_announced(self, tmp_path, instructors):
        row = (
            "Botanical Watercolour,maya@camp.test,16,24.50,https://images.camp.test/w.jpg,"
            "Pending,,,,,,,,,,,,,\n"
        )

        call_command("import_classes", detailed_csv(tmp_path, row))

        watercolour = Class.objects.get()
        assert (watercolour.starts_at, watercolour.category, watercolour.level) == (None, None, "")
        assert not Meeting.objects.exists()

    def test_bad_details_name_their_line_and_column_and_nothing_is_written(
        self, tmp_path, instructors, capsys
    ):
        good = (
            "Summer Clay Sculpture,maya@camp.test,10,42.00,https://images.camp.test/clay.jpg,"
            "Approved,,pottery-ceramics,,,,,2027-06-28,2027-07-09,mon wed fri,09:00,11:30,,\n"
        )
        bad = (
            # Ends before it starts.
            "Clay A,maya@camp.test,10,4.00,https://images.camp.test/a.jpg,Approved,,,,,,,"
            "2027-06-28,,,11:00,09:00,,\n"
            # No such category, no such level, no such weekday.
            "Clay B,maya@camp.test,10,4.00,https://images.camp.test/a.jpg,Approved,,Knitting,"
            "expert,,,,2027-06-28,2027-07-09,mon funday,09:00,11:00,,\n"
            # The oldest age below the youngest; a holiday outside the dates.
            "Clay C,maya@camp.test,10,4.00,https://images.camp.test/a.jpg,Approved,,,,,12,8,"
            "2027-06-28,2027-07-09,mon,09:00,11:00,2027-08-01,\n"
            # A schedule without its times; a date that is not one.
            "Clay D,maya@camp.test,10,4.00,https://images.camp.test/a.jpg,Approved,,,,,,,"
            "2027-06-28,2027-13-01,mon,,,,\n"
        )

        with pytest.raises(CommandError, match="4 invalid row"):
            call_command("import_classes", detailed_csv(tmp_path, good + bad))

        assert not Class.objects.exists()
        assert not Meeting.objects.exists()
        errors = capsys.readouterr().err.splitlines()
        assert errors[0] == (
            "Line 3: endTime: Each meeting must end after it starts, on the same day."
        )
        assert errors[1].startswith("Line 4: category:")
        assert "level:" in errors[1]
        assert 'meetingDays: "funday" is not a valid choice.' in errors[1]
        assert errors[2] == (
            "Line 5: ageMax: The oldest age must not be below the youngest. noMeetingDates: "
            "Each date with no meeting must fall between the start and end dates."
        )
        assert errors[3].startswith("Line 6: endDate:")
        assert len(errors) == 4
