"""The waitlist's rules, against the database, with the clock moved by time-machine: who may
join, who is offered a freed seat and for how long, what accepting, declining, leaving and
letting an offer run out do, and that no seat is offered twice."""

from datetime import timedelta

import pytest
import time_machine
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.utils import timezone, translation

from accounts.models import Role
from classes.models import Class
from classes.services import class_update
from core.errors import Conflict, InvalidInput, NotFound
from core.school_time import school_timezone
from enrolments import tasks
from enrolments.message_kinds import EnrolmentMessage
from enrolments.models import Enrolment, SeatHold, Selection, WaitlistEntry, WaitlistStatus
from enrolments.services import (
    hold_take,
    holds_tidy,
    seat_give_back,
    seat_take,
    selection_delete,
    waitlist_accept,
    waitlist_decline,
    waitlist_join,
    waitlist_leave,
    waitlist_move_up,
)
from notifications.models import Message
from testing.dates import years_before
from testing.factories import (
    ChildFactory,
    EnrolmentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)
from testing.outbox import send_queued
from testing.seats import seats_free_now

pytestmark = pytest.mark.django_db

IN_A_MONTH = timezone.localdate() + timedelta(days=30)


def family(name: str = ""):
    return UserFactory(role=Role.STUDENT, **({"name": name} if name else {}))


@pytest.fixture
def full_class():
    """A class a month away whose one seat is taken."""
    camp_class = scheduled_class(start=IN_A_MONTH, days=(IN_A_MONTH.weekday(),), seats=1)
    enrolment = EnrolmentFactory(camp_class=camp_class)
    Class.objects.filter(pk=camp_class.pk).update(seats=0, enroll=1)
    camp_class.refresh_from_db()
    camp_class.taken_by = enrolment
    return camp_class


def join(camp_class, person=None, participant=None) -> WaitlistEntry:
    person = person or (participant.account if participant else family())
    return waitlist_join(
        student=person, class_id=camp_class.pk, participant_id=participant and participant.pk
    )


def free_the_seat(camp_class) -> None:
    seat_give_back(enrolment_id=camp_class.taken_by.pk, reason="Cancelled by the family.")


def reread(entry: WaitlistEntry) -> WaitlistEntry:
    return WaitlistEntry.objects.get(pk=entry.pk)


def seats_set(camp_class, seats: int) -> None:
    """The instructor edits the class's seats left, and nothing else."""
    class_update(
        class_id=camp_class.pk,
        editor=camp_class.instructor,
        name=camp_class.name,
        image=camp_class.image,
        price=camp_class.price,
        seats=seats,
    )


def seat_for(entry: WaitlistEntry, camp_class) -> None:
    """The entry's family pays and takes a seat in the class, as a payment does."""
    seat_take(
        student_id=entry.student_id,
        participant=entry.participant,
        camp_class_id=camp_class.pk,
    )


def offers_to(entry: WaitlistEntry):
    return Message.objects.filter(
        kind=EnrolmentMessage.WAITLIST_OFFER, about=f"waitlist-offer:{entry.pk}"
    )


class TestJoining:
    def test_a_full_class_takes_a_family_at_the_back(self, full_class):
        first, second = join(full_class), join(full_class)

        assert (first.status, second.status) == (WaitlistStatus.WAITING, WaitlistStatus.WAITING)
        assert second.rank > first.rank

    def test_a_class_with_a_seat_free_is_selected_instead(self, full_class):
        free_the_seat(full_class)

        with pytest.raises(Conflict) as refused:
            join(full_class)

        assert refused.value.message == "Seats are free in this class: select it instead."

    def test_a_seat_held_by_another_family_leaves_none_free(self):
        camp_class = scheduled_class(start=IN_A_MONTH, days=(IN_A_MONTH.weekday(),), seats=1)
        hold_take(selection=SelectionFactory(camp_class=camp_class))

        assert join(camp_class).status == WaitlistStatus.WAITING

    def test_once_per_participant_and_class_while_waiting(self, full_class):
        child = ChildFactory()
        join(full_class, participant=child)

        with pytest.raises(Conflict) as refused:
            join(full_class, participant=child)

        assert refused.value.message == f"{child.first_name} is already on this class's waitlist."
        # A sibling has a place of their own.
        assert join(
            full_class, participant=ChildFactory(account=child.account, first_name="Sibling")
        )

    def test_someone_the_class_is_not_for_is_refused(self, full_class):
        Class.objects.filter(pk=full_class.pk).update(age_min=12, age_max=16)
        full_class.refresh_from_db()
        young = ChildFactory(date_of_birth=years_before(IN_A_MONTH, 7))

        with pytest.raises(Conflict) as refused:
            join(full_class, participant=young)

        assert "Ages 12" in refused.value.message

    def test_a_class_that_clashes_with_one_they_take_is_refused(self, full_class):
        child = ChildFactory()
        same_time = scheduled_class(start=IN_A_MONTH, days=(IN_A_MONTH.weekday(),), name="Clay")
        EnrolmentFactory(student=child.account, participant=child, camp_class=same_time)

        with pytest.raises(Conflict) as refused:
            join(full_class, participant=child)

        assert "Clay" in refused.value.message


