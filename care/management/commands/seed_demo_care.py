"""The demo family's care records (after `seed_demo`): Lily's is filled in and her policies
accepted, so the roster shows her allergy; Max's is not, so paying for him shows what the
checkout asks. Made once: a record the demo's users changed is left as it is."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from accounts.models import Participant, User
from care.models import CareRecord, CareRecordVersion, PolicyAcceptance
from care.selectors import policies_current
from care.services import record_as_saved

DEMO_STUDENT_EMAIL = "student@camp.test"

LILY = {
    "medical": {
        "allergies": [
            {
                "name": "Tree nuts",
                "severity": "anaphylactic",
                "action": "EpiPen in her backpack's front pocket; use it, then call 911 and us.",
            }
        ],
        "medications": [],
        "conditions": "",
        "dietary": "No nuts of any kind.",
        "doctor": {"name": "Dr Ana Ruiz", "phone": "+14155550142"},
    },
    "emergency_contacts": [
        {"name": "Jo Student", "relationship": "Parent", "phone": "+14155550100"},
        {"name": "Sam Student", "relationship": "Uncle", "phone": "+14155550101"},
    ],
    "pickups": [{"name": "Sam Student", "relationship": "Uncle", "phone": "+14155550101"}],
    "photo_consent": True,
}


class Command(BaseCommand):
    help = "Fill in the demo family's care records (run after seed_demo)."

    def handle(self, *args, **options):
        parent = User.objects.filter(email=DEMO_STUDENT_EMAIL).first()
        lily = Participant.objects.filter(account=parent, first_name="Lily").first()
        if parent is None or lily is None or CareRecord.objects.filter(participant=lily).exists():
            self.stdout.write("Nothing to do: the demo care records are there already.")
            return
        record = CareRecord.objects.create(participant=lily, confirmed_at=timezone.now(), **LILY)
        CareRecordVersion.objects.create(
            participant=lily,
            change="created",
            snapshot=record_as_saved(record),
            changed_by=parent,
            changed_by_name=parent.name or parent.email,
        )
        for version in policies_current():
            PolicyAcceptance.objects.get_or_create(
                version=version,
                account=parent,
                participant=lily if version.policy.per_child else None,
                defaults={"signed_name": parent.name or parent.email},
            )
        self.stdout.write(self.style.SUCCESS("Filled in Lily's care record and policies."))
