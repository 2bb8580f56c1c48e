"""What a payment tells the student: the receipt when a seat is taken, the refund when money goes
back. Queued in the transaction that changes the payment (notifications/), so each is sent once
whichever of the browser, the webhook and reconciliation got there first. The receipt, queued on
the registration morning's busiest request, is composed by the worker that sends it."""

from decimal import Decimal

from django.conf import settings
from django.utils.formats import time_format
from django.utils.translation import gettext, gettext_lazy, ngettext

from classes.mail import class_mail, classes_mail
from classes.models import Class
from extras.models import Question
from extras.questions import answer_text, shown_questions
from notifications.kinds import Composed
from notifications.services import message_queue, message_queue_composed
from payments.message_kinds import PaymentMessage
from payments.models import Checkout, CheckoutLine, PaidWith, Payment, PaymentStatus
from payments.refund_policy import refund_policy_text_of
from payments.selectors import CareWeek, checkout_receipt_read


def money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


def money_change(amount: Decimal) -> str:
    # As the payment page writes a discount: a true minus sign before the dollars.
    return f"\u2212${-amount:,.2f}" if amount < 0 else f"+${amount:,.2f}"


def _price_lines(payment: Payment) -> list[dict]:
    """How the price paid was reached, in the payment page's words: the list price, then each
    adjustment by its name. Empty for a price paid as listed."""
    if not payment.adjustments or payment.list_price is None:
        return []
    return [
        {"label": gettext_lazy("List price"), "amount": money(payment.list_price)},
        *(
            {"label": a["label"], "amount": money_change(Decimal(a["amount"]))}
            for a in payment.adjustments
        ),
    ]


def _payment_read(payment_id: int) -> Payment:
    # One read for the student, the class and its instructor, and a checkout's line its checkout.
    return Payment.objects.select_related(
        "student", "participant", "camp_class__instructor", "checkout_line"
    ).get(pk=payment_id)


def _thread_of(payment: Payment) -> str:
    """The messages about a payment go out in the order they were queued: a checkout's line's
    with its checkout's receipt (which comes first), any other payment's on its own."""
    line = getattr(payment, "checkout_line", None) if payment.is_checkout_line else None
    return f"checkout:{line.checkout_id}" if line is not None else f"payment:{payment.pk}"


def _composed(
    payment: Payment, *, camp_class: Class | None = None, calendar_method: str = "", **more
) -> Composed:
    """What a message about the payment says: `calendar_method` attaches the class's meetings,
    PUBLISH for a seat taken, CANCEL for one given up, so the family's calendar follows. The
    payment's class unless another is named."""
    camp_class = camp_class or payment.camp_class
    # The class's details and meetings go with a message that attaches them; a refund's words
    # are about money alone.
    details, calendar = (
        class_mail(camp_class, method=calendar_method) if calendar_method else ({}, b"")
    )
    context = {
        **details,
        "price_lines": _price_lines(payment),
        "calendar_method": calendar_method,
        "name": payment.student.name,
        "class_name": camp_class.title,
        # Whom the seat is for: the parent pays and reads the mail, a child may take it.
        "participant_name": payment.participant_name or payment.student.name,
        "for_child": payment.participant is not None and not payment.participant.is_account_holder,
        "instructor_name": camp_class.instructor.name,
        "amount": money(payment.price),
        "transaction_id": payment.transaction_id,
        "paid_at": payment.date,
        "free": payment.price == 0,
        "card_refunded": payment.price > 0,
        "reason": payment.refund_reason,
        **more,
    }
    return Composed(context=context, calendar=calendar)


def _queue(
    kind: PaymentMessage, payment: Payment, *, calendar_method: str = "", about: str = "", **more
) -> None:
    payment = _payment_read(payment.pk)
    composed = _composed(payment, calendar_method=calendar_method, **more)
    message_queue(
        kind=kind,
        # A message repeated for one payment (each failed instalment) names what it is about.
        about=about or f"payment:{payment.pk}",
        in_order_of=_thread_of(payment),
        recipient=payment.student.email,
        calendar=composed.calendar,
        context=composed.context,
    )


