"""The payments app's busiest read as SQL, written once: a family's payment history, read at every
visit to its page (core.prepared says why). It says what `selectors.payment_list_for`'s queryset
says, which still serves a page or a count of the list; the tests hold the two to one answer on
SQLite and PostgreSQL.
"""

from collections.abc import Sequence
from decimal import Decimal
from functools import cache

from accounts.models import User
from classes.models import Class
from core.prepared import Columns, Reader
from payments.models import Payment, Refund

PAYMENT = Columns(Payment, "y")
CLASS = Columns(Class, "c")
INSTRUCTOR = Columns(User, "i")


@cache
def _payments_sql(one_participant: bool, owed_statuses: int) -> str:
    owed = ", ".join(f"%(owed_{number})s" for number in range(owed_statuses))
    participant = "AND y.participant_id = %(participant)s" if one_participant else ""
    return f"""
        SELECT {PAYMENT.sql}, {CLASS.sql}, {INSTRUCTOR.sql},
            (
                SELECT SUM(r.amount) FROM "payments_refund" r
                WHERE r.payment_id = y.id AND r.status = %(made)s
            ),
            EXISTS (
                SELECT 1 FROM "payments_refund" r
                WHERE r.payment_id = y.id AND r.status IN ({owed})
            )
        FROM "payments_payment" y
        JOIN "classes_class" c ON c.id = y.camp_class_id
        JOIN "accounts_user" i ON i.id = c.instructor_id
        WHERE y.student_id = %(student)s {participant}
        ORDER BY y.date DESC, y.id DESC
    """  # noqa: S608 - the models' columns; every value a parameter


def family_payments(
    *, student: User, participant_id: int | None, made: str, owed: Sequence[str]
) -> list[Payment]:
    """`selectors.payment_list_for`'s rows: each payment with its class and the class's
    instructor, knowing its student, with what of it went back (`refunds_made`: the refunds in
    status `made`) and whether a refund is still owed (`refund_owed`: one in a status of
    `owed`)."""
    params = {"student": student.pk, "made": made}
    params.update({f"owed_{number}": status for number, status in enumerate(owed)})
    if participant_id is not None:
        params["participant"] = participant_id
    amount = Refund._meta.get_field("amount")
    payments = []
    for row in Reader().rows(_payments_sql(participant_id is not None, len(owed)), params):
        payment = row.model(PAYMENT)
        payment.student = student
        camp_class = row.model(CLASS)
        camp_class.instructor = row.model(INSTRUCTOR)
        payment.camp_class = camp_class
        payment.refunds_made = row.value(amount) or Decimal("0.00")
        payment.refund_owed = bool(row.value())
        payments.append(payment)
    return payments
