"""The demo family's care records (after `seed_demo`): Lily's is filled in, her allergy action
plan uploaded (her allergy asks for one) and her policies accepted, so the roster shows her
allergy and her plan; Max's is not, so paying for him shows what the checkout asks. Made once: a
record the demo's users changed is left as it is."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import BaseCommand
from django.utils import timezone
from fpdf import FPDF

from accounts.models import Participant, User
from care.models import CareRecord, CareRecordVersion, DocumentKind, PolicyAcceptance
from care.selectors import action_plan_asked, policies_current
from care.services import care_document_upload, record_as_saved

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


def action_plan_pdf(name: str, allergy: dict) -> SimpleUploadedFile:
    """A one-page allergy action plan, as a doctor's office would fill it in."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", style="B", size=16)
    pdf.cell(text=f"Allergy action plan: {name}", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", size=12)
    for line in (f"Allergy: {allergy['name']} ({allergy['severity']})", allergy["action"]):
        pdf.multi_cell(0, text=line, new_x="LMARGIN", new_y="NEXT")
    return SimpleUploadedFile(
        "lily-action-plan.pdf", bytes(pdf.output()), content_type="application/pdf"
    )


class Command(BaseCommand):
    help = "Fill in the demo family's care records (run after seed_demo)."

    def handle(self, *args, **options):
        parent = User.objects.filter(email=DEMO_STUDENT_EMAIL).first()
        lily = Participant.objects.filter(account=parent, first_name="Lily").first()
        if parent is None or lily is None or CareRecord.objects.filter(participant=lily).exists():
            self.stdout.write("Nothing to do: the demo care records are there already.")
            return
        record = CareRecord.objects.create(
            participant=lily,
            confirmed_at=timezone.now(),
            action_plan_needed=action_plan_asked(LILY["medical"]),
            **LILY,
        )
        if record.action_plan_needed:
            care_document_upload(
                participant=lily,
                by=parent,
                upload=action_plan_pdf(lily.name, LILY["medical"]["allergies"][0]),
                kind=DocumentKind.ACTION_PLAN,
            )
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
        self.stdout.write(
            self.style.SUCCESS("Filled in Lily's care record, her action plan and policies.")
        )
