"""docs/architecture.md stays short, and its one-line answers name things that exist.

"Where each answer lives" says, in one line each, where a rule has its home; every dotted name in
backticks there must import (the module, then its attributes), so a renamed or moved function
fails here rather than misleading the next newcomer.
"""

import importlib
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"
MAX_WORDS = 1500
SECTION = "## Where each answer lives"

# Each question the section answers, by the start of its label, and the name its line gives first.
ANSWERS = {
    "Seats free": "enrolments.availability.free",
    "Who may take a class": "enrolments.rules.first_refusal",
    "What the rules read": "enrolments.facts.standing_read",
    "When a season takes registrations": "classes.registration.registration_shut",
    "A price": "checkout.pricing.price_checkout",
    "Money rounded": "payments.money.cents",
    "A family's checkout": "checkout.services.family_checkout.checkout_pay",
    "A seat taken": "enrolments.services.seats.seat_take",
    "A lottery's draw": "lottery.draw.draw",
    "An e-mail queued": "notifications.services.message_queue",
    "Whether an address is written to": "notifications.models.Mailbox",
    "A message to a class's families": "class_messages.services.class_message_send",
    "A waitlist offer made": "enrolments.services.waitlists.waitlist_offers_make",
    "A card charged": "payments.services.card_charges.card_charge",
    "What a seat paid": "payments.selectors.seat_paid",
    "Money given back": "payments.services.ledger.ledger_card_refunds",
    "A refund amount": "payments.refund_policy.RefundTerms.refund_for",
    "A list's cache invalidated": "core.public_cache.public_lists_changed",
    "A route guarded": "accounts.permissions",
    "Who may see a class": "classes.access.access_class_for_viewer",
    "A child's paperwork done": "care.selectors.care_missing_for",
    "Who may read a care record": "care.access.access_care",
    "A place in the opening's line": "waiting_room.line.line_join",
    "Attendance recorded": "attendance.services.records.attendance_record",
    "A child's attendance status": "attendance.lines.attendance_line_fold",
    "A plan's schedule": "plans.schedule.plan_schedule",
    "A transfer": "changes.services.transfers.transfer_make",
    "A season's figures": "camp.reports.season_report",
    "A week, a day, a day of extended care": "classes.series.series_units_make",
    "A class ended": "classes.catalog.class_ended",
    "A family's cart": "checkout.selectors.cart_for",
    "A checkout's receipt": "payments.services.messages.checkout_receipt_queue",
    "What a family has to do": "family_home.selectors.todo_for",
    "An add-on": "checkout.items.items_read",
    "The school's questions": "extras.questions.answers_checked",
    "A care record taken by phone": "care.selectors.vouched_at",
    "The front desk": "front_desk.services.families.family_register",
    "The books": "books.journal.journal_for",
    "An incident report": "health.services.incidents.incident_report",
    "A dose given": "health.services.medications.medication_administration_record",
    "A child's document": "care.services.care_document_upload",
    "A child's artwork": "artwork.services.taking.artwork_take",
    "The language spoken": "core.language.language_activate",
}
# Named in the same lines, beside the first.
ALSO_NAMED = {
    "Attendance recorded": ["attendance.services.records.attendance_hand_over"],
    "An add-on": [
        "enrolments.services.hold_add_ons_put",
        "payments.services.add_ons.add_on_purchases_make",
    ],
    "The school's questions": [
        "checkout.answers.checkout_answers",
        "extras.services.answers_record",
        "extras.selectors.roster_answers",
    ],
    "A family's cart": ["checkout.selectors.checkout_quote"],
    "The front desk": [
        "front_desk.services.checkouts.desk_checkout_pay",
        "checkout.services.family_checkout.checkout_pay_offline",
        "front_desk.services.log.desk_log",
        "front_desk.services.days.day_close",
    ],
    "A transfer": ["changes.selectors.care_days_riding_on"],
    "An incident report": [
        "health.services.incidents.incident_close",
        "health.services.incidents.incidents_past_retention",
    ],
    "A dose given": ["health.selectors.medications.doses_due"],
    "A child's artwork": [
        "artwork.images.pictures_store",
        "artwork.files.picture_key_opens",
        "artwork.services.news.artwork_news_send",
        "artwork.selectors.gallery.public_artworks",
    ],
    "A child's document": [
        "care.documents.document_checked",
        "care.selectors.action_plans_current",
    ],
    "A week, a day, a day of extended care": [
        "classes.series.extended_care_days_make",
        "classes.models.LISTED",
        "checkout.items.items_as_lines",
    ],
    "An e-mail queued": [
        "notifications.sending.message_send",
        "notifications.tasks.message_send_task",
    ],
    "Who may take a class": ["enrolments.rules.RULES"],
    "The language spoken": ["accounts.authentication", "core.language.LanguageMiddleware"],
    "When a season takes registrations": ["classes.registration.registration_opens_at"],
    "A list's cache invalidated": ["core.public_cache.ShownInPublicLists"],
    "Money given back": ["payments.services.ledger.ledger_credit_given"],
    "A place in the opening's line": [
        "waiting_room.line.admission_issue",
        "waiting_room.line.admission_check",
    ],
}

DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
FILE_SUFFIXES = (".py", ".js", ".jsx", ".md", ".json", ".txt", ".html", ".css", ".scss")


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _answers() -> dict[str, str]:
    """The section's bullets, each joined into one line: {label: the rest of the line}."""
    text = _text()
    assert SECTION in text, f"{DOC.name} has no '{SECTION}' section"
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    bullets = re.split(r"^- ", section.strip(), flags=re.MULTILINE)
    answers = {}
    for bullet in filter(None, (bullet.strip() for bullet in bullets)):
        found = re.match(r"\*\*(.+?):?\*\*:?\s*(.*)", " ".join(bullet.split()))
        assert found, f"Not a '**question:** answer' line: {bullet[:60]!r}"
        answers[found.group(1).rstrip(":")] = found.group(2)
    return answers


def _line_of(question: str, answers: dict[str, str]) -> str:
    lines = [answer for label, answer in answers.items() if label.startswith(question)]
    assert len(lines) == 1, f"{len(lines)} lines answer {question!r} in {DOC.name}"
    return lines[0]


def _dotted_names(line: str) -> list[str]:
    names = []
    for quoted in re.findall(r"`([^`]+)`", line):
        if quoted.endswith(FILE_SUFFIXES) or "/" in quoted:
            continue
        if DOTTED.fullmatch(quoted):
            names.append(quoted)
    return names


def _resolve(dotted: str):
    """The object a dotted name names: its longest importable module, then attributes."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:end]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[end:]:
            found = getattr(found, attribute)
        return found
    raise ModuleNotFoundError(dotted)


def test_the_doc_is_at_most_1500_words():
    words = len(_text().split())

    assert words <= MAX_WORDS, f"{DOC.name} has {words} words; at most {MAX_WORDS}"


def test_the_section_answers_exactly_its_questions():
    labels = list(_answers())

    assert len(labels) == len(ANSWERS)
    for question in ANSWERS:
        _line_of(question, _answers())


@pytest.mark.parametrize("question", ANSWERS)
def test_each_question_has_its_line_naming_its_home_first(question):
    line = _line_of(question, _answers())
    named = _dotted_names(line)

    assert named, f"The line for {question!r} names nothing"
    assert named[0] == ANSWERS[question]
    for also in ALSO_NAMED.get(question, []):
        assert also in named, f"The line for {question!r} no longer names {also}"


def test_every_dotted_name_in_the_section_exists():
    named = [name for line in _answers().values() for name in _dotted_names(line)]

    assert len(named) >= len(ANSWERS)
    missing = []
    for name in named:
        try:
            _resolve(name)
        except (ImportError, AttributeError) as error:
            missing.append(f"{name}: {error}")
    assert missing == []


@pytest.mark.parametrize("question", [q for q in ANSWERS if q != "A route guarded"])
def test_each_answer_is_a_function(question):
    assert callable(_resolve(ANSWERS[question]))
