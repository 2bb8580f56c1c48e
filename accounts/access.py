"""Whose account a request may name: one check per shape of question, read and checked at once.

Paths and queries of the spec's API name people by e-mail (`/api/myClasses/{email}`,
`?email=`). Views ask these helpers instead of comparing addresses themselves, so that what
"your own" means (the same address, whatever its case or spaces) is decided in one place.
"""

from django.utils.translation import gettext as _

from accounts.models import Participant, Role, User
from core.converters import may_name_a_row
from core.errors import NotFound, Refused
from core.prepared import Columns, Reader, statement

PARTICIPANT = Columns(Participant, "p")


def normalized_email(email: str) -> str:
    return email.strip().lower()


def access_own_email(*, caller: User, email: str, refusal: str) -> User:
    """The caller, when the e-mail is their own; refused with `refusal` otherwise."""
    if normalized_email(email) != caller.email:
        raise Refused(refusal)
    return caller


def access_person_by_email(*, caller: User, email: str, refusal: str) -> str:
    """The e-mail, normalized, of someone the caller may ask about: themselves, or anyone for
    an admin. Whether such a person exists is for the caller's question to find out."""
    asked = normalized_email(email)
    if asked != caller.email and caller.role != Role.ADMIN:
        raise Refused(refusal)
    return asked


@statement
def _participant_sql(lock: str) -> str:
    # Written once: asked at every selection, hold and waitlist join, where building the
    # queryset cost more than the query.
    return f"""
        SELECT {PARTICIPANT.sql} FROM "accounts_participant" p
        WHERE p.id = %(participant)s AND p.account_id = %(account)s{lock}
    """  # noqa: S608 - the model's columns; every value a parameter


def access_participant(*, account: User, participant_id: int, lock: bool = False) -> Participant:
    """One of the account's own participants; anyone else's is as good as absent. Locked until
    the transaction ends when asked."""
    participant = None
    if may_name_a_row(participant_id):
        reader = Reader()
        sql = _participant_sql(reader.for_update() if lock else "")
        params = {"participant": participant_id, "account": account.pk}
        participant = next((row.model(PARTICIPANT) for row in reader.rows(sql, params)), None)
    if participant is None:
        raise NotFound(_("No such person in your family."))
    participant.account = account
    return participant