def receipt_queue(payment: Payment) -> None:
    """The seat taken: the receipt, with a plan's instalments still to pay. Composed by the
    worker that sends it (`receipt_composed`): the request that took the seat renders nothing."""
    message_queue_composed(
        kind=PaymentMessage.PAYMENT_RECEIPT,
        about=f"payment:{payment.pk}",
        in_order_of=f"payment:{payment.pk}",
        recipient=payment.student.email,
        # The class the seat was bought in, whichever it is moved to before the mail goes.
        facts={"payment_id": payment.pk, "class_id": payment.camp_class_id},
    )


def receipt_composed(facts: dict) -> Composed:
    """The receipt `receipt_queue` queued (notifications.kinds.compose_with): the payment and
    the class it bought, read when the receipt is sent."""
    payment = _payment_read(facts["payment_id"])
    camp_class = payment.camp_class
    if camp_class.pk != facts["class_id"]:
        camp_class = Class.objects.select_related("instructor").get(pk=facts["class_id"])
    return _composed(
        payment,
        camp_class=camp_class,
        calendar_method="PUBLISH",
        refund_policy=refund_policy_text_of(payment),
        plan_label=payment.plan_label,
        plan_parts=[
            {"due_on": part.due_on, "amount": money(part.amount)}
            for part in payment.instalments.filter(kind="instalment").order_by("due_on", "id")
        ]
        if payment.plan_label
        else [],
    )


def checkout_receipt_queue(checkout: Checkout) -> None:
    """A family's checkout paid: one receipt for all its lines and its one card charge, queued
    in the transaction that put the checkout on record as paid, once whoever gets there first
    (the browser, the webhook, reconciliation). Composed by the worker that sends it
    (`checkout_receipt_composed`); a line's own payment sends no receipt of its own."""
    message_queue_composed(
        kind=PaymentMessage.CHECKOUT_RECEIPT,
        about=f"checkout:{checkout.pk}",
        in_order_of=f"checkout:{checkout.pk}",
        recipient=checkout.family.email,
        facts={"checkout_id": checkout.pk},
    )


def _plan_parts(payment: Payment) -> list[dict]:
    return [
        {"due_on": part.due_on, "amount": money(part.amount)} for part in payment.plan_instalments
    ]


def _answers_read(lines: list[CheckoutLine]) -> dict[int, Question]:
    """The questions the lines' answers answer, by id: one query, none for no answers."""
    ids = {int(question_id) for line in lines for question_id in line.answers}
    return Question.objects.in_bulk(ids) if ids else {}


def _line_answers(line: CheckoutLine, questions: dict[int, Question]) -> list[dict]:
    """What the family answered for the line's child, in the school's order: each question and
    its answer as people read them (escaped as the template writes them, like every value)."""
    values = {int(question_id): value for question_id, value in line.answers.items()}
    asked = sorted(
        (questions[question_id] for question_id in values if question_id in questions),
        key=lambda question: (question.season_id is not None, question.position, question.pk),
    )
    return [
        {"label": question.label, "text": answer_text(question, values[question.pk])}
        for question in shown_questions(asked, values)
    ]


def _checkout_line(line: CheckoutLine, details: dict, questions: dict[int, Question]) -> dict:
    """One line of the checkout's receipt: whom for, the class (when, where, who teaches), what
    it cost and what the family answered for the child; a line whose seat could not be taken
    says so (its refund is a message of its own, which follows)."""
    payment = line.payment
    refunded = payment.status == PaymentStatus.REFUNDED
    return {
        **details,
        # A week or a day named with its class: "Art Explorers — Week 2: Jun 28–Jul 2".
        "class_name": line.camp_class.title,
        "participant_name": payment.participant_name or line.participant.name,
        "price_lines": _price_lines(payment),
        "amount": money(payment.price),
        "plan_label": payment.plan_label,
        "plan_parts": _plan_parts(payment) if payment.plan_label else [],
        "refunded": refunded,
        "refund_reason": payment.refund_reason if refunded else "",
        "answers": _line_answers(line, questions),
    }


