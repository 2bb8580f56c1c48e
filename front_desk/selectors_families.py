"""What the front desk reads of families: a family found by what the caller on the phone says
(a name, an e-mail, a telephone, a child's name), with its people, their paperwork and its
account credit."""

import re
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Exists, F, OuterRef, Q, Sum, Value
from django.db.models.functions import Concat, Replace
from django.utils.translation import gettext as _

from accounts.models import Participant, Role, User
from care.selectors import care_missing_for, records_of, taken_to_confirm
from core.errors import NotFound
from payments.models import CreditEntry

# At most this many families answer one search: the desk narrows it by typing more.
FAMILIES_FOUND_MAX = 20
# What people type between a telephone's digits, taken out before comparing.
PHONE_SEPARATORS = (" ", "-", ".", "(", ")", "+", "/")


@dataclass(frozen=True)
class DeskParticipant:
    """A person of the family as the desk sees them: what their paperwork lacks (the care
    rule's words, `care.selectors`) and whether a record taken by phone waits for the family."""

    participant: Participant
    care_missing: list[str]
    care_to_confirm: bool


@dataclass(frozen=True)
class DeskFamily:
    family: User
    credit: Decimal
    participants: list[DeskParticipant]


def _phone_digits(column: str):
    """The column with its separators taken out, for either database."""
    expression = F(column)
    for separator in PHONE_SEPARATORS:
        expression = Replace(expression, Value(separator), Value(""))
    return expression


def families_found(*, q: str) -> list[DeskFamily]:
    """The families (student accounts) whose name, e-mail, telephone (digits compared) or one
    of whose people's names holds `q`, by name, at most `FAMILIES_FOUND_MAX`."""
    q = " ".join(q.split())
    named = Participant.objects.annotate(
        full_name=Concat("first_name", Value(" "), "last_name")
    ).filter(account_id=OuterRef("pk"), full_name__icontains=q)
    match = Q(name__icontains=q) | Q(email__icontains=q) | Q(Exists(named))
    digits = re.sub(r"\D", "", q)
    families = User.objects.filter(role=Role.STUDENT)
    if len(digits) >= 2:
        families = families.annotate(phone_digits=_phone_digits("phone"))
        match |= Q(phone_digits__contains=digits)
    found = families.filter(match).order_by("name", "id")[:FAMILIES_FOUND_MAX]
    return desk_families(list(found))


def desk_families(families: list[User]) -> list[DeskFamily]:
    """Each family with its people (the account holder first) and credit: four queries however
    many families."""
    ids = [family.pk for family in families]
    people = list(
        Participant.objects.filter(account_id__in=ids).order_by(
            "account_id", "-is_account_holder", "first_name", "id"
        )
    )
    records = records_of([person.pk for person in people], medical=False)
    missing = care_missing_for(people, records=records)
    credit = dict(
        CreditEntry.objects.filter(family_id__in=ids)
        .order_by()
        .values("family_id")
        .annotate(total=Sum("amount"))
        .values_list("family_id", "total")
    )
    return [
        DeskFamily(
            family=family,
            credit=credit.get(family.pk) or Decimal("0.00"),
            participants=[
                DeskParticipant(
                    participant=person,
                    care_missing=missing[person.pk],
                    care_to_confirm=taken_to_confirm(records.get(person.pk)),
                )
                for person in people
                if person.account_id == family.pk
            ],
        )
        for family in families
    ]


def desk_family(*, family_id: int) -> DeskFamily:
    """One family as the desk sees it; anyone not a family is not found."""
    family = User.objects.filter(pk=family_id, role=Role.STUDENT).first()
    if family is None:
        raise NotFound(_("No such family."))
    return desk_families([family])[0]


def desk_participant(*, participant_id: int) -> DeskParticipant:
    """One person of a family, as the desk sees them."""
    participant = Participant.objects.filter(pk=participant_id, account__role=Role.STUDENT).first()
    if participant is None:
        raise NotFound(_("No such person in any family."))
    records = records_of([participant.pk], medical=False)
    return DeskParticipant(
        participant=participant,
        care_missing=care_missing_for([participant], records=records)[participant.pk],
        care_to_confirm=taken_to_confirm(records.get(participant.pk)),
    )
