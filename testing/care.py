"""Care records in tests: a child whose paperwork is done, as a family that filled it in has."""

import importlib

from django.apps import apps
from django.utils import timezone

from accounts.models import Participant
from care.models import CareRecord, PolicyAcceptance, empty_medical
from care.selectors import policies_current

CONTACTS = [
    {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550134"},
    {"name": "Luis Lopez", "relationship": "Grandfather", "phone": "+14155550177"},
]


def care_completed(participant: Participant, *, confirmed_at=None, **record) -> CareRecord:
    """A complete, confirmed record for the participant, and every current policy accepted for
    them and their family."""
    values = {
        "medical": empty_medical(),
        "emergency_contacts": CONTACTS,
        "pickups": [],
        "photo_consent": True,
        "confirmed_at": confirmed_at or timezone.now(),
        **record,
    }
    care, _ = CareRecord.objects.update_or_create(participant=participant, defaults=values)
    policies_accepted(participant)
    return care


def policies_accepted(participant: Participant) -> None:
    account = participant.account
    for version in policies_current():
        signer = participant if version.policy.per_child else None
        PolicyAcceptance.objects.get_or_create(
            version=version,
            account=account,
            participant=signer,
            defaults={"signed_name": account.name or account.email},
        )


def care_completed_in_bulk(children: list[Participant]) -> None:
    """`care_completed` for many children at once (the opening-morning bench's families)."""
    now = timezone.now()
    CareRecord.objects.bulk_create(
        CareRecord(
            participant=child,
            medical=empty_medical(),
            emergency_contacts=CONTACTS,
            photo_consent=True,
            confirmed_at=now,
        )
        for child in children
    )
    versions = policies_current()
    accounts = {child.account_id for child in children}
    PolicyAcceptance.objects.bulk_create(
        [
            PolicyAcceptance(
                version=version, account_id=child.account_id, participant=child, signed_name="Bench"
            )
            for version in versions
            if version.policy.per_child
            for child in children
        ]
        + [
            PolicyAcceptance(version=version, account_id=account_id, signed_name="Bench")
            for version in versions
            if not version.policy.per_child
            for account_id in accounts
        ]
    )


def school_policies_seeded() -> None:
    """The school's policies as its migration seeds them: a transactional test (every
    end-to-end test) starts after another's flush emptied the table."""
    importlib.import_module("care.migrations.0003_school_policies").seed(apps, None)
