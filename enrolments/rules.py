"""Who may take which class now: the one eligibility check, and the reasons it gives.

Selecting a class, paying for it and taking the seat all ask `enrolment_refusal`; taking the
seat asks again under the database's guard (`enrolments.services.seat_take`), since the answer
can change between the two. Holding a seat (the payment page, a waitlist offer) also asks
`hold_refusal`, under the class's and the family's locks: how much one family keeps from others.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from enum import StrEnum

from django.conf import settings
from django.db.models import QuerySet, prefetch_related_objects
from django.utils import timezone
from django.utils.functional import classproperty
from django.utils.translation import gettext as _

from accounts.ages import age_on
from accounts.models import Participant
from care.selectors import ACTION_PLAN, POLICY_PREFIX, care_complete, care_missing
from care.services import missing_in_words
from classes.models import Booking, Class, ClassStatus, Season
from classes.registration import Shut, Shutting, registration_shut
from classes.schedule import school_timezone
from core.errors import Conflict
from core.language import DAY_AND_YEAR, TIME, WEEKDAY_AND_DAY, WEEKDAY_DAY_AND_YEAR, said
from core.school_time import school_today
from enrolments.availability import seats_free_beside
from enrolments.facts import FamilyHolds, Standing, family_standings, standing_read
from enrolments.models import AgeOverride
from enrolments.seasons import early_access_seasons

# The age from which a person is an adult: an account holder who never gave a date of birth is
# taken to be one, since only adults have a login.
ADULT_AGE = 18


class RefusalKind(StrEnum):
    NOT_OPEN = "not-open"
    ENROLLED = "enrolled"
    FULL = "full"
    PRICE = "price"
    STARTED = "started"
    REGISTRATION_CLOSED = "registration-closed"
    SCHEDULE_CONFLICT = "schedule-conflict"
    AGE = "age"
    SELECTED = "selected"
    HOLDS_IN_CLASS = "holds-in-class"
    HOLDS = "holds"
    HOLD_COOLDOWN = "hold-cooldown"
    CARE_INCOMPLETE = "care-incomplete"
    REGISTRATION_NOT_OPEN = "registration-not-open"
    BY_UNIT = "by-unit"
    EXTENDED_CARE = "extended-care"
    ADD_ON_SOLD_OUT = "add-on-sold-out"


@dataclass(frozen=True)
class Refusal:
    """Why a student cannot have a seat: said when they select the class, before a charge, or
    with the refund after one. Most reasons are fixed sentences; a closed registration and a
    clash carry what they name (the date, the other class)."""

    kind: RefusalKind
    to_select: str
    before_paying: str
    refund_reason: str
    # For a program: a code to tell the reason apart, and what it needs to act on it.
    code: str = ""
    details: dict = field(default_factory=dict, compare=False, hash=False)

    @classproperty
    def CLOSED(cls) -> "Refusal":  # noqa: N802 - the refusals' names
        return cls(
            RefusalKind.NOT_OPEN,
            _("This class is not open for selection."),
            _("This class is no longer open for enrolment."),
            _(
                "The class closed for enrolment while you were paying; "
                "your payment has been refunded."
            ),
        )

    @classproperty
    def ENROLLED(cls) -> "Refusal":  # noqa: N802 - the refusals' names
        return cls(
            RefusalKind.ENROLLED,
            _("You are already enrolled in this class."),
            _("You are already enrolled in this class."),
            _("You were already enrolled in this class; this payment has been refunded."),
        )

    @classproperty
    def FULL(cls) -> "Refusal":  # noqa: N802 - the refusals' names
        return cls(
            RefusalKind.FULL,
            _("This class has no seats left."),
            _("No seats are left in this class."),
            # Every card payment held its seat from the payment page on, so a card refused for want
            # of a seat is one whose hold ran out first.
            _(
                "Your seat's hold ran out before the payment arrived, and the last seat went to "
                "another family; your payment has been refunded in full."
            ),
        )

    @classproperty
    def PRICE(cls) -> "Refusal":  # noqa: N802 - the refusals' names
        return cls(
            RefusalKind.PRICE,
            _("The price of this class has changed. Please reload the page."),
            _("The price of this class has changed. Please reload the page."),
            _(
                "The price of this class changed while you were paying; "
                "your payment has been refunded."
            ),
        )

    @classproperty
    def NOBODY(cls) -> "Refusal":  # noqa: N802 - the refusals' names
        return cls(
            RefusalKind.NOT_OPEN,
            _("Choose who will take this class."),
            _("Choose who will take this class."),
            _(
                "The person this seat was for was removed from the family; "
                "your payment has been refunded."
            ),
        )

    @classproperty
    def BY_UNIT(cls) -> "Refusal":  # noqa: N802 - the refusals' names
        return cls(
            RefusalKind.BY_UNIT,
            _("This class is booked by the week or the day: choose the ones to book."),
            _("This class is booked by the week or the day: choose the ones to book."),
            _("This class is booked by the week or the day; your payment has been refunded."),
            code="choose_units",
        )

    @classproperty
    def EXTENDED_CARE(cls) -> "Refusal":  # noqa: N802 - the refusals' names
        return cls(
            RefusalKind.EXTENDED_CARE,
            _("Extended care is added to a day your child is booked, at checkout."),
            _("Extended care is added to a day your child is booked, at checkout."),
            _("Extended care goes with a booked day; your payment has been refunded."),
            code="extended_care_with_a_day",
        )

    @classproperty
    def STARTED(cls) -> "Refusal":  # noqa: N802 - the refusals' names
        return cls(
            RefusalKind.STARTED,
            _("This class has already started."),
            _("This class has already started."),
            _("The class started while you were paying; your payment has been refunded."),
        )

    @classmethod
    def registration_closed(cls, closed_at: datetime) -> "Refusal":
        day = closed_at.astimezone(school_timezone())
        on_day = said(day, WEEKDAY_DAY_AND_YEAR)
        words = _("Registration for this class closed on %(day)s.") % {"day": on_day}
        return cls(
            RefusalKind.REGISTRATION_CLOSED,
            words,
            words,
            _(
                "Registration for this class closed while you were paying; "
                "your payment has been refunded."
            ),
        )

    @classmethod
    def schedule_conflict(
        cls, other_class_name: str, participant: Participant | None = None
    ) -> "Refusal":
        names = {"other": other_class_name, "child": getattr(participant, "first_name", "")}
        words = _("This class meets at the same time as %(other)s") % names
        if _is_child(participant):
            words = (
                _("This class meets at the same time as %(other)s, which %(child)s is taking")
                % names
            )
        return cls(
            RefusalKind.SCHEDULE_CONFLICT,
            f"{words}.",
            f"{words}.",
            _("%(refusal)s; your payment has been refunded.") % {"refusal": words},
        )

    @classmethod
    def enrolled(cls, participant: Participant | None = None) -> "Refusal":
        if not _is_child(participant):
            return cls.ENROLLED
        names = {"name": participant.first_name}
        return cls(
            RefusalKind.ENROLLED,
            _("%(name)s is already enrolled in this class.") % names,
            _("%(name)s is already enrolled in this class.") % names,
            _("%(name)s was already enrolled in this class; this payment has been refunded.")
            % names,
        )

    @classmethod
    def add_on_sold_out(cls, label: str) -> "Refusal":
        words = _("%(label)s is sold out.") % {"label": label}
        return cls(
            RefusalKind.ADD_ON_SOLD_OUT,
            words,
            words,
            _("%(label)s sold out while you were paying; your payment has been refunded.")
            % {"label": label},
            code="add_on_sold_out",
        )

    @classmethod
    def selected(cls, participant: Participant | None = None) -> "Refusal":
        words = (
            _("%(name)s has already selected this class.") % {"name": participant.first_name}
            if _is_child(participant)
            else _("You have already selected this class.")
        )
        return cls(RefusalKind.SELECTED, words, words, words)

    @classmethod
    def age(cls, camp_class: Class, participant: Participant, age: int | None) -> "Refusal":
        day = first_day(camp_class)
        names = {"ages": ages_label(camp_class), "age": age, "day": said(day, DAY_AND_YEAR)}
        names["name"] = participant.first_name
        if age is None:
            words = _("%(ages)s: this class is for children.") % names
        elif day > school_today():
            words = (
                _("%(ages)s: %(name)s will be %(age)s on %(day)s.")
                if _is_child(participant)
                else _("%(ages)s: you will be %(age)s on %(day)s.")
            ) % names
        elif _is_child(participant):
            words = _("%(ages)s: %(name)s is %(age)s on %(day)s.") % names
        else:
            words = _("%(ages)s: you are %(age)s on %(day)s.") % names
        refunded = _("%(refusal)s Your payment has been refunded.") % {"refusal": words}
        return cls(RefusalKind.AGE, words, words, refunded)

    @classmethod
    def care_incomplete(cls, participant: Participant, missing: list[str]) -> "Refusal":
        needed = "; ".join(str(missing_in_words(item)) for item in missing)
        names = {"name": participant.first_name, "needed": needed}
        words = (
            _("Before %(name)s's first class the school needs: %(needed)s.")
            if _is_child(participant)
            else _("Before your first class the school needs: %(needed)s.")
        ) % names
        return cls(
            RefusalKind.CARE_INCOMPLETE,
            words,
            words,
            words,
            code="care_incomplete",
            details={"participantId": participant.pk, "missing": missing},
        )

    @classmethod
    def registration_not_open(cls, season: Season, opens_at: datetime) -> "Refusal":
        at = opens_at.astimezone(school_timezone())
        names = {"season": season.name, "day": said(at, WEEKDAY_DAY_AND_YEAR), "at": said(at, TIME)}
        words = _("Registration for %(season)s opens on %(day)s at %(at)s.") % names
        return cls(
            RefusalKind.REGISTRATION_NOT_OPEN,
            words,
            words,
            _("Registration for %(season)s was not open yet; your payment has been refunded.")
            % names,
            code="registration_not_open",
            details={"opensAt": at.isoformat()},
        )

    def conflict(self) -> Conflict:
        """The refusal as selecting a class hears it."""
        return Conflict(self.to_select, code=self.code, details=self.details)

    def conflict_before_paying(self) -> Conflict:
        """The refusal as the payment page hears it."""
        return Conflict(self.before_paying, code=self.code, details=self.details)

    @classmethod
    def holds_in_class(cls, most: int) -> "Refusal":
        return cls._about_holding(
            RefusalKind.HOLDS_IN_CLASS,
            _(
                "Your family already holds %(most)s seats in this class, the most one family may "
                "hold at once. Pay for one, or remove one from your selected classes, to hold "
                "another."
            )
            % {"most": most},
        )

    @classmethod
    def holds(cls, most: int) -> "Refusal":
        return cls._about_holding(
            RefusalKind.HOLDS,
            _(
                "Your family already holds %(most)s seats across the school, the most one family "
                "may hold at once. Pay for one, or remove one from your selected classes, to hold "
                "another."
            )
            % {"most": most},
        )

    @classmethod
    def hold_cooldown(cls, lapses: int, until: datetime) -> "Refusal":
        at = until.astimezone(school_timezone())
        return cls._about_holding(
            RefusalKind.HOLD_COOLDOWN,
            _(
                "Seats held for your family ran out unpaid %(lapses)s times within a day. You may "
                "hold a seat again at %(at)s (%(day)s)."
            )
            % {"lapses": lapses, "at": said(at, TIME), "day": said(at, WEEKDAY_AND_DAY)},
        )

    @classmethod
    def _about_holding(cls, kind: RefusalKind, words: str) -> "Refusal":
        # Said on the payment page and to the waitlist's round; a payment for a seat already
        # held is never refused for it.
        return cls(kind, words, words, words)


def _is_child(participant: Participant | None) -> bool:
    return participant is not None and not participant.is_account_holder


def first_day(camp_class: Class) -> date:
    """The day ages are counted on: the first meeting's, or today for a class whose schedule is
    to be announced."""
    if camp_class.starts_at is None:
        return school_today()
    return camp_class.starts_at.astimezone(school_timezone()).date()


def ages_label(camp_class: Class) -> str:
    low, high = camp_class.age_min, camp_class.age_max
    if low is not None and high is not None:
        return _("Ages %(low)s–%(high)s") % {"low": low, "high": high}
    if low is not None:
        said_low = _("Adults (%(low)s and up)") if low >= ADULT_AGE else _("Ages %(low)s and up")
        return said_low % {"low": low}
    return _("Ages up to %(high)s") % {"high": high}


def participant_age(participant: Participant, camp_class: Class) -> int | None:
    """The participant's age on the class's first day; None for an account holder who gave no
    date of birth (taken to be an adult)."""
    if participant.date_of_birth is None:
        return None
    return age_on(participant.date_of_birth, first_day(camp_class))


def age_refusal(
    participant: Participant, camp_class: Class, *, overridden: bool | None = None
) -> Refusal | None:
    """Whether the participant's age on the first day is outside the class's ages. An admin's
    `AgeOverride` lets one participant take one class all the same; `overridden` is given by a
    caller that read the overrides already, else it is asked here when it matters."""
    low, high = camp_class.age_min, camp_class.age_max
    if low is None and high is None:
        return None
    age = participant_age(participant, camp_class)
    fits = (
        (high is None or high >= ADULT_AGE)
        if age is None
        else (low is None or age >= low) and (high is None or age <= high)
    )
    if fits:
        return None
    if overridden is None:
        overridden = _age_overrides(
            participant_id=participant.pk, camp_class_id=camp_class.pk
        ).exists()
    if overridden:
        return None
    return Refusal.age(camp_class, participant, age)


def _age_overrides(*, participant_id: int, camp_class_id: int) -> QuerySet[AgeOverride]:
    return AgeOverride.objects.filter(participant_id=participant_id, camp_class_id=camp_class_id)


def registration_refusal(camp_class: Class, *, now: datetime | None = None) -> Refusal | None:
    """Whether the class's time to register is over: it has started, or registration closed
    (`classes.registration.registration_shut`)."""
    return _refusal_for(registration_shut(camp_class=camp_class, now=now))


def _refusal_for(shutting: Shutting | None, season: Season | None = None) -> Refusal | None:
    """The refusal that says why registration is shut, in the rules' words."""
    if shutting is None:
        return None
    if shutting.why == Shut.CLASS_STARTED:
        return Refusal.STARTED
    if shutting.why == Shut.NOT_OPEN_YET:
        return Refusal.registration_not_open(season, shutting.at)
    return Refusal.registration_closed(shutting.at)


