"""A child's paperwork as part of another statement: what `selectors.care_missing_for` reads for
one participant (their record, the policies in force, the family's acceptances), written as SQL
once so that paying reads it with the class's standing (`enrolments.prepared.class_standing`)
instead of in three queries of its own (core.prepared says why SQL written once).

The record's few columns the rule looks at come through a left join; the policies as one count:
the newest version of each policy published at `now` that the participant's family has not
accepted, for the child where the policy is per child. `care_complete` makes the rule's answer
from them; the tests hold it to `care_missing_for` on SQLite and PostgreSQL.
"""

from datetime import datetime
from typing import NamedTuple

from django.db.models import Field

from accounts.models import Participant
from care.models import CareRecord
from care.selectors import care_required, record_missing
from core.prepared import Row

# The columns `record_missing` reads, in the model's order, as `Model.from_db` takes them.
RECORD_FIELDS = ("emergency_contacts", "photo_consent", "confirmed_at")


def record_join(alias: str) -> str:
    """The participant's record, joined to a statement that names `%(participant)s`."""
    return f'LEFT JOIN "care_carerecord" {alias} ON {alias}.participant_id = %(participant)s'


def columns_sql(alias: str) -> str:
    """The record's id and `RECORD_FIELDS` (NULLs for no record), then the policies not
    accepted, for a statement that names `%(participant)s` and `%(now)s`."""
    record = ", ".join(f'{alias}."{name}"' for name in ("id", *RECORD_FIELDS))
    return f"""{record},
        (
            SELECT COUNT(*) FROM "care_policyversion" v
            JOIN "care_policy" y ON y.id = v.policy_id
            WHERE v.published_at <= %(now)s
                AND NOT EXISTS (
                    SELECT 1 FROM "care_policyversion" u
                    WHERE u.policy_id = v.policy_id AND u.published_at <= %(now)s
                        AND u.number > v.number
                )
                AND NOT EXISTS (
                    SELECT 1 FROM "care_policyacceptance" a
                    WHERE a.version_id = v.id
                        AND a.account_id = (
                            SELECT q.account_id FROM "accounts_participant" q
                            WHERE q.id = %(participant)s
                        )
                        AND (
                            (y.per_child AND a.participant_id = %(participant)s)
                            OR (NOT y.per_child AND a.participant_id IS NULL)
                        )
                )
        )"""  # noqa: S608 - the models' columns; every value a parameter


class CareStanding(NamedTuple):
    """What `columns_sql` read: the record (only `RECORD_FIELDS` loaded; None for none) and how
    many policies in force the family has still to accept for the participant."""

    record: CareRecord | None
    policies_unaccepted: int


def _fields() -> list[Field]:
    return [CareRecord._meta.get_field(name) for name in RECORD_FIELDS]


def care_standing(row: Row) -> CareStanding:
    """`columns_sql`'s columns, from where the row has come to."""
    record_id = row.value()
    values = [row.value(field) for field in _fields()]
    record = None
    if record_id is not None:
        record = CareRecord.from_db(row.using, ["id", *RECORD_FIELDS], [record_id, *values])
    return CareStanding(record=record, policies_unaccepted=row.value())


def care_complete(participant: Participant, standing: CareStanding, *, now: datetime) -> bool:
    """Whether `selectors.care_missing_for` finds nothing missing for the participant at `now`,
    from what `columns_sql` read."""
    if not care_required(participant):
        return True
    return standing.policies_unaccepted == 0 and not record_missing(
        participant, standing.record, now
    )
