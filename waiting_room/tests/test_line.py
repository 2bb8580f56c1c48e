"""The opening-morning waiting room: the line in Redis, its admissions, and the gate in front of
registration writes (waiting_room.line, waiting_room.gate).

Against the suite's real Redis, each test with a line of its own (its keys under a prefix of its
own), on a clock that moves only when the test moves it.
"""

import logging
import math
import threading
from datetime import timedelta

import pytest
import time_machine
from django.core import signing
from django.http import HttpResponse
from django.utils import timezone
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from classes.models import ClassStatus, Season
from classes.schedule import school_timezone
from core import events
from core.provider_waits import provider_call
from enrolments.apis import SelectionListCreateApi
from enrolments.models import SeatHold, WaitlistEntry
from testing.factories import ClassFactory, UserFactory
from testing.seasons import a_season
from testing.servers import free_port
from testing.waiting_rooms import waiting_room_on
from waiting_room import line
from waiting_room.gate import WAIT_YOUR_TURN, WaitingRoomGateMiddleware
from waiting_room.line import (
    ADMISSION_SALT,
    BAD_LINE,
    LINE_SALT,
    LOAD_BUCKET_SECONDS,
    TOO_MANY_JOINS,
    keys,
    line_token_new,
    turn_seconds,
    waiting_room_sync,
)

pytestmark = pytest.mark.django_db

ROOM = "/api/waitingRoom"
LIVE = "/api/waitingRoom/live"
PAUSE = "/api/waitingRoom/pause"
SELECT = "/api/selectClass"
WAITLIST = "/api/waitlist"


@pytest.fixture
def room(settings):
    """The room turned on, with keys of this test's own, letting in one family a second. The
    crowds these tests make all come from the test client's one address: its limit of new places
    a minute is lifted, but where a test says otherwise (TestJoinsPerAddress)."""
    with waiting_room_on(settings, "waiting-room") as client:
        settings.WAITING_ROOM_JOINS_PER_MINUTE = 10_000
        yield client


@pytest.fixture
def clock():
    """The clock stopped, moved only by the test (`clock.shift(seconds)`)."""
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        yield traveller


def an_opening(in_seconds: float, name: str = "Summer") -> Season:
    season = a_season(name, opens_in=timedelta(seconds=in_seconds))
    assert waiting_room_sync() is not None
    return season


def opened_with_a_crowd(client, clock, crowd: int = 30) -> Season:
    """A season opening now, `crowd` families in line since a minute before: the line lasts
    `crowd` seconds."""
    season = an_opening(60)
    for _ in range(crowd):
        join(client)
    clock.shift(60)
    return season


def join(client, line: str | None = None, **extra) -> dict:
    response = client.post(ROOM, {"line": line} if line else {}, format="json", **extra)
    assert response.status_code == 200, response.content
    return response.json()


def poll(client, line: str) -> dict:
    response = client.get(ROOM, {"line": line})
    assert response.status_code == 200, response.content
    return response.json()


def line_key(season: Season) -> str:
    return keys().line(f"{season.pk}-{int(season.opens_at.timestamp())}")


def member_of(line: str) -> str:
    return "t:" + signing.Signer(salt=LINE_SALT).unsign(line)


def holder_of(admission: str) -> str:
    """The place an admission was issued for (`a:<user id>` or `t:<line id>`)."""
    return signing.loads(admission, salt=ADMISSION_SALT)[0]


def bearer(user) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {AccessToken.for_user(user)}"}


def school_time(moment) -> str:
    return moment.astimezone(school_timezone()).isoformat()


def live_of(api_client_for, admin) -> dict:
    response = api_client_for(admin).get(LIVE)
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def admin():
    return UserFactory(role=Role.ADMIN)