@dataclass(frozen=True)
class Asked:
    """One participant and one class, with what the database says of them (`Standing`), at a
    moment. `selecting` is true when the participant picks the class (a selection, or the
    cards' answer before anyone clicks); `paying` when the family is about to pay (the payment
    page, the charge); neither when the seat is taken or offered."""

    participant: Participant
    camp_class: Class
    standing: Standing
    now: datetime
    selecting: bool = False
    paying: bool = False
    # The ids of the seasons the family has early access to, when the caller read them for many
    # classes at once (`family_refusals`); else the `season` rule asks when it matters.
    early_access: frozenset[int] | None = None
    # Staff pay at the front desk for the family: the policies and an allergy action plan are the
    # family's to give online (the office handles no health papers); only the record is asked.
    at_desk: bool = False

    def has_early_access(self, season: Season) -> bool:
        if self.early_access is not None:
            return season.pk in self.early_access
        return season.pk in early_access_seasons(self.participant.account, [season])


@dataclass(frozen=True)
class Rule:
    """One reason a participant may not take a class, by name; `refusal` answers it for one
    participant and one class."""

    name: str
    refusal: Callable[[Asked], Refusal | None]
    # Whether taking the seat asks it again under the class's lock (`services.seat_take`).
    when_taking: bool = True
    # Whether only paying asks it (the payment page, the charge): not the cards, a selection,
    # a waitlist offer or the seat taken after the charge.
    paying_only: bool = False


