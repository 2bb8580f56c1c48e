"""The payments app's busiest reads as SQL, written once (core.prepared says why): a family's
payment history, read at every visit to its page, and on the registration morning's busiest
writes, a selection as the payment page and the payment read it and the price rules of its
season (`pricing`). The history says what
`selectors.payment_list_for`'s queryset says, which still serves a page or a count of the list;
the selection what `enrolments.access.access_selection` and the reads it saves say, the rules what
their models' rows say. The tests hold each to the ORM's answer on SQLite and PostgreSQL.
"""

from collections.abc import Sequence
from typing import NamedTuple

from django.db import transaction
from django.utils import timezone

from accounts.models import Participant, User
from classes.models import Class, Season
from core.converters import may_name_a_row
from core.prepared import Columns, Reader, statement
from enrolments.models import Selection
from payments.models import (
    CardSetupClaim,
    EarlyBirdPrice,
    MultiClassDiscount,
    Payment,
    RefundPolicy,
    Scholarship,
    SiblingDiscount,
    StripeCustomer,
)

PAYMENT = Columns(Payment, "y")
CLASS = Columns(Class, "c")
INSTRUCTOR = Columns(User, "i")
SELECTION = Columns(Selection, "s")
PARTICIPANT = Columns(Participant, "p")
SEASON = Columns(Season, "z")
EARLY_BIRD = Columns(EarlyBirdPrice, "b")
POLICY = Columns(RefundPolicy, "r")
SIBLING = Columns(SiblingDiscount, "d")
SCHOLARSHIP = Columns(Scholarship, "h")
TIER = Columns(MultiClassDiscount, "m")


class SeasonRules(NamedTuple):
    """The price rules of some seasons (`pricing`), by season id: each one's sibling discount,
    the family's scholarship in it, and its multi-class tiers, lowest nth first. A season with
    none of a rule is not named in that rule's dict."""

    siblings: dict[int, SiblingDiscount]
    scholarships: dict[int, Scholarship]
    tiers: dict[int, list[MultiClassDiscount]]


def _no_rules() -> SeasonRules:
    return SeasonRules(siblings={}, scholarships={}, tiers={})


# A row per tier (one for a season with none), its sibling rule and the family's scholarship
# beside it, for the seasons `z`.
_SEASON_RULES_COLUMNS = f"{SIBLING.sql}, {SCHOLARSHIP.sql}, {TIER.sql}"
_SEASON_RULES_JOINS = """
    LEFT JOIN "payments_siblingdiscount" d ON d.season_id = z.id
    LEFT JOIN "payments_scholarship" h ON h.season_id = z.id AND h.family_id = %(family)s
    LEFT JOIN "payments_multiclassdiscount" m ON m.season_id = z.id
"""


def _season_rules_add(row, season_id: int | None, rules: SeasonRules) -> None:
    """The row's `_SEASON_RULES_COLUMNS` into `rules`."""
    sibling, scholarship, tier = row.model(SIBLING), row.model(SCHOLARSHIP), row.model(TIER)
    if sibling is not None:
        rules.siblings[season_id] = sibling
    if scholarship is not None:
        rules.scholarships[season_id] = scholarship
    if tier is not None:
        rules.tiers.setdefault(season_id, []).append(tier)


class ReadySetup(NamedTuple):
    """A SetupIntent the worker made ahead for a family's next payment page."""

    setup_intent_id: str
    client_secret: str


class SelectionToPay(NamedTuple):
    """A family's selection as paying for it needs it: with its participant and its class, the
    class's instructor, season and early-bird price (None for none: `pricing.early_bird_known`);
    the payment already made for it under the id the caller named (`earlier_payment_id`), the
    refund policy in force (None: the school's defaults), the family's Stripe customer ("" for
    none yet) and the SetupIntent made ahead for them (None for none), the class a hold of this
    selection took the SetupIntent the caller named for (`claimed_for_class_id`: None when it
    took none) and the price rules of the class's season, with the family's scholarship
    (`pricing.price_for`'s `rules`)."""

    selection: Selection
    early_bird: EarlyBirdPrice | None
    earlier_payment_id: int | None
    refund_policy: RefundPolicy | None
    customer_id: str
    ready_setup: ReadySetup | None
    claimed_for_class_id: int | None
    season_rules: SeasonRules


