"""The back office keeps the seasons: when each opens, and its early-access list, uploaded as a
file of addresses that replaces the list."""

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from classes.models import Season, SeasonEarlyAccess
from classes.schedule import school_timezone
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


def season_form(**fields) -> dict:
    now = timezone.now().astimezone(school_timezone())
    today = now.date()
    opens = now + timedelta(days=30)
    form = {
        "name": "Summer next year",
        "starts_on": (today + timedelta(days=200)).isoformat(),
        "ends_on": (today + timedelta(days=260)).isoformat(),
        "opens_at_0": opens.date().isoformat(),
        "opens_at_1": "09:00:00",
        "closes_at_0": (opens + timedelta(days=100)).date().isoformat(),
        "closes_at_1": "09:00:00",
        "early_access_opens_at_0": (opens - timedelta(days=7)).date().isoformat(),
        "early_access_opens_at_1": "09:00:00",
        "allocation": "first_come",
        # The add-ons' inline, with none.
        "add_ons-TOTAL_FORMS": 0,
        "add_ons-INITIAL_FORMS": 0,
        # The season's questions: none here (classes/tests/test_questions_admin.py).
        "questions-TOTAL_FORMS": "0",
        "questions-INITIAL_FORMS": "0",
    }
    form.update(fields)
    return form


def test_an_uploaded_list_becomes_the_seasons_early_access(back_office):
    upload = SimpleUploadedFile(
        "families.csv",
        b"email,name\nAna.Silva@camp.test,Ana\nbo@camp.test,Bo\n\nana.silva@camp.test,Ana again\n",
        content_type="text/csv",
    )

    response = back_office.post("/admin/classes/season/add/", season_form(early_access_list=upload))

    assert response.status_code == 302, response.context["adminform"].errors
    season = Season.objects.get()
    assert sorted(season.early_access.values_list("email", flat=True)) == [
        "ana.silva@camp.test",
        "bo@camp.test",
    ]


def test_a_new_upload_replaces_the_list(back_office):
    season = Season.objects.create(
        name="Summer next year",
        starts_on=timezone.localdate() + timedelta(days=200),
        ends_on=timezone.localdate() + timedelta(days=260),
        opens_at=timezone.now() + timedelta(days=30),
        closes_at=timezone.now() + timedelta(days=130),
    )
    SeasonEarlyAccess.objects.create(season=season, email="old@camp.test")
    upload = SimpleUploadedFile("list.txt", b"new@camp.test\n", content_type="text/plain")

    response = back_office.post(
        f"/admin/classes/season/{season.pk}/change/", season_form(early_access_list=upload)
    )

    assert response.status_code == 302
    assert list(season.early_access.values_list("email", flat=True)) == ["new@camp.test"]


def test_a_line_that_is_not_an_address_is_named_and_nothing_is_saved(back_office):
    upload = SimpleUploadedFile(
        "families.csv", b"ana@camp.test\nnot an address\n", content_type="text/csv"
    )

    response = back_office.post("/admin/classes/season/add/", season_form(early_access_list=upload))

    assert response.status_code == 200
    assert "Line 2: not an address is not an e-mail address." in response.content.decode()
    assert not Season.objects.exists()


def test_early_access_must_open_before_the_season(back_office):
    form = season_form()
    form["early_access_opens_at_0"] = form["closes_at_0"]

    response = back_office.post("/admin/classes/season/add/", form)

    assert response.status_code == 200
    assert not Season.objects.exists()


def test_a_lottery_season_needs_its_window_in_order(back_office):
    season = a_season("Summer")
    now = timezone.now().astimezone(school_timezone())
    window = {
        "allocation": "lottery",
        "wishes_open_at_0": now.date().isoformat(),
        "wishes_open_at_1": "09:00:00",
        "wishes_close_at_0": (now + timedelta(days=7)).date().isoformat(),
        "wishes_close_at_1": "09:00:00",
        "draw_at_0": (now + timedelta(days=6)).date().isoformat(),
        "draw_at_1": "09:00:00",
    }

    refused = back_office.post(
        f"/admin/classes/season/{season.pk}/change/", season_form(name="Summer", **window)
    )
    window["draw_at_0"] = (now + timedelta(days=8)).date().isoformat()
    saved = back_office.post(
        f"/admin/classes/season/{season.pk}/change/", season_form(name="Summer", **window)
    )

    assert (refused.status_code, saved.status_code) == (200, 302)
    season.refresh_from_db()
    assert season.allocation == "lottery"
    zone = school_timezone()
    draw_day, close_day = (
        m.astimezone(zone).date() for m in (season.draw_at, season.wishes_close_at)
    )
    assert draw_day - close_day == timedelta(days=1)