def _not_open(asked: Asked) -> Refusal | None:
    return Refusal.CLOSED if asked.camp_class.status != ClassStatus.APPROVED else None


def _by_unit(asked: Asked) -> Refusal | None:
    """A series sold by the week or the day takes no seat itself: its units do."""
    return Refusal.BY_UNIT if asked.camp_class.booking != Booking.WHOLE else None


def _care_alone(asked: Asked) -> Refusal | None:
    """A day of extended care is not chosen on its own: a checkout adds it to a booked day
    (`checkout.services.family_checkout`, which checks the day is booked)."""
    if asked.selecting and asked.camp_class.extended_care_id is not None:
        return Refusal.EXTENDED_CARE
    return None


def _season_closed(asked: Asked) -> Refusal | None:
    """Whether the class's season takes registrations now, for this family's early access
    (`classes.registration.registration_shut`)."""
    if asked.camp_class.season_id is None:
        return None
    season = asked.camp_class.season
    shutting = registration_shut(
        season=season, early_access=lambda: asked.has_early_access(season), now=asked.now
    )
    return _refusal_for(shutting, season)


def _enrolled(asked: Asked) -> Refusal | None:
    return Refusal.enrolled(asked.participant) if asked.standing.enrolled else None


def _too_late(asked: Asked) -> Refusal | None:
    return registration_refusal(asked.camp_class, now=asked.now)