@statement
def _selection_to_pay_sql(earlier_by: str) -> str:
    # The payment made before under the same Stripe id: the setup's first (a retry of a payment
    # by card), or the one charge (after 3-D Secure, or a free enrolment's own id).
    earlier = (
        "y.setup_intent_id = %(earlier)s ORDER BY y.id LIMIT 1"
        if earlier_by == "setup"
        else "y.transaction_id = %(earlier)s"
    )
    # The class a SetupIntent made ahead was taken for by a hold of this selection, when the
    # payment names one (`CardSetupClaim`).
    claimed = (
        """(
            SELECT w.camp_class_id FROM "payments_cardsetupclaim" w
            WHERE w.setup_intent_id = %(earlier)s AND w.selection_id = s.id
        )"""
        if earlier_by == "setup"
        else "NULL"
    )
    # The policy in force is the newest, read in a subquery under its table's column names, as
    # `POLICY` reads them.
    return f"""
        SELECT {SELECTION.sql}, {PARTICIPANT.sql}, {CLASS.sql}, {INSTRUCTOR.sql}, {SEASON.sql},
            {EARLY_BIRD.sql}, {POLICY.sql},
            (
                SELECT y.id FROM "payments_payment" y WHERE y.student_id = %(student)s AND {earlier}
            ) AS earlier_payment_id,
            k.customer_id, k.ready_setup_intent_id, k.ready_client_secret,
            {claimed} AS claimed_for_class_id,
            {_SEASON_RULES_COLUMNS}
        FROM "enrolments_selection" s
        JOIN "accounts_participant" p ON p.id = s.participant_id
        JOIN "classes_class" c ON c.id = s.camp_class_id
        JOIN "accounts_user" i ON i.id = c.instructor_id
        LEFT JOIN "classes_season" z ON z.id = c.season_id
        LEFT JOIN "payments_earlybirdprice" b ON b.camp_class_id = c.id
        LEFT JOIN (
            SELECT t.* FROM "payments_refundpolicy" t
            ORDER BY t.created_at DESC, t.id DESC LIMIT 1
        ) r ON 1 = 1
        LEFT JOIN "payments_stripecustomer" k ON k.student_id = s.student_id
        {_SEASON_RULES_JOINS}
        WHERE s.id = %(selection)s AND s.student_id = %(student)s
        ORDER BY m.nth
    """  # noqa: S608 - the models' columns; every value a parameter


def selection_to_pay(
    *, student: User, selection_id: int, setup_intent_id: str = "", transaction_id: str = ""
) -> SelectionToPay | None:
    """The student's own selection, as `SelectionToPay` says, in one query; None for no such
    selection of theirs. The earlier payment is looked for under `setup_intent_id` when given,
    else under `transaction_id`."""
    if not may_name_a_row(selection_id):
        return None
    by, earlier = ("setup", setup_intent_id) if setup_intent_id else ("charge", transaction_id)
    params = {
        "student": student.pk,
        "family": student.pk,
        "selection": selection_id,
        "earlier": earlier,
    }
    found = None
    # The selection's row once per tier of its season's: the first is read whole, each adds its
    # tier.
    for row in Reader().rows(_selection_to_pay_sql(by), params):
        if found is not None:
            _season_rules_add(row, found.selection.camp_class.season_id, found.season_rules)
            continue
        selection = row.model(SELECTION)
        selection.student = student
        selection.participant = row.model(PARTICIPANT)
        camp_class = row.model(CLASS)
        camp_class.instructor = row.model(INSTRUCTOR)
        season = row.model(SEASON)
        if season is not None:
            camp_class.season = season
        selection.camp_class = camp_class
        early_bird, refund_policy = row.model(EARLY_BIRD), row.model(POLICY)
        earlier_payment_id = row.value("earlier_payment_id")
        customer_id = row.value("customer_id") or ""
        ready_setup_intent_id = row.value("ready_setup_intent_id")
        ready_client_secret = row.value("ready_client_secret")
        found = SelectionToPay(
            selection=selection,
            early_bird=early_bird,
            refund_policy=refund_policy,
            earlier_payment_id=earlier_payment_id,
            customer_id=customer_id,
            ready_setup=(
                ReadySetup(ready_setup_intent_id, ready_client_secret)
                if ready_setup_intent_id
                else None
            ),
            claimed_for_class_id=row.value("claimed_for_class_id"),
            season_rules=_no_rules(),
        )
        if season is not None:
            _season_rules_add(row, season.pk, found.season_rules)
    return found


