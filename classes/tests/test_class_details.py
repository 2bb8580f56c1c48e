"""An instructor describes a class (category, level, ages, place, schedule) in Add/Update Class;
the server answers its meetings and keeps them in step with every edit."""

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest
from django.db import IntegrityError, transaction

from classes.models import Category, Class, ClassStatus, Meeting
from classes.schedule import meetings_of
from classes.services import class_create, class_update

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

LOS_ANGELES = ZoneInfo("America/Los_Angeles")

SPEC_FIELDS = {
    "nameClass": "Wheel-Thrown Pottery",
    "seats": 12,
    "price": 45.5,
    "image": "https://images.camp.test/pottery.jpg",
}
DETAILS = {
    "description": "Centre clay on the wheel.\n\nPull walls, trim and glaze two pots.",
    "category": "pottery-ceramics",
    "level": "beginner",
    "location": "Clay Studio",
    "whatToBring": "An apron and a towel",
    "ageMin": 10,
    "ageMax": 14,
    "startDate": "2027-06-14",
    "endDate": "2027-06-25",
    "meetingDays": ["fri", "mon", "wed"],
    "startTime": "09:00",
    "endTime": "12:00",
    "noMeetingDates": ["2027-06-16"],
    "registrationClosesAt": "2027-06-07T17:00",
}


def proposed(client_as, people, body):
    response = client_as("instructor").post("/api/classes", body, format="json")
    assert response.status_code == 201, response.json()
    return people["instructor"].classes_taught.get(pk=response.json()["insertedId"])


class TestDescribing:
    def test_every_detail_is_kept_and_answered(self, client_as, people):
        camp_class = proposed(client_as, people, {**SPEC_FIELDS, **DETAILS})

        answer = client_as("instructor").get(f"/api/myClass/{camp_class.pk}").json()

        assert {key: answer[key] for key in DETAILS} == {
            **DETAILS,
            # Weekdays come back in week order, the close as an aware moment in school time.
            "meetingDays": ["mon", "wed", "fri"],
            "registrationClosesAt": "2027-06-07T17:00:00-07:00",
        }
        assert answer["categoryName"] == "Pottery & ceramics"
        # Each meeting with its row's id, which its attendance is taken under.
        ids = {m.day.day: m.pk for m in Meeting.objects.filter(camp_class=camp_class)}
        assert answer["meetings"] == [
            {
                "id": ids[int(day)],
                "start": f"2027-06-{day}T09:00:00-07:00",
                "end": f"2027-06-{day}T12:00:00-07:00",
            }
            for day in ("14", "18", "21", "23", "25")
        ]
        assert answer["totalHours"] == 15.0
        assert answer["startsAt"] == "2027-06-14T09:00:00-07:00"
        assert answer["registrationOpen"] is True
        assert answer["instructorId"] == people["instructor"].pk

    def test_a_class_as_the_spec_client_sends_it_is_to_be_announced(self, client_as, people):
        camp_class = proposed(client_as, people, SPEC_FIELDS)

        answer = client_as("instructor").get(f"/api/myClass/{camp_class.pk}").json()

        assert answer["meetings"] == []
        assert answer["totalHours"] == 0
        assert answer["startsAt"] is None
        assert answer["registrationClosesAt"] is None
        assert answer["registrationOpen"] is True
        assert answer["description"] == ""
        assert answer["category"] is None
        assert answer["level"] is None
        assert Meeting.objects.filter(camp_class=camp_class).count() == 0

    def test_a_one_day_workshop_has_one_meeting(self, client_as, people):
        body = {
            **SPEC_FIELDS,
            "startDate": "2027-07-10",
            "startTime": "13:00",
            "endTime": "16:30",
        }
        camp_class = proposed(client_as, people, body)

        answer = client_as("instructor").get(f"/api/myClass/{camp_class.pk}").json()

        assert answer["endDate"] == "2027-07-10"
        assert answer["meetingDays"] == ["sat"]
        assert answer["meetings"] == [
            {
                "id": Meeting.objects.get(camp_class=camp_class).pk,
                "start": "2027-07-10T13:00:00-07:00",
                "end": "2027-07-10T16:30:00-07:00",
            }
        ]
        assert answer["totalHours"] == 3.5