def _outside_ages(asked: Asked) -> Refusal | None:
    return age_refusal(asked.participant, asked.camp_class, overridden=asked.standing.overridden)


def _selected(asked: Asked) -> Refusal | None:
    if asked.selecting and asked.standing.selected:
        return Refusal.selected(asked.participant)
    return None


def _full(asked: Asked) -> Refusal | None:
    free = seats_free_beside(asked.camp_class, held_for_others=asked.standing.held_for_others)
    return Refusal.FULL if free == 0 else None


def _care_incomplete(asked: Asked) -> Refusal | None:
    if settings.CARE_REQUIRED_AT != "checkout":
        return None
    known = asked.standing.care
    if known is not None and care_complete(asked.participant, known, now=asked.now):
        return None
    # Incomplete, or not read yet: what is missing, by name, for the refusal.
    missing = care_missing(asked.participant, now=asked.now)
    if asked.at_desk:
        missing = [item for item in missing if not item.startswith((POLICY_PREFIX, ACTION_PLAN))]
    return Refusal.care_incomplete(asked.participant, missing) if missing else None


def _clash(asked: Asked) -> Refusal | None:
    other = asked.standing.clash_with(asked.camp_class)
    return Refusal.schedule_conflict(other, asked.participant) if other is not None else None


# Who may take a seat: every rule, in the order its refusal is said. A reason about the class
# itself comes before one about the participant's own other choices.
RULES: tuple[Rule, ...] = (
    Rule("not-open", _not_open),
    Rule("by-unit", _by_unit),
    Rule("care-alone", _care_alone, when_taking=False),
    Rule("season", _season_closed),
    Rule("enrolled", _enrolled),
    Rule("registration", _too_late),
    Rule("ages", _outside_ages),
    # A selection is settled when the seat is taken, so only picking a class asks it; it comes
    # before being full or clashing, which a family that selected the class already knows.
    Rule("selected", _selected, when_taking=False),
    Rule("full", _full),
    Rule("clash", _clash),
    # Last: a family is asked for paperwork only for a class the child may take. Asked before
    # money changes hands, never after: a seat paid for is not refused for paperwork, nor is a
    # waitlist offer made (the family completes it before paying).
    Rule("care", _care_incomplete, when_taking=False, paying_only=True),
)