def _clock(moment) -> str:
    # In the reader's language: the composer runs in it (notifications/sending.py).
    return time_format(moment, gettext("g:i A"))


def _care_week(week: CareWeek) -> dict:
    """A child's days of one option of extended care in one week, as one entry of the receipt:
    "After-care, Week 2: 5 days, 3:00 PM to 6:00 PM", each day, who looks after the children,
    and what the days cost together (the weekly rate among the adjustments)."""
    day = week.first.camp_class
    count = len(week.lines)
    hours = {"start": _clock(day.start_time), "end": _clock(day.end_time)}
    price_lines = []
    if week.adjustments:
        price_lines = [
            {"label": gettext_lazy("List price"), "amount": money(week.list_price)},
            *({"label": a["label"], "amount": money_change(a["amount"])} for a in week.adjustments),
        ]
    return {
        "heading": ngettext(
            "%(name)s, %(week)s: %(count)s day, %(start)s to %(end)s",
            "%(name)s, %(week)s: %(count)s days, %(start)s to %(end)s",
            count,
        )
        % {"name": day.name, "week": week.week, "count": count, **hours},
        "participant_name": week.first.payment.participant_name or week.first.participant.name,
        "days": ", ".join(line.camp_class.unit_label for line in week.lines),
        "led_by": day.instructor.name,
        "price_lines": price_lines,
        "amount": money(week.price),
        "refunded": week.refunded,
        "refund_reason": week.first.payment.refund_reason if week.refunded else "",
    }


def checkout_receipt_composed(facts: dict) -> Composed:
    """The receipt `checkout_receipt_queue` queued (notifications.kinds.compose_with): every
    line with its child, class, when, where and price, a child's days of extended care together
    by option and week, the amount charged to the card as the bank shows it, and the checkout's
    reference; the meetings of every class (and day of care) a seat was taken in, in one
    calendar."""
    receipt = checkout_receipt_read(checkout_id=facts["checkout_id"])
    checkout, lines = receipt.checkout, receipt.paid_lines
    # A line refused its seat after the charge keeps its place on the receipt, but its class's
    # meetings are not the family's to add.
    seated = list(
        {
            line.camp_class_id: line.camp_class
            for line in lines
            if line.payment.status != PaymentStatus.REFUNDED
        }.values()
    )
    details, calendar = classes_mail(
        [line.camp_class for line in lines],
        name=seated[0].name if len(seated) == 1 else f"Classes at {settings.SCHOOL_NAME}",
        in_calendar=seated,
    )
    first = receipt.first_payment
    questions = _answers_read(receipt.class_lines)
    return Composed(
        context={
            "name": checkout.family.name,
            "reference": checkout.reference,
            "lines": [
                _checkout_line(line, details[line.camp_class_id], questions)
                for line in receipt.class_lines
            ],
            "care_weeks": [_care_week(week) for week in receipt.care_weeks],
            "charged": money(checkout.total or Decimal(0)),
            # Cash or a cheque taken at the front desk ("cash", "cheque"), else the card.
            "paid_offline": checkout.paid_with if checkout.paid_with != PaidWith.CARD else "",
            "paid_reference": checkout.paid_reference,
            "card_charged": (checkout.total or 0) > 0 and checkout.paid_with in ("", PaidWith.CARD),
            "credit": money(checkout.credit) if checkout.credit > 0 else "",
            "paid_at": checkout.paid_at,
            "refund_policy": refund_policy_text_of(first) if first else "",
            "checkout_id": checkout.pk,
        },
        calendar=calendar if seated else b"",
    )


