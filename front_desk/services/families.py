"""Families registered at the front desk, by phone or in person: the account (and its Firebase
sign-in, with a link e-mailed to set the password), children added, care records taken by
phone. Every write is on the desk's log (`desk_log`) in its own transaction."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts import firebase
from accounts.models import Participant, Role, User
from accounts.services import NAME_MAX_LENGTH, account_holder_of, participant_create
from care.models import CareRecord
from care.phones import INVALID, e164
from care.services import care_record_save
from core.errors import Conflict, InvalidInput, NotFound, ProviderUnavailable
from front_desk.message_kinds import DeskMessage
from front_desk.models import DeskActionKind
from front_desk.services.log import desk_log
from notifications.services import message_queue


def _registration_problems(*, email: str, name: str, phone: str) -> dict[str, list[str]]:
    problems: dict[str, list[str]] = {}
    if not email:
        problems["email"] = [_("Give the family's e-mail address: the account is theirs by it.")]
    if not name:
        problems["name"] = [_("Give the account holder's name.")]
    elif len(name) > NAME_MAX_LENGTH:
        problems["name"] = [
            _("A name is at most %(NAME_MAX_LENGTH)s characters.")
            % {"NAME_MAX_LENGTH": NAME_MAX_LENGTH}
        ]
    if phone and e164(phone) is None:
        problems["phone"] = [INVALID]
    return problems


def _known_family_refused(email: str) -> None:
    known = User.objects.filter(email__iexact=email).first()
    if known is None:
        return
    details = {"familyId": known.pk} if known.role == Role.STUDENT else {}
    raise Conflict(
        _("%(email)s has an account already: find the family by it instead.") % {"email": email},
        code="family_exists",
        details=details,
    )


@transaction.atomic
def family_register(*, by: User, email: str, name: str, phone: str = "") -> User:
    """A family's account made at the desk: its row (a student, its account holder), its
    Firebase account without a password, and an e-mail with a one-time link to set one.

    The Firebase account is made last, inside this transaction: if Firebase cannot make it,
    nothing is kept (ProviderUnavailable) and the desk tries again. An account Firebase made
    whose row then failed to commit is found and reused by the next try."""
    email, name, phone = email.strip().lower(), " ".join(name.split()), phone.strip()
    problems = _registration_problems(email=email, name=name, phone=phone)
    if problems:
        raise InvalidInput(problems)
    _known_family_refused(email)
    try:
        with transaction.atomic():
            family = User.objects.create(
                email=email, name=name, phone=e164(phone) if phone else "", role=Role.STUDENT
            )
    except IntegrityError:
        # A twin registration of the same address a moment ago.
        _known_family_refused(email)
        raise
    account_holder_of(family)
    desk_log(
        actor=by,
        family=family,
        kind=DeskActionKind.FAMILY_REGISTERED,
        summary=f"Registered the family of {name}",
        detail={"email": email},
    )
    try:
        uid, link = firebase.account_with_password_link(email=email, name=name)
    except firebase.IdentityUnavailable as unavailable:
        raise ProviderUnavailable(unavailable.args[0], code="sign_in_unavailable") from None
    family.firebase_uid = uid
    family.save(update_fields=["firebase_uid"])
    message_queue(
        kind=DeskMessage.FAMILY_REGISTERED,
        about=f"desk-family:{family.pk}",
        recipient=email,
        context={"name": name, "link": link},
    )
    return family


def _family_of(family_id: int) -> User:
    family = User.objects.select_for_update().filter(pk=family_id, role=Role.STUDENT).first()
    if family is None:
        raise NotFound(_("No such family."))
    return family


def care_take(*, by: User, participant: Participant, care: dict) -> CareRecord:
    """A child's care record as the family tells it on the phone: saved as the family's own
    save checks it, marked taken by `by` now, for the family to confirm (care.services)."""
    record = care_record_save(participant=participant, by=by, taken_by_phone=True, **care)
    desk_log(
        actor=by,
        family=participant.account,
        kind=DeskActionKind.CARE_TAKEN,
        summary=f"Took {participant.name}'s care record by phone",
        detail={"participantId": participant.pk},
    )
    return record


@transaction.atomic
def family_child_add(
    *, by: User, family_id: int, care: dict | None = None, **fields
) -> Participant:
    """A child added to a family at the desk, with their care record if the family gave it:
    both or neither. A problem with the record is told under `care`."""
    family = _family_of(family_id)
    child = participant_create(account=family, **fields)
    desk_log(
        actor=by,
        family=family,
        kind=DeskActionKind.CHILD_ADDED,
        summary=f"Added {child.name} to the family",
        detail={"participantId": child.pk},
    )
    if care is not None:
        try:
            care_take(by=by, participant=child, care=care)
        except InvalidInput as invalid:
            raise InvalidInput({"care": invalid.problems}) from invalid
    return child


@transaction.atomic
def participant_care_take(*, by: User, participant_id: int, care: dict) -> CareRecord:
    """The care record of a family's child (or account holder) taken by phone at the desk."""
    participant = (
        Participant.objects.select_related("account")
        .filter(pk=participant_id, account__role=Role.STUDENT)
        .first()
    )
    if participant is None:
        raise NotFound(_("No such person in any family."))
    return care_take(by=by, participant=participant, care=care)
