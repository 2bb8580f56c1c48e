"""Care records in tests: a child whose paperwork is done, as a family that filled it in has."""

import importlib
import io

from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from fpdf import FPDF
from PIL import Image

from accounts.models import Participant
from care.models import CareDocument, CareRecord, DocumentKind, PolicyAcceptance, empty_medical
from care.selectors import action_plan_asked, action_plans_current, policies_current
from care.services import care_document_upload

CONTACTS = [
    {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550134"},
    {"name": "Luis Lopez", "relationship": "Grandfather", "phone": "+14155550177"},
]


def care_completed(participant: Participant, *, confirmed_at=None, **record) -> CareRecord:
    """A complete, confirmed record for the participant, and every current policy accepted for
    them and their family; with an allergy that asks for an action plan, a current one on file,
    as the family that saved it would have uploaded."""
    medical = record.pop("medical", None) or empty_medical()
    values = {
        "medical": medical,
        "emergency_contacts": CONTACTS,
        "pickups": [],
        "photo_consent": True,
        "confirmed_at": confirmed_at or timezone.now(),
        # As `care.services.care_record_save` keeps it.
        "action_plan_needed": action_plan_asked(medical),
        **record,
    }
    care, _ = CareRecord.objects.update_or_create(participant=participant, defaults=values)
    if care.action_plan_needed and not action_plans_current().filter(participant=participant):
        action_plan_uploaded(participant)
    policies_accepted(participant)
    return care


def a_pdf(text: str = "Allergy action plan") -> bytes:
    """A real one-page PDF, as a family's scanner or a doctor's office makes."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=14)
    pdf.cell(text=text)
    return bytes(pdf.output())


def pdf_upload(name: str = "action-plan.pdf", text: str = "Allergy action plan"):
    return SimpleUploadedFile(name, a_pdf(text), content_type="application/pdf")


def png_upload(name: str = "plan.png") -> SimpleUploadedFile:
    image = io.BytesIO()
    Image.new("RGB", (32, 24), "teal").save(image, format="PNG")
    return SimpleUploadedFile(name, image.getvalue(), content_type="image/png")


def action_plan_uploaded(participant: Participant, *, expires_on=None) -> CareDocument:
    """An allergy action plan on file for the participant, uploaded by their family."""
    return care_document_upload(
        participant=participant,
        by=participant.account,
        upload=pdf_upload(),
        kind=DocumentKind.ACTION_PLAN,
        expires_on=expires_on,
    )


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