def first_refusal(
    asked: Asked, *, taking: bool = False, skipping: frozenset[str] = frozenset()
) -> Refusal | None:
    """The first rule that refuses, or None: the one eligibility check, for one participant
    (`enrolment_refusal`, `selection_create`), a family and a page of classes
    (`family_refusals`), and the seat under its lock (`taking`, `services.seat_take`). A caller
    that answers some rules its own way names them (`skipping`: a lottery's wishes)."""
    for rule in RULES:
        if taking and not rule.when_taking or rule.paying_only and not asked.paying:
            continue
        if rule.name in skipping:
            continue
        refusal = rule.refusal(asked)
        if refusal is not None:
            return refusal
    return None


def standing_refusal(
    *,
    participant: Participant,
    camp_class: Class,
    standing: Standing,
    now: datetime | None = None,
    selecting: bool = False,
    paying: bool = False,
) -> Refusal | None:
    """`first_refusal` for the standing read already."""
    return first_refusal(
        Asked(
            participant,
            camp_class,
            standing,
            now or timezone.now(),
            selecting=selecting,
            paying=paying,
        )
    )


def enrolment_refusal(
    *,
    participant: Participant,
    camp_class: Class,
    paying: bool = False,
    leaving_class_id: int | None = None,
    at_desk: bool = False,
) -> Refusal | None:
    """May this participant take this class now? None if so; otherwise the reason why not.

    `RULES`, in their order, with what the database knows read in one query
    (`facts.standing_read`). `family_refusals` answers the same question for a family and a page
    of classes at once, for showing before anyone clicks; this one is what paying asks. A move
    names the class it leaves (`leaving_class_id`), asked as if that seat were given back.
    `at_desk`: the office pays for the family (`Asked.at_desk`).
    """
    now = timezone.now()
    read = standing_read(
        participant_id=participant.pk,
        camp_class_id=camp_class.pk,
        now=now,
        paying=paying,
        leaving_class_id=leaving_class_id,
    )
    # A class deleted since the caller read it left nothing behind: no seat, hold or meeting.
    standing = read[1] if read is not None else Standing()
    return first_refusal(
        Asked(participant, camp_class, standing, now, paying=paying, at_desk=at_desk)
    )


