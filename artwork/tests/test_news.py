"""The families' daily e-mail about their children's artwork: one e-mail a school day at most per
family, listing what is new and what is ready for pick-up with when to collect it, each thing
told once; read off the SMTP sink."""

from datetime import datetime, time, timedelta

import pytest
import time_machine
from django.utils import timezone

from artwork.models import ArtworkChild, Stage
from artwork.services.news import artwork_news_send
from artwork.tasks import artwork_news
from core.school_time import school_today
from testing.artwork import artwork_made
from testing.dates import SCHOOL
from testing.factories import ChildFactory, UserFactory, scheduled_class
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db

EVENING = time(18)


def _evening(days_from_today: int = 0) -> datetime:
    return datetime.combine(school_today() + timedelta(days=days_from_today), EVENING, SCHOOL)


@pytest.fixture
def today_evening():
    with time_machine.travel(_evening(), tick=False):
        yield


@pytest.fixture
def pottery():
    """Pottery meets every morning from today for a week, 9:00 to 12:00."""
    today = school_today()
    return scheduled_class(
        name="Pottery",
        start=today,
        end=today + timedelta(days=6),
        days=tuple(range(7)),
        hours=(time(9), time(12)),
    )


@pytest.fixture
def ana():
    return UserFactory(name="Ana Lopez", email="ana@camp.test")


@pytest.fixture
def mia(ana):
    return ChildFactory(account=ana, first_name="Mia")


def _text(email) -> str:
    return email.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def _html(email) -> str:
    return email.get_body(preferencelist=("html",)).get_content()


def _sent(smtp_sink) -> list:
    # Sent now, though queued on evenings the tests travelled to.
    send_queued(including_scheduled=True)
    return smtp_sink.messages()


def _on_the_evening(days_from_today: int) -> int:
    with time_machine.travel(_evening(days_from_today), tick=False):
        return artwork_news_send()


@pytest.mark.usefixtures("today_evening")
class TestOneDay:
    def test_two_new_pieces_are_one_e_mail_and_a_second_pass_sends_nothing(
        self, smtp_sink, pottery, ana, mia
    ):
        leo = ChildFactory(account=ana, first_name="Leo")
        artwork_made(pottery, [mia], title="Blue bowl")
        artwork_made(pottery, [mia, leo], title="Clay owl")

        assert artwork_news_send() == 1
        assert artwork_news_send() == 0

        [email] = _sent(smtp_sink)
        assert email["To"] == "ana@camp.test"
        assert email["Subject"] == "New artwork from Leo and Mia"
        text = _text(email)
        taken = f"({school_today():%B} {school_today().day})"
        assert f"Mia\n- New: Blue bowl, Pottery {taken}\n- New: Clay owl, Pottery {taken}" in text
        assert f"Leo\n- New: Clay owl, Pottery {taken}" in text
        assert "/dashboard/family" in text
        assert "Blue bowl" in _html(email)
        assert not ArtworkChild.objects.filter(told_new_at__isnull=True).exists()

    def test_each_family_is_told_of_its_own_children_only(self, smtp_sink, pottery, mia):
        ben = UserFactory(name="Ben Okafor", email="ben@camp.test")
        sam = ChildFactory(account=ben, first_name="Sam")
        artwork_made(pottery, [mia, sam], title="Group mural")
        artwork_made(pottery, [sam], title="Green cup")

        assert artwork_news_send() == 2

        by_address = {email["To"]: _text(email) for email in _sent(smtp_sink)}
        assert "Group mural" in by_address["ana@camp.test"]
        assert "Sam" not in by_address["ana@camp.test"]
        assert "Green cup" not in by_address["ana@camp.test"]
        assert "Mia" not in by_address["ben@camp.test"]

    def test_nothing_new_is_no_e_mail(self, smtp_sink, pottery, mia):
        artwork_made(pottery, [mia], title="Blue bowl", told=True)

        assert artwork_news() == 0
        assert _sent(smtp_sink) == []


def test_at_most_one_e_mail_a_day_what_comes_later_waits_for_the_next_day(smtp_sink, pottery, mia):
    with time_machine.travel(_evening() - timedelta(hours=3), tick=False):
        artwork_made(pottery, [mia], title="Blue bowl")
        assert artwork_news_send() == 1
        later = artwork_made(pottery, [mia], title="Clay owl")
    with time_machine.travel(_evening(), tick=False):
        assert artwork_news_send() == 0
    assert ArtworkChild.objects.get(artwork=later).told_new_at is None

    assert _on_the_evening(1) == 1

    told = sorted(
        ("Blue bowl" in text, "Clay owl" in text) for text in map(_text, _sent(smtp_sink))
    )
    # One e-mail of each day, each with its own piece only.
    assert told == [(False, True), (True, False)]


def test_a_piece_ready_is_told_the_next_day_with_the_next_meeting_to_collect_it(
    smtp_sink, pottery, mia
):
    with time_machine.travel(_evening(), tick=False):
        bowl = artwork_made(pottery, [mia], title="Blue bowl")
        assert artwork_news_send() == 1
    with time_machine.travel(_evening(1) - timedelta(hours=8), tick=False):
        bowl.stage, bowl.ready_at = Stage.READY, timezone.now()
        bowl.save()

    assert _on_the_evening(1) == 1
    assert _on_the_evening(2) == 0

    [ready] = [email for email in _sent(smtp_sink) if "ready" in email["Subject"]]
    assert ready["Subject"] == "Artwork ready for pick-up from Mia"
    # That evening, the day's meeting is over: the next is the day after's, ending at noon.
    collect = school_today() + timedelta(days=2)
    assert (
        f"- Ready for pick-up: Blue bowl, Pottery. Collect it after class on "
        f"{collect:%A}, {collect:%B} {collect.day}, at 12:00 PM." in _text(ready)
    )
    told = ArtworkChild.objects.get(artwork=bowl)
    assert told.told_ready_at is not None


def test_a_piece_ready_after_the_class_s_last_meeting_is_collected_from_the_office(
    smtp_sink, pottery, mia
):
    bowl = artwork_made(pottery, [mia], title="Blue bowl", stage=Stage.READY)

    assert _on_the_evening(7) == 1

    [email] = _sent(smtp_sink)
    text = _text(email)
    assert "- Ready for pick-up: Blue bowl, Pottery. Collect it from the school's office." in text
    # Told new and ready at once: listed once, as ready.
    assert "New:" not in text
    assert ArtworkChild.objects.filter(
        artwork=bowl, told_new_at__isnull=False, told_ready_at__isnull=False
    ).exists()
