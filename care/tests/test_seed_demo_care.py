"""`make run`'s demo family: Lily's care record is filled in (the roster shows her EpiPen) with
the action plan her allergy asks for, Max's is not (paying for him shows what the checkout
asks)."""

from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import Participant
from care.documents import document_opened
from care.models import CareDocument, CareRecord
from care.selectors import care_missing

pytestmark = pytest.mark.django_db


def test_the_demo_family_has_one_record_filled_in_and_one_to_fill(emulator):
    call_command("seed_demo", stdout=StringIO())
    out = StringIO()

    call_command("seed_demo_care", stdout=out)
    call_command("seed_demo_care", stdout=out)

    lily = Participant.objects.get(first_name="Lily")
    max_ = Participant.objects.get(first_name="Max")
    assert care_missing(lily) == []
    assert CareRecord.objects.get().medical["allergies"][0]["severity"] == "anaphylactic"
    [plan] = CareDocument.objects.filter(participant=lily)
    assert (plan.kind, plan.content_type, plan.expires_on) == (
        "action_plan",
        "application/pdf",
        None,
    )
    assert document_opened(plan.storage_name).startswith(b"%PDF-")
    assert care_missing(max_)[0] == "record"
    assert out.getvalue().splitlines() == [
        "Filled in Lily's care record, her action plan and policies.",
        "Nothing to do: the demo care records are there already.",
    ]