def hold_refusal(*, holds: FamilyHolds, now: datetime, at_desk: bool = False) -> Refusal | None:
    """May the family hold one more seat (the payment page, a waitlist offer)? Asked after
    `enrolment_refusal` says the participant may take the class, and only for a new hold: one
    still running is kept as it is. In this order: `HOLDS_PER_FAMILY_PER_CLASS` in the class,
    `HOLDS_PER_FAMILY` across the school, then a wait of `HOLD_COOLDOWN_MINUTES` after the last
    of `HOLD_LAPSES_BEFORE_COOLDOWN` holds that ran out unpaid within a day; not for the office
    (`at_desk`), which a family that could not pay online calls.

    A participant holds a class's seat at most once (a unique constraint), so a family never
    holds more seats of a class than it has people the rules let take it."""
    most_in_class = settings.HOLDS_PER_FAMILY_PER_CLASS
    if holds.in_class >= most_in_class:
        return Refusal.holds_in_class(most_in_class)
    most = settings.HOLDS_PER_FAMILY
    if holds.anywhere >= most:
        return Refusal.holds(most)
    if at_desk or holds.last_lapse is None:
        return None
    if holds.lapses >= settings.HOLD_LAPSES_BEFORE_COOLDOWN:
        until = holds.last_lapse + timedelta(minutes=settings.HOLD_COOLDOWN_MINUTES)
        if now < until:
            return Refusal.hold_cooldown(holds.lapses, until)
    return None


@dataclass(frozen=True)
class ParticipantChance:
    """Whether one participant of a family may take one class, and if not, why; and whether they
    wait on its waitlist (or hold its offer), which no rule refuses but the button says."""

    participant: Participant
    refusal: Refusal | None
    on_waitlist: bool = False


def family_refusals(
    *, participants: list[Participant], classes: list[Class]
) -> dict[int, list[ParticipantChance]]:
    """For each class, each participant's first refusal as they would select it: what the cards
    and the class page show before anyone clicks.

    `RULES`, as `selection_create` asks them, of every participant's standing in every class
    read in one query (`facts.family_standings`), and the family's early access in one more
    when a season opens early.
    """
    now = timezone.now()
    standings = family_standings(participants=participants, classes=classes, now=now)
    early_access = _family_early_access(participants, classes) if standings else frozenset()

    def chance(participant: Participant, camp_class: Class) -> ParticipantChance:
        standing = standings.get((participant.pk, camp_class.pk), Standing())
        asked = Asked(
            participant, camp_class, standing, now, selecting=True, early_access=early_access
        )
        return ParticipantChance(participant, first_refusal(asked), on_waitlist=standing.waitlisted)

    return {
        camp_class.pk: [chance(participant, camp_class) for participant in participants]
        for camp_class in classes
    }


def _family_early_access(participants: list[Participant], classes: list[Class]) -> frozenset[int]:
    """The ids of these classes' seasons that open early for this family; asked only when one
    of them has an early opening."""
    prefetch_related_objects([c for c in classes if c.season_id is not None], "season")
    seasons = {camp_class.season for camp_class in classes if camp_class.season_id is not None}
    if any(season.early_access_opens_at is not None for season in seasons):
        return early_access_seasons(participants[0].account, seasons)
    return frozenset()