class TestOffers:
    def test_a_freed_seat_goes_to_the_first_in_line_for_a_day_with_one_email(
        self, full_class, settings
    ):
        settings.WAITLIST_OFFER_HOURS = 24
        first, second = join(full_class), join(full_class)

        free_the_seat(full_class)

        first, second = reread(first), reread(second)
        assert first.status == WaitlistStatus.OFFERED
        assert second.status == WaitlistStatus.WAITING
        assert timezone.now() + timedelta(hours=23, minutes=59) < first.offer_expires_at
        assert first.offer_expires_at <= timezone.now() + timedelta(hours=24)
        hold = SeatHold.objects.get(waitlist_entry=first)
        assert hold.expires_at == first.offer_expires_at
        full_class.refresh_from_db()
        # The seat is the offered family's: nobody else finds it free.
        assert seats_free_now(full_class) == 0
        assert seats_free_now(full_class, participant_id=first.participant_id) == 1
        [offer] = offers_to(first)
        assert offer.recipient == first.student.email
        assert f"/dashboard/waitlist#offer-{first.pk}" in offer.text

    def test_a_class_starting_within_a_week_offers_for_four_hours(self, settings):
        settings.WAITLIST_OFFER_SHORT_HOURS = 4
        soon = timezone.localdate() + timedelta(days=5)
        camp_class = scheduled_class(start=soon, days=(soon.weekday(),), seats=1)
        holder = SelectionFactory(camp_class=camp_class)
        hold_take(selection=holder)
        entry = join(camp_class)

        with time_machine.travel(
            SeatHold.objects.get().expires_at + timedelta(seconds=1), tick=False
        ):
            holds_tidy()
            entry = reread(entry)
            assert entry.status == WaitlistStatus.OFFERED
            assert entry.offer_expires_at == timezone.now() + timedelta(hours=4)

    def test_entries_that_no_longer_qualify_are_skipped_and_told(self, full_class):
        child = ChildFactory()
        skipped = join(full_class, participant=child)
        next_in_line = join(full_class)
        # Since joining, the child took a class at the same time.
        same_time = scheduled_class(start=IN_A_MONTH, days=(IN_A_MONTH.weekday(),), name="Clay")
        EnrolmentFactory(student=child.account, participant=child, camp_class=same_time)

        free_the_seat(full_class)

        skipped, next_in_line = reread(skipped), reread(next_in_line)
        assert skipped.status == WaitlistStatus.CLOSED
        assert "Clay" in skipped.closed_reason
        told = Message.objects.get(kind=EnrolmentMessage.WAITLIST_CLOSED)
        assert told.recipient == child.account.email
        assert next_in_line.status == WaitlistStatus.OFFERED

    def test_no_offer_once_registration_has_closed(self, full_class):
        entry = join(full_class)
        with time_machine.travel(full_class.starts_at + timedelta(minutes=1)):
            free_the_seat(full_class)
            assert reread(entry).status == WaitlistStatus.WAITING
            holds_tidy()
            entry = reread(entry)

        assert entry.status == WaitlistStatus.CLOSED
        assert not offers_to(entry).exists()

    def test_more_seats_are_offered_to_as_many_in_line(self, full_class):
        entries = [join(full_class) for _ in range(3)]

        seats_set(full_class, 2)

        statuses = [reread(entry).status for entry in entries]
        assert statuses == [WaitlistStatus.OFFERED, WaitlistStatus.OFFERED, WaitlistStatus.WAITING]

    def test_seats_cannot_go_below_those_held(self, full_class):
        join(full_class)
        join(full_class)
        seats_set(full_class, 2)

        with pytest.raises(InvalidInput) as refused:
            seats_set(full_class, 1)

        assert refused.value.problems == {
            "seats": ["2 seats are held for families right now; seats cannot go below 2."]
        }