class TestRefusing:
    @pytest.mark.parametrize(
        ("change", "field"),
        [
            ({"endDate": "2027-06-01"}, "endDate"),
            ({"endTime": "08:00"}, "endTime"),
            ({"endTime": "24:30"}, "endTime"),
            ({"meetingDays": []}, "meetingDays"),
            ({"meetingDays": ["funday"]}, "meetingDays"),
            ({"startDate": None}, "startDate"),
            ({"ageMin": 15}, "ageMax"),
            ({"ageMin": -1}, "ageMin"),
            ({"ageMax": 140}, "ageMax"),
            ({"level": "expert"}, "level"),
            ({"category": "knitting-robots"}, "category"),
            ({"description": "x" * 2001}, "description"),
            ({"noMeetingDates": ["2027-08-01"]}, "noMeetingDates"),
            ({"registrationClosesAt": "2027-07-01T09:00"}, "registrationClosesAt"),
            ({"startDate": "14/06/2027"}, "startDate"),
            ({"noMeetingDates": [None]}, "noMeetingDates"),
        ],
    )
    def test_each_bad_detail_is_a_400_naming_its_field(self, client_as, people, change, field):
        body = {**SPEC_FIELDS, **DETAILS, **change}

        response = client_as("instructor").post("/api/classes", body, format="json")

        assert response.status_code == 400
        assert field in response.json()["errors"], response.json()
        # Nothing is half-written.
        assert not Class.objects.exists()
        assert not Meeting.objects.exists()

    def test_several_schedule_problems_are_named_together(self, client_as):
        body = {**SPEC_FIELDS, **DETAILS, "endDate": "2027-06-01", "endTime": "08:00"}

        response = client_as("instructor").post("/api/classes", body, format="json")

        assert response.status_code == 400
        assert {"endDate", "endTime"} <= set(response.json()["errors"])


def test_a_bad_item_of_a_list_is_named_by_its_place(client_as):
    body = {**SPEC_FIELDS, **DETAILS, "noMeetingDates": ["2027-06-16", None]}

    response = client_as("instructor").post("/api/classes", body, format="json")

    assert response.json()["errors"]["noMeetingDates"] == ["Item 2: This field may not be null."]


class TestEditing:
    def test_an_edit_from_the_spec_client_keeps_every_detail(self, client_as, people):
        camp_class = proposed(client_as, people, {**SPEC_FIELDS, **DETAILS})

        response = client_as("instructor").put(
            f"/api/classes/{camp_class.pk}", {**SPEC_FIELDS, "seats": 8}, format="json"
        )

        assert response.status_code == 200
        camp_class.refresh_from_db()
        assert camp_class.seats == 8
        assert camp_class.description == DETAILS["description"]
        assert camp_class.location == "Clay Studio"
        assert Meeting.objects.filter(camp_class=camp_class).count() == 5

    def test_a_detail_can_be_cleared(self, client_as, people):
        camp_class = proposed(client_as, people, {**SPEC_FIELDS, **DETAILS})

        response = client_as("instructor").put(
            f"/api/classes/{camp_class.pk}",
            {**SPEC_FIELDS, "category": None, "ageMin": None, "ageMax": None, "level": ""},
            format="json",
        )

        assert response.status_code == 200
        camp_class.refresh_from_db()
        assert (camp_class.category, camp_class.age_min, camp_class.level) == (None, None, "")

    def test_a_bad_edit_changes_nothing(self, client_as, people):
        camp_class = proposed(client_as, people, {**SPEC_FIELDS, **DETAILS})

        response = client_as("instructor").put(
            f"/api/classes/{camp_class.pk}",
            {**SPEC_FIELDS, "nameClass": "Renamed", "endTime": "08:00"},
            format="json",
        )

        assert response.status_code == 400
        assert response.json()["errors"] == {
            "endTime": ["Each meeting must end after it starts, on the same day."]
        }
        camp_class.refresh_from_db()
        assert camp_class.name == "Wheel-Thrown Pottery"