@statement
def _ready_setup_claim_sql() -> str:
    # The family's row gives up the SetupIntent made ahead, and the claim is written, only when
    # it still names that one: of two holds at once, one takes it.
    return """
        WITH taken AS (
            UPDATE "payments_stripecustomer"
            SET ready_setup_intent_id = %(none)s, ready_client_secret = %(none)s
            WHERE student_id = %(student)s AND ready_setup_intent_id = %(setup)s
            RETURNING id
        )
        INSERT INTO "payments_cardsetupclaim"
            (setup_intent_id, selection_id, camp_class_id, claimed_at)
        SELECT %(setup)s, %(selection)s, %(class)s, %(now)s FROM taken
        RETURNING id
    """


def ready_setup_claim(
    *, student_id: int, setup_intent_id: str, selection_id: int, camp_class_id: int
) -> bool:
    """Take the SetupIntent made ahead for the family (`StripeCustomer.ready_setup_intent_id`)
    for one selection of theirs (`CardSetupClaim`); whether it was still theirs to take. One
    statement on PostgreSQL; on SQLite, which writes in no WITH, the same two writes in one
    transaction."""
    reader = Reader()
    if reader.connection.vendor != "postgresql":
        with transaction.atomic(using=reader.using):
            taken = StripeCustomer.objects.filter(
                student_id=student_id, ready_setup_intent_id=setup_intent_id
            ).update(ready_setup_intent_id="", ready_client_secret="")
            if taken:
                CardSetupClaim.objects.create(
                    setup_intent_id=setup_intent_id,
                    selection_id=selection_id,
                    camp_class_id=camp_class_id,
                )
            return bool(taken)
    params = {
        "none": "",
        "student": student_id,
        "setup": setup_intent_id,
        "selection": selection_id,
        "class": camp_class_id,
        "now": timezone.now(),
    }
    return any(True for _ in reader.rows(_ready_setup_claim_sql(), params))


@statement
def _season_rules_sql(seasons: int) -> str:
    ids = ", ".join(f"%(season_{number})s" for number in range(seasons))
    return f"""
        SELECT z.id AS rules_season, {_SEASON_RULES_COLUMNS}
        FROM "classes_season" z
        {_SEASON_RULES_JOINS}
        WHERE z.id IN ({ids})
        ORDER BY z.id, m.nth
    """  # noqa: S608 - the models' columns; every value a parameter


def season_rules(*, season_ids: Sequence[int], family_id: int | None) -> SeasonRules:
    """The rules of these seasons, with the family's scholarships, in one query."""
    rules = _no_rules()
    if not season_ids:
        return rules
    params = {f"season_{number}": season for number, season in enumerate(season_ids)}
    params["family"] = family_id
    for row in Reader().rows(_season_rules_sql(len(season_ids)), params):
        _season_rules_add(row, row.value("rules_season"), rules)
    return rules