class TestAnOffersEnd:
    def test_accepting_holds_the_seat_for_the_family_to_pay(self, full_class):
        entry = join(full_class)
        free_the_seat(full_class)
        offered_until = reread(entry).offer_expires_at

        accepted = waitlist_accept(student=entry.student, entry_id=entry.pk)

        assert accepted.status == WaitlistStatus.ACCEPTED
        selection = Selection.objects.get(pk=accepted.selection_id)
        assert selection.participant_id == entry.participant_id
        # The payment page finds the offer's hold, with the offer's time.
        assert hold_take(selection=selection).expires_at == offered_until

    def test_an_accepted_offer_is_paid_for_with_its_seat(self, full_class):
        entry = join(full_class)
        free_the_seat(full_class)
        waitlist_accept(student=entry.student, entry_id=entry.pk)
        full_class.refresh_from_db()

        seat_for(entry, full_class)

        assert Enrolment.objects.filter(participant=entry.participant, status="active").exists()
        assert not SeatHold.objects.exists()

    def test_declining_offers_the_seat_to_the_next_at_once(self, full_class):
        first, second = join(full_class), join(full_class)
        free_the_seat(full_class)

        waitlist_decline(student=first.student, entry_id=first.pk)

        assert reread(first).status == WaitlistStatus.DECLINED
        assert reread(second).status == WaitlistStatus.OFFERED
        assert SeatHold.objects.get().waitlist_entry_id == second.pk

    def test_an_offer_that_runs_out_goes_to_the_next(self, full_class):
        first, second = join(full_class), join(full_class)
        free_the_seat(full_class)

        with time_machine.travel(reread(first).offer_expires_at + timedelta(seconds=1)):
            # Past its time the offer holds nothing, even before the round has run.
            full_class.refresh_from_db()
            assert seats_free_now(full_class) == 1
            with pytest.raises(Conflict):
                waitlist_accept(student=first.student, entry_id=first.pk)
            holds_tidy()

        assert reread(first).status == WaitlistStatus.EXPIRED
        assert reread(second).status == WaitlistStatus.OFFERED
        assert offers_to(second).count() == 1

    def test_leaving_while_offered_hands_the_seat_on(self, full_class):
        first, second = join(full_class), join(full_class)
        free_the_seat(full_class)

        waitlist_leave(student=first.student, entry_id=first.pk)

        assert reread(first).status == WaitlistStatus.LEFT
        assert reread(second).status == WaitlistStatus.OFFERED

    def test_rejoining_puts_the_family_at_the_back(self, full_class):
        first = join(full_class)
        second = join(full_class)
        waitlist_leave(student=first.student, entry_id=first.pk)

        again = join(full_class, person=first.student)

        assert again.pk != first.pk
        assert again.rank > second.rank

    def test_a_later_cancellation_never_revives_an_old_offer(self, full_class):
        declined = join(full_class)
        free_the_seat(full_class)
        waitlist_decline(student=declined.student, entry_id=declined.pk)
        # Nobody else waits: the seat is free again, and is taken.
        full_class.refresh_from_db()
        taker = EnrolmentFactory(camp_class=full_class)
        Class.objects.filter(pk=full_class.pk).update(seats=0, enroll=2)

        seat_give_back(enrolment_id=taker.pk, reason="Cancelled by the family.")

        assert reread(declined).status == WaitlistStatus.DECLINED
        assert offers_to(declined).count() == 1

    def test_someone_elses_entry_is_not_found(self, full_class):
        entry = join(full_class)
        free_the_seat(full_class)

        with pytest.raises(NotFound):
            waitlist_accept(student=family(), entry_id=entry.pk)


class TestMovingUp:
    def test_an_admin_moves_an_entry_up_and_the_reason_is_kept(self, full_class):
        first, second = join(full_class), join(full_class)
        admin = UserFactory(role=Role.ADMIN)

        waitlist_move_up(entry_id=second.pk, reason="Sibling already enrolled.", by=admin)
        free_the_seat(full_class)

        assert reread(second).status == WaitlistStatus.OFFERED
        assert reread(second).move_reason == "Sibling already enrolled."
        assert reread(second).moved_by == admin
        assert reread(first).status == WaitlistStatus.WAITING

    def test_a_reason_is_required(self, full_class):
        join(full_class)
        second = join(full_class)

        with pytest.raises(InvalidInput):
            waitlist_move_up(entry_id=second.pk, reason="  ", by=None)

    def test_through_the_back_office_with_the_reason_asked_first(self, full_class, client):
        first, second = join(full_class), join(full_class)
        admin = UserFactory(role=Role.ADMIN, is_superuser=True)
        client.force_login(admin)
        url = "/admin/enrolments/waitlistentry/"

        asked = client.post(url, {"action": "move_up", ACTION_CHECKBOX_NAME: [second.pk]})
        assert asked.status_code == 200
        assert "Why" in asked.content.decode()
        assert reread(second).rank > reread(first).rank

        done = client.post(
            url,
            {
                "action": "move_up",
                ACTION_CHECKBOX_NAME: [second.pk],
                "confirmed": "yes",
                "reason": "Promised at the open day.",
            },
        )
        assert done.status_code == 302
        assert reread(second).rank < reread(first).rank
        assert reread(second).move_reason == "Promised at the open day."


