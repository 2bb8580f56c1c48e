"""Reading a payment on someone's behalf: the account that paid it, or an admin; anyone else's
payment is as good as absent (not found, never refused, so its existence is not told)."""

from accounts.models import Role, User
from core.errors import NotFound
from payments.models import Payment
from payments.selectors import payment_find


def access_payment(*, viewer: User, payment_id: int) -> Payment:
    """The payment, when `viewer` paid it or is an admin; not found otherwise."""
    payment = payment_find(payment_id=payment_id)
    if payment is None or (payment.student_id != viewer.pk and viewer.role != Role.ADMIN):
        raise NotFound("No such payment.")
    return payment