class TestTheLine:
    def test_before_the_line_forms_everyone_goes_in(self, room, clock, api_client):
        season = an_opening(30 * 60)

        answer = join(api_client)

        assert answer == {
            "active": False,
            "season": {"id": season.pk, "name": "Summer"},
            "opensAt": school_time(season.opens_at),
            "paused": False,
            "line": answer["line"],
            "position": None,
            "admitted": True,
            "admission": None,
            "admissionExpiresAt": None,
            "estimatedWaitSeconds": None,
            # The line forms in 15 minutes: the page asks again before then.
            "pollSeconds": 30,
        }
        assert room.zcard(line_key(season)) == 0

    def test_a_family_joins_and_is_told_its_place_and_wait(self, room, clock, api_client):
        season = an_opening(10 * 60)
        first = join(api_client)

        second = join(api_client)

        assert second == {
            "active": True,
            "season": {"id": season.pk, "name": "Summer"},
            "opensAt": school_time(season.opens_at),
            "paused": False,
            "line": second["line"],
            # Before the opening a place is only drawn so far, and a later arrival may be drawn
            # ahead: no number is shown until the opening settles it.
            "position": None,
            "admitted": False,
            "admission": None,
            "admissionExpiresAt": None,
            "estimatedWaitSeconds": 600,
            "pollSeconds": 30,
        }
        clock.shift(10 * 60)
        # At the opening the draw stands: either may be first.
        assert sorted(
            [
                poll(api_client, first["line"])["position"],
                poll(api_client, second["line"])["position"],
            ]
        ) == [1, 2]

    def test_a_family_asks_again_at_half_its_wait_so_polls_spread_over_the_line(
        self, room, clock, api_client
    ):
        an_opening(60)
        lines = [join(api_client)["line"] for _ in range(70)]
        clock.shift(60 + 1)

        answers = [poll(api_client, line) for line in lines]

        # One family a second: the nearest ask again every 2 s, the last (69 s away) after
        # 30 s at most, the rest at half their wait.
        waits = [
            (answer["position"], answer["pollSeconds"])
            for answer in answers
            if not answer["admitted"]
        ]
        assert len(waits) == 69
        assert min(waits) == (1, 2)
        assert max(waits) == (69, 30)
        assert all(max(2, min(30, place // 2)) == seconds for place, seconds in waits)

    def test_arrivals_before_the_opening_go_first_in_a_shuffled_order_then_by_arrival(
        self, room, clock, api_client
    ):
        season = an_opening(5 * 60)
        early = [join(api_client)["line"] for _ in range(20)]
        clock.shift(5 * 60)
        late = [join(api_client)["line"] for _ in range(5)]

        line = room.zrange(line_key(season), 0, -1)

        assert set(line[:20]) == {member_of(token) for token in early}
        assert line[:20] != [member_of(token) for token in early]
        assert line[20:] == [member_of(token) for token in late]
        # Let in in that order, one a second.
        clock.shift(20)
        assert all(poll(api_client, token)["admitted"] for token in early)
        assert [poll(api_client, token)["position"] for token in late] == [1, 2, 3, 4, 5]

    def test_families_are_let_in_at_the_rate(self, room, clock, api_client, admin, api_client_for):
        an_opening(60)
        lines = [join(api_client)["line"] for _ in range(10)]
        clock.shift(60 + 3)

        answers = [poll(api_client, line) for line in lines]

        assert sum(answer["admitted"] for answer in answers) == 3
        waiting = sorted(
            (answer["position"], answer["estimatedWaitSeconds"])
            for answer in answers
            if not answer["admitted"]
        )
        assert waiting == [(place, place) for place in range(1, 8)]
        clock.shift(2)
        live = live_of(api_client_for, admin)
        assert (live["inLine"], live["admitted"], live["waiting"]) == (10, 5, 5)

    def test_a_family_let_in_gets_an_admission(self, room, clock, api_client):
        season = an_opening(60)
        lines = [join(api_client)["line"], join(api_client)["line"]]
        clock.shift(61)

        # One of the two, drawn at random, is let in a second after the opening.
        answer = max((poll(api_client, line) for line in lines), key=lambda a: a["admitted"])

        expires = timezone.now() + timedelta(minutes=20)
        assert answer == {
            "active": True,
            "season": {"id": season.pk, "name": "Summer"},
            "opensAt": school_time(season.opens_at),
            "paused": False,
            "line": answer["line"],
            "position": None,
            "admitted": True,
            "admission": answer["admission"],
            "admissionExpiresAt": school_time(expires),
            "estimatedWaitSeconds": None,
            "pollSeconds": 30,
        }
        assert answer["admission"]

    def test_a_reload_and_a_second_tab_keep_one_place(
        self, room, clock, api_client, admin, api_client_for
    ):
        opened_with_a_crowd(api_client, clock)
        line = join(api_client)["line"]

        again = join(api_client, line)
        from_the_other_tab = poll(api_client, line)

        assert again["line"] == line
        assert again["position"] == from_the_other_tab["position"] == 31
        assert live_of(api_client_for, admin)["inLine"] == 31

    def test_a_family_signed_in_on_two_devices_keeps_one_place(
        self, room, clock, api_client, admin, api_client_for
    ):
        family = UserFactory(role=Role.STUDENT)
        opened_with_a_crowd(api_client, clock)

        laptop = join(api_client, **bearer(family))
        phone = join(api_client, **bearer(family))

        assert laptop["line"] != phone["line"]
        assert laptop["position"] == phone["position"] == 31
        assert poll(api_client, phone["line"])["position"] == 31
        assert live_of(api_client_for, admin)["inLine"] == 31

    def test_signing_in_while_waiting_keeps_the_accounts_own_place(
        self, room, clock, api_client, admin, api_client_for
    ):
        family = UserFactory(role=Role.STUDENT)
        opened_with_a_crowd(api_client, clock)
        anonymous = join(api_client)["line"]
        join(api_client)
        phone = join(api_client, **bearer(family))
        assert phone["position"] == 33

        signed_in = join(api_client, anonymous, **bearer(family))

        # The account had a place: it keeps it, never a better one a token brings. The token's
        # place is given up (the family behind it moves up) and it stands for the account's.
        assert signed_in["position"] == 32
        assert poll(api_client, anonymous)["position"] == 32
        assert poll(api_client, phone["line"])["position"] == 32
        assert live_of(api_client_for, admin)["inLine"] == 32

    def test_signing_in_without_a_place_takes_the_tokens(
        self, room, clock, api_client, admin, api_client_for
    ):
        family = UserFactory(role=Role.STUDENT)
        opened_with_a_crowd(api_client, clock)
        anonymous = join(api_client)["line"]
        join(api_client)

        signed_in = join(api_client, anonymous, **bearer(family))

        assert signed_in["position"] == poll(api_client, anonymous)["position"] == 31
        assert live_of(api_client_for, admin)["inLine"] == 32

    def test_a_family_that_opened_many_places_keeps_the_first_it_brings_in(
        self, room, clock, api_client, family
    ):
        season = an_opening(10 * 60)
        others = [join(api_client)["line"] for _ in range(3)]
        tokens = [join(api_client)["line"] for _ in range(10)]
        # The draw, as it fell: the others at 0.6 to 0.8; the family's ten tokens from 0.9 down
        # to 0.45, the first it brings in the worst of them.
        line = line_key(season)
        room.zadd(line, {member_of(token): 0.6 + 0.1 * n for n, token in enumerate(others)})
        room.zadd(line, {member_of(token): 0.9 - 0.05 * n for n, token in enumerate(tokens)})

        for token in tokens:
            join(api_client, token, **bearer(family))

        # One place, the first brought in: the nine others are given up and improve nothing.
        assert room.zrange(line, 0, -1, withscores=True) == [
            *((member_of(token), pytest.approx(0.6 + 0.1 * n)) for n, token in enumerate(others)),
            (f"a:{family.pk}", pytest.approx(0.9)),
        ]
        clock.shift(10 * 60)
        assert {poll(api_client, token)["position"] for token in tokens} == {4}

    def test_before_the_opening_an_account_draws_once_whatever_tokens_it_brings(
        self, room, clock, api_client, family
    ):
        season = an_opening(10 * 60)
        join(api_client, **bearer(family))
        tokens = [join(api_client)["line"] for _ in range(5)]
        line = line_key(season)
        room.zadd(line, {f"a:{family.pk}": 0.7}, xx=True)
        room.zadd(line, {member_of(token): 0.1 * (n + 1) for n, token in enumerate(tokens)})

        for token in tokens:
            join(api_client, token, **bearer(family))

        assert room.zrange(line, 0, -1, withscores=True) == [(f"a:{family.pk}", 0.7)]

    def test_a_line_token_joins_one_account_once(self, room, clock, api_client, family):
        opened_with_a_crowd(api_client, clock)
        token = join(api_client)["line"]
        assert join(api_client, token, **bearer(family))["position"] == 31
        another = UserFactory(role=Role.STUDENT)

        theirs = join(api_client, token, **bearer(another))

        # Brought by another account, the token gives it nothing: a place of its own, at the end.
        assert theirs["position"] == 32
        assert poll(api_client, token)["position"] == 31
        assert join(api_client, **bearer(family))["position"] == 31

    def test_an_invalid_access_token_joins_as_a_visitor(self, room, clock, api_client):
        season = opened_with_a_crowd(api_client, clock)

        answer = join(api_client, HTTP_AUTHORIZATION="Bearer not-a-token")

        assert answer["position"] == 31
        assert room.zrange(line_key(season), -1, -1) == [member_of(answer["line"])]

    def test_the_room_turns_off_once_the_line_is_empty_after_the_opening(
        self, room, clock, api_client
    ):
        season = an_opening(60)
        line = join(api_client)["line"]
        clock.shift(61)
        assert poll(api_client, line)["admitted"]

        answer = join(api_client)

        assert (answer["active"], answer["admitted"], answer["position"]) == (False, True, None)
        # ... and stays off for that opening, whatever the next sync reads.
        assert waiting_room_sync() is None
        assert not join(api_client)["active"]
        opening_id = f"{season.pk}-{int(season.opens_at.timestamp())}"
        assert room.sismember(keys().closed, opening_id)

    def test_a_line_nobody_polls_is_emptied_by_the_sync(self, room, clock, api_client):
        an_opening(60)
        join(api_client)
        clock.shift(120)

        assert waiting_room_sync().closed

    def test_the_room_is_off_when_turned_off(self, room, clock, api_client, settings):
        opened_with_a_crowd(api_client, clock)
        settings.WAITING_ROOM_ENABLED = False

        answer = join(api_client)

        assert answer == {
            "active": False,
            "season": None,
            "opensAt": None,
            "paused": False,
            "line": answer["line"],
            "position": None,
            "admitted": True,
            "admission": None,
            "admissionExpiresAt": None,
            "estimatedWaitSeconds": None,
            "pollSeconds": 30,
        }

    def test_polling_and_joining_read_no_database(
        self, room, clock, api_client, django_assert_num_queries
    ):
        family = UserFactory(role=Role.STUDENT)
        opened_with_a_crowd(api_client, clock)

        with django_assert_num_queries(0):
            line = join(api_client, **bearer(family))["line"]
            join(api_client)
            poll(api_client, line)

    def test_a_line_token_not_ours_is_refused_naming_the_field(self, room, api_client):
        answers = [
            api_client.get(ROOM, {"line": "made-up"}),
            api_client.post(ROOM, {"line": "made-up:signature"}, format="json"),
        ]

        for response in answers:
            assert response.status_code == 400
            assert response.json() == {
                "message": "Please check these fields: line.",
                "errors": {"line": [BAD_LINE]},
            }


class TestSync:
    def test_the_room_is_for_the_earliest_opening_to_come(self, room, clock):
        a_season("Autumn", opens_in=timedelta(days=60))
        summer = a_season("Summer", opens_in=timedelta(days=2))
        a_season("Spring", opens_in=-timedelta(days=3))

        opening = waiting_room_sync()

        assert (opening.season_id, opening.season_name, opening.opens_at) == (
            summer.pk,
            "Summer",
            summer.opens_at,
        )
        assert opening.starts_at == summer.opens_at - timedelta(minutes=15)
        assert room.hget(keys().opening, "id") == f"{summer.pk}-{int(summer.opens_at.timestamp())}"

    def test_a_season_saved_in_the_back_office_moves_the_room(
        self, room, clock, back_office, django_capture_on_commit_callbacks
    ):
        season = a_season("Summer", opens_in=timedelta(days=30))
        waiting_room_sync()
        now = timezone.now().astimezone(school_timezone())
        opens = now + timedelta(days=3)
        form = {
            "name": "Summer",
            "starts_on": season.starts_on.isoformat(),
            "ends_on": season.ends_on.isoformat(),
            "opens_at_0": opens.date().isoformat(),
            "opens_at_1": opens.time().isoformat(),
            "closes_at_0": season.closes_at.astimezone(school_timezone()).date().isoformat(),
            "closes_at_1": "09:00:00",
            "allocation": "first_come",
            "add_ons-TOTAL_FORMS": "0",
            "add_ons-INITIAL_FORMS": "0",
            "questions-TOTAL_FORMS": "0",
            "questions-INITIAL_FORMS": "0",
        }

        with django_capture_on_commit_callbacks(execute=True):
            response = back_office.post(f"/admin/classes/season/{season.pk}/change/", form)

        assert response.status_code == 302
        season.refresh_from_db()
        assert room.hget(keys().opening, "id") == f"{season.pk}-{int(season.opens_at.timestamp())}"
        assert room.hget(keys().opening, "opensAt") == f"{season.opens_at.timestamp():.6f}"

    def test_a_season_removed_takes_its_opening_away(
        self, room, clock, django_capture_on_commit_callbacks
    ):
        season = a_season("Summer", opens_in=timedelta(days=30))
        waiting_room_sync()

        with django_capture_on_commit_callbacks(execute=True):
            season.delete()
            events.publish(events.SEASON_CHANGED, season=season)

        assert room.exists(keys().opening) == 0

    def test_the_sync_does_nothing_when_the_room_is_turned_off(self, room, settings):
        a_season("Summer", opens_in=timedelta(days=2))
        settings.WAITING_ROOM_ENABLED = False

        assert waiting_room_sync() is None
        assert room.exists(keys().opening) == 0


@pytest.fixture
def open_class():
    return ClassFactory(status=ClassStatus.APPROVED)


@pytest.fixture
def family():
    return UserFactory(role=Role.STUDENT)


def an_admitted_family(client, clock, family) -> str:
    """The season opened a few seconds ago; the family, signed in, was let in, ten families
    still wait behind it. Its admission."""
    opened_with_a_crowd(client, clock, crowd=5)
    line = join(client, **bearer(family))["line"]
    for _ in range(10):
        join(client)
    clock.shift(6)
    answer = poll(client, line)
    assert answer["admitted"]
    return answer["admission"]


class TestTheGate:
    def test_a_registration_write_without_an_admission_waits_its_turn(
        self, room, clock, api_client, api_client_for, family, open_class
    ):
        opened_with_a_crowd(api_client, clock)

        response = api_client_for(family).post(SELECT, {"classId": open_class.pk}, format="json")

        assert response.status_code == 429
        assert response.json() == {"message": WAIT_YOUR_TURN, "code": "waiting_room"}
        assert response["Retry-After"] == "5"

    def test_with_an_admission_it_goes_through_and_the_admission_is_renewed(
        self, room, clock, api_client, api_client_for, family, open_class
    ):
        admission = an_admitted_family(api_client, clock, family)
        clock.shift(30)

        response = api_client_for(family).post(
            SELECT, {"classId": open_class.pk}, format="json", HTTP_CAMP_ADMISSION=admission
        )

        assert response.status_code == 201, response.content
        renewed = response["Camp-Admission"]
        assert renewed != admission
        assert response["Camp-Admission-Expires"] == (
            (timezone.now() + timedelta(minutes=20)).isoformat()
        )
        assert holder_of(renewed) == f"a:{family.pk}"

    def test_an_expired_or_forged_admission_waits(
        self, room, clock, api_client, api_client_for, family, open_class
    ):
        admission = an_admitted_family(api_client, clock, family)
        # Held, the line is still there when the admission ends.
        line.waiting_room_pause(paused=True)
        clock.shift(20 * 60 + 1)
        client = api_client_for(family)

        for token in (admission, admission[:-2] + "xx", "anything"):
            response = client.post(
                SELECT, {"classId": open_class.pk}, format="json", HTTP_CAMP_ADMISSION=token
            )
            assert response.status_code == 429

    def test_another_familys_admission_is_refused_and_never_renewed(
        self, room, clock, api_client, api_client_for, family, open_class
    ):
        admission = an_admitted_family(api_client, clock, family)
        # A family that never stood in line, and someone not signed in, sending it.
        stranger = api_client_for(UserFactory(role=Role.STUDENT))

        answers = [
            client.post(
                SELECT, {"classId": open_class.pk}, format="json", HTTP_CAMP_ADMISSION=admission
            )
            for client in (stranger, api_client)
        ]

        for response in answers:
            assert response.status_code == 429
            assert response.json() == {"message": WAIT_YOUR_TURN, "code": "waiting_room"}
            assert "Camp-Admission" not in response
        # Its own family's goes through, as before.
        response = api_client_for(family).post(
            SELECT, {"classId": open_class.pk}, format="json", HTTP_CAMP_ADMISSION=admission
        )
        assert response.status_code == 201

    def test_an_admission_given_before_signing_in_is_the_account_s_once_it_joined_it(
        self, room, clock, api_client, api_client_for, family, open_class
    ):
        opened_with_a_crowd(api_client, clock, crowd=5)
        line = join(api_client)["line"]
        for _ in range(10):
            join(api_client)
        clock.shift(7)
        before_signing_in = poll(api_client, line)["admission"]
        assert holder_of(before_signing_in) == member_of(line)
        writes = api_client_for(family)

        not_joined = writes.post(
            SELECT, {"classId": open_class.pk}, format="json", HTTP_CAMP_ADMISSION=before_signing_in
        )
        # The family signs in: the page joins again with the token and the access token.
        signed_in = join(api_client, line, **bearer(family))
        joined = writes.post(
            SELECT, {"classId": open_class.pk}, format="json", HTTP_CAMP_ADMISSION=before_signing_in
        )
        by_another = api_client_for(UserFactory(role=Role.STUDENT)).post(
            SELECT, {"classId": open_class.pk}, format="json", HTTP_CAMP_ADMISSION=before_signing_in
        )

        assert not_joined.status_code == 429
        assert signed_in["admitted"]
        assert holder_of(signed_in["admission"]) == f"a:{family.pk}"
        assert joined.status_code == 201, joined.content
        # Renewed, it names the account, the holder it was taken for.
        assert holder_of(joined["Camp-Admission"]) == f"a:{family.pk}"
        assert by_another.status_code == 429

    def test_an_access_token_that_does_not_verify_is_left_to_the_view(
        self, room, clock, api_client, open_class
    ):
        opened_with_a_crowd(api_client, clock)

        response = api_client.post(
            SELECT,
            {"classId": open_class.pk},
            format="json",
            HTTP_AUTHORIZATION="Bearer not-a-token",
        )

        # Refused as it is with the room off (the browser renews its token), not sent to the line.
        assert response.status_code == 401

    def test_moving_an_enrolment_waits_in_line(
        self, room, clock, api_client, api_client_for, family
    ):
        admission = an_admitted_family(api_client, clock, family)
        writes = api_client_for(family)
        transfer = "/api/enrolments/1/transfer"

        waiting = writes.post(transfer, {}, format="json")
        let_through = writes.post(transfer, {}, format="json", HTTP_CAMP_ADMISSION=admission)

        assert waiting.status_code == 429
        assert waiting.json() == {"message": WAIT_YOUR_TURN, "code": "waiting_room"}
        # With its admission the family reaches the view, which reads what it sent.
        assert let_through.status_code == 400, let_through.content

    def test_a_family_in_line_joins_a_full_class_s_waitlist_but_takes_no_seat(
        self, room, clock, api_client, api_client_for, family
    ):
        season = opened_with_a_crowd(api_client, clock)
        line = join(api_client, **bearer(family))["line"]
        full = ClassFactory(status=ClassStatus.APPROVED, season=season, seats=0)
        with_a_seat = ClassFactory(status=ClassStatus.APPROVED, season=season, seats=1)
        writes = api_client_for(family)

        joined = writes.post(WAITLIST, {"classId": full.pk}, format="json")
        # A seat free is for selecting, in the family's turn.
        refused = writes.post(WAITLIST, {"classId": with_a_seat.pk}, format="json")
        selecting = writes.post(SELECT, {"classId": with_a_seat.pk}, format="json")

        assert not poll(api_client, line)["admitted"]
        assert joined.status_code == 201, joined.content
        assert joined.json()["position"] == 1
        # Not gated, so no admission comes back to renew.
        assert "Camp-Admission" not in joined
        assert refused.status_code == 409
        assert refused.json()["message"] == "Seats are free in this class: select it instead."
        assert selecting.status_code == 429
        assert WaitlistEntry.objects.filter(student=family).count() == 1
        assert not SeatHold.objects.exists()

    def test_reads_are_never_gated(self, room, clock, api_client, api_client_for, family):
        opened_with_a_crowd(api_client, clock)

        response = api_client_for(family).get(SELECT, {"email": family.email})

        assert response.status_code == 200

    def test_before_the_opening_writes_go_through(
        self, room, clock, api_client, api_client_for, family, open_class
    ):
        # Nobody is let in before the opening, and the writes made then (a family's early
        # access, another season's classes) are not held back.
        an_opening(10 * 60)
        join(api_client)

        response = api_client_for(family).post(SELECT, {"classId": open_class.pk}, format="json")

        assert response.status_code == 201

    def test_no_gate_once_the_line_is_empty(
        self, room, clock, api_client, api_client_for, family, open_class
    ):
        opened_with_a_crowd(api_client, clock, crowd=1)
        clock.shift(1)
        assert not join(api_client)["active"]

        response = api_client_for(family).post(SELECT, {"classId": open_class.pk}, format="json")

        assert response.status_code == 201

    def test_a_write_goes_through_once_the_line_has_emptied_though_this_process_saw_it_on(
        self, room, clock, api_client, api_client_for, family, open_class, settings
    ):
        settings.WAITING_ROOM_RECHECK_SECONDS = 3600
        an_opening(60)
        line = join(api_client)["line"]
        clock.shift(61)
        writes = api_client_for(family)
        refused = writes.post(SELECT, {"classId": open_class.pk}, format="json")
        # The last family is let in and the room turns off: a poll tells the next ones to go
        # straight in, with no admission.
        assert poll(api_client, line)["admitted"]
        told = join(api_client)

        response = writes.post(SELECT, {"classId": open_class.pk}, format="json")

        assert refused.status_code == 429
        assert (told["active"], told["admitted"], told["admission"]) == (False, True, None)
        assert response.status_code == 201

    def test_no_gate_when_the_room_is_turned_off(
        self, room, clock, api_client, api_client_for, family, open_class, settings
    ):
        opened_with_a_crowd(api_client, clock)
        settings.WAITING_ROOM_ENABLED = False

        response = api_client_for(family).post(SELECT, {"classId": open_class.pk}, format="json")

        assert response.status_code == 201
        assert "Camp-Admission" not in response

    @pytest.mark.parametrize(
        ("method", "path"),
        [
            ("post", "/api/selectClass"),
            ("post", "/api/createPaymentIntent"),
            ("post", "/api/payments"),
            ("post", "/api/checkouts"),
            ("patch", "/api/checkouts/1/lines/1"),
            ("delete", "/api/checkouts/1/lines/1"),
            ("post", "/api/checkouts/1/payment"),
            ("post", "/api/waitlist/1/accept"),
            ("post", "/api/holds/1/extend"),
            ("post", "/api/enrolments/1/balance/payment"),
            ("post", "/api/enrolments/1/transfer"),
        ],
    )
    def test_every_registration_write_is_gated(
        self, room, clock, api_client, api_client_for, family, method, path
    ):
        opened_with_a_crowd(api_client, clock, crowd=3)

        response = getattr(api_client_for(family), method)(path, {}, format="json")

        assert response.status_code == 429
        assert response.json()["code"] == "waiting_room"


class TestJoinsPerAddress:
    @pytest.fixture(autouse=True)
    def few(self, room, settings):
        settings.WAITING_ROOM_JOINS_PER_MINUTE = 3

    def test_new_places_without_signing_in_are_limited_per_address(self, room, clock, api_client):
        season = an_opening(60)
        for _ in range(3):
            join(api_client)

        refused = api_client.post(ROOM, {}, format="json")
        # A token handed out earlier (the room off, say) but never placed is a new place too.
        unplaced = api_client.post(ROOM, {"line": line_token_new()}, format="json")

        next_minute = (timezone.now().timestamp() // 60 + 1) * 60
        for response in (refused, unplaced):
            assert response.status_code == 429
            assert response.json() == {"message": TOO_MANY_JOINS, "code": "waiting_room_joins"}
            assert response["Retry-After"] == str(
                max(1, math.ceil(next_minute - timezone.now().timestamp()))
            )
        assert room.zcard(line_key(season)) == 3

    def test_what_takes_no_new_place_is_not_counted(self, room, clock, api_client, family):
        an_opening(60)
        lines = [join(api_client)["line"] for _ in range(3)]

        # Asking after one's place, or bringing it again (a reload, a second tab).
        polled = [poll(api_client, line) for line in lines]
        again = [join(api_client, line) for line in lines]
        # Another address, and a family signed in (one place however many it opens).
        elsewhere = join(api_client, REMOTE_ADDR="203.0.113.9")
        signed_in = [join(api_client, **bearer(family)) for _ in range(5)]

        assert [answer["line"] for answer in (*polled, *again)] == lines * 2
        assert elsewhere["active"] and all(answer["active"] for answer in signed_in)

    def test_the_next_minute_the_address_may_take_places_again(self, room, clock, api_client):
        an_opening(10 * 60)
        for _ in range(3):
            join(api_client)
        assert api_client.post(ROOM, {}, format="json").status_code == 429

        clock.shift(60)

        assert join(api_client)["active"]


class TestAdmins:
    def test_admins_watch_the_line(self, room, clock, api_client, api_client_for, admin):
        season = opened_with_a_crowd(api_client, clock, crowd=4)
        join(api_client)
        clock.shift(2)

        live = live_of(api_client_for, admin)

        assert live == {
            "active": True,
            "paused": False,
            "season": {"id": season.pk, "name": "Summer"},
            "opensAt": school_time(season.opens_at),
            "inLine": 5,
            "admitted": 2,
            "waiting": 3,
            "arrivedBeforeOpening": 4,
            "admitPerMinute": 60,
            "currentPerMinute": 60,
            "recentRequests": 0,
            "recentSlowShare": 0.0,
        }

    def test_a_pause_holds_the_line_and_resuming_lets_in_no_burst(
        self, room, clock, api_client, api_client_for, admin
    ):
        opened_with_a_crowd(api_client, clock, crowd=10)
        clock.shift(2)
        admins = api_client_for(admin)

        paused = admins.post(PAUSE, {"paused": True}, format="json").json()
        clock.shift(30)
        held = live_of(api_client_for, admin)
        waiting = join(api_client)
        resumed = admins.post(PAUSE, {"paused": False}, format="json").json()
        clock.shift(3)
        moving = live_of(api_client_for, admin)

        assert (paused["paused"], paused["admitted"], paused["currentPerMinute"]) == (True, 2, 0)
        assert (held["admitted"], waiting["paused"], waiting["estimatedWaitSeconds"]) == (
            2,
            True,
            None,
        )
        assert (resumed["paused"], resumed["admitted"]) == (False, 2)
        assert moving["admitted"] == 5

    def test_the_rate_slows_while_writes_are_slow_and_recovers(
        self, room, clock, api_client, api_client_for, admin
    ):
        opened_with_a_crowd(api_client, clock, crowd=100)
        # To just after the start of a 10-second bucket.
        clock.shift(10.5 - timezone.now().timestamp() % 10)
        for duration in [5000] * 3 + [200] * 17:
            line.gated_write_record(milliseconds=duration)
        clock.shift(10)

        slowed = live_of(api_client_for, admin)
        for _ in range(20):
            line.gated_write_record(milliseconds=200)
        clock.shift(10)
        recovering = live_of(api_client_for, admin)

        assert (slowed["currentPerMinute"], slowed["recentRequests"]) == (45, 20)
        assert slowed["recentSlowShare"] == 0.15
        assert recovering["currentPerMinute"] == 51

    def test_a_wait_told_under_a_cut_rate_counts_on_the_rate_climbing_back(
        self, room, clock, api_client, api_client_for, admin
    ):
        an_opening(60)
        lines = [join(api_client)["line"] for _ in range(300)]
        clock.shift(60)
        clock.shift(10.5 - timezone.now().timestamp() % 10)
        for duration in [5000] * 3 + [200] * 17:
            line.gated_write_record(milliseconds=duration)
        clock.shift(10)
        assert live_of(api_client_for, admin)["currentPerMinute"] == 45

        told = {
            answer["position"]: answer["estimatedWaitSeconds"]
            for answer in (poll(api_client, line) for line in lines)
            if not answer["admitted"]
        }

        # The rate climbs from 45 back to 60 a minute (one a second) in 25 s, letting 21.875
        # families in on the way; each place after that is one second more: place + 3.125.
        assert {place: told[place] for place in (30, 50)} == {30: 34, 50: 54}
        # Told at the cut rate alone, 45 a minute, the same families would wait 40 and 67 s.
        assert all(place <= told[place] <= math.ceil(place * 60 / 45) for place in told)

    def test_a_gated_write_let_through_is_counted(
        self, room, clock, api_client, api_client_for, admin, family, open_class
    ):
        admission = an_admitted_family(api_client, clock, family)

        api_client_for(family).post(
            SELECT, {"classId": open_class.pk}, format="json", HTTP_CAMP_ADMISSION=admission
        )

        live = live_of(api_client_for, admin)
        assert (live["recentRequests"], live["recentSlowShare"]) == (1, 0.0)

    @pytest.mark.parametrize(
        ("at_stripe", "ours", "threads", "slow"),
        [
            # Its time at Stripe is not the server's own: letting fewer in would not shorten it.
            (0.3, 0.0, 16, 0),
            (0.0, 0.3, 16, 1),
            # Every thread of the process busy: those after it queue for one, unseen in its time.
            (0.0, 0.0, 1, 1),
            (0.0, 0.0, 2, 0),
        ],
    )
    def test_a_write_is_slow_by_the_servers_own_time_or_for_want_of_a_thread(
        self,
        room,
        clock,
        api_client,
        api_client_for,
        admin,
        family,
        settings,
        rf,
        at_stripe,
        ours,
        threads,
        slow,
    ):
        settings.WAITING_ROOM_LATENCY_TARGET_MS = 100
        settings.WEB_THREADS = threads
        request = rf.post(
            SELECT,
            HTTP_CAMP_ADMISSION=an_admitted_family(api_client, clock, family),
            **bearer(family),
        )
        view = SelectionListCreateApi.as_view()

        def the_view(request):
            assert gate.process_view(request, view, (), {}) is None
            with provider_call():
                threading.Event().wait(at_stripe)
            threading.Event().wait(ours)
            return HttpResponse(status=201)

        gate = WaitingRoomGateMiddleware(the_view)
        answer = gate(request)

        assert answer.has_header("Camp-Admission")
        live = live_of(api_client_for, admin)
        assert (
            live["recentRequests"],
            round(live["recentRequests"] * live["recentSlowShare"]),
        ) == (
            1,
            slow,
        )

    @pytest.mark.parametrize("who", ["anonymous", "student", "instructor"])
    def test_only_admins_watch_or_pause(self, room, client_as, who):
        status = 401 if who == "anonymous" else 403

        assert client_as(who).get(LIVE).status_code == status
        assert client_as(who).post(PAUSE, {"paused": True}, format="json").status_code == status
        assert room.exists(keys().paused) == 0

    def test_a_pause_must_say_paused_or_not(self, room, api_client_for, admin):
        response = api_client_for(admin).post(PAUSE, {}, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: paused.",
            "errors": {"paused": ["This field is required."]},
        }


class TestTheRateFollowsTheSite:
    """The control law, fed through the line's own script: ten seconds of registration writes
    at a time (a "bucket"), each judged as the line advances. The room lets in 60 a minute at
    first, 600 at most, 6 at least (`waiting_room_on`)."""

    @pytest.fixture
    def crowd(self, room, clock) -> list[str]:
        """A season opened, and a line long enough not to empty in these tests: its places
        written as joins after the opening write them (scored by arrival), each a line token's."""
        season = an_opening(60)
        tokens = [signing.Signer(salt=LINE_SALT).sign(f"crowd-{n}") for n in range(20_000)]
        room.zadd(line_key(season), {member_of(token): 1 + n for n, token in enumerate(tokens)})
        clock.shift(60)
        return tokens

    @staticmethod
    def a_bucket(clock, *, quick: int = 0, slow: int = 0, busy: int = 0) -> int:
        """Ten seconds in which the gate lets through `quick` writes within the target, `slow`
        ones past it and `busy` quick ones that found every thread of their process taken; the
        rate per minute once the line judged them."""
        clock.shift(LOAD_BUCKET_SECONDS + 0.5 - timezone.now().timestamp() % LOAD_BUCKET_SECONDS)
        for _ in range(quick):
            line.gated_write_record(milliseconds=200)
        for _ in range(slow):
            line.gated_write_record(milliseconds=5000)
        for _ in range(busy):
            line.gated_write_record(milliseconds=200, threads_full=True)
        clock.shift(LOAD_BUCKET_SECONDS)
        return line.waiting_room_live().current_per_minute

    def test_quick_writes_raise_the_rate_past_the_start_to_the_ceiling_and_no_further(
        self, crowd, clock
    ):
        rates = [self.a_bucket(clock, quick=20) for _ in range(30)]

        # A tenth more each quick bucket: 60 * 1.1 ** n.
        assert rates[:5] == [66, 73, 80, 88, 97]
        assert rates == sorted(rates)
        # 1.1 ** 24 < 10 < 1.1 ** 25: at the ceiling from the 25th bucket, and kept there.
        assert rates[23] < 600
        assert rates[24:] == [600] * 6

    def test_slow_writes_cut_the_rate_to_the_floor_and_no_further(self, crowd, clock, room):
        rates = [self.a_bucket(clock, quick=17, slow=3) for _ in range(12)]

        # A quarter less each bucket slow at p95 (3 of 20 writes): 60 * 0.75 ** n, down to 6
        # (0.75 ** 8 is just above a tenth) and kept there.
        assert rates[:3] == [45, 34, 25]
        assert rates == sorted(rates, reverse=True)
        assert rates[7:] == [6] * 5
        assert float(room.hget(keys().opening, "factor")) == 0.1

    def test_from_the_ceiling_slow_writes_bring_the_rate_down_quickly(self, crowd, clock):
        for _ in range(25):
            self.a_bucket(clock, quick=20)

        rates = [self.a_bucket(clock, quick=19, slow=1)] + [
            self.a_bucket(clock, quick=18, slow=2) for _ in range(8)
        ]

        # One slow write in twenty is p95 within the target: it still climbs (held at the
        # ceiling); two is past it, and eight such buckets take the rate back to the start
        # (600 * 0.75 ** 8 = 60.06).
        assert rates[0] == 600
        assert rates[1:4] == [450, 338, 253]
        assert rates[8] == 60

    def test_past_the_start_the_rate_is_held_on_evidence_alone(self, crowd, clock):
        for _ in range(10):
            self.a_bucket(clock, quick=20)
        climbed = line.waiting_room_live().current_per_minute

        short_of_threads = self.a_bucket(clock, quick=19, busy=1)
        too_few = [self.a_bucket(clock, quick=9) for _ in range(4)]

        # 60 * 1.1 ** 10. A write finding no thread free holds it; buckets with too few writes
        # to judge the site by step back towards the start, a quarter at a time, not below it.
        assert climbed == 156
        assert short_of_threads == 156
        assert too_few == [117, 88, 66, 60]

    def test_a_cut_rate_climbs_back_to_the_start_without_evidence_but_not_past_it(
        self, crowd, clock
    ):
        cut = [self.a_bucket(clock, slow=10) for _ in range(3)]

        quiet = [self.a_bucket(clock) for _ in range(6)]
        short_of_threads = [self.a_bucket(clock, quick=19, busy=1) for _ in range(2)]

        # 60 * 0.75 ** 3 = 25.3, then a tenth of the start (6) a bucket, to 60 and no further.
        assert cut[-1] == 25
        assert quiet == [31, 37, 43, 49, 55, 60]
        assert short_of_threads == [60, 60]

    def test_the_wait_told_follows_the_rate_as_it_is_now(self, crowd, clock, api_client):
        family = crowd[-1]
        at_the_start = poll(api_client, family)
        for _ in range(8):
            self.a_bucket(clock, quick=20)
        climbed = poll(api_client, family)
        factor = float(line.waiting_room_live().current_per_minute) / 60
        self.a_bucket(clock, slow=10)
        cut_back = poll(api_client, family)

        # At the start, one a second: the place itself.
        assert at_the_start["estimatedWaitSeconds"] == at_the_start["position"]
        # At 1.1 ** 8 of it (129 a minute), the place at that rate, no further climb promised.
        assert factor == pytest.approx(1.1**8, abs=0.01)
        assert climbed["estimatedWaitSeconds"] == pytest.approx(climbed["position"] / 1.1**8, abs=1)
        # Cut by a quarter, to 96 a minute: told longer at once.
        assert cut_back["estimatedWaitSeconds"] == pytest.approx(
            cut_back["position"] / (0.75 * 1.1**8), abs=1
        )
        assert cut_back["position"] < climbed["position"]
        assert cut_back["estimatedWaitSeconds"] > climbed["estimatedWaitSeconds"]


class TestRedisDown:
    def test_everyone_goes_in_with_a_warning_and_no_error(
        self, room, clock, api_client, api_client_for, family, open_class, settings, caplog
    ):
        opened_with_a_crowd(api_client, clock, crowd=3)
        settings.WAITING_ROOM_REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"

        with caplog.at_level(logging.WARNING, logger="waiting_room.line"):
            joined = join(api_client)
            polled = poll(api_client, joined["line"])
            written = api_client_for(family).post(SELECT, {"classId": open_class.pk}, format="json")
            synced = waiting_room_sync()

        for answer in (joined, polled):
            assert (answer["active"], answer["admitted"], answer["admission"]) == (
                False,
                True,
                None,
            )
        assert written.status_code == 201
        assert synced is None
        warnings = [record for record in caplog.records if record.name == "waiting_room.line"]
        assert len(warnings) == 1
        assert "let in without the line" in warnings[0].getMessage()

    def test_admins_are_told_redis_is_not_answering(self, room, api_client_for, admin, settings):
        settings.WAITING_ROOM_REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"

        response = api_client_for(admin).get(LIVE)

        assert response.status_code == 503
        assert response.json() == {"message": "The waiting room's Redis is not answering."}

    def test_without_a_redis_the_room_is_off(self, clock, api_client, settings):
        settings.WAITING_ROOM_ENABLED = True
        settings.WAITING_ROOM_REDIS_URL = None
        a_season("Summer", opens_in=timedelta(0))

        assert waiting_room_sync() is None
        assert join(api_client)["admitted"]


@pytest.mark.parametrize(
    ("place", "factor", "seconds"),
    [
        # At the full rate, one a second in these settings: the place itself.
        (1, 1.0, 1.0),
        (40, 1.0, 40.0),
        # Cut to a tenth, the rate climbs back in 90 s, letting in 49.5 on the way.
        (100, 0.1, 90 + (100 - 49.5)),
        # Within the climb: 0.005 t**2 + 0.5 t = 10.
        (10, 0.5, (-0.5 + math.sqrt(0.25 + 0.2)) / 0.01),
        # Past the start, the rate as it is now: no climb is counted on.
        (100, 2.0, 50.0),
        (40, 10.0, 4.0),
    ],
)
def test_a_turn_is_counted_with_a_cut_rate_climbing_back_and_none_past_the_start(
    settings, place, factor, seconds
):
    settings.WAITING_ROOM_ADMIT_PER_MINUTE = 60

    assert turn_seconds(place, factor=factor) == pytest.approx(seconds)