def test_the_minute_round_runs_as_a_celery_task(full_class):
    entry = join(full_class)
    Class.objects.filter(pk=full_class.pk).update(seats=1)

    tasks.holds_tidy.apply()

    assert reread(entry).status == WaitlistStatus.OFFERED


def test_dropping_the_class_being_paid_for_frees_its_seat_for_the_waitlist_at_once():
    camp_class = scheduled_class(start=IN_A_MONTH, days=(IN_A_MONTH.weekday(),), seats=1)
    paying = SelectionFactory(camp_class=camp_class)
    hold_take(selection=paying)
    entry = join(camp_class)

    selection_delete(selection_id=paying.pk, student=paying.student)

    assert reread(entry).status == WaitlistStatus.OFFERED
    assert SeatHold.objects.get().waitlist_entry_id == entry.pk


def test_paying_for_an_offered_seat_without_pressing_accept_settles_the_offer(full_class):
    entry = join(full_class)
    free_the_seat(full_class)
    # The family had selected the class before; they pay for that selection straight away.
    selection = SelectionFactory(
        student=entry.student, participant=entry.participant, camp_class=full_class
    )
    hold_take(selection=selection)
    full_class.refresh_from_db()

    seat_for(entry, full_class)

    assert reread(entry).status == WaitlistStatus.ACCEPTED


def test_a_place_in_the_queue_closes_quietly_once_the_participant_has_a_seat():
    camp_class = scheduled_class(start=IN_A_MONTH, days=(IN_A_MONTH.weekday(),), seats=1)
    paying = SelectionFactory(camp_class=camp_class)
    hold_take(selection=paying)
    entry = join(camp_class, person=family())
    # The hold ran out and the waiting family paid for the seat before any offer was made.
    SeatHold.objects.all().delete()
    camp_class.refresh_from_db()

    seat_for(entry, camp_class)

    entry = reread(entry)
    assert (entry.status, entry.closed_reason) == (WaitlistStatus.CLOSED, "Enrolled in the class.")
    assert not Message.objects.filter(kind=EnrolmentMessage.WAITLIST_CLOSED).exists()


def test_a_spanish_reading_family_is_offered_its_seat_in_spanish(full_class, smtp_sink):
    rosa = UserFactory(role=Role.STUDENT, name="Rosa Lopez", language="es")
    ana = UserFactory(role=Role.STUDENT, name="Ana Silva", language="en")
    spanish_entry = join(full_class, rosa)
    join(full_class, ana)

    # Freed by the office's request, whatever language it reads in.
    with translation.override("en"):
        free_the_seat(full_class)
    send_queued()

    [offer] = offers_in(smtp_sink)
    assert offer["To"] == rosa.email
    assert offer["Content-Language"] == "es"
    assert offer["Subject"] == f"Un lugar para usted: {full_class.name}"
    text = offer.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert text.startswith("Hola, Rosa Lopez:\n")
    held_until = timezone.localtime(reread(spanish_entry).offer_expires_at, school_timezone())
    assert (
        f"Se liberó un lugar en {full_class.name} y está reservado para usted hasta el "
        f"{translated_day(held_until)} a las {held_until.hour}:{held_until:%M}" in text
    )
    assert f"Total a pagar: ${full_class.price:,.2f}" in text
    assert "Acéptelo y pague antes de esa hora:" in text
    assert "la siguiente familia de la lista de espera" in text
    for words in ("Hello", "A seat has come free", "Total due", "Accept it", "decline it"):
        assert words not in text


def test_an_english_reading_family_is_offered_its_seat_in_english_from_a_spanish_request(
    full_class, smtp_sink
):
    ana = UserFactory(role=Role.STUDENT, name="Ana Silva", language="en")
    join(full_class, ana)

    with translation.override("es"):
        free_the_seat(full_class)
    send_queued()

    [offer] = offers_in(smtp_sink)
    assert offer["Content-Language"] == "en"
    assert offer["Subject"] == f"A seat for you: {full_class.name}"
    text = offer.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert text.startswith("Hello Ana Silva,\n")
    assert "A seat has come free in" in text
    assert f"Total due: ${full_class.price:,.2f}" in text
    assert "Hola" not in text and "Total a pagar" not in text


def offers_in(smtp_sink) -> list:
    return [m for m in smtp_sink.messages() if m["X-Camp-Kind"] == EnrolmentMessage.WAITLIST_OFFER]


def translated_day(moment) -> str:
    """`l j de F`, as a Spanish reader's messages name a day."""
    days = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
    months = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto")
    months += ("septiembre", "octubre", "noviembre", "diciembre")
    return f"{days[moment.weekday()]} {moment.day} de {months[moment.month - 1]}"