def refund_queue(
    payment: Payment,
    *,
    amount: Decimal | None = None,
    credit: Decimal = Decimal(0),
    about: str = "",
    reason: str = "",
) -> None:
    """The money went back: all of the payment, or `amount` of it (a cancellation's part) to
    the card, and `credit` as account credit (what the seat was paid with credit, in cash or by
    cheque, when the school gives it all back). A seat the school took back in full (the class
    cancelled, a refund by the school) leaves the family's calendar too. `reason`, said in the
    reader's language, stands for the one on record."""
    more = {} if amount is None else {"amount": money(amount), "card_refunded": amount > 0}
    if reason:
        more["reason"] = reason
    if credit > 0:
        more["credit_amount"] = money(credit)
    seat_gone = payment.status == PaymentStatus.REFUNDED and payment.enrolment_id is not None
    _queue(
        PaymentMessage.REFUND_MADE,
        payment,
        calendar_method="CANCEL" if seat_gone else "",
        about=about,
        **more,
    )


def enrolment_cancelled_queue(
    payment: Payment,
    *,
    refund: Decimal,
    tier_label: str,
    why: str,
    policy_text: str,
    withheld: Decimal = Decimal(0),
    to_credit: bool = False,
    care_days: str = "",
    care_refund: Decimal = Decimal(0),
) -> None:
    """The family cancelled: what the policy gives back (to the card, or as account credit),
    why that much, and a discount kept from it; the days of extended care cancelled with the
    seat (`care_days`, named) and what they give back, the same way."""
    _queue(
        PaymentMessage.ENROLMENT_CANCELLED,
        payment,
        calendar_method="CANCEL",
        refund=money(refund),
        refund_due=refund > 0 and not to_credit,
        to_credit=to_credit,
        withheld=money(withheld) if withheld > 0 else "",
        tier_label=tier_label,
        why=why,
        refund_policy=policy_text,
        care_days=care_days,
        care_refund=money(care_refund),
    )


def instalment_failed_queue(instalment) -> None:
    """An instalment the school could not charge: the family is given the link to pay it, and
    told whether the card is tried again or the seat now waits for them until `release_on`."""
    payment = instalment.payment
    _queue(
        PaymentMessage.INSTALMENT_FAILED,
        payment,
        instalment_amount=money(instalment.amount),
        # Dates, not words: the template says them in the reader's language.
        due_on=instalment.due_on,
        card_message=instalment.message,
        enrolment_id=payment.enrolment_id,
        overdue=payment.overdue_since is not None,
        release_on=payment.release_on,
        next_try_on=instalment.next_try_on,
        # Each failed try is its own message, however often the task runs.
        about=f"instalment:{instalment.pk}:{instalment.tries}",
    )


def seat_released_queue(payment: Payment, *, refund: Decimal) -> None:
    _queue(
        PaymentMessage.SEAT_RELEASED,
        payment,
        calendar_method="CANCEL",
        release_on=payment.release_on,
        refund=money(refund),
        refund_due=refund > 0,
    )


def enrolment_transferred_queue(
    payment: Payment,
    *,
    transfer_id: int,
    from_class_name: str,
    difference: Decimal,
    fee: Decimal,
    settled: str,
    card: Decimal = Decimal(0),
    credit: Decimal = Decimal(0),
    withheld: Decimal = Decimal(0),
    care_days: str = "",
    care_refund: Decimal = Decimal(0),
) -> None:
    """The family moved the seat (`payment` names the new class now): the new class's when and
    where with its meetings to add, and what the move cost or gave back. `settled` says how:
    "charged" (`card` to the card, `credit` from the account), "given back" (`card` refunded,
    `credit` added) or "even". The days of extended care of the old seat cancelled with the
    move (`care_days`, named) and what they gave back."""
    _queue(
        PaymentMessage.ENROLMENT_TRANSFERRED,
        payment,
        calendar_method="PUBLISH",
        # Each move is its own message: a seat may move more than once.
        about=f"transfer:{transfer_id}",
        from_class_name=from_class_name,
        difference=money_change(difference),
        fee=money(fee) if fee > 0 else "",
        withheld=money(withheld) if withheld > 0 else "",
        charged=settled == "charged",
        given_back=settled == "given back",
        card_amount=money(card) if card > 0 else "",
        credit_amount=money(credit) if credit > 0 else "",
        care_days=care_days,
        care_refund=money(care_refund),
    )