class TestMeetingsKeepTheirIdentity:
    @pytest.fixture
    def camp_class(self, people):
        return class_create(
            instructor=people["instructor"],
            name="Loom Weaving",
            image="/static/img/demo/weaving.webp",
            price=30,
            seats=10,
            start_date=date(2027, 6, 14),
            end_date=date(2027, 6, 18),
            meeting_days=[0, 2, 4],
            start_time=time(9),
            end_time=time(12),
        )

    def edit(self, camp_class, **changes):
        class_update(
            class_id=camp_class.pk,
            editor=camp_class.instructor,
            name=camp_class.name,
            image=camp_class.image,
            price=camp_class.price,
            seats=camp_class.seats,
            **changes,
        )
        camp_class.refresh_from_db()
        # The answers read meetings from the schedule; the rows must say the same.
        assert [
            (meeting.start, meeting.end)
            for meeting in Meeting.objects.filter(camp_class=camp_class, cancelled=False)
        ] == [(meeting.start, meeting.end) for meeting in meetings_of(camp_class)]
        return {meeting.day: meeting for meeting in Meeting.objects.filter(camp_class=camp_class)}

    def test_a_new_time_raises_each_meeting_s_sequence(self, camp_class):
        before = {meeting.day: meeting.pk for meeting in camp_class.meetings.all()}

        after = self.edit(camp_class, start_time=time(10))

        assert {day: meeting.pk for day, meeting in after.items()} == before
        assert {meeting.sequence for meeting in after.values()} == {1}
        assert after[date(2027, 6, 14)].start == datetime(2027, 6, 14, 10, tzinfo=LOS_ANGELES)

    def test_a_dropped_day_stays_as_cancelled_and_comes_back_as_itself(self, camp_class):
        dropped = self.edit(camp_class, no_meeting_dates=[date(2027, 6, 16)])

        assert dropped[date(2027, 6, 16)].cancelled
        assert dropped[date(2027, 6, 16)].sequence == 1
        assert not dropped[date(2027, 6, 14)].cancelled
        assert dropped[date(2027, 6, 14)].sequence == 0

        restored = self.edit(camp_class, no_meeting_dates=[])

        assert not restored[date(2027, 6, 16)].cancelled
        assert restored[date(2027, 6, 16)].sequence == 2
        assert restored[date(2027, 6, 16)].pk == dropped[date(2027, 6, 16)].pk

    def test_an_edit_that_leaves_the_schedule_alone_changes_no_meeting(self, camp_class):
        after = self.edit(camp_class, description="Bring an apron.")

        assert {meeting.sequence for meeting in after.values()} == {0}

    def test_the_first_and_last_meeting_are_kept_on_the_class(self, camp_class):
        camp_class.refresh_from_db()

        assert camp_class.starts_at == datetime(2027, 6, 14, 9, tzinfo=LOS_ANGELES)
        assert camp_class.ends_at == datetime(2027, 6, 18, 12, tzinfo=LOS_ANGELES)

    def test_clearing_the_schedule_cancels_every_meeting(self, camp_class):
        after = self.edit(
            camp_class,
            start_date=None,
            end_date=None,
            meeting_days=[],
            start_time=None,
            end_time=None,
        )

        assert all(meeting.cancelled for meeting in after.values())
        camp_class.refresh_from_db()
        assert camp_class.starts_at is None


class TestDatabaseGuards:
    def test_ages_out_of_order_are_refused_by_the_database(self, people):
        camp_class = class_create(
            instructor=people["instructor"], name="Knots", image="/x.png", price=1, seats=1
        )
        with pytest.raises(IntegrityError), transaction.atomic():
            Class.objects.filter(pk=camp_class.pk).update(age_min=12, age_max=8)

    def test_two_meetings_of_a_class_on_one_day_are_refused(self, people):
        camp_class = class_create(
            instructor=people["instructor"], name="Knots", image="/x.png", price=1, seats=1
        )
        start = datetime(2027, 6, 14, 9, tzinfo=LOS_ANGELES)
        Meeting.objects.create(
            camp_class=camp_class, day=start.date(), start=start, end=start.replace(hour=10)
        )
        with pytest.raises(IntegrityError), transaction.atomic():
            Meeting.objects.create(
                camp_class=camp_class, day=start.date(), start=start, end=start.replace(hour=11)
            )

    def test_the_school_extends_its_categories(self):
        Category.objects.create(slug="calligraphy", name="Calligraphy", position=99)

        assert Category.objects.filter(slug="calligraphy").exists()
        assert Category.objects.filter(slug="pottery-ceramics").exists()


def test_a_pending_class_stays_pending_after_details_change(people):
    camp_class = class_create(
        instructor=people["instructor"], name="Knots", image="/x.png", price=1, seats=1
    )

    class_update(
        class_id=camp_class.pk,
        editor=people["instructor"],
        name="Knots",
        image="/x.png",
        price=1,
        seats=1,
        location="Garden Pavilion",
    )

    camp_class.refresh_from_db()
    assert (camp_class.status, camp_class.location) == (ClassStatus.PENDING, "Garden Pavilion")
